// list-bench: what a table or collection view costs a frame while it scrolls
// (docs/uikit-lists.md#list-speed). Not a test: prints figures.
//
//   swift build -c release --product list-bench && .build/release/list-bench [--runs N]
//
// Each case scrolls a list of 1,000 rows or items 7 points a frame for 240 frames on a
// 390 × 844 screen at 3 px/pt and takes the frame's layout pass and snapshot (Window.snapshot):
// - fixed: a plain table of value1 cells, rowHeight 44;
// - self-sizing: rows sized to their subtitle content configuration;
// - auto layout: rows whose cells pin a wrapping label to the content view's margins;
// - grid: a three-column flow layout of square items.
// Each figure is the best of `--runs` runs (default 5), in CPU time of this thread.
import Animator
import Foundation

/// CPU time of the calling thread, seconds.
func cpuNow() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

let arguments = CommandLine.arguments
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 5
let frames = 240

/// A label pinned to its cell's content view margins, wrapping.
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

/// 1,000 rows of one of the cases; counts the cells it makes.
final class Rows: TableViewDataSource {
  enum Kind { case fixed, selfSizing, autoLayout }
  let kind: Kind
  var made = 0
  init(_ kind: Kind) { self.kind = kind }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1000 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let reused = tableView.dequeueReusableCell(withIdentifier: "row")
    if reused == nil { made += 1 }
    switch kind {
    case .fixed:
      let cell = reused ?? TableViewCell(style: .value1, reuseIdentifier: "row")
      cell.textLabel?.text = "Row \(indexPath.row)"
      cell.detailTextLabel?.text = "Detail"
      return cell
    case .selfSizing:
      let cell = reused ?? TableViewCell(style: .subtitle, reuseIdentifier: "row")
      var content = cell.defaultContentConfiguration()
      content.text = "Row \(indexPath.row)"
      content.secondaryText = "Secondary text"
      cell.contentConfiguration = content
      return cell
    case .autoLayout:
      let cell = (reused as? NoteCell) ?? NoteCell(style: .default, reuseIdentifier: "row")
      cell.note.text = String(repeating: "A note that wraps. ", count: 1 + indexPath.row % 4)
      return cell
    }
  }
}

/// 1,000 square items, three to a line.
final class Items: CollectionViewDataSource {
  var made = 0
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    if cell.contentView.backgroundColor == nil { made += 1 }
    cell.contentView.backgroundColor = indexPath.item % 2 == 0 ? .systemBlue : .systemOrange
    return cell
  }
}

/// Scrolls `list` 7 points a frame, `frames` times; seconds a frame.
@MainActor
func scroll(_ list: ScrollView, in window: Window) -> Double {
  _ = window.snapshot(background: nil)
  let start = cpuNow()
  for i in 0..<frames {
    list.contentOffset = Point(x: 0, y: Double(i) * 7)
    _ = window.snapshot(background: nil)
  }
  return (cpuNow() - start) / Double(frames)
}

@MainActor
func window() -> Window {
  AnimationEngine.reset()
  Screen.main.bounds = Rect(x: 0, y: 0, width: 390, height: 844)
  Screen.main.scale = 3
  return Window()
}

/// A table of `kind`: seconds a frame and cells made.
@MainActor
func table(_ kind: Rows.Kind) -> (Double, Int) {
  let window = window()
  let rows = Rows(kind)
  let table = TableView(frame: window.bounds, style: .plain)
  if kind == .fixed { table.rowHeight = 44 }
  table.dataSource = rows
  window.addSubview(table)
  return (scroll(table, in: window), rows.made)
}

/// The grid: seconds a frame and cells made.
@MainActor
func grid() -> (Double, Int) {
  let window = window()
  let items = Items()
  let layout = CollectionViewFlowLayout()
  layout.itemSize = Size(width: 128, height: 128)
  layout.minimumLineSpacing = 2
  layout.minimumInteritemSpacing = 2
  let grid = CollectionView(frame: window.bounds, collectionViewLayout: layout)
  grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
  grid.dataSource = items
  window.addSubview(grid)
  return (scroll(grid, in: window), items.made)
}

MainActor.assumeIsolated {
  func ms(_ s: Double) -> String { String(format: "%.3f ms", s * 1000) }
  var made = 0
  func measured(_ body: () -> (Double, Int)) -> Double {
    (0..<runs).map { _ in
      let (seconds, cells) = body()
      made = cells
      return seconds
    }.min()!
  }
  let fixed = measured { table(.fixed) }
  print("table, fixed 44-point rows:       \(ms(fixed)) a frame (\(made) cells made)")
  let selfSizing = measured { table(.selfSizing) }
  print("table, self-sizing configurations: \(ms(selfSizing)) a frame (\(made) cells made)")
  let autoLayout = measured { table(.autoLayout) }
  print("table, Auto Layout cells:          \(ms(autoLayout)) a frame (\(made) cells made)")
  let collection = measured { grid() }
  print("grid, three to a line:             \(ms(collection)) a frame (\(made) cells made)")
}
