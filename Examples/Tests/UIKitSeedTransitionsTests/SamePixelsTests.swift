import SeedTransitions
import Testing
import UIKit
import UIKitSeedTransitions
import UIKitSeedTransitionsSwift5

/// The UIKit-spelled files of App/ against the renamed ports of SeedTransitions: every example
/// recorded the same way (the window, the actions, the gesture) at the snapshot tests' size,
/// scale and frame rate must give the same frames, byte for byte.
@MainActor
@Suite("The seeds in UIKit's spelling render the renamed ports' pixels")
struct SamePixelsTests {
  /// The snapshot tests' scale (pixels per point) and frame rate: small and few frames.
  static let scale = 0.4
  static let fps = 10.0

  @Test(
    "uikit-spelling-same-pixels: every example of the port has a recording of the UIKit-spelled files, in the same order, in Swift 6 and Swift 5 modes"
  )
  func sameExamples() {
    let names = SeedTransitions.examples.map(\.name)
    #expect(UIKitSeedTransitions.recordings.map(\.name) == names)
    #expect(UIKitSeedTransitionsSwift5.recordings.map(\.name) == names)
  }

  @Test(
    "uikit-spelling-same-pixels: the UIKit-spelled example renders frames with the SHA-256 hashes of the renamed port's (375 × 667 pt at 0.4 px/pt, 10 fps), and compiled in Swift 5 mode it makes the same frame snapshots as in Swift 6 mode",
    arguments: SeedTransitions.examples.map(\.name))
  func samePixels(name: String) throws {
    let port = try #require(SeedTransitions.examples.first { $0.name == name })
    let swift6 = try #require(UIKitSeedTransitions.recordings.first { $0.name == name })
    let swift5 = try #require(UIKitSeedTransitionsSwift5.recordings.first { $0.name == name })
    let expected = try port.record(Self.scale, Self.fps).frameHashes()
    let recording = try swift6.record(Self.scale, Self.fps)
    let hashes = try recording.frameHashes()
    #expect(hashes.count == expected.count, "\(hashes.count) frames, the port \(expected.count)")
    let differing = hashes.indices.filter { $0 < expected.count && hashes[$0] != expected[$0] }
    #expect(differing.isEmpty, "frames \(differing) differ from the port's")
    // Equal snapshots composite to equal pixels: no second rendering is needed.
    #expect(try swift5.record(Self.scale, Self.fps).frames == recording.frames, "Swift 5 mode")
  }
}
