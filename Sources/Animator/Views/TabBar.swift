import Foundation

/// UITabBarItem: what a tab shows in the tab bar. A view controller's `tabBarItem` shows its
/// title unless given another.
@MainActor
open class TabBarItem {
  /// UITabBarItem.SystemItem: the system's tabs, each its English title and a glyph drawn here
  /// (docs/uikit-bars.md#glyphs).
  public enum SystemItem: Sendable, CaseIterable {
    /// "More", three dots.
    case more
    /// "Favorites", a star.
    case favorites
    /// "Featured", a star.
    case featured
    /// "Top Rated", a star.
    case topRated
    /// "Recents", a clock.
    case recents
    /// "Contacts", a person.
    case contacts
    /// "History", a clock.
    case history
    /// "Bookmarks", a book.
    case bookmarks
    /// "Search", a magnifier.
    case search
    /// "Downloads", an arrow down onto a line.
    case downloads
    /// "Most Recent", a clock.
    case mostRecent
    /// "Most Viewed", a list.
    case mostViewed
  }
  /// The tab's title, drawn under the image (nil: none).
  public var title: String? { didSet { bar?.setNeedsLayout() } }
  /// The tab's picture, above the title, at its own size (nil: none).
  public var image: Image? { didSet { bar?.setNeedsLayout() } }
  /// The picture while the tab is selected (nil: `image`).
  public var selectedImage: Image? { didSet { bar?.setNeedsLayout() } }
  /// A number of the app's choosing.
  public var tag: Int
  /// UITabBarItem.badgeValue: the text of the red badge at the image's top trailing corner
  /// (nil: no badge; "": a dot).
  public var badgeValue: String? { didSet { bar?.setNeedsLayout() } }
  /// UITabBarItem.badgeColor: the badge's colour (nil: `.systemRed`).
  public var badgeColor: Color? { didSet { bar?.setNeedsLayout() } }
  /// The glyph of a system item.
  let glyph: BarGlyphs.Kind?
  /// The bar showing the item, which lays out again when it changes.
  weak var bar: TabBar?
  /// The image as the bar draws it (a template unless `.alwaysOriginal`).
  private var template = BarTemplateImage()

  /// `image` as the tab bar draws it: as a template in `tint` unless it is `.alwaysOriginal`
  /// (docs/uikit-bars.md#bar-item-images).
  func drawn(_ image: Image, tint: Color) -> Image { template.drawn(image, tint: tint) }

  /// UITabBarItem(tabBarSystemItem:tag:): the system item's title and glyph.
  public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
    let (title, glyph) = Self.look(of: systemItem)
    self.title = title
    self.glyph = glyph
    self.tag = tag
  }

  private static func look(of item: SystemItem) -> (String, BarGlyphs.Kind) {
    switch item {
    case .more: return ("More", .ellipsis)
    case .favorites: return ("Favorites", .star)
    case .featured: return ("Featured", .star)
    case .topRated: return ("Top Rated", .star)
    case .recents: return ("Recents", .clock)
    case .contacts: return ("Contacts", .person)
    case .history: return ("History", .clock)
    case .bookmarks: return ("Bookmarks", .book)
    case .search: return ("Search", .magnifier)
    case .downloads: return ("Downloads", .arrowDown)
    case .mostRecent: return ("Most Recent", .clock)
    case .mostViewed: return ("Most Viewed", .list)
    }
  }

  /// UITabBarItem(title:image:tag:): a tab showing `title` and `image` (each nil: none), the
  /// same image while selected.
  public init(title: String?, image: Image?, tag: Int) {
    self.title = title
    self.image = image
    self.tag = tag
    self.glyph = nil
  }

  /// UITabBarItem(title:image:selectedImage:): `selectedImage` shows while the tab is selected
  /// (nil: `image`); the tag is 0.
  public init(title: String?, image: Image?, selectedImage: Image?) {
    self.title = title
    self.image = image
    self.selectedImage = selectedImage
    self.tag = 0
    self.glyph = nil
  }
}

/// UITabBar: the bar of tabs along the bottom of a tab bar controller
/// (docs/uikit-transitions.md#tab-bar): 49 points tall, its items side by side in equal slots,
/// each a title in the 10-point system font (medium) 4 points above the bar's bottom with its
/// image centred above, the selected one in `tintColor`, the others in `unselectedItemTintColor`;
/// a hairline along its top. A tap that lifts on the item it began on selects that item.
@MainActor
open class TabBar: View {
  /// The bar's height in points, without a bottom safe area (UIKit's 49).
  public static let height = 49.0
  /// Points from the bar's bottom to its titles' bottom.
  public static let titleBottomPadding = 4.0
  /// The titles' font size in points.
  public static let titleFontSize = 10.0
  /// The background, an opaque stand-in for the bar material: 249,249,249 light, 22,22,22 dark
  /// (docs/colors.md#the-demo-screens).
  public static let standardBackground = Color(light: Color(hex: 0xF9F9F9), dark: Color(hex: 0x161616))
  /// The unselected items' colour while `unselectedItemTintColor` is nil: 153,153,153 light,
  /// 117,117,117 dark (docs/colors.md#the-demo-screens).
  public static let standardUnselectedTint = Color(light: Color(hex: 0x999999), dark: Color(hex: 0x757575))
  /// The side of a system item's glyph, in points (the HIG's 25-point target for circular tab
  /// icons).
  static let glyphSide = 25.0
  /// The badge: at least 18 points tall and wide, its text 13 points with 5 on each side, its
  /// leading edge 5 points after the image's centre and its top 3 points below the bar's
  /// (assumed); an empty badge is a 10-point dot.
  static let badgeHeight = 18.0
  static let badgeFont = Font.systemFont(ofSize: 13)
  static let badgePadding = 5.0
  static let badgeOffset = Point(x: 5, y: 3)
  static let badgeDot = 10.0

