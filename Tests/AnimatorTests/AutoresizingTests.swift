import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#autoresizing-shares-the-change and #autoresizing-animates-with-its-superview:
/// every mask combination against a table worked out by hand, and a banner pinned to the bottom
/// of a superview resized by an animation, a spring and a scrubbed property animator.
@MainActor
@Suite("Autoresizing", .resetEngineAfterEachTest)
struct AutoresizingTests {
  func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

  /// A 60-point span at 30 in a 300-point container that grows to 400: the margins are 30 and
  /// 210, so the flexible parts share the 100 points as 30 : 60 : 210 among those set.
  /// (flexible leading, size, trailing) -> (start, length), by hand.
  static let growTable: [([Bool], (Double, Double))] = [
    ([false, false, false], (30, 60)),
    ([true, false, false], (130, 60)),  // the leading margin takes it all
    ([false, true, false], (30, 160)),
    ([false, false, true], (30, 60)),  // the trailing margin takes it all: nothing moves
    ([true, true, false], (30 + 100.0 / 3, 60 + 200.0 / 3)),  // 30 : 60 of 90
    ([true, false, true], (42.5, 60)),  // 30 : 210 of 240
    ([false, true, true], (30, 60 + 200.0 / 9)),  // 60 : 210 of 270
    ([true, true, true], (40, 80)),  // 30 : 60 : 210 of 300, i.e. scaled by 4/3
  ]

