import Foundation

/// UINavigationBar: the bar of a navigation controller, below the status bar in the safe area's
/// top (docs/uikit-bars.md#navigation-bar). It shows the top view controller's navigation item:
/// the back button to the screen below (chevron and title), the left and right items, the title
/// centred, or the large title under them. 44 points tall, 96 with a large title; its background
/// reaches up under the status bar. As on iOS 15 and later, the background and the hairline are
/// transparent while the content is at its top edge (the scroll-edge appearance), and the
/// standard background shows once it is scrolled.
@MainActor
open class NavigationBar: View {
  /// The bar's height in points, without the large title (iPhone, portrait).
  public static let height = 44.0
  /// The height the large title adds under the bar.
  public static let largeTitleHeight = 52.0
  /// The title's font: 17 points, semibold.
  public static let titleFont = Font.systemFont(ofSize: 17, weight: .semibold)
  /// The large title's font: 34 points, bold.
  public static let largeTitleFont = Font.boldSystemFont(ofSize: 34)
  /// The standard background, an opaque stand-in for the bar material, light and dark.
  public static let standardBackground = Color(light: Color(hex: 0xF9F9F9), dark: Color(hex: 0x1D1D1D))
  /// The back button's title when the previous screen's does not fit or there is none.
  public static let genericBackTitle = "Back"

  // Metrics of the items (docs/uikit-bars.md#bar-geometry).
  static let largeTitleBottomPadding = 8.0
  static let chevronFrame = Rect(x: 8, y: (height - 21) / 2, width: 13, height: 21)
  static let backTitleGap = 6.0
  static let itemSpacing = 8.0
  static let glyphSide = 24.0
  static let emptyItemWidth = 44.0
  static let itemFont = Font.systemFont(ofSize: 17)

  /// A bar button's font: 17 points, semibold for `.done`.
  static func itemFont(_ style: BarButtonItem.Style) -> Font {
    style == .done ? .systemFont(ofSize: 17, weight: .semibold) : itemFont
  }

  /// The side margin of a bar `width` points wide: 16, 20 from 414 points (the root views' margins).
  static func margin(forWidth width: Double) -> Double { width >= 414 ? 20 : 16 }

  /// UINavigationBar.prefersLargeTitles: whether titles show large (default false); each item's
  /// `largeTitleDisplayMode` decides for its screen.
  public var prefersLargeTitles = false { didSet { controller?.barsDidChange() } }
  /// The colour of the back button and of the items (default `.systemBlue`).
  public var tintColor: Color = .systemBlue { didSet { setNeedsLayout() } }
  /// The background colour (nil: the standard one, transparent at the scroll edge).
  public var barTintColor: Color? { didSet { setNeedsLayout() } }

  /// The background, reaching up to the screen's top edge, and the hairline under the bar.
  let background = View()
  let hairline = View()
  /// The items shown at rest (none while a transition runs).
  private(set) var content: NavigationBarContent?
  /// The transition animating the bar, while it runs.
  var transition: NavigationBarTransition?
  /// The navigation controller whose bar this is.
  weak var controller: NavigationController?

  /// A bar at `frame` (default `.zero`). Its items are a navigation controller's stack, so only
  /// a controller's `navigationBar` (sized by it: 44 or 96 points) shows anything.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    name = "navigation-bar"
    background.name = "bar-background"
    hairline.name = "hairline"
    hairline.backgroundColor = .opaqueSeparator
    addSubview(background)
    addSubview(hairline)
    addGestureRecognizer(BarTapRecognizer())
    setNeedsLayout()
  }

  /// UINavigationBar.items: the stack's navigation items, bottom first.
  public var items: [NavigationItem]? { controller?.viewControllers.map(\.navigationItem) }
  /// UINavigationBar.topItem.
  public var topItem: NavigationItem? { items?.last }
  /// UINavigationBar.backItem: the item under the top one.
  public var backItem: NavigationItem? {
    guard let items, items.count > 1 else { return nil }
    return items[items.count - 2]
  }

  /// The background's colour: `barTintColor` or the standard one.
  var backgroundFill: Color { barTintColor ?? Self.standardBackground }

  /// Lays the background out for `height` under `statusBar` points of status bar, its
  /// opacity `solid` (0 at the scroll edge, 1 scrolled).
  func layOutBackground(height: Double, statusBar: Double, solid: Double) {
    background.backgroundColor = backgroundFill
    background.frame = Rect(x: 0, y: -statusBar, width: bounds.width, height: statusBar + height)
    background.alpha = barTintColor == nil ? solid : 1
    hairline.frame = Rect(x: 0, y: height, width: bounds.width, height: 1 / Screen.main.scale)
    hairline.alpha = solid
  }

  /// Shows the top item at rest (not during a transition).
  open override func layoutSubviews() {
    guard transition == nil, let controller else { return }
    content?.removeFromSuperview()
    content = nil
    guard let index = controller.viewControllers.indices.last else { return }
    let made = controller.barContent(at: index, width: bounds.width)
    addSubview(made)
    content = made
  }

  /// What a touch at `point` (bar coordinates) would tap.
  func tapTarget(at point: Point) -> BarTapTarget? {
    guard let content, transition == nil else { return nil }
    return content.tapTarget(at: point)
  }
}

/// What a tap on a bar reaches: the back button or an item.
enum BarTapTarget: Equatable {
  case back
  case item(ObjectIdentifier)
}

/// The bars' own tap: a touch that begins and lifts on the same item (or back button) runs it.
@MainActor
final class BarTapRecognizer: GestureRecognizer {
  private var started: BarTapTarget?

  override func handle(_ sample: TouchSample) {
    super.handle(sample)
    guard let view, let location = sample.locations.first else { return }
    let target = Self.target(in: view, at: view.convert(fromWindow: location))
    switch sample.phase {
    case .began: started = target
    case .moved: break
    case .ended: if let target, target == started { Self.run(target, in: view) }
    case .cancelled: started = nil
    }
  }

  private static func target(in view: View, at point: Point) -> BarTapTarget? {
    if let bar = view as? NavigationBar { return bar.tapTarget(at: point) }
    if let bar = view as? Toolbar { return bar.tapTarget(at: point) }
    return nil
  }

  private static func run(_ target: BarTapTarget, in view: View) {
    switch target {
    case .back: (view as? NavigationBar)?.controller?.popViewController(animated: true)
    case .item(let id):
      let items: [BarButtonItem]
      if let bar = view as? NavigationBar, let top = bar.topItem {
        items = (top.leftBarButtonItems ?? []) + (top.rightBarButtonItems ?? [])
      } else {
        items = (view as? Toolbar)?.items ?? []
      }
      items.first { ObjectIdentifier($0) == id }?.tapped()
    }
  }
}
