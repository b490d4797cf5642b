import TransitionRender

// The tutorials' screens come from storyboards; these stand in for them: a colored page with
// a bar, a title block and a few rows, built in viewDidLoad as an app's code would build them.

/// Builds a page: `color` behind a light bar at the top, a title block and rows.
@MainActor
func buildPage(in view: View, color: Color, rows: Int, accent: Color) {
  view.backgroundColor = color
  let width = view.bounds.width
  let bar = View(frame: Rect(x: 0, y: 0, width: width, height: 64))
  bar.backgroundColor = Color(white: 0.97)
  view.addSubview(bar)
  let title = View(frame: Rect(x: 16, y: 84, width: width * 0.55, height: 28))
  title.backgroundColor = accent
  title.layer.cornerRadius = 6
  view.addSubview(title)
  for i in 0..<rows {
    let row = View(frame: Rect(x: 16, y: 132 + Double(i) * 72, width: width - 32, height: 56))
    row.backgroundColor = Color(white: 1, alpha: 0.85)
    row.layer.cornerRadius = 10
    view.addSubview(row)
    let dot = View(frame: Rect(x: 12, y: 12, width: 32, height: 32))
    dot.backgroundColor = accent
    dot.layer.cornerRadius = 16
    row.addSubview(dot)
  }
}

let orange = Color(hex: 0xFF9500)
let indigo = Color(hex: 0x5856D6)
let teal = Color(hex: 0x30B0C7)
let pink = Color(hex: 0xFF2D55)
let green = Color(hex: 0x34C759)
let paper = Color(hex: 0xF2F2F7)
