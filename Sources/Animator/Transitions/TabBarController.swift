import Foundation

/// UITabBarController: its tabs' view controllers, the one shown filling its view, and a tab bar
/// (`tabBar`) across the bottom over it. A tap on a tab asks the delegate's
/// `tabBarController(_:shouldSelect:)` (false keeps the current tab), selects it and reports
/// `tabBarController(_:didSelect:)`, as UIKit does only for taps. Selecting a tab (a tap, or
/// `selectedIndex` / `selectedViewController` set in code) runs the delegate's animator; without
/// one the switch is instant, as on iOS (docs/uikit-transitions.md#tab-bar-controller).
@MainActor
open class TabBarController: ViewController {
  /// Asked for each switch's animator and interaction controller, and for taps whether to select
  /// (`shouldSelect`) and what was selected (`didSelect`). Weak; nil: switches are instant and
  /// every tap selects.
  public weak var delegate: TabBarControllerDelegate?
  /// The view the tabs' views are shown and switched in: the controller's whole view, under the
  /// tab bar.
  public let transitionView = View(frame: Screen.main.bounds)
  /// UITabBarController.tabBar: the bar of tabs along the bottom of the controller's view, one
  /// item per tab (each tab's `tabBarItem`), the selected one highlighted.
  public let tabBar = TabBar(frame: .zero)
  private var tabs: [ViewController] = []
  private var shownIndex = 0 { didSet { highlightSelectedTab() } }

  /// No tabs yet: set `viewControllers`.
  public override init() {
    super.init()
    transitionView.name = "tab-container"
    tabBar.onTap = { [weak self] index in self?.tapped(index) }
  }

  /// `init()`, then `viewControllers` set to `viewControllers`.
  public convenience init(viewControllers: [ViewController]) {
    self.init()
    self.viewControllers = viewControllers
  }

  /// UITabBarController.viewControllers: the tabs, in order (nil when none were set). Setting
  /// it shows the tab at `selectedIndex` if there still is one, else the first, at once, and
  /// sets `selectedViewController` to it (an override observing it sees the change).
  public var viewControllers: [ViewController]? {
    get { tabs.isEmpty ? nil : tabs }
    set {
      if isViewLoaded { selectedViewController?.view.removeFromSuperview() }
      for vc in tabs where vc.parent === self {
        vc.tabBarController = nil
        vc.parent = nil
      }
      tabs = newValue ?? []
      for vc in tabs {
        vc.tabBarController = self
        vc.parent = self
      }
      tabBar.items = tabs.isEmpty ? nil : tabs.map { $0.tabBarItem }
      shownIndex = tabs.indices.contains(shownIndex) ? shownIndex : 0
      if isViewLoaded { installChildViews() }
      if let shown = tabs.indices.contains(shownIndex) ? tabs[shownIndex] : nil { selectedViewController = shown }
    }
  }

  open override func loadView() {
    let v = BarContainerView(frame: Screen.main.bounds)
    v.name = "tabs"
    v.onLayout = { [weak self] in self?.layOutTabBar() }
    transitionView.frame = v.bounds
    v.addSubview(transitionView)
    v.addSubview(tabBar)
    view = v
    layOutTabBar()
  }

  /// The tab bar along the bottom: 49 points above the bottom safe area, its background
  /// reaching the screen's edge under the home indicator.
  private func layOutTabBar() {
    let b = view.bounds, bottom = view.safeAreaInsets.bottom
    transitionView.frame = b
    tabBar.frame = Rect(x: 0, y: b.height - bottom - TabBar.height, width: b.width, height: TabBar.height + bottom)
  }

  /// The part of a tab's screen the tab bar covers: its 49 points at the bottom (0 while it is
  /// hidden).
  var barInsets: EdgeInsets { EdgeInsets(top: 0, left: 0, bottom: tabBar.isHidden ? 0 : TabBar.height, right: 0) }

  override func installChildViews() {
    guard let selected = selectedViewController else { return }
    selected.view.frame = transitionView.bounds
    transitionView.addSubview(selected.view)
  }

  /// The index of the tab shown. Setting it selects that tab through `selectedViewController`
  /// (an override of either observes the change); an index out of range is reported and
  /// ignored.
  open var selectedIndex: Int {
    get { shownIndex }
    set {
      guard tabs.indices.contains(newValue) else {
        AnimationEngine.current.report("selectedIndex \(newValue) is out of range 0..<\(tabs.count)")
        return
      }
      selectedViewController = tabs[newValue]
    }
  }

  /// The view controller of the tab shown. Setting it switches tabs through the delegate's
  /// animator (the model changes at once, the views when the transition completes); a view
  /// controller that is not a tab, or a switch while another runs, is reported and ignored.
  open var selectedViewController: ViewController? {
    get { tabs.indices.contains(shownIndex) ? tabs[shownIndex] : nil }
    set {
      guard let vc = newValue, let index = tabs.firstIndex(where: { $0 === vc }) else {
        AnimationEngine.current.report(
          "selectedViewController of \(debugName) set to a view controller that is not one of its tabs")
        return
      }
      select(index)
    }
  }

  /// A tap on tab `index`: ignored while a switch runs (UIKit takes no touches during a
  /// transition); else `shouldSelect`, the selection, `didSelect`.
  private func tapped(_ index: Int) {
    guard tabs.indices.contains(index), runningTransition?.isComplete ?? true else { return }
    let vc = tabs[index]
    guard delegate?.tabBarController(self, shouldSelect: vc) ?? true else { return }
    selectedIndex = index
    delegate?.tabBarController(self, didSelect: vc)
  }

  private func highlightSelectedTab() {
    tabBar.selectedItem = tabs.indices.contains(shownIndex) ? tabs[shownIndex].tabBarItem : nil
  }

  private func select(_ index: Int) {
    guard index != shownIndex, let from = selectedViewController else { return }
    if let running = runningTransition, !running.isComplete {
      AnimationEngine.current.report(
        "selectedIndex set on \(debugName) while \(running.transitionName) is still running; switch tabs from the first switch's completion"
      )
      return
    }
    let to = tabs[index]
    guard isViewLoaded else {
      shownIndex = index
      return
    }
    let previous = shownIndex
    shownIndex = index
    let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to)
    let interaction = animator.flatMap { delegate?.tabBarController(self, interactionControllerFor: $0) }
    transitionChild(
      in: transitionView, from: from, to: to, animated: animator != nil, animator: animator, interaction: interaction
    ) {
      [weak self] completed in
      if !completed { self?.shownIndex = previous }
    }
  }
}