  @Test(
    "autoresizing-shares-the-change: each of the 64 masks moves and sizes a subview as the table worked out by hand says, on both axes at once"
  )
  func everyMask() {
    for raw in UInt(0)..<64 {
      let mask = View.AutoresizingMask(rawValue: raw)
      let superview = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
      let view = View(frame: Rect(x: 30, y: 30, width: 60, height: 60))
      view.autoresizingMask = mask
      superview.addSubview(view)
      superview.frame = Rect(x: 0, y: 0, width: 400, height: 400)
      let h = Self.growTable.first {
        $0.0
          == [
            mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin),
          ]
      }!.1
      let v = Self.growTable.first {
        $0.0
          == [
            mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin),
          ]
      }!.1
      let f = view.frame
      #expect(
        near(f.minX, h.0) && near(f.width, h.1) && near(f.minY, v.0) && near(f.height, v.1),
        "mask \(raw): \(f) expected x \(h.0) w \(h.1) y \(v.0) h \(v.1)")
    }
  }

  @Test(
    "autoresizing-shares-the-change: shrinking gives back the same shares (a centred 100-point view in 300 keeps its centre in 200), and flexible parts all of length zero share the change equally"
  )
  func shrinkingAndZeroParts() {
    let superview = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
    let centred = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
    centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
    superview.addSubview(centred)
    superview.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    #expect(centred.frame == Rect(x: 50, y: 0, width: 100, height: 100))
    // Margin 0 and width 0 are both flexible: the 100 points of growth go 50 to each.
    let collapsed = View(frame: Rect(x: 0, y: 0, width: 0, height: 100))
    collapsed.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
    superview.addSubview(collapsed)
    superview.bounds = Rect(x: 0, y: 0, width: 300, height: 100)
    #expect(centred.frame == Rect(x: 100, y: 0, width: 100, height: 100))
    #expect(collapsed.frame == Rect(x: 50, y: 0, width: 50, height: 100))
  }

  @Test(
    "autoresizing-shares-the-change: nothing moves when the superview's autoresizesSubviews is false or the subview is laid out by Auto Layout; a resized subview resizes its own subviews; moving the superview without resizing it changes nothing"
  )
  func whenItApplies() {
    let superview = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let off = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    off.autoresizingMask = [.flexibleWidth]
    off.translatesAutoresizingMaskIntoConstraints = false
    let child = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    let grandchild = View(frame: Rect(x: 0, y: 90, width: 100, height: 10))
    grandchild.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    child.addSubview(grandchild)
    superview.addSubview(off)
    superview.addSubview(child)
    superview.center = Point(x: 500, y: 500)
    #expect(child.frame == Rect(x: 10, y: 10, width: 100, height: 100))
    superview.frame = Rect(x: 0, y: 0, width: 400, height: 350)
    #expect(off.frame == Rect(x: 10, y: 10, width: 100, height: 100))
    #expect(child.frame == Rect(x: 10, y: 10, width: 200, height: 150))
    #expect(grandchild.frame == Rect(x: 0, y: 140, width: 200, height: 10))
    superview.autoresizesSubviews = false
    superview.frame = Rect(x: 0, y: 0, width: 300, height: 300)
    #expect(child.frame == Rect(x: 10, y: 10, width: 200, height: 150))
  }

  @Test(
    "autoresizing-shares-the-change: a transformed subview keeps its transform; its center and bounds size follow the mask"
  )
  func transformedSubview() {
    let superview = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let view = View(frame: Rect(x: 50, y: 0, width: 100, height: 100))
    view.transform = AffineTransform(rotationAngle: .pi / 2)
    view.autoresizingMask = [.flexibleWidth]
    superview.addSubview(view)
    superview.bounds = Rect(x: 0, y: 0, width: 300, height: 100)
    #expect(view.bounds.size == Size(width: 200, height: 100))
    #expect(view.center == Point(x: 150, y: 50))
    #expect(view.transform == AffineTransform(rotationAngle: .pi / 2))
  }

  /// A 375 × 667 screen with a 50-point banner pinned to its bottom edge, full width.
  func screenWithBanner() -> (screen: View, banner: View) {
    let screen = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let banner = View(frame: Rect(x: 0, y: 617, width: 375, height: 50))
    banner.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    screen.addSubview(banner)
    return (screen, banner)
  }

  /// The screen's presented bounds size and the banner's presented frame at the engine's time.
  func presented(_ screen: View) -> (size: Size, banner: Rect) {
    let tree = screen.layer.presentationSnapshot()
    let b = tree.sublayers[0]
    let frame = Rect(
      x: b.position.x - b.bounds.width / 2, y: b.position.y - b.bounds.height / 2, width: b.bounds.width,
      height: b.bounds.height)
    return (tree.bounds.size, frame)
  }

  @Test(
    "autoresizing-animates-with-its-superview: a banner pinned to the bottom stays pinned, full width, at every instant of an animated resize of its superview (ease-in-ease-out, a spring overshooting, a scrubbed property animator)"
  )
  func bannerStaysPinned() {
    let engine = AnimationEngine.reset()
    let (screen, banner) = screenWithBanner()
    View.animate(withDuration: 1) { screen.frame = Rect(x: 0, y: 0, width: 320, height: 480) }
    // The model is at the end at once: 480 − 50.
    #expect(banner.frame == Rect(x: 0, y: 430, width: 320, height: 50))
    for t in [0.1, 0.25] {
      engine.advance(to: t)
      let p = presented(screen)
      #expect(near(p.banner.maxY, p.size.height) && near(p.banner.width, p.size.width) && p.banner.minX == 0, "t \(t)")
    }
    engine.advance(to: 0.5)
    // Halfway along ease-in-ease-out is halfway in size: 347.5 × 573.5, the banner at 523.5.
    let half = presented(screen)
    #expect(near(half.size.width, 347.5) && near(half.size.height, 573.5))
    #expect(near(half.banner.minY, 523.5) && near(half.banner.width, 347.5) && near(half.banner.height, 50))
    for t in [0.75, 0.9, 1.0] {
      engine.advance(to: t)
      let p = presented(screen)
      #expect(near(p.banner.maxY, p.size.height) && near(p.banner.width, p.size.width) && p.banner.minX == 0, "t \(t)")
    }
    // A spring that overshoots (damping 0.3) takes the banner past the end and back with it.
    let spring = AnimationEngine.reset()
    let (screen2, _) = screenWithBanner()
    View.animate(withDuration: 1, usingSpringWithDamping: 0.3, initialSpringVelocity: 0) {
      screen2.frame = Rect(x: 0, y: 0, width: 375, height: 400)
    }
    var overshot = false
    for step in 1...20 {
      spring.advance(to: Double(step) / 20)
      let p = presented(screen2)
      overshot = overshot || p.size.height < 400
      #expect(near(p.banner.maxY, p.size.height), "spring step \(step)")
    }
    #expect(overshot)
    // A paused property animator scrubbed to 0.3 (scrubsLinearly: 30 % of the change).
    AnimationEngine.reset()
    let (screen3, _) = screenWithBanner()
    let animator = PropertyAnimator(duration: 1, curve: .easeInOut) {
      screen3.frame = Rect(x: 0, y: 0, width: 375, height: 467)
    }
    animator.fractionComplete = 0.3
    let p = presented(screen3)
    #expect(near(p.size.height, 607) && near(p.banner.minY, 557))
  }

  @Test(
    "autoresizing-shares-the-change: a view controller's default root view has flexible width and height, so it follows a container resized from 375 × 667 to 300 × 500; a view from an overridden loadView keeps what it was given"
  )
  func defaultRootViewFollowsItsSuperview() {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 375, height: 667)
    let container = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let controller = ViewController()
    container.addSubview(controller.view)
    #expect(controller.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
    container.frame = Rect(x: 0, y: 0, width: 300, height: 500)
    #expect(controller.view.frame == Rect(x: 0, y: 0, width: 300, height: 500))

    final class OwnRoot: ViewController {
      override func loadView() { view = View(frame: Rect(x: 0, y: 0, width: 375, height: 667)) }
    }
    let own = OwnRoot()
    container.addSubview(own.view)
    container.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    #expect(own.view.frame == Rect(x: 0, y: 0, width: 375, height: 667))
  }
}
