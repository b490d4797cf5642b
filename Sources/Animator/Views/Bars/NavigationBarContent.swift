import Foundation

/// One navigation item drawn in a bar, each part its own view so that the bar's transition can
/// move and fade it: "back-chevron", "back-title", "left<i>", "right<i>", "title" (or the title
/// view), "large-title". Placed by `NavigationBarLayout`.
@MainActor
final class NavigationBarContent: View {
  let layout: NavigationBarLayout
  let item: NavigationItem
  private(set) var chevron: View?
  private(set) var backTitle: Label?
  private(set) var title: View?
  private(set) var largeTitle: Label?
  private(set) var leftItems: [View] = []
  private(set) var rightItems: [View] = []
  private var itemTargets: [(frame: Rect, item: BarButtonItem)] = []

  init(item: NavigationItem, back: NavigationItem?, width: Double, large: Bool, tint: Color) {
    self.item = item
    layout = NavigationBarLayout(item: item, back: back, width: width, large: large)
    super.init(frame: Rect(x: 0, y: 0, width: width, height: layout.height))
    name = "bar-items"
    isUserInteractionEnabled = false
    if let frame = layout.chevron {
      let glyph = BackChevron.view(color: tint)
      glyph.frame = frame
      chevron = glyph
      addSubview(glyph)
    }
    if let (text, frame) = layout.backTitle {
      let label = Label(text, font: NavigationBar.itemFont, color: tint)
      label.name = "back-title"
      label.frame = frame
      backTitle = label
      addSubview(label)
    }
    leftItems = place(item.leftBarButtonItems ?? [], layout.leftItems, "left", tint: tint)
    rightItems = place(item.rightBarButtonItems ?? [], layout.rightItems, "right", tint: tint)
    if let frame = layout.title { title = addTitle(frame) }
    if let frame = layout.largeTitle, let text = item.shownTitle {
      let label = Label(text, font: NavigationBar.largeTitleFont, color: .label)
      label.name = "large-title"
      label.frame = frame
      largeTitle = label
      addSubview(label)
    }
  }

  /// The title view, or the title in its font.
  private func addTitle(_ frame: Rect) -> View {
    if let view = item.titleView {
      view.frame = frame
      addSubview(view)
      return view
    }
    let label = Label(item.shownTitle ?? "", font: NavigationBar.titleFont, color: .label)
    label.name = "title"
    label.frame = frame
    addSubview(label)
    return label
  }

  private func place(_ items: [BarButtonItem], _ frames: [Rect], _ side: String, tint: Color) -> [View] {
    zip(items, frames).enumerated().map { i, pair in
      let (item, frame) = pair
      let view = BarItemView.make(item, tint: tint)
      view.frame = frame
      view.name = "\(side)\(i)"
      addSubview(view)
      itemTargets.append((frame, item))
      return view
    }
  }

  /// The item or back button a touch at `point` reaches: within the bar's 44 points of height,
  /// each item widened by half the spacing on both sides, the back button from the bar's edge
  /// to the end of its title.
  func tapTarget(at point: Point) -> BarTapTarget? {
    guard point.y >= 0, point.y <= NavigationBar.height else { return nil }
    if let hit = BarItemView.target(at: point, in: itemTargets) { return hit }
    let slop = NavigationBar.itemSpacing / 2
    if let chevron = layout.chevron, point.x <= (layout.backTitle?.frame.maxX ?? chevron.maxX) + slop { return .back }
    return nil
  }
}

/// The views of bar button items, in a navigation bar or a toolbar.
@MainActor
enum BarItemView {
  /// `item` drawn in `tint` (its own tint colour first; the disabled grey when disabled): its
  /// custom view, its title, its system glyph or its image (a template in that colour unless
  /// `.alwaysOriginal`); an empty view for a space or an item with none of these.
  static func make(_ item: BarButtonItem, tint: Color) -> View {
    let color = item.isEnabled ? item.tintColor ?? tint : Color.tertiaryLabel
    if let view = item.customView { return view }
    if let text = item.shownTitle, !item.isSpace {
      return Label(text, font: NavigationBar.itemFont(item.style), color: color)
    }
    if let system = item.systemItem, let kind = BarGlyphs.kind(of: system) {
      return BarGlyphs.view(kind, side: NavigationBar.glyphSide, color: color)
    }
    if let image = item.image { return BarItemImageView(item, image: image, tint: color) }
    return View()
  }

  /// The item among `targets` whose frame, widened by half the spacing on both sides, holds
  /// `point` along x (a space reaches nothing).
  static func target(at point: Point, in targets: [(frame: Rect, item: BarButtonItem)]) -> BarTapTarget? {
    let slop = NavigationBar.itemSpacing / 2
    guard let (_, item) = targets.first(where: { point.x >= $0.frame.minX - slop && point.x <= $0.frame.maxX + slop })
    else { return nil }
    return item.isSpace ? nil : .item(ObjectIdentifier(item))
  }
}

/// The back button's chevron: two rounded strokes meeting at a point on the left, 13 × 21
/// points (drawn here, in the spirit of the system's).
@MainActor
enum BackChevron {
  static func view(color: Color) -> View {
    let box = View(frame: NavigationBar.chevronFrame)
    box.name = "back-chevron"
    let width = 3.0
    box.addSubview(
      AccessoryGlyphs.stroke(from: Point(x: 11, y: 1.5), to: Point(x: 1.5, y: 10.5), color: color, width: width))
    box.addSubview(
      AccessoryGlyphs.stroke(from: Point(x: 1.5, y: 10.5), to: Point(x: 11, y: 19.5), color: color, width: width))
    return box
  }
}
