import Foundation

// A table's layout pass (docs/uikit-lists.md#only-rows-in-sight-have-cells): the rows in sight
// get cells from the data source (self-sizing ones measured, which moves the rows below them),
// the cells that left the sight go back to their reuse queues, and headers, footers and the
// table's own header and footer views are placed.

extension TableView {
  /// How many times a layout measures newly shown rows and looks again at what is in sight.
  static let tilingPasses = 8

  /// Brings the cells, headers and footers in line with the bounds.
  func tileRows() {
    if geometry == nil || geometry?.width != bounds.width {
      if geometry?.width != bounds.width { measuredHeights = [:] }
      for path in shownCells.keys.sorted() { recycle(at: path) }
      refusedRows = []
      geometry = nil
    }
    var g = loadedGeometry
    for _ in 0..<Self.tilingPasses {
      let wanted = Set(g.rows(in: coveredRect))
      for path in shownCells.keys.sorted() where !wanted.contains(path) { recycle(at: path) }
      var moved = false
      for path in wanted.sorted() where shownCells[path] == nil {
        guard let cell = obtainCell(at: path) else { continue }
        configure(cell, at: path, in: g)
        if g.selfSizing.contains(path), measuredHeights[path] == nil {
          let height = measure(cell, width: g.rowRect(path).width)
          measuredHeights[path] = height
          if height != g.sections[path.section].rowHeights[path.row] {
            g.setHeight(height, of: path)
            moved = true
          }
        }
        show(cell, at: path)
      }
      geometry = g
      if !moved { break }
    }
    if contentSize != Size(width: bounds.width, height: g.contentHeight) {
      contentSize = Size(width: bounds.width, height: g.contentHeight)
    }
    for (path, cell) in shownCells {
      configure(cell, at: path, in: g)
      let frame = g.rowRect(path)
      if cell.frame != frame { cell.frame = frame }
    }
    placeHeadersAndFooters(g)
    placeTableHeaderAndFooter(g)
  }

  // MARK: Cells

  /// The data source's cell for the row; a cell of another table is UIKit's misuse, reported
  /// once (the row shows none until the data is reloaded).
  private func obtainCell(at path: IndexPath) -> TableViewCell? {
    guard let dataSource, !refusedRows.contains(path) else { return nil }
    let cell = dataSource.tableView(self, cellForRowAt: path)
    if let owner = cell.owningTable, owner !== self {
      refusedRows.insert(path)
      ListMisuse.report(
        "tableView(_:cellForRowAt:) for \(path.uikitDescription): the cell was dequeued from a different table view; a table view shows only cells it dequeued or that were made for it"
      )
      return nil
    }
    if let old = indexPath(for: cell) { shownCells[old] = nil }
    cell.owningTable = self
    return cell
  }

  /// Adds the cell for the row and tells the delegate.
  private func show(_ cell: TableViewCell, at path: IndexPath) {
    shownCells[path] = cell
    if cell.superview !== self { insertSubview(cell, at: 0) }
    tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
  }

  /// Takes the row's cell out of sight, into its reuse queue (a cell without an identifier is
  /// let go).
  func recycle(at path: IndexPath) {
    guard let cell = shownCells.removeValue(forKey: path) else { return }
    cell.removeFromSuperview()
    tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
    if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
  }

  /// The height a self-sizing row's cell needs at `width`, laid out again at the height found
  /// until it settles (a wrapping label's height depends on the width it was given).
  private func measure(_ cell: TableViewCell, width: Double) -> Double {
    var height = cell.frame.height > 0 ? cell.frame.height : ListMetrics.standardRowHeight
    for _ in 0..<3 {
      cell.frame = Rect(x: 0, y: 0, width: width, height: height)
      let next = cell.fittingHeight()
      if next == height { break }
      height = next
    }
    return height
  }

