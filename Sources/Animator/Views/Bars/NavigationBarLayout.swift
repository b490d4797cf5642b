import Foundation

/// Where each part of one navigation item goes in a bar (docs/uikit-bars.md#bar-geometry), in
/// the bar's coordinates: the back button's chevron and title (nil: none), the left and right
/// items, the title (or title view), and the large title. Pure geometry from the item, the
/// bar's width and the text engine's sizes, so that the bar, its transition and the tests
/// share it.
@MainActor
struct NavigationBarLayout {
  /// The back button's title and where it is (nil: none, or the chevron alone).
  var backTitle: (text: String, frame: Rect)?
  /// The back chevron's frame (nil: no back button).
  var chevron: Rect?
  var leftItems: [Rect] = []
  var rightItems: [Rect] = []
  /// The small title's frame (also the title view's); its text is the item's title.
  var title: Rect?
  /// The large title's frame (nil: the title is small).
  var largeTitle: Rect?
  /// The bar's height: 44, or 96 with a large title.
  var height: Double

  /// Lays out `item` in a bar `width` points wide; `back` is the item under it in the stack
  /// (nil at the root), `large` whether its title shows large.
  init(item: NavigationItem, back: NavigationItem?, width: Double, large: Bool) {
    let margin = NavigationBar.margin(forWidth: width)
    height = NavigationBar.height + (large ? NavigationBar.largeTitleHeight : 0)
    let showsBack =
      back != nil && !item.hidesBackButton
      && (item.leftBarButtonItems?.isEmpty ?? true || item.leftItemsSupplementBackButton)
    // The back button, chevron first: it is kept even when no title fits.
    var leading = margin
    if showsBack {
      let c = NavigationBar.chevronFrame
      chevron = c
      leading = c.maxX + NavigationBar.backTitleGap
    }
    // Left items replace the back button, or stand after its chevron when they supplement it.
    leftItems = Self.place(item.leftBarButtonItems ?? [], from: leading, forward: true)
    rightItems = Self.place(item.rightBarButtonItems ?? [], from: width - margin, forward: false)
    let leftEdge = Double(max(leftItems.last?.maxX ?? 0, chevron?.maxX ?? 0))
    let rightEdge = rightItems.last.map { Double($0.minX) } ?? width
    title = Self.titleFrame(item, width: width, leftEdge: leftEdge, rightEdge: rightEdge, large: large)
    if large, let text = item.shownTitle {
      let size = Self.textSize(text, NavigationBar.largeTitleFont)
      let lineHeight = size.height
      largeTitle = Rect(
        x: margin, y: height - NavigationBar.largeTitleBottomPadding - lineHeight,
        width: min(size.width, width - 2 * margin),
        height: lineHeight)
    }
    if showsBack, let back, leftItems.isEmpty {
      let limit = min(
        title.map { Double($0.minX) - NavigationBar.itemSpacing } ?? rightEdge, rightEdge - NavigationBar.itemSpacing)
      backTitle = Self.backTitle(back.backTitleCandidates, x: leading, limit: limit)
    }
  }

  /// The first candidate that fits between `x` and `limit` (Apple: "whichever fits").
  private static func backTitle(_ candidates: [String], x: Double, limit: Double) -> (String, Rect)? {
    for text in candidates {
      let size = textSize(text, NavigationBar.itemFont)
      if x + size.width <= limit {
        return (text, Rect(x: x, y: (NavigationBar.height - size.height) / 2, width: size.width, height: size.height))
      }
    }
    return nil
  }

  /// The small title centred in the bar, shortened to the room the side items leave it
  /// symmetrically; nil when there is neither title nor title view, or while the large title
  /// shows.
  private static func titleFrame(
    _ item: NavigationItem, width: Double, leftEdge: Double, rightEdge: Double, large: Bool
  )
    -> Rect?
  {
    let room = max(0, width - 2 * max(leftEdge, width - rightEdge) - 2 * NavigationBar.itemSpacing)
    if let view = item.titleView {
      let size = view.bounds.size
      let w = min(size.width, room)
      return Rect(x: (width - w) / 2, y: (NavigationBar.height - size.height) / 2, width: w, height: size.height)
    }
    guard !large, let text = item.shownTitle, !text.isEmpty else { return nil }
    let size = textSize(text, NavigationBar.titleFont)
    let w = min(size.width, room)
    return Rect(x: (width - w) / 2, y: (NavigationBar.height - size.height) / 2, width: w, height: size.height)
  }

  /// Frames of `items` from `edge` inward (left to right when `forward`, else right to left),
  /// `itemSpacing` apart.
  static func place(_ items: [BarButtonItem], from edge: Double, forward: Bool) -> [Rect] {
    var x = edge
    return items.map { item in
      let size = itemSize(item)
      let frame = Rect(
        x: forward ? x : x - size.width, y: (NavigationBar.height - size.height) / 2, width: size.width,
        height: size.height)
      x = forward ? frame.maxX + NavigationBar.itemSpacing : frame.minX - NavigationBar.itemSpacing
      return frame
    }
  }

  /// An item's size: its custom view's, its title's in its font, a glyph's or image's; an item
  /// with none of these keeps an empty slot of `emptyItemWidth` (docs/uikit-bars.md#bar-button-items).
  static func itemSize(_ item: BarButtonItem) -> Size {
    if let view = item.customView { return view.bounds.size }
    if item.systemItem == .fixedSpace { return Size(width: item.width, height: NavigationBar.glyphSide) }
    if let text = item.shownTitle { return textSize(text, NavigationBar.itemFont(item.style)) }
    if let system = item.systemItem, BarGlyphs.kind(of: system) != nil {
      return Size(width: NavigationBar.glyphSide, height: NavigationBar.glyphSide)
    }
    if let image = item.image { return image.size }
    return Size(width: item.width > 0 ? item.width : NavigationBar.emptyItemWidth, height: NavigationBar.glyphSide)
  }

  /// One line of `text` in `font`, as the text engine lays it out (whole points).
  static func textSize(_ text: String, _ font: Font) -> Size {
    TextEngine.shared.size(of: TextBlock(text, font: font, numberOfLines: 1), fitting: .zero)
  }
}
