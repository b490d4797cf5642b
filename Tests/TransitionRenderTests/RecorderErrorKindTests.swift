import Testing
import TransitionRender

@MainActor
@Suite("A recorder's misuse errors are typed")
struct RecorderErrorKindTests {
  /// A navigation controller on an "inbox" screen, in a recorder.
  func inbox() throws -> (NavigationController, Recorder) {
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    return (nav, try Recorder(root: nav, size: screen, scale: 1, fps: 10))
  }

  /// Expects `body` to throw a `RenderError` of `kind` whose message is `message`.
  func expectFailure(
    _ kind: RenderError.Kind, _ message: String, _ body: () throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = #expect(throws: RenderError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.kind == kind, sourceLocation: sourceLocation)
    #expect(error?.description == message, sourceLocation: sourceLocation)
  }

  @Test(
    "recorder-errors-are-typed: each misuse has its kind (nothing to record, an action or a gesture that started nothing, the time limit, a second completeTransition) and its one-line message as before"
  )
  func kinds() throws {
    var (nav, recorder) = try inbox()
    expectFailure(.nothingToRecord, "nothing to record: give the recorder an action") {
      _ = try recorder.record([])
    }
    expectFailure(
      .actionStartedNothing,
      "the action started no transition or animation, so nothing happened to record (a push, pop, present or dismiss animates only with animated: true; a tab switch only when the tab bar controller's delegate vends an animator)"
    ) { _ = try recorder.record { nav.pushViewController(ColorViewController("a", blue), animated: false) } }

    (nav, recorder) = try inbox()
    let swipe = TouchScript.drag(from: Point(x: 50, y: 80), to: Point(x: 60, y: 80), duration: 0.2)
    expectFailure(
      .gestureStartedNothing,
      "the gesture ended without starting a transition or animation (does it begin on a view whose gesture recognizer starts one?)"
    ) { _ = try recorder.record(gesture: swipe) }

    (nav, recorder) = try inbox()
    let forgetful = FixedTransitions(ForgetfulAnimator())
    nav.delegate = forgetful
    recorder.timeLimit = 2
    expectFailure(
      .timeLimitReached,
      "the animator ForgetfulAnimator (transition from inbox to b) never called completeTransition within 2 s of virtual time"
    ) { _ = try recorder.record { nav.pushViewController(ColorViewController("b", blue), animated: true) } }

    (nav, recorder) = try inbox()
    let twice = FixedTransitions(DoubleCompletingAnimator())
    nav.delegate = twice
    expectFailure(
      .misuse,
      "the animator DoubleCompletingAnimator (transition from inbox to c) called completeTransition a second time; it must be called exactly once"
    ) { _ = try recorder.record { nav.pushViewController(ColorViewController("c", blue), animated: true) } }
  }
}
