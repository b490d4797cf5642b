import Foundation

/// UITableViewDataSource: the sections, rows and cells a table shows. The two row methods are
/// required; the others default to one section and no titles.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// How many rows `section` has (0 or more).
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath`, dequeued from `tableView`.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// How many sections (default 1).
  func numberOfSections(in tableView: TableView) -> Int
  /// The title of the section's header (default none).
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
  /// The title of the section's footer (default none).
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// UITableViewDelegate: heights, headers, display and selection. Every method has a default:
/// the table's own values (`rowHeight`, `sectionHeaderHeight`, …), no views, selection
/// allowed, nothing told.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
  /// The row's height in points, or `TableView.automaticDimension` to size it to its cell
  /// (default: the table's `rowHeight`).
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// The height assumed for a row until it is shown (default: `estimatedRowHeight`).
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
  /// The header's height, or `automaticDimension` for its title's (default:
  /// `sectionHeaderHeight`).
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
  /// The footer's height, or `automaticDimension` for its title's (default:
  /// `sectionFooterHeight`).
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat
  /// A view of the app's for the section's header, in place of its title (default none).
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
  /// A view of the app's for the section's footer (default none).
  func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
  /// The cell is about to be shown for the row.
  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
  /// The cell went out of sight (it will be reused).
  func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
  /// Whether a touch highlights the row (default true).
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// The row a tap selects instead of `indexPath`, nil to select none (default `indexPath`).
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// A tap selected the row.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The row about to be deselected by a tap on another, nil to keep it (default `indexPath`).
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  /// A tap on another row deselected this one.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
  public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.estimatedRowHeight
  }
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.sectionHeaderHeight
  }
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
    tableView.sectionFooterHeight
  }
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
  public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
