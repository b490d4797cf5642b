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

  @Test(
    "layer-to-superlayer-matrix: a window point reaches a view through each ancestor's position, anchor, bounds origin and transform, a scrolled container's bounds origin counted once"
  )
  func boundsOriginCountsOnce() {
    AnimationEngine.reset()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let container = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
    container.transform = Animator.AffineTransform(scaleX: 2, y: 2)
    container.bounds.origin = Point(x: 10, y: 0)
    let child = View(frame: Rect(x: 20, y: 30, width: 40, height: 40))
    window.addSubview(container)
    container.addSubview(child)
    // Child (5, 5) is (25, 35) in the container's bounds, (−85, −65) from its anchor (110, 100);
    // scaled by 2 about the anchor at position (200, 150): (30, 20) in the window.
    let inWindow = child.convertToWindow(Point(x: 5, y: 5))
    #expect(abs(inWindow.x - 30) < 1e-12 && abs(inWindow.y - 20) < 1e-12)
    let back = child.convert(fromWindow: Point(x: 30, y: 20))
    #expect(abs(back.x - 5) < 1e-12 && abs(back.y - 5) < 1e-12)
  }

  @Test("A visible, interactive view on top takes the touch: the view beneath never sees it")
  func topViewTakesTouch() {
    let s = scene { $0.alpha = 0.02 }
    #expect(s.pan.state == .possible)
  }
}
