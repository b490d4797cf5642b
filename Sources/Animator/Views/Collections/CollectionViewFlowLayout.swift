import Foundation

/// UICollectionViewFlowLayout: items in lines across the scrolling direction, wrapped when a
/// line is full (docs/uikit-lists.md#flow-layout). Each line starts at the section's leading
/// inset and ends at its trailing one, the items spread with equal gaps of at least
/// `minimumInteritemSpacing`; a line of one item centres it. Lines are `minimumLineSpacing`
/// apart, an item centred across its line's thickness; sections follow one another with their
/// insets. Sizes and spacing may come per item or section from a
/// `CollectionViewDelegateFlowLayout`.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
  /// Default `.vertical`: lines run across and stack downwards.
  public var scrollDirection: CollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
  /// Every item's size when the delegate gives none (default 50 × 50).
  public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// Between lines (default 10).
  public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// Between the items of a line, at least (default 10).
  public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// Space around each section's items (default none), measured from the adjusted content
  /// inset.
  public var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
  /// Kept for UIKit's API: items are not self-sized (their size is `itemSize` or the
  /// delegate's).
  public var estimatedItemSize: Size = .zero

  private var items: [[CollectionViewLayoutAttributes]] = []
  private var contentSize = Size.zero
  private var preparedSize: Size?

  /// A flow layout with Apple's defaults: vertical, 50 × 50 items, spacing 10, no section inset.
  public override init() { super.init() }

  open override func prepare() {
    guard let view = collectionView else { return }
    preparedSize = view.bounds.size
    let vertical = scrollDirection == .vertical
    let insets = view.adjustedContentInset
    let across =
      vertical ? view.bounds.width - insets.left - insets.right : view.bounds.height - insets.top - insets.bottom
    var along = 0.0
    items = (0..<view.numberOfSections).map { section in
      layOutSection(section, in: view, across: across, along: &along)
    }
    contentSize = vertical ? Size(width: across, height: along) : Size(width: along, height: across)
  }

  /// The section's items, in lines from `along` on (moved past the section).
  private func layOutSection(_ section: Int, in view: CollectionView, across: Double, along: inout Double)
    -> [CollectionViewLayoutAttributes]
  {
    let count = view.numberOfItems(inSection: section)
    guard count > 0 else { return [] }
    let flow = view.delegate as? CollectionViewDelegateFlowLayout
    let inset = flow?.collectionView(view, layout: self, insetForSectionAt: section) ?? sectionInset
    let lineSpacing =
      flow?.collectionView(view, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
    let spacing =
      flow?.collectionView(view, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
    let vertical = scrollDirection == .vertical
    let (lead, trail) = vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
    let crossStart = vertical ? inset.left : inset.top
    let room = across - crossStart - (vertical ? inset.right : inset.bottom)
    let sizes = (0..<count).map { item in
      flow?.collectionView(view, layout: self, sizeForItemAt: IndexPath(item: item, section: section)) ?? itemSize
    }
    // Lengths across the lines and thicknesses along the scrolling direction.
    let lengths = sizes.map { Double(vertical ? $0.width : $0.height) }
    var attributes: [CollectionViewLayoutAttributes] = []
    along += lead
    let lines = Self.lines(lengths, room: room, spacing: spacing)
    for (l, line) in lines.enumerated() {
      let thickness = line.map { vertical ? sizes[$0].height : sizes[$0].width }.max() ?? 0
      let starts = Self.starts(line.map { lengths[$0] }, room: room, from: crossStart)
      for (item, start) in zip(line, starts) {
        let size = sizes[item]
        let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
        let depth = (thickness - (vertical ? size.height : size.width)) / 2
        a.frame =
          vertical
          ? Rect(x: start, y: along + depth, width: size.width, height: size.height)
          : Rect(x: along + depth, y: start, width: size.width, height: size.height)
        attributes.append(a)
      }
      along += thickness + (l < lines.count - 1 ? lineSpacing : 0)
    }
    along += trail
    return attributes
  }

  /// The items of each line: as many as fit in `room` with `spacing` between them (at least
  /// one).
  static func lines(_ lengths: [Double], room: Double, spacing: Double) -> [[Int]] {
    var lines: [[Int]] = []
    var line: [Int] = [], used = 0.0
    for (i, length) in lengths.enumerated() {
      let needed = line.isEmpty ? length : used + spacing + length
      if !line.isEmpty, needed > room + 1e-9 {
        lines.append(line)
        line = [i]
        used = length
      } else {
        line.append(i)
        used = needed
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// Where each item of a line starts across it: one item centred, several spread from edge
  /// to edge with equal gaps.
  static func starts(_ lengths: [Double], room: Double, from origin: Double) -> [Double] {
    guard lengths.count > 1 else { return lengths.map { origin + (room - $0) / 2 } }
    let gap = (room - lengths.reduce(0, +)) / Double(lengths.count - 1)
    var x = origin
    return lengths.map { length in
      defer { x += length + gap }
      return x
    }
  }

  open override var collectionViewContentSize: Size { contentSize }

  /// The items whose frames overlap `rect` (frames that only touch it are left out).
  open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
    items.joined().filter {
      $0.frame.minX < rect.maxX && $0.frame.maxX > rect.minX && $0.frame.minY < rect.maxY && $0.frame.maxY > rect.minY
    }
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    guard indexPath.count == 2, items.indices.contains(indexPath.section),
      items[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return items[indexPath.section][indexPath.item]
  }

  /// A new size of the bounds lays the items out again.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != preparedSize
  }
}