  /// The tabs, in order (nil: none).
  public var items: [TabBarItem]? {
    didSet {
      for item in items ?? [] { item.bar = self }
      setNeedsLayout()
    }
  }
  /// The highlighted item (nil: none).
  public var selectedItem: TabBarItem? { didSet { setNeedsLayout() } }
  /// The selected item's colour. Default `.systemBlue`.
  public var tintColor: Color = .systemBlue { didSet { setNeedsLayout() } }
  /// The other items' colour (nil: the standard gray).
  public var unselectedItemTintColor: Color? { didSet { setNeedsLayout() } }
  /// Told the index of the item a tap selected (the tab bar controller's).
  var onTap: ((Int) -> Void)?

  private let hairline = View()
  private var itemViews: [View] = []

  /// A bar without items at `frame` (default `.zero`), the standard background and a hairline;
  /// a tab bar controller sizes its own `tabBar` (49 points plus the bottom safe area).
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    name = "tab-bar"
    backgroundColor = Self.standardBackground
    hairline.name = "hairline"
    hairline.backgroundColor = .opaqueSeparator
    addSubview(hairline)
    addGestureRecognizer(TabTapRecognizer())
  }

  /// The index of the item whose slot holds `point` (bar coordinates), if any.
  func itemIndex(at point: Point) -> Int? {
    let count = items?.count ?? 0
    guard count > 0, bounds.contains(point) else { return nil }
    return min(Int((point.x - bounds.minX) / (bounds.width / Double(count))), count - 1)
  }

  /// Template images are filled with the tint of the appearance they are drawn in.
  override func effectiveAppearanceDidChange() { setNeedsLayout() }

  /// Lays the items out in equal slots, the selected one tinted.
  open override func layoutSubviews() {
    hairline.frame = Rect(x: 0, y: 0, width: bounds.width, height: 1 / Screen.main.scale)
    for view in itemViews { view.removeFromSuperview() }
    let items = self.items ?? []
    let slot = items.isEmpty ? 0 : bounds.width / Double(items.count)
    itemViews = items.enumerated().map { i, item in
      let selected = item === selectedItem
      let view = itemView(
        item, selected: selected, in: Rect(x: Double(i) * slot, y: 0, width: slot, height: Self.height))
      view.name = "tab\(i)"
      return view
    }
    for view in itemViews { addSubview(view) }
  }

  /// One item: its title at the bottom of `slot`, its image centred in the space above.
  private func itemView(_ item: TabBarItem, selected: Bool, in slot: Rect) -> View {
    let view = View(frame: slot)
    view.isUserInteractionEnabled = false
    let color = selected ? tintColor : unselectedItemTintColor ?? Self.standardUnselectedTint
    let title = Label(frame: .zero)
    title.text = item.title
    title.font = .systemFont(ofSize: Self.titleFontSize, weight: .medium)
    title.textColor = color
    title.textAlignment = .center
    let lineHeight = title.sizeThatFits(.zero).height
    let titleTop = slot.height - Self.titleBottomPadding - lineHeight
    title.frame = Rect(x: 0, y: titleTop, width: slot.width, height: lineHeight)
    view.addSubview(title)
    if let image = (selected ? item.selectedImage : nil) ?? item.image {
      let picture = ImageView(image: item.drawn(image, tint: color.resolvedColor(with: traitCollection)))
      picture.center = Point(x: slot.width / 2, y: titleTop / 2)
      view.addSubview(picture)
    } else if let glyph = item.glyph {
      let picture = BarGlyphs.view(glyph, side: Self.glyphSide, color: color)
      picture.center = Point(x: slot.width / 2, y: titleTop / 2)
      view.addSubview(picture)
    }
    if let badge = item.badgeValue { view.addSubview(badgeView(badge, color: item.badgeColor, slotWidth: slot.width)) }
    return view
  }

  /// The red capsule of a badge with its white text, or a dot for an empty one.
  private func badgeView(_ text: String, color: Color?, slotWidth: Double) -> View {
    let badge = View()
    badge.name = "badge"
    badge.backgroundColor = color ?? .systemRed
    let origin = Point(x: slotWidth / 2 + Self.badgeOffset.x, y: Self.badgeOffset.y)
    guard !text.isEmpty else {
      badge.frame = Rect(origin: origin, size: Size(width: Self.badgeDot, height: Self.badgeDot))
      badge.layer.cornerRadius = Self.badgeDot / 2
      return badge
    }
    let label = Label(text, font: Self.badgeFont, color: .white)
    let width = max(Self.badgeHeight, label.bounds.width + 2 * Self.badgePadding)
    badge.frame = Rect(origin: origin, size: Size(width: width, height: Self.badgeHeight))
    badge.layer.cornerRadius = Self.badgeHeight / 2
    label.center = Point(x: width / 2, y: Self.badgeHeight / 2)
    badge.addSubview(label)
    return badge
  }
}

/// The tab bar's own tap: a touch that begins and lifts on the same item selects it (as a
/// control's touch-up-inside).
@MainActor
final class TabTapRecognizer: GestureRecognizer {
  private var startItem: Int?

  override func handle(_ sample: TouchSample) {
    super.handle(sample)
    guard let bar = view as? TabBar, let location = sample.locations.first else { return }
    let item = bar.itemIndex(at: bar.convert(fromWindow: location))
    switch sample.phase {
    case .began: startItem = item
    case .moved: break
    case .ended: if let item, item == startItem { bar.onTap?(item) }
    case .cancelled: startItem = nil
    }
  }
}
