import UIKit

// The tutorials' screens come from storyboards; these stand in for them: a coloured page with
// a bar, a title block and a few rows, built in viewDidLoad as an app's code would build them.

/// Builds a page: `color` behind a light bar at the top, a title block and rows.
@MainActor
func buildPage(in view: UIView, color: UIColor, rows: Int, accent: UIColor) {
  view.backgroundColor = color
  let width = view.bounds.width
  let bar = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 64))
  bar.backgroundColor = UIColor(white: 0.97, alpha: 1)
  view.addSubview(bar)
  let title = UIView(frame: CGRect(x: 16, y: 84, width: width * 0.55, height: 28))
  title.backgroundColor = accent
  title.layer.cornerRadius = 6
  view.addSubview(title)
  for i in 0..<rows {
    let row = UIView(frame: CGRect(x: 16, y: 132 + CGFloat(i) * 72, width: width - 32, height: 56))
    row.backgroundColor = UIColor(white: 1, alpha: 0.85)
    row.layer.cornerRadius = 10
    view.addSubview(row)
    let dot = UIView(frame: CGRect(x: 12, y: 12, width: 32, height: 32))
    dot.backgroundColor = accent
    dot.layer.cornerRadius = 16
    row.addSubview(dot)
  }
}
