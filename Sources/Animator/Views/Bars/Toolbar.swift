import Foundation

/// UIToolbar: a bar of items along the bottom of a navigation controller's view, above the
/// home indicator (docs/uikit-bars.md#toolbar): 44 points tall, its background reaching the
/// screen's bottom edge, a hairline along its top. Items go from the leading margin, 8 points
/// apart; flexible spaces share the room left equally, fixed spaces keep their width.
@MainActor
open class Toolbar: View {
  /// The toolbar's height in points, without the bottom safe area.
  public static let height = 44.0

  /// The items, leading first (nil: none).
  public var items: [BarButtonItem]? {
    didSet {
      for item in items ?? [] { item.bar = self }
      setNeedsLayout()
    }
  }
  /// The items' colour (default `.systemBlue`).
  public var tintColor: Color = .systemBlue { didSet { setNeedsLayout() } }
  /// The background colour (nil: the standard one, as the tab bar's).
  public var barTintColor: Color? { didSet { setNeedsLayout() } }
  /// The navigation controller whose toolbar this is.
  weak var controller: NavigationController?

  private let hairline = View()
  private var itemViews: [View] = []
  private var targets: [(frame: Rect, item: BarButtonItem)] = []

  /// A toolbar without items at `frame` (default `.zero`): the standard background, a hairline
  /// along its top. A navigation controller sizes its own `toolbar` (44 points plus the bottom
  /// safe area).
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    name = "toolbar"
    hairline.name = "hairline"
    hairline.backgroundColor = .opaqueSeparator
    addSubview(hairline)
    addGestureRecognizer(BarTapRecognizer())
    setNeedsLayout()
  }

  /// UIToolbar.setItems(_:animated:) (the change is immediate).
  public func setItems(_ items: [BarButtonItem]?, animated: Bool) { self.items = items }

  open override func layoutSubviews() {
    backgroundColor = barTintColor ?? TabBar.standardBackground
    hairline.frame = Rect(x: 0, y: 0, width: bounds.width, height: 1 / Screen.main.scale)
    for view in itemViews { view.removeFromSuperview() }
    let items = self.items ?? []
    let frames = Self.frames(of: items, width: bounds.width)
    targets = Array(zip(frames, items))
    itemViews = zip(items, frames).enumerated().map { i, pair in
      let view = BarItemView.make(pair.0, tint: tintColor)
      view.frame = pair.1
      view.name = "item\(i)"
      return view
    }
    for view in itemViews { addSubview(view) }
  }

  /// The items' frames in a toolbar `width` points wide: from the margin on, `itemSpacing`
  /// apart, the room left shared by the flexible spaces, centred in the 44 points.
  static func frames(of items: [BarButtonItem], width: Double) -> [Rect] {
    let margin = NavigationBar.margin(forWidth: width), spacing = NavigationBar.itemSpacing
    let sizes = items.map { $0.systemItem == .flexibleSpace ? Size.zero : NavigationBarLayout.itemSize($0) }
    let used = sizes.reduce(0) { $0 + $1.width } + spacing * Double(max(0, items.count - 1))
    let flexible = items.filter { $0.systemItem == .flexibleSpace }.count
    let share = flexible > 0 ? max(0, width - 2 * margin - used) / Double(flexible) : 0
    var x = margin
    return zip(items, sizes).map { item, size in
      let w = item.systemItem == .flexibleSpace ? share : size.width
      let frame = Rect(x: x, y: (height - size.height) / 2, width: w, height: size.height)
      x += w + spacing
      return frame
    }
  }

  /// The item a touch at `point` reaches (spaces reach nothing).
  func tapTarget(at point: Point) -> BarTapTarget? {
    guard point.y >= 0, point.y <= Self.height else { return nil }
    return BarItemView.target(at: point, in: targets)
  }
}
