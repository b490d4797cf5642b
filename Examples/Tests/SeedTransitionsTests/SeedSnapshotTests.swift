import SeedTransitions
import Testing
import TransitionRenderTesting

/// Every ported seed example against its reference in __Snapshots__/SeedSnapshotTests/,
/// recorded small (0.4 px per point, 10 fps) to keep the references light.
@MainActor
@Suite("The seeds' transitions, snapshot-tested")
struct SeedSnapshotTests {
  @Test("Each example renders the frames of its reference", arguments: examples.map(\.name))
  func example(name: String) throws {
    let example = try #require(examples.first { $0.name == name })
    assertTransitionSnapshot(of: try example.record(0.4, 10), named: name)
  }
}
