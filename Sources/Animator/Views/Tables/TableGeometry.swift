import Foundation

/// Where a table's header, sections, rows and footers lie in its content coordinates, from their
/// heights (docs/uikit-lists.md#table-geometry): one below the other from the top, the rows of
/// an inset grouped table inset by the margin on both sides.
struct TableGeometry {
  struct Section {
    /// The header's height, top padding included.
    var header: Double
    /// The part of `header` above the header view (a plain table's top padding).
    var headerPadding = 0.0
    var footer: Double
    var rowHeights: [Double]
    /// The section's top, and each row's top from it.
    var top = 0.0
    var rowTops: [Double] = []
    var height: Double { header + rowHeights.reduce(0, +) + footer }
  }

  /// The table's width and the inset of the rows from each side.
  var width: Double
  var rowInset: Double
  var tableHeader: Double
  var tableFooter: Double
  var sections: [Section]
  /// The rows sized to their cells.
  var selfSizing: Set<IndexPath>

  init(
    width: Double, rowInset: Double, tableHeader: Double, tableFooter: Double, sections: [Section],
    selfSizing: Set<IndexPath>
  ) {
    self.width = width
    self.rowInset = rowInset
    self.tableHeader = tableHeader
    self.tableFooter = tableFooter
    self.sections = sections
    self.selfSizing = selfSizing
    placeSections()
  }

  /// Stacks the sections below the table header, and the rows of each below its header.
  mutating func placeSections() {
    var y = tableHeader
    for i in sections.indices {
      sections[i].top = y
      var rowY = 0.0
      sections[i].rowTops = sections[i].rowHeights.map { h in
        defer { rowY += h }
        return rowY
      }
      y += sections[i].height
    }
  }

  /// Sets a row's height and moves everything below it.
  mutating func setHeight(_ height: Double, of indexPath: IndexPath) {
    sections[indexPath.section].rowHeights[indexPath.row] = height
    placeSections()
  }

  var contentHeight: Double { tableHeader + sections.reduce(0) { $0 + $1.height } + tableFooter }

  func rowRect(_ indexPath: IndexPath) -> Rect {
    let s = sections[indexPath.section]
    return Rect(
      x: rowInset, y: s.top + s.header + s.rowTops[indexPath.row], width: width - 2 * rowInset,
      height: s.rowHeights[indexPath.row])
  }

  /// The header view's rectangle (below the top padding).
  func headerRect(_ section: Int) -> Rect {
    let s = sections[section]
    return Rect(x: 0, y: s.top + s.headerPadding, width: width, height: s.header - s.headerPadding)
  }

  func footerRect(_ section: Int) -> Rect {
    let s = sections[section]
    return Rect(x: 0, y: s.top + s.height - s.footer, width: width, height: s.footer)
  }

  func sectionRect(_ section: Int) -> Rect {
    let s = sections[section]
    return Rect(x: 0, y: s.top, width: width, height: s.height)
  }

  /// The rows whose rectangles meet `rect` (vertically), top to bottom.
  func rows(in rect: Rect) -> [IndexPath] {
    var rows: [IndexPath] = []
    for (i, s) in sections.enumerated() where s.top < rect.maxY && s.top + s.height > rect.minY {
      let origin = s.top + s.header
      let first = max(0, s.rowTops.partitionPoint(from: 0) { origin + $0 > rect.minY } - 1)
      var r = first
      while r < s.rowHeights.count, origin + s.rowTops[r] < rect.maxY {
        if origin + s.rowTops[r] + s.rowHeights[r] > rect.minY { rows.append(IndexPath(row: r, section: i)) }
        r += 1
      }
    }
    return rows
  }

  /// The sections whose headers or footers meet `rect`.
  func sections(in rect: Rect) -> [Int] {
    sections.indices.filter { sectionRect($0).minY < rect.maxY && sectionRect($0).maxY > rect.minY }
  }

  /// The row under `point`, nil outside the rows.
  func row(at point: Point) -> IndexPath? {
    guard point.x >= rowInset, point.x < width - rowInset else { return nil }
    return rows(in: Rect(x: 0, y: point.y, width: width, height: 0.000_001)).first
  }
}
