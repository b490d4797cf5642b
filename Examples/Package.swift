// swift-tools-version:6.0
import PackageDescription

// The seed tutorials' transitions, ported to TransitionRender with renames only (README.md
// lists what else changed), as an app's own package would hold them: `swift run` writes their
// GIFs, `swift test` snapshot-tests them. The same transitions as an iOS app ships them, in
// UIKit's spelling (App/), are linked into targets that import UIKit, compiled in Swift 6 and
// Swift 5 modes and tested to render the ports' pixels (README.md, "The UIKit target").
let uikit = Target.Dependency.product(name: "UIKit", package: "TransitionRender")
let docs = Target.Dependency.product(name: "TransitionRenderDocs", package: "TransitionRender")

let package = Package(
  name: "TransitionRenderExamples",
  products: [
    // The docs-media executable of the render-transitions plugin (README.md, "Docs media").
    .executable(name: "transition-docs", targets: ["transition-docs"])
  ],
  dependencies: [
    // A path dependency's identity is its folder's name, which differs between clones
    // (`TransitionRender`, `transitionrender`, a worktree's name…); `name:` fixes the one the
    // products below are looked up in.
    .package(name: "TransitionRender", path: ".."),
  ],
  targets: [
    .target(name: "SeedTransitions", dependencies: [.product(name: "TransitionRender", package: "TransitionRender")]),
    .executableTarget(name: "render-examples", dependencies: ["SeedTransitions"]),
    .testTarget(
      name: "SeedTransitionsTests",
      dependencies: ["SeedTransitions", .product(name: "TransitionRenderTesting", package: "TransitionRender")],
      exclude: ["__Snapshots__"]),
    // The app's files, linked from App/ unchanged: `import UIKit` is the library's UIKit module;
    // DocsTransitions.swift declares the README's docs media.
    .target(name: "UIKitSeedTransitions", dependencies: [uikit, docs]),
    .executableTarget(name: "transition-docs", dependencies: ["UIKitSeedTransitions", docs]),
    // The same links, compiled in Swift 5 mode.
    .target(
      name: "UIKitSeedTransitionsSwift5", dependencies: [uikit], swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "UIKitSeedTransitionsTests",
      dependencies: [
        "UIKitSeedTransitions", "UIKitSeedTransitionsSwift5", "SeedTransitions", uikit,
        .product(name: "TransitionRenderTesting", package: "TransitionRender"),
      ],
      exclude: ["__Snapshots__"]),
    // The committed media/ against the declarations (a stale file fails), and --check failing
    // when a transition's duration changes.
    .testTarget(name: "DocsMediaTests", dependencies: ["UIKitSeedTransitions", docs]),
  ],
  swiftLanguageModes: [.v6]
)
