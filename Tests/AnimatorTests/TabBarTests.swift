import AnimatorTestSupport
import Testing

@testable import Animator

/// A tab bar controller delegate that notes `shouldSelect` and `didSelect` (by tab index) and
/// answers `shouldSelect` with `allows`; `animator` (nil: instant switches) for every switch.
@MainActor
final class TapDelegate: TabBarControllerDelegate {
  var allows = true
  var animator: ViewControllerAnimatedTransitioning?
  var calls: [String] = []
  func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
    calls.append("shouldSelect \(tabBarController.viewControllers!.firstIndex(of: viewController)!)")
    return allows
  }
  func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
    calls.append(
      "didSelect \(tabBarController.viewControllers!.firstIndex(of: viewController)!) now \(tabBarController.selectedIndex)"
    )
  }
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { animator }
}

/// A tab bar controller that observes its selection the way seed 002 does with key-value
/// observing, by overriding the two properties.
@MainActor
final class ObservingTabs: TabBarController {
  var shown: [String] = []
  override var selectedViewController: ViewController? {
    didSet { shown.append("selectedViewController \(selectedViewController?.title ?? "nil")") }
  }
  override var selectedIndex: Int {
    didSet { shown.append("selectedIndex \(selectedIndex)") }
  }
}

@MainActor
@Suite("Tab bar", .resetEngineAfterEachTest)
struct TabBarTests {
  /// Three tabs "a", "b", "c" in a 320 × 568 window.
  func tabs<Tabs: TabBarController>(_ make: () -> Tabs = { TabBarController() as! Tabs }) -> (Window, Tabs) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    // No safe area: a navigation or tab bar controller lays its bars out by it, and other
    // suites leave theirs on the ambient screen.
    Screen.main.safeAreaInsets = .zero
    let window = Window()
    let tabs = make()
    tabs.viewControllers = ["a", "b", "c"].map {
      let vc = ViewController()
      vc.title = $0
      return vc
    }
    window.rootViewController = tabs
    return (window, tabs)
  }

  /// A finger down at `point` (window points), lifted at `end` (the same place by default)
  /// 0.1 s later, played from time `start`.
  func tap(_ window: Window, at point: Point, liftingAt end: Point? = nil, start: Double = 0) {
    let script = try! TouchScript(samples: [
      TouchSample(time: start, locations: [point], phase: .began),
      TouchSample(time: start + 0.1, locations: [end ?? point], phase: .ended),
    ])
    TouchPlayer(script: script, window: window).start()
    AnimationEngine.current.advance(to: start + 0.2)
  }

  @Test(
    "tab-bar geometry (docs/uikit-transitions.md#tab-bar): 49 points along the bottom over the tabs' views, one item per tab in equal slots, each titled with its view controller's title, the title 10-point medium 4 points above the bar's bottom, the selected one in systemBlue, the others in the unselected gray"
  )
  func geometry() throws {
    let (window, tabs) = tabs()
    defer { withExtendedLifetime(window) {} }
    let bar = tabs.tabBar
    #expect(bar.superview === tabs.view && tabs.view.subviews.last === bar)
    #expect(bar.frame == Rect(x: 0, y: 568 - 49, width: 320, height: 49))
    #expect(tabs.transitionView.frame == tabs.view.bounds)
    #expect(bar.items?.map(\.title) == ["a", "b", "c"] && bar.selectedItem === tabs.viewControllers?[0].tabBarItem)
    _ = window.layer.presentationSnapshot()
    let items = bar.subviews.filter { $0.name.hasPrefix("tab") }
    let slots = [0, 320.0 / 3, 640.0 / 3]
    #expect(items.count == 3 && zip(items, slots).allSatisfy { abs($0.frame.minX - $1) < 1e-9 })
    #expect(items.allSatisfy { abs($0.frame.width - 320.0 / 3) < 1e-9 })
    let titles = try items.map { try #require($0.subviews.first as? Label) }
    #expect(titles.allSatisfy { $0.frame.maxY == 49 - 4 && $0.font == .systemFont(ofSize: 10, weight: .medium) })
    #expect(titles.map(\.textColor) == [.systemBlue, TabBar.standardUnselectedTint, TabBar.standardUnselectedTint])
  }

  @Test(
    "tab-bar-taps: a tap on a tab asks the delegate's shouldSelect, selects the tab and then reports didSelect; false keeps the current tab and reports nothing more; a tap on the selected tab asks and reports too (UIKit since iOS 3); a change in code asks nothing"
  )
  func taps() {
    let (window, tabs) = tabs()
    defer { withExtendedLifetime(window) {} }
    let delegate = TapDelegate()
    tabs.delegate = delegate
    tap(window, at: Point(x: 270, y: 550))
    #expect(tabs.selectedIndex == 2 && delegate.calls == ["shouldSelect 2", "didSelect 2 now 2"])
    #expect(tabs.tabBar.selectedItem === tabs.viewControllers?[2].tabBarItem)
    delegate.allows = false
    delegate.calls = []
    tap(window, at: Point(x: 50, y: 550), start: 1)
    #expect(tabs.selectedIndex == 2 && delegate.calls == ["shouldSelect 0"])
    delegate.allows = true
    delegate.calls = []
    tap(window, at: Point(x: 270, y: 550), start: 2)
    #expect(delegate.calls == ["shouldSelect 2", "didSelect 2 now 2"])
    delegate.calls = []
    tabs.selectedIndex = 1
    #expect(tabs.selectedIndex == 1 && delegate.calls.isEmpty)
  }

  @Test(
    "tab-bar-taps: a touch that lifts on another tab, or outside the bar, selects nothing; a tap while a switch runs is ignored (nothing asked), one after it selects"
  )
  func tapsThatDoNotSelect() {
    let (window, tabs) = tabs()
    defer { withExtendedLifetime(window) {} }
    let delegate = TapDelegate()
    delegate.animator = CrossDissolveAnimator(presenting: true, duration: 0.5)
    tabs.delegate = delegate
    tap(window, at: Point(x: 160, y: 550), liftingAt: Point(x: 270, y: 550))
    tap(window, at: Point(x: 160, y: 550), liftingAt: Point(x: 160, y: 300), start: 1)
    #expect(tabs.selectedIndex == 0 && delegate.calls.isEmpty)
    tap(window, at: Point(x: 160, y: 550), start: 2)
    #expect(tabs.selectedIndex == 1 && tabs.transitionCoordinator != nil)
    tap(window, at: Point(x: 270, y: 550), start: 2.2)
    #expect(tabs.selectedIndex == 1 && delegate.calls == ["shouldSelect 1", "didSelect 1 now 1"])
    AnimationEngine.current.advance(to: 3)
    tap(window, at: Point(x: 270, y: 550), start: 3)
    #expect(tabs.selectedIndex == 2 && AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "selection-is-overridable: a subclass's didSet on selectedViewController sees every change — setting viewControllers, selectedIndex, a tap — and one on selectedIndex sees selectedIndex and taps (seed 002's key-value observing, ported)"
  )
  func overridableSelection() {
    let (window, tabs) = tabs { ObservingTabs() }
    defer { withExtendedLifetime(window) {} }
    #expect(tabs.shown == ["selectedViewController a"])
    tabs.selectedIndex = 1
    tap(window, at: Point(x: 270, y: 550))
    tabs.selectedViewController = tabs.viewControllers?[0]
    #expect(
      tabs.shown == [
        "selectedViewController a", "selectedViewController b", "selectedIndex 1", "selectedViewController c",
        "selectedIndex 2", "selectedViewController a",
      ])
  }

  @Test("Setting a view controller's title sets its tab bar item's; an item set by the app is used as given")
  func tabBarItems() {
    let vc = ViewController()
    vc.title = "Inbox"
    #expect(vc.tabBarItem.title == "Inbox")
    vc.title = "Mail"
    #expect(vc.tabBarItem.title == "Mail")
    let item = TabBarItem(title: "Own", image: nil, tag: 7)
    vc.tabBarItem = item
    #expect(vc.tabBarItem === item && vc.tabBarItem.tag == 7)
  }
}
