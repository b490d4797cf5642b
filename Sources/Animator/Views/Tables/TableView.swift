import Foundation

/// A table view (UITableView): a scroll view of rows in sections, asked of its data source and
/// shown as cells laid out one below the other with UIKit's metrics
/// (docs/uikit-lists.md#table-views). Only the rows in sight have cells; a cell that scrolls out
/// goes back to the reuse queue of its identifier. Headers do not stick to the top of a plain
/// table while it scrolls (assumed: not modelled).
@MainActor
open class TableView: ScrollView {
  /// UITableView.Style.
  public enum Style: Int, Sendable {
    /// Rows across the whole width; headers in the emphasized subheadline style.
    case plain = 0
    /// Sections separated by the grouped background, full-width separators around them.
    case grouped
    /// Sections inset by the margins, with rounded corners.
    case insetGrouped
  }

  /// UITableView.ScrollPosition: where `scrollToRow` puts the row.
  public enum ScrollPosition: Int, Sendable {
    /// As little scrolling as shows the whole row.
    case none = 0
    /// The row's top at the top of the area inside the adjusted insets.
    case top
    /// The row's middle at that area's middle.
    case middle
    /// The row's bottom at that area's bottom.
    case bottom
  }

  /// UITableViewCell.SeparatorStyle.
  public enum SeparatorStyle: Int, Sendable {
    /// No separators.
    case none = 0
    /// A one-pixel line in `separatorColor` under the rows (the default;
    /// docs/uikit-lists.md#separators).
    case singleLine
    /// Drawn as `singleLine` (UIKit's etched look is not modelled).
    case singleLineEtched
  }

  /// UITableView.automaticDimension: "size this to its content".
  public static let automaticDimension: CGFloat = -1

  /// UITableView.style, set when the table is made.
  public let style: Style
  /// The table's data source (held weakly, as in UIKit); a change reloads the data.
  public weak var dataSource: TableViewDataSource? { didSet { setNeedsReload() } }
  /// UITableView.rowHeight: every row's height in points, or `automaticDimension` (the default)
  /// to size each row to its cell (docs/uikit-lists.md#row-heights).
  public var rowHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
  /// The height a self-sizing row is assumed to have until its cell is measured
  /// (`automaticDimension`, the default, or 0: the standard 44 points).
  public var estimatedRowHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
  /// Every header's height, or `automaticDimension` (the default) for its title's.
  public var sectionHeaderHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
  /// Every footer's height, or `automaticDimension` (the default) for its title's.
  public var sectionFooterHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
  /// Kept for UIKit's API: headers are measured when the data loads.
  public var estimatedSectionHeaderHeight: CGFloat = TableView.automaticDimension
  /// Kept for UIKit's API.
  public var estimatedSectionFooterHeight: CGFloat = TableView.automaticDimension
  /// UITableView.sectionHeaderTopPadding (iOS 15): space above each header of a plain table;
  /// `automaticDimension` (the default) is 22 points.
  public var sectionHeaderTopPadding: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
  /// Default `.singleLine`; `.none` draws no separators.
  public var separatorStyle: SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
  /// The separators' colour (default `.separator`).
  public var separatorColor: Color? = ListMetrics.separatorColor { didSet { setNeedsLayout() } }
  /// UITableView.separatorInset: the separators' default distance from the rows' left and right
  /// edges; until set, the table's margin on the left (past a cell's image) and 0 on the right.
  public var separatorInset: EdgeInsets {
    get { ownSeparatorInset ?? EdgeInsets(top: 0, left: ListMetrics.tableMargin(for: self), bottom: 0, right: 0) }
    set {
      ownSeparatorInset = newValue
      setNeedsLayout()
    }
  }
  var ownSeparatorInset: EdgeInsets?
  /// Whether a tap selects a row (default true).
  public var allowsSelection = true
  /// Whether several rows can be selected at once (default false).
  public var allowsMultipleSelection = false
  /// Kept for UIKit's API: the content follows the table's margins (no readable width here).
  public var cellLayoutMarginsFollowReadableWidth = false
  /// A view above the first section, at its own height and the table's width.
  public var tableHeaderView: View? {
    didSet {
      oldValue?.removeFromSuperview()
      setNeedsReload()
    }
  }
  /// A view below the last section, at its own height and the table's width.
  public var tableFooterView: View? {
    didSet {
      oldValue?.removeFromSuperview()
      setNeedsReload()
    }
  }

  // MARK: State

  /// The classes registered for reuse identifiers.
  var registeredClasses: [String: TableViewCell.Type] = [:]
  /// Cells that scrolled out, by reuse identifier, ready to be dequeued.
  var reuseQueues: [String: [TableViewCell]] = [:]
  /// The cells shown, by row.
  var shownCells: [IndexPath: TableViewCell] = [:]
  /// The header and footer views shown, by section.
  var shownHeaders: [Int: View] = [:]
  var shownFooters: [Int: View] = [:]
  /// The rows and their heights, measured when the data loads (nil: reload before use).
  var geometry: TableGeometry?
  /// The heights measured from cells of self-sizing rows since the data loaded.
  var measuredHeights: [IndexPath: Double] = [:]
  /// The selected rows, in the order they were selected.
  var selectedRows: [IndexPath] = []
  /// Rows whose cell the data source got wrong (reported), left empty until the next reload.
  var refusedRows: Set<IndexPath> = []

