// swift-tools-version:6.2
import PackageDescription

// The stages that touch every pixel (snapshots, text, compositing, hashing, encoding, the
// render job and its comparisons) are optimized in debug builds too, whole-module as in a
// release build, so a user's `swift test` renders at a release build's speed
// (docs/build-speed.md). Tools version 6.2 lets a package that depends on this one by version
// use these flags; by path or branch it always could.
let optimizedInDebug: [SwiftSetting] = [
  .unsafeFlags(["-O", "-wmo", "-num-threads", "2", "-disable-batch-mode"], .when(configuration: .debug))
]
let optimizedCInDebug: [CSetting] = [.unsafeFlags(["-O2"], .when(configuration: .debug))]

// The pipeline, one target per stage (docs/architecture.md):
// Animator (with Text) -> Snapshot -> Compositor -> Pixels -> FrameEncoding, orchestrated by Rendering;
// DocsImages builds the docs' pictures on it, RenderCLI the command line.
let package = Package(
  name: "TransitionRender",
  products: [
    // What an app's package imports: `import TransitionRender`.
    .library(name: "TransitionRender", targets: ["TransitionRender"]),
    // UIKit's, Core Animation's and Core Graphics' names for the library, so that a transition
    // file written for iOS compiles unchanged with `import UIKit` (docs/uikit-names.md).
    .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit"]),
    // Snapshot assertions for an app's test target (links XCTest and Swift Testing).
    .library(name: "TransitionRenderTesting", targets: ["TransitionRenderTesting"]),
    .executable(name: "render", targets: ["render"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]),
    .target(
      name: "CPNG", path: "Sources/CPNG", cSettings: optimizedCInDebug,
      linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]),
    // SHA-256 of frame pixels.
    .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .target(name: "Pixels", dependencies: ["CCrypto"], swiftSettings: optimizedInDebug),
    // renameat2 and a C signal handler (Linux calls Glibc's module leaves out).
    .target(name: "CSystem", path: "Sources/CSystem"),
    .target(name: "Snapshot", dependencies: ["Pixels"], swiftSettings: optimizedInDebug),
    // Text layout: Pango through pangocairo, our fontconfig configuration, the shipped fonts.
    .systemLibrary(
      name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "fonts-inter", "fonts-noto-color-emoji"])]),
    .target(name: "Text", dependencies: ["Snapshot", "Pixels", "CPango"], swiftSettings: optimizedInDebug),
    .target(name: "Animator", dependencies: ["Snapshot", "Text", "Pixels"]),
    .target(name: "Effects", dependencies: ["Animator"]),
    .target(name: "Compositor", dependencies: ["Snapshot", "Pixels", "CCairo"], swiftSettings: optimizedInDebug),
    .systemLibrary(
      name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    .target(
      name: "FrameEncoding", dependencies: ["Pixels", "CPNG", "CWebP", "CSystem"], swiftSettings: optimizedInDebug),
    .executableTarget(name: "png-bench", dependencies: ["FrameEncoding"]),
    .target(
      name: "Rendering",
      dependencies: ["Animator", "Effects", "Compositor", "FrameEncoding", "Pixels", "CCairo"],
      swiftSettings: optimizedInDebug),
    // The docs' pictures made with the render job: filmstrips of stills, motion-curve plots (the
    // one Cairo painter outside the compositor), the gallery. Not re-exported to users.
    .target(name: "DocsImages", dependencies: ["Rendering", "CCairo"], swiftSettings: optimizedInDebug),
    .target(name: "TransitionRender", dependencies: ["Rendering"]),
    .target(name: "TransitionRenderTesting", dependencies: ["TransitionRender"]),
    .target(name: "UIKit", dependencies: ["TransitionRender", "_Testing_UIKit"]),
    // The module Swift Testing's cross-import overlay for UIKit names, which Linux toolchains
    // lack: without it a file importing Testing and UIKit does not compile.
    .target(name: "_Testing_UIKit"),
    .target(name: "RenderCLI", dependencies: ["Rendering", "DocsImages", "CSystem"]),
    .executableTarget(name: "render", dependencies: ["RenderCLI"]),
    .executableTarget(
      name: "compositor-bench", dependencies: ["Compositor", "Snapshot", "Pixels", "CCairo", "Rendering"]),
    // What Auto Layout adds to a frame (scripts/bench-layout).
    .executableTarget(name: "layout-bench", dependencies: ["Animator"]),
    // What a scrolling table or collection view costs a frame (scripts/bench-lists).
    .executableTarget(name: "list-bench", dependencies: ["Animator"]),
    // Fuzz harnesses (see scripts/fuzz): libFuzzer with -DFUZZING -sanitize=fuzzer,address,
    // else corpus replay drivers.
    .target(name: "FuzzDriver", path: "Sources/Fuzz/FuzzDriver"),
    .executableTarget(name: "fuzz-scene", dependencies: ["FuzzDriver", "Rendering"], path: "Sources/Fuzz/fuzz-scene"),
    .executableTarget(
      name: "fuzz-png", dependencies: ["FuzzDriver", "FrameEncoding", "Pixels"], path: "Sources/Fuzz/fuzz-png"),
    .executableTarget(name: "fuzz-args", dependencies: ["FuzzDriver", "RenderCLI"], path: "Sources/Fuzz/fuzz-args"),
    .executableTarget(
      name: "fuzz-roundtrip", dependencies: ["FuzzDriver", "FrameEncoding", "Pixels"],
      path: "Sources/Fuzz/fuzz-roundtrip"),
    .executableTarget(
      name: "fuzz-outputs", dependencies: ["FuzzDriver", "RenderCLI"], path: "Sources/Fuzz/fuzz-outputs"),
    .executableTarget(
      name: "fuzz-gesture", dependencies: ["FuzzDriver", "RenderCLI"], path: "Sources/Fuzz/fuzz-gesture"),
    .testTarget(name: "PixelsTests", dependencies: ["Pixels"]),
    .testTarget(name: "TextTests", dependencies: ["Text", "Snapshot", "Pixels"]),
    // What the animator-using test targets share: the engine-reset trait, ownership probes.
    .target(name: "AnimatorTestSupport", dependencies: ["Animator"], path: "Tests/AnimatorTestSupport"),
    .testTarget(name: "AnimatorTests", dependencies: ["Animator", "AnimatorTestSupport"]),
    .testTarget(name: "EffectsTests", dependencies: ["Effects", "Animator", "AnimatorTestSupport"]),
    .testTarget(name: "SystemEffectsTests", dependencies: ["Effects", "Animator", "AnimatorTestSupport"]),
    // Animator only for the trap tests that render views (View and Layer to pixels).
    .testTarget(
      name: "CompositorTests", dependencies: ["Compositor", "Snapshot", "Pixels", "Animator", "AnimatorTestSupport"]),
    .target(name: "ToolTestSupport", path: "Tests/ToolTestSupport"),
    .testTarget(name: "FrameEncodingTests", dependencies: ["FrameEncoding", "Pixels", "ToolTestSupport"]),
    .testTarget(
      name: "TransitionRenderTests", dependencies: ["TransitionRender", "TransitionRenderTesting", "ToolTestSupport"],
      exclude: ["__Snapshots__"]),
    // Seed transitions as an iOS developer writes them, compiled in Swift 5 mode here and in
    // Swift 6 mode by UIKitTests, whose Seeds/ folder links the same files.
    .target(
      name: "UIKitSeedsSwift5", dependencies: ["UIKit"], path: "Tests/UIKitSeeds",
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(name: "UIKitTests", dependencies: ["UIKit", "UIKitSeedsSwift5", "AnimatorTestSupport"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: ["Rendering", "DocsImages", "RenderCLI", "Effects", "Animator", "Pixels", "ToolTestSupport"],
      exclude: ["Goldens"]),
  ],
  swiftLanguageModes: [.v6]
)
