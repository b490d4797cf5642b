import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/uikit-lists.md#scrolling-is-the-bounds-origin, #adjusted-content-inset.
@MainActor
@Suite("Scroll views", .resetEngineAfterEachTest)
struct ScrollViewTests {
  final class Watcher: ScrollViewDelegate {
    var log: [String] = []
    func scrollViewDidScroll(_ scrollView: ScrollView) { log.append("didScroll \(scrollView.contentOffset.y)") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.append("didEnd") }
  }

  /// A scroll view filling a 390 × 844 window whose screen keeps 47 and 34 points at the top
  /// and bottom.
  func scrollView(_ configure: (ScrollView) -> Void = { _ in }) -> (ScrollView, Window) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    Screen.main.scale = 1
    Screen.main.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    let window = Window()
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    configure(scroll)
    window.addSubview(scroll)
    window.layoutIfNeeded()
    return (scroll, window)
  }

  @Test(
    "scrolling-is-the-bounds-origin: the content offset is the bounds origin, so a subview at content y 500 is at window y 500 − offset, a window point maps back into the content, and the scroll view clips its content"
  )
  func offsetIsBoundsOrigin() {
    let (scroll, window) = scrollView { $0.contentSize = Size(width: 390, height: 2000) }
    defer {
      withExtendedLifetime(window) {}
      Screen.main.safeAreaInsets = .zero
    }
    let box = View(frame: Rect(x: 10, y: 500, width: 50, height: 50))
    scroll.addSubview(box)
    scroll.contentOffset = Point(x: 0, y: 320)
    #expect(scroll.bounds.origin == Point(x: 0, y: 320))
    #expect(box.convertToWindow(Point(x: 0, y: 0)) == Point(x: 10, y: 180))
    #expect(scroll.convert(fromWindow: Point(x: 10, y: 180)) == Point(x: 10, y: 500))
    #expect(scroll.clipsToBounds)
  }

  @Test(
    "adjusted-content-inset: .automatic adds the safe area's top and bottom (and the sides only when the content scrolls sideways), .never nothing, .always all four, .scrollableAxes the axes the content is longer than the bounds along; a scroll view at rest at the top starts at −top and follows a change of the insets, one scrolled elsewhere stays"
  )
  func adjustedInsets() {
    let (scroll, window) = scrollView { $0.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0) }
    defer {
      withExtendedLifetime(window) {}
      Screen.main.safeAreaInsets = .zero
    }
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 57, left: 0, bottom: 34, right: 0))
    #expect(scroll.contentOffset == Point(x: 0, y: -57))
    scroll.contentInsetAdjustmentBehavior = .never
    window.layoutIfNeeded()
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
    #expect(scroll.contentOffset == Point(x: 0, y: -10))
    scroll.contentInsetAdjustmentBehavior = .scrollableAxes
    #expect(scroll.adjustedContentInset.top == 10)
    scroll.contentSize = Size(width: 390, height: 900)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 57, left: 0, bottom: 34, right: 0))
    scroll.contentInsetAdjustmentBehavior = .always
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 57, left: 0, bottom: 34, right: 0))
    scroll.contentOffset = Point(x: 0, y: 200)
    scroll.contentInset = EdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
    window.layoutIfNeeded()
    #expect(scroll.contentOffset == Point(x: 0, y: 200))
  }

  @Test(
    "scrolling-is-the-bounds-origin: setContentOffset(_:animated: true) moves the bounds over 0.3 s with ease-in-ease-out (halfway at 0.15 s) and tells the delegate at the end; without animation at once"
  )
  func animatedOffset() {
    let (scroll, window) = scrollView { $0.contentSize = Size(width: 390, height: 2000) }
    defer {
      withExtendedLifetime(window) {}
      Screen.main.safeAreaInsets = .zero
    }
    let watcher = Watcher()
    scroll.delegate = watcher
    scroll.setContentOffset(Point(x: 0, y: 153), animated: true)
    #expect(scroll.contentOffset.y == 153)
    AnimationEngine.current.advance(to: 0.15)
    #expect(abs(scroll.layer.presentationSnapshot().bounds.minY - 53) < 1e-9)
    #expect(watcher.log.isEmpty)
    AnimationEngine.current.advance(to: 0.31)
    #expect(watcher.log == ["didScroll 153.0", "didEnd"])
    scroll.contentOffset = Point(x: 0, y: 40)
    #expect(watcher.log.last == "didScroll 40.0")
  }
}
