import AnimatorTestSupport
import Foundation
import Pixels
import Testing

@testable import Animator

/// A data source and delegate of sections of rows, with titles, heights and a cell maker of the
/// test's choosing, that notes what the table tells it.
@MainActor
final class Rows: TableViewDataSource, TableViewDelegate {
  var counts: [Int]
  var headers: [String?] = []
  var footers: [String?] = []
  var height: ((IndexPath) -> CGFloat)?
  var willSelect: ((IndexPath) -> IndexPath?)?
  var makeCell: (TableView, IndexPath) -> TableViewCell = { table, path in
    let cell =
      table.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(style: .default, reuseIdentifier: "row")
    cell.textLabel?.text = "Row \(path.row)"
    return cell
  }
  var log: [String] = []

  init(_ counts: [Int]) { self.counts = counts }

  func numberOfSections(in tableView: TableView) -> Int { counts.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    makeCell(tableView, indexPath)
  }
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    headers.indices.contains(section) ? headers[section] : nil
  }
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    footers.indices.contains(section) ? footers[section] : nil
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    height?(indexPath) ?? tableView.rowHeight
  }
  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
    log.append("willDisplay \(indexPath.row)")
  }
  func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
    log.append("didEndDisplaying \(indexPath.row)")
  }
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    willSelect.map { $0(indexPath) } ?? indexPath
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    log.append("didSelect \(indexPath.section)-\(indexPath.row)")
  }
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    log.append("didDeselect \(indexPath.section)-\(indexPath.row)")
  }
}

/// The height the text engine gives one line of `text` in `font` (wrapped at `width` when > 0).
@MainActor
func textHeight(_ text: String, _ font: Font, width: Double = 0) -> Double {
  TextEngine.shared.size(of: TextBlock(text, font: font, numberOfLines: 0), fitting: Size(width: width, height: 0))
    .height
}

/// A square picture of `side` points at 1 px/pt.
func square(_ side: Int) -> Image {
  Image(bitmap: Bitmap(RGBAImage(width: side, height: side, fill: RGBA8(255, 0, 0))!, label: "square"))
}

