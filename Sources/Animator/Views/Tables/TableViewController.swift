import Foundation

/// A table view controller (UITableViewController): its view is a table of its style whose data
/// source and delegate it is. Subclasses override the data source and delegate methods (each is
/// declared here, as UIKit's Swift interface declares them, so an override is called); the
/// defaults are no rows and the table's own values (docs/uikit-lists.md#table-view-controller).
@MainActor
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// The style the table is made with.
  private let tableStyle: TableView.Style
  /// UITableViewController.clearsSelectionOnViewWillAppear: whether the selected rows are
  /// deselected each time the view is about to appear (default true; animated with the
  /// appearance).
  public var clearsSelectionOnViewWillAppear = true

  /// UITableViewController(style:).
  public init(style: TableView.Style) {
    tableStyle = style
    super.init()
  }

  /// A plain table's controller.
  public override convenience init() { self.init(style: .plain) }

  /// UITableViewController.tableView: the view, a table (set it to use another table).
  public var tableView: TableView! {
    get { view as? TableView }
    set { view = newValue }
  }

  /// Makes the table, with this controller as its data source and delegate.
  open override func loadView() {
    let table = TableView(frame: Screen.main.bounds, style: tableStyle)
    table.dataSource = self
    table.delegate = self
    view = table
  }

  /// Deselects the selected rows (animated as the appearance is) when
  /// `clearsSelectionOnViewWillAppear`, after the superclass's work.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let table = tableView else { return }
    for row in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: row, animated: animated) }
  }

  // MARK: UITableViewDataSource

  open func numberOfSections(in tableView: TableView) -> Int { 1 }
  open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
  open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    TableViewCell(style: .default, reuseIdentifier: nil)
  }
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }

  // MARK: UITableViewDelegate

  open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
  open func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.estimatedRowHeight
  }
  open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.sectionHeaderHeight
  }
  open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
    tableView.sectionFooterHeight
  }
  open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  open func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
  open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}

  // MARK: UIScrollViewDelegate

  open func scrollViewDidScroll(_ scrollView: ScrollView) {}
  open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
