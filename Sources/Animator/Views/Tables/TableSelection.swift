import Foundation

// Selecting rows, in code and with a scripted tap, and scrolling to a row
// (docs/uikit-lists.md#selection, #scrolling-to-a-row).

extension TableView {
  /// UITableView.indexPathForSelectedRow: the selected row with the lowest section and row, nil
  /// when none is selected.
  public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

  /// UITableView.indexPathsForSelectedRows: the selected rows in order, nil when none is.
  public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted() }

  /// UITableView.selectRow(at:animated:scrollPosition:): selects the row (the others unless
  /// `allowsMultipleSelection`) without telling the delegate, and scrolls it to `scrollPosition`
  /// (`.none`: not at all). nil deselects every row. An index path outside the table is UIKit's
  /// exception, reported as misuse.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for row in selectedRows { deselectRow(at: row, animated: animated) }
      return
    }
    guard isValid(indexPath) else {
      ListMisuse.report(
        "selectRow(at:animated:scrollPosition:): request for rect at invalid index path (\(indexPath.uikitDescription))"
      )
      return
    }
    if !allowsMultipleSelection {
      for row in selectedRows where row != indexPath { deselectRow(at: row, animated: animated) }
    }
    if !selectedRows.contains(indexPath) { selectedRows.append(indexPath) }
    shownCells[indexPath]?.setSelected(true, animated: animated)
    setNeedsLayout()
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// UITableView.deselectRow(at:animated:): deselects the row without telling the delegate;
  /// animated, its highlight fades out over 0.25 s.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    guard let i = selectedRows.firstIndex(of: indexPath) else { return }
    selectedRows.remove(at: i)
    shownCells[indexPath]?.setSelected(false, animated: animated)
    setNeedsLayout()
  }

  /// What a tap on a row does, as in UIKit: `willSelectRowAt` may redirect or refuse it; the
  /// rows selected before are deselected (with `willDeselectRowAt` and `didDeselectRowAt`)
  /// unless `allowsMultipleSelection`, where a tap on a selected row deselects it; then the row
  /// is selected and `didSelectRowAt` told.
  func userSelectRow(at indexPath: IndexPath) {
    let asked: IndexPath? = tableDelegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
    guard allowsSelection, let target = asked, isValid(target) else { return }
    if allowsMultipleSelection, selectedRows.contains(target) {
      userDeselectRow(at: target)
      return
    }
    if !allowsMultipleSelection {
      for row in selectedRows where row != target { userDeselectRow(at: row) }
    }
    selectRow(at: target, animated: false, scrollPosition: .none)
    tableDelegate?.tableView(self, didSelectRowAt: target)
  }

  private func userDeselectRow(at indexPath: IndexPath) {
    let asked: IndexPath? = tableDelegate.map { $0.tableView(self, willDeselectRowAt: indexPath) } ?? indexPath
    guard let row = asked else { return }
    deselectRow(at: row, animated: false)
    tableDelegate?.tableView(self, didDeselectRowAt: row)
  }

  // MARK: Scrolling to a row

  /// UITableView.scrollToRow(at:at:animated:): moves the content so the row is at the top,
  /// middle or bottom of the area inside the adjusted insets (`.none`: the least movement that
  /// shows it whole), kept between the content's first and last offsets. An index path outside
  /// the table is UIKit's exception, reported as misuse.
  public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    guard isValid(indexPath) else {
      ListMisuse.report(
        "scrollToRow(at:at:animated:): attempt to scroll to invalid index path: \(indexPath.uikitDescription)")
      return
    }
    let row = loadedGeometry.rowRect(indexPath)
    let insets = adjustedContentInset
    let top = row.minY - insets.top
    let bottom = row.maxY - bounds.height + insets.bottom
    let y: Double
    switch position {
    case .top: y = top
    case .bottom: y = bottom
    case .middle: y = row.midY - insets.top - (bounds.height - insets.top - insets.bottom) / 2
    case .none: y = contentOffset.y > top ? top : contentOffset.y < bottom ? bottom : contentOffset.y
    }
    let clamped = min(max(y, -insets.top), maximumOffsetY)
    setContentOffset(Point(x: contentOffset.x, y: clamped), animated: animated)
  }
}

extension TableView: TapSelectable {
  func highlightableIndexPath(atWindowPoint point: Point) -> IndexPath? {
    guard allowsSelection, let row = indexPathForRow(at: convert(fromWindow: point)) else { return nil }
    return tableDelegate?.tableView(self, shouldHighlightRowAt: row) ?? true ? row : nil
  }

  func setHighlighted(_ highlighted: Bool, at indexPath: IndexPath) {
    cellForRow(at: indexPath)?.setHighlighted(highlighted, animated: false)
    setNeedsLayout()
  }

  func selectFromTap(at indexPath: IndexPath) { userSelectRow(at: indexPath) }
}
