import Foundation

/// UICollectionViewLayoutAttributes: where a collection view shows an item, in its content
/// coordinates.
@MainActor
open class CollectionViewLayoutAttributes {
  /// The item's index path.
  public var indexPath: IndexPath
  /// The item's frame, in points.
  public var frame: Rect = .zero
  /// 0...1 (default 1).
  public var alpha = 1.0
  /// Items with a higher index are drawn over those with a lower one (default 0).
  public var zIndex = 0
  /// Whether the item is left out (default false).
  public var isHidden = false

  /// UICollectionViewLayoutAttributes(forCellWith:).
  public init(forCellWith indexPath: IndexPath) { self.indexPath = indexPath }

  /// The frame's centre; setting it moves the frame.
  public var center: Point {
    get { Point(x: frame.midX, y: frame.midY) }
    set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
  }

  /// The frame's size; setting it keeps the centre.
  public var size: Size {
    get { frame.size }
    set {
      let c = center
      frame.size = newValue
      center = c
    }
  }
}

/// UICollectionViewLayout: decides where a collection view's items go. A subclass overrides
/// `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`; the collection view calls `prepare()` when the layout was
/// invalidated (its data reloaded, its bounds' size changed) and asks for the elements in sight.
@MainActor
open class CollectionViewLayout {
  /// The collection view using this layout.
  public internal(set) weak var collectionView: CollectionView?

  /// A layout attached to no collection view yet; it places nothing until subclassed.
  public init() {}

  /// Works out the layout for the collection view's current data and bounds.
  open func prepare() {}

  /// The size of the content, in points.
  open var collectionViewContentSize: Size { .zero }

  /// The items whose frames meet `rect` (the default: none).
  open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? { nil }

  /// The item's attributes, nil for an index path the layout has none for.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

  /// Whether a change of the collection view's bounds to `newBounds` (a scroll or a resize)
  /// needs `prepare()` again (default false).
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  /// UICollectionViewLayout.invalidateLayout(): `prepare()` runs again before the next layout.
  open func invalidateLayout() { collectionView?.layoutDidInvalidate() }
}