/// docs/uikit-lists.md: tables on a screen of the test's size at 1 px/pt, no safe area; every
/// frame worked out by hand from the metrics and the text engine's line heights.
@MainActor
@Suite("Table views", .resetEngineAfterEachTest)
struct TableViewTests {
  /// A table of `style` filling a window of `width` × `height`, laid out.
  func table(_ style: TableView.Style, _ rows: Rows, width: Double = 375, height: Double = 667) -> (TableView, Window) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: width, height: height)
    Screen.main.scale = 1
    Screen.main.safeAreaInsets = .zero
    let window = Window()
    let table = TableView(frame: window.bounds, style: style)
    table.dataSource = rows
    table.delegate = rows
    window.addSubview(table)
    window.layoutIfNeeded()
    return (table, window)
  }

  @Test(
    "headers-and-footers: a plain table's header is 22 points of top padding over at least 28 points (4 above and below its emphasized-subheadline title); a section without a title has none; rows follow at 44 points"
  )
  func plainGeometry() {
    let rows = Rows([2, 3])
    rows.headers = ["Inbox", nil]
    let (table, window) = table(.plain, rows)
    defer { withExtendedLifetime(window) {} }
    let title = textHeight("Inbox", .systemFont(ofSize: 15, weight: .semibold))
    let header = 22 + max(28, 4 + title + 4)
    #expect(table.rectForHeader(inSection: 0) == Rect(x: 0, y: 22, width: 375, height: header - 22))
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == Rect(x: 0, y: header, width: 375, height: 44))
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)) == Rect(x: 0, y: header + 88, width: 375, height: 44))
    #expect(table.rect(forSection: 1) == Rect(x: 0, y: header + 88, width: 375, height: 132))
    #expect(table.contentSize == Size(width: 375, height: header + 5 * 44))
    #expect(
      table.numberOfSections == 2 && table.numberOfRows(inSection: 1) == 3 && table.numberOfRows(inSection: 5) == 0)
    // The title sits on the header's bottom margin, at the table's margin.
    let label = table.subviews.first { $0.name == "header" }?.subviews.first as? Label
    #expect(label?.frame == Rect(x: 16, y: header - 22 - 4 - title, width: 375 - 32, height: title))
    #expect(label?.font == .systemFont(ofSize: 15, weight: .semibold) && label?.textColor == .secondaryLabel)
  }

  @Test(
    "headers-and-footers: a grouped table starts 35 points down when its first section has no header, sections are 17.5 + 17.5 apart, a titled header has 17 above and 6 below its uppercased footnote title, a footer 6 above and 12 below; full-width separators close each section"
  )
  func groupedGeometry() {
    let rows = Rows([1, 2, 1])
    rows.headers = [nil, nil, "Network"]
    rows.footers = [nil, "Known networks are joined automatically.", nil]
    let (table, window) = table(.grouped, rows)
    defer { withExtendedLifetime(window) {} }
    let footnote = Font.preferredFont(forTextStyle: .footnote)
    let footer = 6 + textHeight("Known networks are joined automatically.", footnote, width: 375 - 32) + 12
    let header = 17 + textHeight("NETWORK", footnote, width: 375 - 32) + 6
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 35)
    #expect(Double(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY) == 35 + 44 + 17.5 + 17.5)
    #expect(table.rectForFooter(inSection: 1) == Rect(x: 0, y: 35 + 44 + 35 + 88, width: 375, height: footer))
    let third = 35 + 44 + 35 + 88 + footer + header
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 2)) == Rect(x: 0, y: third, width: 375, height: 44))
    let title = table.subviews.compactMap { $0.subviews.first as? Label }.first { $0.text == "NETWORK" }
    #expect(title?.font == footnote)
    // The first row of a section has a full-width line on top, the last one at its bottom.
    let first = table.cellForRow(at: IndexPath(row: 0, section: 1))!,
      last = table.cellForRow(at: IndexPath(row: 1, section: 1))!
    #expect(first.separators.top && !first.separators.bottomFullWidth && first.separatorInset.left == 16)
    #expect(!last.separators.top && last.separators.bottom && last.separators.bottomFullWidth)
    #expect(
      table.backgroundColor == .systemGroupedBackground && first.backgroundColor == .secondarySystemGroupedBackground)
  }

  @Test(
    "table-geometry: an inset grouped table insets its rows by the margin (20 points on a 414-point screen), rounds the top corners of a section's first row and the bottom ones of its last by 10, and shows no separator under the last row"
  )
  func insetGroupedGeometry() {
    let rows = Rows([3, 1])
    let (table, window) = table(.insetGrouped, rows, width: 414, height: 896)
    defer { withExtendedLifetime(window) {} }
    #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 20, y: 35 + 44, width: 374, height: 44))
    let cells = (0..<3).map { table.cellForRow(at: IndexPath(row: $0, section: 0))! }
    #expect(cells.map(\.layer.cornerRadius) == [10, 0, 10])
    #expect(
      cells[0].layer.maskedCorners == [.minXMinY, .maxXMinY] && cells[2].layer.maskedCorners == [.minXMaxY, .maxXMaxY])
    #expect(cells.map(\.separators.bottom) == [true, true, false])
    #expect(cells[0].separatorInset == EdgeInsets(top: 0, left: 20, bottom: 0, right: 0))
    let single = table.cellForRow(at: IndexPath(row: 0, section: 1))!
    #expect(single.layer.maskedCorners == .all && single.layer.cornerRadius == 10)
  }

  @Test(
    "cell-styles: default with an image (the image at the margin, the title 16 after it, the separator from the title), value1 (a secondary-label detail ending at the margin), value2 (a right-aligned footnote title in the tint colour over a quarter of the width, the detail 6 after it), subtitle (a caption-1 detail under the title, 4-point margins); fonts and colours by style"
  )
  func cellStyles() {
    let rows = Rows([4])
    let styles: [TableViewCell.CellStyle] = [.default, .value1, .value2, .subtitle]
    rows.makeCell = { _, path in
      let cell = TableViewCell(style: styles[path.row], reuseIdentifier: nil)
      cell.textLabel?.text = "Title"
      cell.detailTextLabel?.text = "Detail"
      if path.row == 0 { cell.imageView?.image = square(29) }
      return cell
    }
    rows.height = { _ in 60 }
    let (table, window) = table(.plain, rows)
    defer { withExtendedLifetime(window) {} }
    let cell = { (row: Int) in table.cellForRow(at: IndexPath(row: row, section: 0))! }
    let body = Font.preferredFont(forTextStyle: .body), footnote = Font.preferredFont(forTextStyle: .footnote)
    let caption = Font.preferredFont(forTextStyle: .caption1)
    let line = textHeight("Title", body)
    // Default: image 29 × 29 at x 16, centred in 60; the title at 16 + 29 + 16.
    #expect(cell(0).imageView?.frame == Rect(x: 16, y: 15.5, width: 29, height: 29))
    #expect(cell(0).textLabel!.frame.origin == Point(x: 61, y: (60 - line) / 2))
    #expect(cell(0).detailTextLabel == nil && cell(0).separatorInset.left == 61)
    // Value1: the detail right-aligned at 375 − 16.
    let detail = cell(1).detailTextLabel!
    #expect(Double(detail.frame.maxX) == 359 && detail.font == body && detail.textColor == .secondaryLabel)
    // Value2: the title column (375 − 32) / 4 wide from 16, the detail 6 after it.
    let column = CGFloat(375.0 - 32) / 4
    #expect(Double(cell(2).textLabel!.frame.minX) == 16 && cell(2).textLabel!.frame.width == column)
    #expect(cell(2).textLabel?.textAlignment == .right && cell(2).textLabel?.textColor == .systemBlue)
    #expect(cell(2).textLabel?.font == footnote && cell(2).detailTextLabel!.frame.minX == 16 + column + 6)
    // Subtitle: the detail right under the title, the pair centred in the row.
    let pair = line + textHeight("Detail", caption)
    #expect(Double(cell(3).textLabel!.frame.minY) == (60 - pair) / 2)
    #expect(Double(cell(3).detailTextLabel!.frame.minY) == (60 - pair) / 2 + line)
    #expect(cell(3).detailTextLabel?.font == caption && cell(3).detailTextLabel?.textColor == .label)
  }

  @Test(
    "row-heights: with rowHeight automatic (the default) a row is as tall as its cell: 44 for one line of body text, the subtitle configuration's 11 + text + 3 + secondary text + 11, and for the app's own Auto Layout content what it needs at the row's width (a wrapping label pinned to the content view's margins)"
  )
  func selfSizingRows() {
    final class NoteCell: TableViewCell {
      let note = Label()
      override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        note.numberOfLines = 0
        note.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(note)
        let margins = contentView.layoutMarginsGuide
        LayoutConstraint.activate([
          note.topAnchor.constraint(equalTo: margins.topAnchor),
          note.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
          note.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
          note.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ])
      }
    }
    let long = "A note long enough to wrap over several lines of the row, so that its cell grows to hold every one."
    let rows = Rows([3])
    rows.makeCell = { table, path in
      switch path.row {
      case 0:
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "One line"
        return cell
      case 1:
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = "Text"
        content.secondaryText = "Secondary"
        cell.contentConfiguration = content
        return cell
      default:
        let cell = NoteCell(style: .default, reuseIdentifier: nil)
        cell.note.text = long
        return cell
      }
    }
    let (table, window) = table(.plain, rows)
    defer { withExtendedLifetime(window) {} }
    let body = Font.preferredFont(forTextStyle: .body)
    let subtitle =
      11 + textHeight("Text", body) + 3 + textHeight("Secondary", .preferredFont(forTextStyle: .caption1)) + 11
    let note = 11 + textHeight(long, body, width: 375 - 32) + 11
    #expect(note > 80)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44)
    #expect(
      table.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 44, width: 375, height: max(44, subtitle)))
    #expect(
      table.rectForRow(at: IndexPath(row: 2, section: 0))
        == Rect(x: 0, y: 44 + max(44, subtitle), width: 375, height: note))
    let cell = table.cellForRow(at: IndexPath(row: 2, section: 0)) as! NoteCell
    #expect(cell.note.frame == Rect(x: 16, y: 11, width: 375 - 32, height: note - 22))
  }

  @Test(
    "content-configurations: a value cell's configuration puts its secondary text right-aligned at the trailing margin in the secondary label colour, its image scaled down to the maximum size at the margin (the row 11 + 29 + 11 tall) and the text 16 after it; a new configuration of the same kind updates the same view, and the style's labels leave the content view"
  )
  func contentConfigurations() {
    let rows = Rows([1])
    var shown: TableViewCell?
    rows.makeCell = { _, _ in
      let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
      cell.textLabel?.text = "Legacy"
      var content = cell.defaultContentConfiguration()
      content.text = "Wi-Fi"
      content.secondaryText = "Home"
      content.image = square(40)
      content.imageProperties.maximumSize = Size(width: 29, height: 29)
      cell.contentConfiguration = content
      shown = cell
      return cell
    }
    let (table, window) = table(.plain, rows)
    defer { withExtendedLifetime(window) {} }
    let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
    #expect(cell === shown && cell.textLabel?.superview == nil)
    let view = cell.contentView.subviews.first as! ListContentView
    let labels = view.subviews.compactMap { $0 as? Label }
    let image = view.subviews.compactMap { $0 as? ImageView }.first!
    // The row: 11 above and below the 29-point image.
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 51)
    #expect(image.frame == Rect(x: 16, y: 11, width: 29, height: 29))
    #expect(Double(labels[0].frame.minX) == 16 + 29 + 16 && labels[0].text == "Wi-Fi")
    #expect(Double(labels[1].frame.maxX) == 375 - 16 && labels[1].textColor == .secondaryLabel)
    #expect(cell.separatorInset.left == 61)
    var next = ListContentConfiguration.valueCell()
    next.text = "Bluetooth"
    cell.contentConfiguration = next
    #expect(cell.contentView.subviews.first === view && labels[0].text == "Bluetooth")
  }

  @Test(
    "only-rows-in-sight-have-cells: a 100-row table 300 points tall has cells for its 7 rows in sight; scrolled by 1,000 points the rows that left go to the reuse queue (didEndDisplaying) and come back for the new rows (willDisplay), so 8 cells serve the whole way"
  )
  func reuse() {
    let rows = Rows([100])
    var made = 0
    rows.makeCell = { table, path in
      if let cell = table.dequeueReusableCell(withIdentifier: "row") { return cell }
      made += 1
      return TableViewCell(style: .default, reuseIdentifier: "row")
    }
    let (table, window) = table(.plain, rows, width: 375, height: 300)
    defer { withExtendedLifetime(window) {} }
    #expect(table.indexPathsForVisibleRows?.map(\.row) == Array(0...6))
    #expect(made == 7 && rows.log == (0...6).map { "willDisplay \($0)" })
    for step in 1...10 {
      table.contentOffset = Point(x: 0, y: Double(step) * 100)
      window.layoutIfNeeded()
    }
    #expect(table.indexPathsForVisibleRows?.map(\.row) == Array(22...29))
    #expect(table.visibleCells.map { Double($0.frame.minY) } == (22...29).map { Double($0) * 44 })
    #expect(made == 8)
    #expect(table.subviews.filter { $0 is TableViewCell }.count == 8)
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
  }

  @Test(
    "selection: a tap on a row highlights it while the finger is down and selects it when lifted (didSelectRowAt); a tap on another deselects the first (didDeselectRowAt); willSelectRowAt may redirect or refuse; a finger that moves 10 points or more selects nothing"
  )
  func tapSelection() {
    let rows = Rows([5])
    let (table, window) = table(.plain, rows)
    defer { withExtendedLifetime(window) {} }
    func tap(_ row: Int, dx: Double = 0, start: Double) {
      let y = Double(row) * 44 + 22
      TouchPlayer(
        script: try! TouchScript(samples: [
          TouchSample(time: start, locations: [Point(x: 100, y: y)], phase: .began),
          TouchSample(time: start + 0.1, locations: [Point(x: 100 + dx, y: y)], phase: .ended),
        ]), window: window
      ).start()
      AnimationEngine.current.advance(to: start + 0.05)
    }
    tap(1, start: 0)
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isHighlighted == true)
    AnimationEngine.current.advance(to: 0.2)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
    tap(3, start: 0.3)
    AnimationEngine.current.advance(to: 0.5)
    #expect(rows.log.filter { !$0.hasPrefix("will") } == ["didSelect 0-1", "didDeselect 0-1", "didSelect 0-3"])
    rows.willSelect = { $0.row == 4 ? nil : IndexPath(row: 0, section: 0) }
    tap(4, start: 0.6)
    AnimationEngine.current.advance(to: 0.8)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    tap(2, start: 0.9)
    AnimationEngine.current.advance(to: 1.1)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    tap(1, dx: 12, start: 1.2)
    AnimationEngine.current.advance(to: 1.4)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    table.deselectRow(at: IndexPath(row: 2, section: 0), animated: false)
    #expect(table.indexPathForSelectedRow == nil && rows.log.last == "didSelect 0-0")
  }

  @Test(
    "scrolling-to-a-row: scrollToRow puts the row at the top, middle or bottom of the area inside the adjusted insets (a safe area of 47 and 34 here), .none moves it the least to show it whole, and the offset stays between −47 and the content's end"
  )
  func scrollToRow() {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    Screen.main.scale = 1
    Screen.main.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    let window = Window()
    let rows = Rows([50])
    let table = TableView(frame: window.bounds, style: .plain)
    table.dataSource = rows
    table.rowHeight = 50
    window.addSubview(table)
    window.layoutIfNeeded()
    defer { Screen.main.safeAreaInsets = .zero }
    #expect(table.adjustedContentInset == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(Double(table.contentOffset.y) == -47)
    let row20 = IndexPath(row: 20, section: 0)
    table.scrollToRow(at: row20, at: .top, animated: false)
    #expect(Double(table.contentOffset.y) == 1000 - 47)
    table.scrollToRow(at: row20, at: .bottom, animated: false)
    #expect(Double(table.contentOffset.y) == 1050 - 844 + 34)
    table.scrollToRow(at: row20, at: .middle, animated: false)
    #expect(Double(table.contentOffset.y) == 596.5)  // 1025 − 47 − (844 − 47 − 34) / 2
    table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .top, animated: false)
    #expect(Double(table.contentOffset.y) == 2500 + 34 - 844)
    table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .bottom, animated: false)
    #expect(Double(table.contentOffset.y) == -47)
    table.scrollToRow(at: row20, at: .none, animated: false)
    #expect(Double(table.contentOffset.y) == 1050 - 844 + 34)
    table.scrollToRow(at: IndexPath(row: 16, section: 0), at: .none, animated: false)
    #expect(Double(table.contentOffset.y) == 1050 - 844 + 34)
    table.scrollToRow(at: IndexPath(row: 2, section: 0), at: .none, animated: false)
    #expect(Double(table.contentOffset.y) == 100 - 47)
  }

  @Test(
    "accessories: a disclosure indicator (8 × 13) ends at the trailing margin, centred on the row, and the content view ends at it; the content's trailing margin before it is 8"
  )
  func accessories() {
    let rows = Rows([2])
    rows.makeCell = { _, path in
      let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
      cell.accessoryType = path.row == 0 ? .disclosureIndicator : .checkmark
      cell.textLabel?.text = "Wi-Fi"
      cell.detailTextLabel?.text = "Home"
      return cell
    }
    let (table, window) = table(.plain, rows)
    defer { withExtendedLifetime(window) {} }
    let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
    let chevron = cell.subviews.first { $0.name == "disclosure" }
    #expect(chevron?.frame == Rect(x: 375 - 16 - 8, y: 15.5, width: 8, height: 13))
    #expect(cell.contentView.frame == Rect(x: 0, y: 0, width: 375 - 16 - 8, height: 44))
    #expect(Double(cell.detailTextLabel!.frame.maxX) == 375 - 16 - 8 - 8)
    let check = table.cellForRow(at: IndexPath(row: 1, section: 0))!.subviews.first { $0.name == "checkmark" }
    #expect(check?.frame == Rect(x: 375 - 16 - 14, y: 15.5, width: 14, height: 13))
  }

  @Test(
    "fitting-size: systemLayoutSizeFitting gives a view the size its constraints ask for at the target width (required) and the least height (fitting priority), without moving any frame"
  )
  func fittingSize() {
    AnimationEngine.reset()
    Screen.main.scale = 1
    let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let inner = View()
    inner.translatesAutoresizingMaskIntoConstraints = false
    box.addSubview(inner)
    LayoutConstraint.activate([
      inner.topAnchor.constraint(equalTo: box.topAnchor, constant: 12),
      inner.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: -8),
      inner.leadingAnchor.constraint(equalTo: box.leadingAnchor),
      inner.trailingAnchor.constraint(equalTo: box.trailingAnchor),
      inner.heightAnchor.constraint(equalToConstant: 30),
    ])
    let size = box.systemLayoutSizeFitting(
      Size(width: 200, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
    #expect(size == Size(width: 200, height: 50))
    #expect(box.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(View().systemLayoutSizeFitting(View.layoutFittingCompressedSize) == .zero)
  }
}
