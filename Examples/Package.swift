// swift-tools-version:6.0
import PackageDescription

// The seed tutorials' transitions, ported to TransitionRender with renames only (README.md
// lists what else changed), as an app's own package would hold them: `swift run` writes their
// GIFs, `swift test` snapshot-tests them.
let package = Package(
  name: "TransitionRenderExamples",
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
  ],
  swiftLanguageModes: [.v6]
)
