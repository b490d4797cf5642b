import Foundation

/// UINavigationItem: what a view controller shows in its navigation controller's bar while it
/// is on top of the stack (docs/uikit-bars.md#navigation-items): a title, or a title view; bar
/// button items on either side; what the next screen's back button says about it; and whether
/// its title is large.
@MainActor
open class NavigationItem {
  /// UINavigationItem.LargeTitleDisplayMode.
  public enum LargeTitleDisplayMode: Sendable {
    /// The previous item's choice (the root's: the bar's `prefersLargeTitles`).
    case automatic
    /// Large whenever the bar prefers large titles.
    case always
    /// Never large.
    case never
  }

  /// UINavigationItem.BackButtonDisplayMode (iOS 14).
  public enum BackButtonDisplayMode: Sendable {
    /// The back title, else "Back", else the chevron alone: whichever fits.
    case `default`
    /// "Back", else the chevron alone.
    case generic
    /// The chevron alone.
    case minimal
  }

  /// The title drawn in the middle of the bar (nil: the view controller's `title`).
  public var title: String? { didSet { changed() } }
  /// A view drawn in the middle of the bar instead of the title, at its own size (nil: the title).
  public var titleView: View? { didSet { changed() } }
  /// The items at the bar's leading edge, in place of the back button (nil or empty: the back
  /// button, unless hidden).
  public var leftBarButtonItems: [BarButtonItem]? { didSet { adopt(leftBarButtonItems) } }
  /// The items at the bar's trailing edge, the first outermost.
  public var rightBarButtonItems: [BarButtonItem]? { didSet { adopt(rightBarButtonItems) } }
  /// UINavigationItem.backBarButtonItem: the back button the *next* screen shows to return
  /// here; its title is used (nil: `backButtonTitle`, then this item's title).
  public var backBarButtonItem: BarButtonItem? { didSet { changed() } }
  /// UINavigationItem.backButtonTitle (iOS 11): the title of the next screen's back button.
  public var backButtonTitle: String? { didSet { changed() } }
  /// UINavigationItem.backButtonDisplayMode (iOS 14): how the back button to this screen shows.
  public var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { changed() } }
  /// Whether this screen's back button is hidden (default false).
  public var hidesBackButton = false { didSet { changed() } }
  /// Whether the left items stand beside the back button rather than replacing it.
  public var leftItemsSupplementBackButton = false { didSet { changed() } }
  /// Large titles for this screen (default `.automatic`).
  public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { changed() } }

  /// Whether the title shows large, as the navigation controller last decided.
  var showsLargeTitle = false
  /// The view controller whose item this is (the title's fallback).
  weak var owner: ViewController?
  /// The bar drawing the item, laid out again when it changes.
  weak var bar: View?

  /// UINavigationItem(title:).
  public init(title: String? = nil) { self.title = title }

  /// UINavigationItem.leftBarButtonItem: the first left item.
  public var leftBarButtonItem: BarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// UINavigationItem.rightBarButtonItem: the first (outermost) right item.
  public var rightBarButtonItem: BarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  /// UINavigationItem.setHidesBackButton(_:animated:) (the change is immediate).
  public func setHidesBackButton(_ hides: Bool, animated: Bool) { hidesBackButton = hides }

  /// UINavigationItem.setLeftBarButton(_:animated:) (the change is immediate).
  public func setLeftBarButton(_ item: BarButtonItem?, animated: Bool) { leftBarButtonItem = item }

  /// UINavigationItem.setRightBarButton(_:animated:) (the change is immediate).
  public func setRightBarButton(_ item: BarButtonItem?, animated: Bool) { rightBarButtonItem = item }

  /// UINavigationItem.setLeftBarButtonItems(_:animated:).
  public func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { leftBarButtonItems = items }

  /// UINavigationItem.setRightBarButtonItems(_:animated:).
  public func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

  /// The title drawn: this item's, else its view controller's.
  var shownTitle: String? { title ?? owner?.title }

  /// What the back button of the screen above this one says, in order of preference (Apple's
  /// `backButtonDisplayMode` documentation): the back item's title, `backButtonTitle`, the
  /// title, then "Back"; the bar takes the first that fits.
  var backTitleCandidates: [String] {
    switch backButtonDisplayMode {
    case .minimal: return []
    case .generic: return [NavigationBar.genericBackTitle]
    case .default:
      let own = backBarButtonItem?.title ?? backButtonTitle ?? shownTitle
      return (own.map { [$0] } ?? []) + [NavigationBar.genericBackTitle]
    }
  }

  private func adopt(_ items: [BarButtonItem]?) {
    for item in items ?? [] { item.bar = bar }
    changed()
  }

  private func changed() { bar?.setNeedsLayout() }
}
