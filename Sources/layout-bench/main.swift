// layout-bench: what Auto Layout adds to a frame (docs/layout.md#layout-speed). Not a test:
// prints figures.
//
//   swift build -c release --product layout-bench && .build/release/layout-bench [--runs N]
//
// - relayout: a screen of 50 rows, 200 constraints (each row pinned to the sides, below the
//   previous one, of a fixed height), one constraint's constant changed before every frame,
//   then the frame's layout pass (Window.snapshot's), for 240 frames;
// - unchanged: the same frames with nothing changed: the layout pass finds nothing to do;
// - scratch: 500 views in a grid of 2,000 constraints (each view's leading and top to its
//   neighbours or the root, its width and height), activated and laid out once;
// - each figure is the best of `--runs` runs (default 5), in CPU time of this thread.
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

/// A window of `rows` rows, each 4 constraints; returns the window and the first row's top.
@MainActor
func listScreen(rows: Int) -> (Window, LayoutConstraint) {
  AnimationEngine.reset()
  Screen.main.scale = 2
  let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
  var previous: View?
  var first: LayoutConstraint?
  var made: [LayoutConstraint] = []
  for _ in 0..<rows {
    let row = View()
    row.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(row)
    let top =
      previous.map { row.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 4) }
      ?? row.topAnchor.constraint(equalTo: window.topAnchor, constant: 20)
    first = first ?? top
    made += [
      top, row.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
      row.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
      row.heightAnchor.constraint(equalToConstant: 9),
    ]
    previous = row
  }
  LayoutConstraint.activate(made)
  _ = window.snapshot(background: nil)
  return (window, first!)
}

/// `columns` × `rows` views, 4 constraints each, activated and laid out.
@MainActor
func grid(columns: Int, rows: Int) -> Int {
  AnimationEngine.reset()
  Screen.main.scale = 2
  let window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
  var made: [LayoutConstraint] = []
  var above: [View?] = Array(repeating: nil, count: columns)
  for _ in 0..<rows {
    var left: View?
    for c in 0..<columns {
      let cell = View()
      cell.translatesAutoresizingMaskIntoConstraints = false
      window.addSubview(cell)
      made.append(
        left.map { cell.leadingAnchor.constraint(equalTo: $0.trailingAnchor, constant: 2) }
          ?? cell.leadingAnchor.constraint(equalTo: window.leadingAnchor))
      made.append(
        above[c].map { cell.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 2) }
          ?? cell.topAnchor.constraint(equalTo: window.topAnchor))
      made.append(cell.widthAnchor.constraint(equalToConstant: 8))
      made.append(cell.heightAnchor.constraint(equalToConstant: 8))
      left = cell
      above[c] = cell
    }
  }
  LayoutConstraint.activate(made)
  window.layoutIfNeeded()
  return made.count
}

/// The best of `runs` timings of `body`, seconds.
func best(_ body: () -> Double) -> Double { (0..<runs).map { _ in body() }.min()! }

MainActor.assumeIsolated {
  let frames = 240
  let relayout = best {
    let (window, top) = listScreen(rows: 50)
    let start = cpuNow()
    for i in 0..<frames {
      top.constant = 20 + Double(i % 40)
      _ = window.snapshot(background: nil)
    }
    return (cpuNow() - start) / Double(frames)
  }
  let unchanged = best {
    let (window, _) = listScreen(rows: 50)
    let start = cpuNow()
    for _ in 0..<frames { window.layoutIfNeeded() }
    return (cpuNow() - start) / Double(frames)
  }
  let snapshotOnly = best {
    let (window, _) = listScreen(rows: 50)
    let start = cpuNow()
    for _ in 0..<frames { _ = window.snapshot(background: nil) }
    return (cpuNow() - start) / Double(frames)
  }
  var count = 0
  let scratch = best {
    let start = cpuNow()
    count = grid(columns: 25, rows: 20)
    return cpuNow() - start
  }
  func ms(_ s: Double) -> String { String(format: "%.3f ms", s * 1000) }
  func us(_ s: Double) -> String { String(format: "%.2f µs", s * 1e6) }
  print("relayout, 200 constraints, one constant changed a frame: \(ms(relayout)) a frame (layout pass + snapshot)")
  print("same frames, nothing changed:                         \(ms(snapshotOnly)) a frame (snapshot alone)")
  print("layout pass with nothing to do:                       \(us(unchanged)) a frame")
  print(
    "from scratch, \(count) constraints (500 views):           \(ms(scratch)) (\(us(scratch / Double(count))) a constraint)"
  )
}
