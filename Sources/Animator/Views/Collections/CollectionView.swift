import Foundation

/// A collection view (UICollectionView): a scroll view whose items its layout places, asked of
/// its data source and shown as cells (docs/uikit-lists.md#collection-views). Only the items in
/// sight have cells; a cell that scrolls out goes back to the reuse queue of its identifier.
@MainActor
open class CollectionView: ScrollView {
  /// UICollectionView.ScrollDirection.
  public enum ScrollDirection: Int, Sendable {
    /// Lines run across and stack downwards; the content scrolls vertically (raw value 0).
    case vertical = 0
    /// Lines are columns stacked rightwards; the content scrolls horizontally (raw value 1).
    case horizontal
  }

  /// UICollectionView.ScrollPosition: where `scrollToItem` puts the item, one option per axis.
  public struct ScrollPosition: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The item's top edge at the top of the area inside the adjusted insets.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item centred vertically in the area inside the adjusted insets.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom edge at the bottom of the area inside the adjusted insets.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's left edge at the left of the area inside the adjusted insets.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item centred horizontally in the area inside the adjusted insets.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's right edge at the right of the area inside the adjusted insets.
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// UICollectionView.collectionViewLayout: what places the items; a new one lays them out
  /// again.
  public var collectionViewLayout: CollectionViewLayout {
    didSet {
      oldValue.collectionView = nil
      collectionViewLayout.collectionView = self
      layoutDidInvalidate()
    }
  }
  /// The collection view's data source (held weakly, as in UIKit); a change reloads the data.
  public weak var dataSource: CollectionViewDataSource? { didSet { reloadData() } }
  /// Whether a tap selects an item (default true).
  public var allowsSelection = true
  /// Whether several items can be selected at once (default false).
  public var allowsMultipleSelection = false

  var registeredClasses: [String: CollectionViewCell.Type] = [:]
  var reuseQueues: [String: [CollectionViewCell]] = [:]
  var shownCells: [IndexPath: CollectionViewCell] = [:]
  /// The number of items of each section, nil: ask the data source again.
  var itemCounts: [Int]?
  /// The bounds and adjusted insets the layout was last prepared for, nil: prepare it before
  /// the next layout.
  var preparedFor: (bounds: Rect, insets: EdgeInsets)?
  var selectedItems: [IndexPath] = []
  /// Items whose cell the data source got wrong (reported), left empty until the next reload.
  var refusedItems: Set<IndexPath> = []

  /// UICollectionView(frame:collectionViewLayout:).
  public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    name = "collection"
    backgroundColor = .systemBackground
    layout.collectionView = self
    addGestureRecognizer(ListTapRecognizer())
  }

  /// UICollectionView.delegate: the scroll view's delegate, as a collection view delegate.
  var collectionDelegate: CollectionViewDelegate? { delegate as? CollectionViewDelegate }

  // MARK: Registration and reuse

  /// UICollectionView.register(_:forCellWithReuseIdentifier:): cells dequeued with
  /// `identifier` are made of `cellClass` when none is waiting (nil unregisters it).
  public func register(_ cellClass: CollectionViewCell.Type?, forCellWithReuseIdentifier identifier: String) {
    registeredClasses[identifier] = cellClass
  }

  /// UICollectionView.dequeueReusableCell(withReuseIdentifier:for:): a cell that scrolled out
  /// with this identifier (after its `prepareForReuse()`), else a new one of the registered
  /// class. An identifier with no class registered is UIKit's exception, reported as misuse (an
  /// empty cell stands in).
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    if var queue = reuseQueues[identifier], let cell = queue.popLast() {
      reuseQueues[identifier] = queue
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registeredClasses[identifier] else {
      ListMisuse.report(
        "dequeueReusableCell(withReuseIdentifier:for:): could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      )
      return owned(CollectionViewCell(registeredReuseIdentifier: identifier))
    }
    return owned(cellClass.init(registeredReuseIdentifier: identifier))
  }

  private func owned(_ cell: CollectionViewCell) -> CollectionViewCell {
    cell.owningCollection = self
    return cell
  }

  // MARK: Data

  /// UICollectionView.reloadData(): asks the data source again before the next layout; the
  /// cells shown go back to their queues.
  public func reloadData() {
    itemCounts = nil
    layoutDidInvalidate()
  }

  /// The layout must be prepared again before the next layout.
  func layoutDidInvalidate() {
    preparedFor = nil
    setNeedsLayout()
  }

  /// UICollectionView.numberOfSections.
  public var numberOfSections: Int { loadedCounts.count }

  /// UICollectionView.numberOfItems(inSection:): 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    loadedCounts.indices.contains(section) ? loadedCounts[section] : 0
  }

  func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
  }

  /// The item counts, asked of the data source first if needed; a negative count is UIKit's
  /// exception, reported as misuse, and taken as 0.
  private var loadedCounts: [Int] {
    if let itemCounts { return itemCounts }
    let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
    let counts = (0..<max(0, sections)).map { section -> Int in
      let n = dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
      guard n < 0 else { return n }
      ListMisuse.report(
        "collectionView(_:numberOfItemsInSection:) returned \(n) for section \(section): the number of items in a section must be 0 or more"
      )
      return 0
    }
    if sections < 0 {
      ListMisuse.report("numberOfSections(in:) returned \(sections): the number of sections must be 0 or more")
    }
    itemCounts = counts
    return counts
  }

  // MARK: Queries

  /// UICollectionView.layoutAttributesForItem(at:): the layout's attributes for the item, nil
  /// for an index path outside the collection view.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    guard isValid(indexPath) else { return nil }
    prepareLayoutIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// UICollectionView.cellForItem(at:): the item's cell while it is in sight, else nil.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    layoutIfNeeded()
    return shownCells[indexPath]
  }

  /// UICollectionView.indexPath(for:): the item a cell in sight shows.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    shownCells.first { $0.value === cell }?.key
  }

  /// UICollectionView.indexPathForItem(at:): the item under a point of the content.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    prepareLayoutIfNeeded()
    let probe = Rect(x: point.x, y: point.y, width: 0.000_001, height: 0.000_001)
    return collectionViewLayout.layoutAttributesForElements(in: probe)?.filter { !$0.isHidden }
      .max { ($0.zIndex, $1.indexPath) < ($1.zIndex, $0.indexPath) }?.indexPath
  }

  /// UICollectionView.visibleCells: the cells in sight, in index path order.
  public var visibleCells: [CollectionViewCell] {
    layoutIfNeeded()
    return shownCells.keys.sorted().compactMap { shownCells[$0] }
  }

  /// UICollectionView.indexPathsForVisibleItems: the items in sight, in order.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return shownCells.keys.sorted()
  }

  /// Prepares the layout for the current data, bounds and adjusted insets when it needs it: a
  /// change of the bounds alone (a scroll) when the layout asks for it.
  func prepareLayoutIfNeeded() {
    let now = (bounds: bounds, insets: adjustedContentInset)
    if let prepared = preparedFor, prepared.insets == now.insets {
      guard prepared.bounds != now.bounds else { return }
      preparedFor = now
      guard collectionViewLayout.shouldInvalidateLayout(forBoundsChange: now.bounds) else { return }
    }
    preparedFor = now
    collectionViewLayout.prepare()
    contentSize = collectionViewLayout.collectionViewContentSize
  }

  /// Follows the adjusted insets (ScrollView), then gives the items in sight their cells.
  open override func layoutSubviews() {
    super.layoutSubviews()
    tileItems()
  }
}
