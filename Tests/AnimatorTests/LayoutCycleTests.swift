import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#the-layout-cycle, #layout-if-needed-lays-out-the-subtree,
/// #layout-in-an-animation-block-animates, #a-layout-that-never-settles-stops and
/// #sizing-a-view: the order UIKit calls back in, what layoutIfNeeded lays out, and the sizing
/// methods' defaults.
@MainActor
@Suite("The layout cycle", .resetEngineAfterEachTest)
struct LayoutCycleTests {
  /// Shared by the probes of one test: who was called, in order.
  final class Log {
    var entries: [String] = []
  }

  /// A view that logs its layoutSubviews and places its first subview at its own width / 4.
  final class Probe: View {
    let log: Log
    init(_ name: String, log: Log, frame: Rect = .zero) {
      self.log = log
      super.init(frame: frame)
      self.name = name
    }
    override func layoutSubviews() {
      log.entries.append("\(name).layoutSubviews")
      if let first = subviews.first {
        first.frame = Rect(x: bounds.width / 4, y: 0, width: bounds.width / 2, height: bounds.height)
      }
    }
  }

  final class Controller: ViewController {
    let log: Log
    init(log: Log) { self.log = log }
    override func loadView() { view = Probe("root", log: log, frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
    override func viewWillLayoutSubviews() { log.entries.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.entries.append("viewDidLayoutSubviews") }
  }

  @Test(
    "the-layout-cycle: before a frame is drawn, views that need layout are laid out top-down, a view controller's root view between its viewWillLayoutSubviews and viewDidLayoutSubviews; nothing runs before that, and nothing again when nothing changed"
  )
  func orderBeforeTheFrame() {
    let log = Log()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let controller = Controller(log: log)
    let child = Probe("child", log: log)
    let grandchild = Probe("grandchild", log: log)
    controller.view.addSubview(child)
    child.addSubview(grandchild)
    window.addSubview(controller.view)
    log.entries = []
    controller.view.setNeedsLayout()
    child.setNeedsLayout()
    grandchild.setNeedsLayout()
    #expect(log.entries.isEmpty)
    _ = window.snapshot(background: nil)
    #expect(
      log.entries == [
        "viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews", "child.layoutSubviews",
        "grandchild.layoutSubviews",
      ])
    log.entries = []
    _ = window.snapshot(background: nil)
    #expect(log.entries.isEmpty)
    // The root's layout resized the child (25 wide) at once, which marked the child: it was laid
    // out in the same pass and placed the grandchild at 50 / 4.
    #expect(grandchild.frame == Rect(x: 12.5, y: 0, width: 25, height: 100))
  }

