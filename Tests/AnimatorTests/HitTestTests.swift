import AnimatorTestSupport
import Animator
import Testing

@MainActor
@Suite("Touch hit-testing", .resetEngineAfterEachTest)
struct HitTestTests {
  /// A window with `under` covering it and `over` on top of it, a pan recognizer on `under`.
  func scene(_ configureOver: (View) -> Void) -> (window: Window, pan: PanGestureRecognizer) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
    let window = Window()
    let under = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let over = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    configureOver(over)
    window.addSubview(under)
    window.addSubview(over)
    let pan = PanGestureRecognizer()
    under.addGestureRecognizer(pan)
    TouchPlayer(script: .drag(from: Point(x: 10, y: 50), to: Point(x: 150, y: 50), duration: 0.3), window: window)
      .start()
    AnimationEngine.current.advance(to: 0.2)
    return (window, pan)
  }

  @Test(
    "As in UIKit, a touch passes views that are hidden, have user interaction disabled or alpha below 0.01, and reaches the view beneath"
  )
  func skipsNonInteractiveViews() {
    for configure: (View) -> Void in [
      { $0.isHidden = true }, { $0.isUserInteractionEnabled = false }, { $0.alpha = 0.005 },
    ] {
      let s = scene(configure)
      #expect(s.pan.state == .began || s.pan.state == .changed)
      #expect(s.pan.translation(in: nil).x > 50)
    }
  }

  @Test("A visible, interactive view on top takes the touch: the view beneath never sees it")
  func topViewTakesTouch() {
    let s = scene { $0.alpha = 0.02 }
    #expect(s.pan.state == .possible)
  }
}
