import Foundation

// The navigation controller's bars (docs/uikit-bars.md#navigation-bar, #toolbar): where they
// sit, what they show, the safe area they take from the screens, hiding and showing them.

extension NavigationController {
  /// UINavigationController.hideShowBarDuration: seconds the bars take to slide in or out
  /// (the value is not documented; assumed).
  public static let hideShowBarDuration = 0.2

  /// UINavigationController.isNavigationBarHidden (default false); setting it hides or shows
  /// the bar at once.
  public var isNavigationBarHidden: Bool {
    get { navigationBarHiddenState }
    set { setNavigationBarHidden(newValue, animated: false) }
  }

  /// UINavigationController.setNavigationBarHidden(_:animated:): the bar slides up off the
  /// screen (or back down) over `hideShowBarDuration`, the screens' safe area changing with it.
  public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != navigationBarHiddenState else { return }
    navigationBarHiddenState = hidden
    changeBars(animated: animated)
  }

  /// UINavigationController.isToolbarHidden (default true).
  public var isToolbarHidden: Bool {
    get { toolbarHiddenState }
    set { setToolbarHidden(newValue, animated: false) }
  }

  /// UINavigationController.setToolbarHidden(_:animated:): the toolbar slides down off the
  /// screen (or back up) over `hideShowBarDuration`.
  public func setToolbarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != toolbarHiddenState else { return }
    toolbarHiddenState = hidden
    changeBars(animated: animated)
  }

  /// Lays the bars out again (and the screens, whose safe areas follow), inside an animation
  /// block when `animated`. A hidden bar rests just outside the screen.
  private func changeBars(animated: Bool) {
    guard animated, isViewLoaded else {
      barsDidChange()
      return
    }
    View.animate(withDuration: Self.hideShowBarDuration) {
      self.barsDidChange()
      self.view.layoutIfNeeded()
    }
  }

  /// The stack, a bar setting or a screen's items changed: each item's title size is decided
  /// again, and the bars and the screens (whose safe areas depend on them) are laid out again.
  func barsDidChange() {
    resolveLargeTitles()
    guard let root = viewIfLoaded else { return }
    root.setNeedsLayout()
    navigationBar.setNeedsLayout()
    toolbar.setNeedsLayout()
    for vc in viewControllers {
      guard let v = vc.viewIfLoaded else { continue }
      v.layoutEngineInputsDidChange()
      v.setNeedsLayout()
    }
  }

  /// Decides, for each item in the stack, whether its title shows large: `.always` and `.never`
  /// say so when the bar prefers large titles; `.automatic` takes the previous item's choice
  /// (the root's: large). Without `prefersLargeTitles` no title is large (Apple's
  /// `largeTitleDisplayMode` documentation).
  private func resolveLargeTitles() {
    var previous = true
    for vc in viewControllers {
      let item = vc.navigationItem
      switch item.largeTitleDisplayMode {
      case .always: previous = true
      case .never: previous = false
      case .automatic: break
      }
      item.showsLargeTitle = navigationBar.prefersLargeTitles && previous
    }
  }

  /// The part of `vc`'s screen the bars cover: the bar's height (with its large title) at the
  /// top, the toolbar's at the bottom, each 0 while hidden.
  func barInsets(for vc: ViewController) -> EdgeInsets {
    let top = navigationBarHiddenState ? 0 : barHeight(for: vc.navigationItem)
    let bottom = toolbarHiddenState ? 0 : Toolbar.height
    return EdgeInsets(top: top, left: 0, bottom: bottom, right: 0)
  }

  /// 44 points, 96 with a large title.
  func barHeight(for item: NavigationItem) -> Double {
    NavigationBar.height + (item.showsLargeTitle ? NavigationBar.largeTitleHeight : 0)
  }

  /// The items of the screen at `index` in the stack, laid out for a bar `width` points wide.
  func barContent(at index: Int, width: Double) -> NavigationBarContent {
    let item = viewControllers[index].navigationItem
    item.bar = navigationBar
    let back = index > 0 ? viewControllers[index - 1].navigationItem : nil
    return NavigationBarContent(
      item: item, back: back, width: width, large: item.showsLargeTitle, tint: navigationBar.tintColor)
  }

  /// Places the bars in the controller's view: the navigation bar at the safe area's top (above
  /// the screen while hidden), the toolbar at its bottom (below it while hidden), both reaching
  /// the screen's edges with their backgrounds.
  func layOutBars() {
    guard let root = viewIfLoaded else { return }
    transitionView.frame = root.bounds
    let safe = root.safeAreaInsets, width = root.bounds.width
    if navigationBar.transition == nil, let top = topViewController {
      let height = barHeight(for: top.navigationItem)
      let y = navigationBarHiddenState ? -height - 1 : safe.top
      navigationBar.frame = Rect(x: 0, y: y, width: width, height: height)
      navigationBar.layOutBackground(height: height, statusBar: max(0, y), solid: scrolledSolidity(of: top))
    }
    // A hidden bar rests a point beyond the screen's edge, so that no edge pixel shows it.
    let toolbarY = toolbarHiddenState ? root.bounds.height + 1 : root.bounds.height - safe.bottom - Toolbar.height
    toolbar.frame = Rect(x: 0, y: toolbarY, width: width, height: Toolbar.height + safe.bottom)
    toolbar.items = topViewController?.toolbarItems
  }

  /// 0 while `vc`'s content is at its top edge (the bar transparent, as UIKit's default
  /// scroll-edge appearance since iOS 15), 1 once it is scrolled: its view if it is a scroll
  /// view, else its first subview that is one; a screen without one is at its edge.
  func scrolledSolidity(of vc: ViewController) -> Double {
    guard let root = vc.viewIfLoaded else { return 0 }
    guard let scroll = root as? ScrollView ?? root.subviews.lazy.compactMap({ $0 as? ScrollView }).first else {
      return 0
    }
    scroll.layoutIfNeeded()
    return scroll.contentOffset.y > -scroll.adjustedContentInset.top + 0.5 ? 1 : 0
  }
}

extension ViewController {
  /// The part of this view controller's screen its container's bars cover (0 outside a
  /// navigation or tab bar controller).
  var containerBarInsets: EdgeInsets {
    if let navigation = parent as? NavigationController { return navigation.barInsets(for: self) }
    if let tabs = parent as? TabBarController { return tabs.barInsets }
    return .zero
  }
}

/// A container controller's root view, which lays its bars out when it lays out.
@MainActor
final class BarContainerView: View {
  var onLayout: (() -> Void)?

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    setNeedsLayout()
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    onLayout?()
  }
}
