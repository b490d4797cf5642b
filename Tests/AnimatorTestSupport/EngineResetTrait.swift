import Animator
import Testing

/// Resets the animation engine after each test of a suite. Tests reset it when they start;
/// this also lets go of what the test left pending when it ends (a transition stopped
/// half-way, timers of a gesture still playing), so that nothing of it stays reachable
/// through `AnimationEngine.current` after the last test. LeakSanitizer (`make asan`) would
/// otherwise report the weak-reference side tables of such leftovers whose weak referrers are
/// gone — a false positive, but one that would come and go with the order the tests run in.
/// Suites whose tests suspend (`await`) while using the engine must not use it.
public struct ResetEngineAfterEachTest: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
    async throws
  {
    let outcome: Result<Void, any Error>
    do {
      try await function()
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    await MainActor.run { _ = AnimationEngine.reset() }
    try outcome.get()
  }
}

extension Trait where Self == ResetEngineAfterEachTest {
  /// See `ResetEngineAfterEachTest`.
  public static var resetEngineAfterEachTest: Self { Self() }
}