  @Test(
    "layout-if-needed-lays-out-the-subtree: layoutIfNeeded lays out the views below that need it, and starts from the highest ancestor in an unbroken chain of ancestors that need layout; a size change marks a view, a move does not"
  )
  func layoutIfNeededReach() {
    let log = Log()
    let top = Probe("top", log: log, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let middle = Probe("middle", log: log)
    let bottom = Probe("bottom", log: log)
    top.addSubview(middle)
    middle.addSubview(bottom)
    top.layoutIfNeeded()
    log.entries = []
    bottom.setNeedsLayout()
    top.layoutIfNeeded()
    #expect(log.entries == ["bottom.layoutSubviews"])
    log.entries = []
    top.setNeedsLayout()
    middle.setNeedsLayout()
    bottom.layoutIfNeeded()
    #expect(log.entries == ["top.layoutSubviews", "middle.layoutSubviews"])
    log.entries = []
    bottom.center = Point(x: 3, y: 4)
    #expect(!bottom.layer.needsLayout)
    bottom.bounds = Rect(x: 0, y: 0, width: 7, height: 7)
    #expect(bottom.layer.needsLayout)
    bottom.layoutIfNeeded()
    #expect(log.entries == ["bottom.layoutSubviews"])
  }

  @Test(
    "layout-in-an-animation-block-animates: layoutIfNeeded inside UIView.animate animates the frames layoutSubviews sets, with the block's duration and curve"
  )
  func layoutInsideAnimation() {
    let engine = AnimationEngine.reset()
    let log = Log()
    let container = Probe("container", log: log, frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let child = View()
    container.addSubview(child)
    container.layoutIfNeeded()
    #expect(child.frame == Rect(x: 50, y: 0, width: 100, height: 100))
    View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      container.bounds = Rect(x: 0, y: 0, width: 400, height: 100)
      container.layoutIfNeeded()
    }
    #expect(child.frame == Rect(x: 100, y: 0, width: 200, height: 100))
    engine.advance(to: 0.25)
    let tree = container.layer.presentationSnapshot()
    let c = tree.sublayers[0]
    // A quarter of the way, linearly: width 100 → 200 is 125, centre 100 → 200 is 125.
    #expect(c.bounds.width == 125 && c.position.x == 125, "\(c.bounds) \(c.position)")
  }

  /// A view whose layoutSubviews asks for layout again every time.
  final class Restless: View {
    var layouts = 0
    override func layoutSubviews() {
      layouts += 1
      setNeedsLayout()
    }
  }

  @Test(
    "a-layout-that-never-settles-stops: a layoutSubviews that invalidates its own layout stops after 100 layouts in one pass, reported as an error naming the view, instead of hanging"
  )
  func feedbackLoopStops() {
    let engine = AnimationEngine.reset()
    let window = Window(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let restless = Restless(frame: window.bounds)
    restless.name = "spinner"
    window.addSubview(restless)
    _ = window.snapshot(background: nil)
    // 100 in the pass; the snapshot that follows lays it out once more, without looping.
    #expect(restless.layouts >= 100 && restless.layouts <= 101)
    #expect(engine.diagnostics.count == 1)
    let message = engine.diagnostics.first ?? ""
    #expect(message.hasPrefix("layout feedback loop: AnimatorTests.LayoutCycleTests.Restless 'spinner' laid out"))
  }

  final class Fixed: View {
    override func sizeThatFits(_ size: Size) -> Size { Size(width: 30, height: 20) }
  }

  @Test(
    "sizing-a-view: sizeThatFits returns the current size and intrinsicContentSize has no metric by default; sizeToFit takes sizeThatFits' answer and keeps the top-left corner"
  )
  func sizing() {
    let plain = View(frame: Rect(x: 5, y: 6, width: 70, height: 80))
    #expect(plain.sizeThatFits(Size(width: 1, height: 1)) == Size(width: 70, height: 80))
    #expect(plain.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    #expect(View.noIntrinsicMetric == -1)
    let fixed = Fixed(frame: Rect(x: 5, y: 6, width: 70, height: 80))
    fixed.sizeToFit()
    #expect(fixed.frame == Rect(x: 5, y: 6, width: 30, height: 20))
  }
}

@MainActor
@Suite("Additive bounds", .resetEngineAfterEachTest)
struct AdditiveBoundsTests {
  @Test(
    "re-animating-is-additive: a view growing in an animation block starts from its old size: the additive delta (old − new) is negative and keeps its sign, also when a spring overshoots past a shrink"
  )
  func growingBounds() {
    let engine = AnimationEngine.reset()
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.bounds = Rect(x: 0, y: 0, width: 200, height: 80)
    }
    #expect(view.layer.presentationSnapshot().bounds.size == Size(width: 100, height: 50))
    engine.advance(to: 0.5)
    #expect(view.layer.presentationSnapshot().bounds.size == Size(width: 150, height: 65))
    // Damping 0.3 overshoots: the size goes below the new 20 points before settling.
    let spring = AnimationEngine.reset()
    let shrinking = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    View.animate(withDuration: 1, usingSpringWithDamping: 0.3, initialSpringVelocity: 0) {
      shrinking.bounds = Rect(x: 0, y: 0, width: 20, height: 100)
    }
    var smallest = 100.0
    for step in 1...40 {
      spring.advance(to: Double(step) / 40)
      smallest = min(smallest, shrinking.layer.presentationSnapshot().bounds.size.width)
    }
    #expect(smallest < 20)
  }
}