  /// Gives the cell what the table decides for its row: margins, background, separators,
  /// rounded corners in an inset grouped section, and whether it is selected.
  private func configure(_ cell: TableViewCell, at path: IndexPath, in g: TableGeometry) {
    let margin = ListMetrics.tableMargin(for: self)
    if cell.tableMargins != (margin, margin) { cell.tableMargins = (margin, margin) }
    cell.styleBackgroundColor = style == .plain ? ListMetrics.plainBackground : ListMetrics.groupedCellBackground
    let rows = g.sections[path.section].rowHeights.count
    let first = path.row == 0, last = path.row == rows - 1
    var separators = TableViewCell.Separators()
    separators.color = separatorColor ?? ListMetrics.separatorColor
    separators.tableInset = ownSeparatorInset
    // A highlighted or selected row shows no separator below it, nor the row above it.
    let lit = isLit(path) || isLit(IndexPath(row: path.row + 1, section: path.section))
    separators.bottom = separatorStyle != .none && (!last || style == .grouped) && !lit
    separators.bottomFullWidth = last && style == .grouped
    separators.top = separatorStyle != .none && first && style == .grouped
    if cell.separators != separators { cell.separators = separators }
    if style == .insetGrouped { roundCorners(of: cell, first: first, last: last) }
    let selected = selectedRows.contains(path)
    if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
  }

  /// Whether the row is selected or highlighted.
  private func isLit(_ path: IndexPath) -> Bool {
    selectedRows.contains(path) || shownCells[path]?.isHighlighted == true
  }

  /// An inset grouped section's first row has its top corners rounded, its last row its bottom
  /// ones.
  private func roundCorners(of cell: TableViewCell, first: Bool, last: Bool) {
    var corners: CornerMask = []
    if first { corners.formUnion([.minXMinY, .maxXMinY]) }
    if last { corners.formUnion([.minXMaxY, .maxXMaxY]) }
    cell.layer.cornerRadius = corners.isEmpty ? 0 : ListMetrics.insetGroupedCornerRadius
    cell.layer.maskedCorners = corners.isEmpty ? .all : corners
    cell.clipsToBounds = true
  }

  // MARK: Headers and footers

  /// Shows the headers and footers of the sections in sight, and lets the others go.
  private func placeHeadersAndFooters(_ g: TableGeometry) {
    let sections = Set(g.sections(in: coveredRect))
    for section in Array(shownHeaders.keys) where !sections.contains(section) {
      shownHeaders.removeValue(forKey: section)?.removeFromSuperview()
    }
    for section in Array(shownFooters.keys) where !sections.contains(section) {
      shownFooters.removeValue(forKey: section)?.removeFromSuperview()
    }
    for section in sections.sorted() {
      place(&shownHeaders, section, g.headerRect(section)) { section, size in
        tableDelegate?.tableView(self, viewForHeaderInSection: section)
          ?? headerTitle(of: section).map { titleView($0, header: true, first: section == 0, size: size) }
      }
      place(&shownFooters, section, g.footerRect(section)) { section, size in
        tableDelegate?.tableView(self, viewForFooterInSection: section)
          ?? footerTitle(of: section).map { titleView($0, header: false, first: false, size: size) }
      }
    }
  }

  /// Puts the section's view (made by `make` for a size the first time) at `rect`.
  private func place(_ shown: inout [Int: View], _ section: Int, _ rect: Rect, make: (Int, Size) -> View?) {
    guard rect.height > 0 else { return }
    if shown[section] == nil, let view = make(section, rect.size) {
      shown[section] = view
      addSubview(view)
    }
    if let view = shown[section], view.frame != rect { view.frame = rect }
  }

  /// The table's header view above the first section, its footer view below the last.
  private func placeTableHeaderAndFooter(_ g: TableGeometry) {
    if let header = tableHeaderView {
      if header.superview !== self { addSubview(header) }
      header.frame = Rect(x: 0, y: 0, width: bounds.width, height: g.tableHeader)
    }
    if let footer = tableFooterView {
      if footer.superview !== self { addSubview(footer) }
      footer.frame = Rect(x: 0, y: g.contentHeight - g.tableFooter, width: bounds.width, height: g.tableFooter)
    }
  }
}
