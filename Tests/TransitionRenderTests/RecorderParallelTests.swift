import Testing
import TransitionRender

// Not serialized: Swift Testing runs these three at once, and each awaits between making its
// recorder and recording, so the others make, set up and record theirs in between.

@MainActor
@Suite("Recorders in tests that run in parallel")
struct RecorderParallelTests {
  /// Records `scenario` alone, then makes it again and lets the other tests run `turns` times
  /// before and 20 times after, and expects the same frames.
  func expectSameFramesAsAlone(
    _ scenario: () throws -> WorldScenario, turnsBefore turns: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let alone = try scenario().record()
    for _ in 0..<turns { await Task.yield() }
    let made = try scenario()
    for _ in 0..<20 { await Task.yield() }
    #expect(try made.record() == alone, sourceLocation: sourceLocation)
  }

  @Test(
    "recorders-in-parallel-tests: a recorder set up, then awaited on while other tests record, gives the frames it gives alone (the badge fading since viewDidLoad)"
  )
  func fadingBadge() async throws {
    try await expectSameFramesAsAlone(WorldScenario.fadingBadge, turnsBefore: 0)
  }

  @Test(
    "recorders-in-parallel-tests: a recorder set up, then awaited on while other tests record, gives the frames it gives alone (the dark top-down sheet sized by Screen.main)"
  )
  func topDownSheet() async throws {
    try await expectSameFramesAsAlone(WorldScenario.topDownSheet, turnsBefore: 5)
  }

  @Test(
    "recorders-in-parallel-tests: a recorder set up, then awaited on while other tests record, gives the frames it gives alone (seed 001's cube push)"
  )
  func cube() async throws {
    try await expectSameFramesAsAlone(WorldScenario.cube, turnsBefore: 10)
  }
}