  /// UITableView(frame:style:).
  public init(frame: Rect, style: Style) {
    self.style = style
    super.init(frame: frame)
    name = "table"
    alwaysBounceVertical = true
    backgroundColor = style == .plain ? ListMetrics.plainBackground : ListMetrics.groupedBackground
    addGestureRecognizer(ListTapRecognizer())
  }

  /// A plain table (UITableView(frame:)).
  public override convenience init(frame: Rect = .zero) { self.init(frame: frame, style: .plain) }

  /// Follows the adjusted insets (ScrollView), then gives the rows in sight their cells
  /// (TableTiling).
  open override func layoutSubviews() {
    super.layoutSubviews()
    tileRows()
  }

  /// UITableView.delegate: the scroll view's delegate, as a table view delegate.
  var tableDelegate: TableViewDelegate? { delegate as? TableViewDelegate }

  // MARK: Registration and reuse

  /// UITableView.register(_:forCellReuseIdentifier:): cells dequeued with `identifier` are made
  /// of `cellClass` when none is waiting (nil unregisters it).
  public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
    registeredClasses[identifier] = cellClass
  }

  /// UITableView.dequeueReusableCell(withIdentifier:): a cell that scrolled out with this
  /// identifier (after its `prepareForReuse()`), else a new one of the registered class, else
  /// nil.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    if var queue = reuseQueues[identifier], let cell = queue.popLast() {
      reuseQueues[identifier] = queue
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registeredClasses[identifier] else { return nil }
    let cell = cellClass.init(registeredReuseIdentifier: identifier)
    cell.owningTable = self
    return cell
  }

  /// UITableView.dequeueReusableCell(withIdentifier:for:): as `dequeueReusableCell(withIdentifier:)`
  /// for a registered identifier. An identifier with no class registered is UIKit's exception,
  /// reported as misuse (a default cell stands in).
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
    if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
    ListMisuse.report(
      "dequeueReusableCell(withIdentifier:for:): unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    )
    let stand = TableViewCell(style: .default, reuseIdentifier: identifier)
    stand.owningTable = self
    return stand
  }

  // MARK: Data

  /// UITableView.reloadData(): asks the data source again for everything, before the next
  /// layout; the cells shown go back to their queues.
  public func reloadData() { setNeedsReload() }

  func setNeedsReload() {
    geometry = nil
    setNeedsLayout()
  }

  /// UITableView.numberOfSections.
  public var numberOfSections: Int { loadedGeometry.sections.count }

  /// UITableView.numberOfRows(inSection:): 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    let sections = loadedGeometry.sections
    return sections.indices.contains(section) ? sections[section].rowHeights.count : 0
  }

  /// Whether `indexPath` names a row of the table.
  func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
  }

  /// UITableView.rectForRow(at:): the row's rectangle in the table's content coordinates. An
  /// index path outside the table is UIKit's exception, reported as misuse (zero).
  public func rectForRow(at indexPath: IndexPath) -> Rect {
    guard isValid(indexPath) else {
      ListMisuse.report(
        "rectForRow(at:): request for rect at invalid index path (\(indexPath.uikitDescription))")
      return .zero
    }
    return loadedGeometry.rowRect(indexPath)
  }

  /// UITableView.rect(forSection:): the section's header, rows and footer.
  public func rect(forSection section: Int) -> Rect {
    let g = loadedGeometry
    return g.sections.indices.contains(section) ? g.sectionRect(section) : .zero
  }

  /// UITableView.rectForHeader(inSection:).
  public func rectForHeader(inSection section: Int) -> Rect {
    let g = loadedGeometry
    return g.sections.indices.contains(section) ? g.headerRect(section) : .zero
  }

  /// UITableView.rectForFooter(inSection:).
  public func rectForFooter(inSection section: Int) -> Rect {
    let g = loadedGeometry
    return g.sections.indices.contains(section) ? g.footerRect(section) : .zero
  }

  /// UITableView.indexPathForRow(at:): the row under a point of the content, nil between rows.
  public func indexPathForRow(at point: Point) -> IndexPath? { loadedGeometry.row(at: point) }

  /// UITableView.cellForRow(at:): the row's cell while it is in sight, else nil (an index path
  /// outside the table included, as UIKit documents).
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    layoutIfNeeded()
    return shownCells[indexPath]
  }

  /// UITableView.indexPath(for:): the row a cell in sight shows.
  public func indexPath(for cell: TableViewCell) -> IndexPath? {
    shownCells.first { $0.value === cell }?.key
  }

  /// UITableView.visibleCells: the cells in sight, top to bottom.
  public var visibleCells: [TableViewCell] {
    layoutIfNeeded()
    return shownCells.keys.sorted().compactMap { shownCells[$0] }
  }

  /// UITableView.indexPathsForVisibleRows: the rows in sight, top to bottom.
  public var indexPathsForVisibleRows: [IndexPath]? {
    layoutIfNeeded()
    return shownCells.keys.sorted()
  }

  /// The geometry, loaded from the data source first if needed.
  var loadedGeometry: TableGeometry {
    if let geometry { return geometry }
    let loaded = loadData()
    geometry = loaded
    return loaded
  }
}
