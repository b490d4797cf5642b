import Foundation

/// The pictures of the system bar button items and tab bar items (docs/uikit-bars.md#glyphs):
/// drawn here from rounded strokes, rings and boxes on a 24-point grid, in the spirit of the
/// system's symbols (no Apple artwork), in one colour so that the bars can tint them.
@MainActor
enum BarGlyphs {
  /// What a glyph shows.
  enum Kind: Sendable {
    case plus, compose, share, magnifier, trash, closeCircle, book, refresh, cross, camera, reply, folder, play,
      pause, rewind, fastForward, star, ellipsis, person, clock, arrowDown, list
  }

  /// The side of the grid the glyphs are drawn on, in points.
  static let grid = 24.0
  /// The strokes' thickness on the grid.
  static let line = 2.0

  /// The glyph of a bar button system item (nil: a word or a space).
  static func kind(of item: BarButtonItem.SystemItem) -> Kind? {
    switch item {
    case .add: return .plus
    case .compose: return .compose
    case .action: return .share
    case .search: return .magnifier
    case .trash: return .trash
    case .close: return .closeCircle
    case .bookmarks: return .book
    case .refresh: return .refresh
    case .stop: return .cross
    case .camera: return .camera
    case .reply: return .reply
    case .organize: return .folder
    case .play: return .play
    case .pause: return .pause
    case .rewind: return .rewind
    case .fastForward: return .fastForward
    case .done, .cancel, .edit, .save, .undo, .redo, .flexibleSpace, .fixedSpace: return nil
    }
  }

  /// `kind` drawn `side` points square in `color`.
  static func view(_ kind: Kind, side: Double = grid, color: Color) -> View {
    let box = View(frame: Rect(x: 0, y: 0, width: side, height: side))
    box.name = "glyph"
    box.isUserInteractionEnabled = false
    let k = side / grid
    let pen = Pen(box: box, scale: k, color: color)
    draw(kind, with: pen)
    return box
  }

  /// Draws on a glyph's box in grid coordinates.
  @MainActor
  struct Pen {
    let box: View
    let scale: Double
    let color: Color

    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double = BarGlyphs.line) {
      box.addSubview(
        AccessoryGlyphs.stroke(
          from: Point(x: x0 * scale, y: y0 * scale), to: Point(x: x1 * scale, y: y1 * scale), color: color,
          width: width * scale))
    }

    /// Straight strokes through `points` in turn.
    func path(_ points: [(Double, Double)]) {
      for (a, b) in zip(points, points.dropFirst()) { line(a.0, a.1, b.0, b.1) }
    }

    func ring(_ cx: Double, _ cy: Double, _ r: Double, width: Double = BarGlyphs.line) {
      let v = View(frame: Rect(x: (cx - r) * scale, y: (cy - r) * scale, width: 2 * r * scale, height: 2 * r * scale))
      v.layer.cornerRadius = r * scale
      v.layer.borderWidth = width * scale
      v.layer.borderColor = color
      box.addSubview(v)
    }

    func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0) {
      let v = View(frame: Rect(x: x * scale, y: y * scale, width: w * scale, height: h * scale))
      v.backgroundColor = color
      v.layer.cornerRadius = radius * scale
      box.addSubview(v)
    }

    func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
      let v = View(frame: Rect(x: x * scale, y: y * scale, width: w * scale, height: h * scale))
      v.layer.cornerRadius = radius * scale
      v.layer.borderWidth = BarGlyphs.line * scale
      v.layer.borderColor = color
      box.addSubview(v)
    }
  }

  private static func draw(_ kind: Kind, with p: Pen) {
    switch kind {
    case .plus:
      p.line(12, 3, 12, 21)
      p.line(3, 12, 21, 12)
    case .compose:
      p.path([(13, 4), (4, 4), (4, 20), (20, 20), (20, 11)])
      p.line(10, 14, 20, 4)
    case .share:
      p.path([(8, 9), (5, 9), (5, 21), (19, 21), (19, 9), (16, 9)])
      p.line(12, 2, 12, 14)
      p.path([(8, 6), (12, 2), (16, 6)])
    case .magnifier:
      p.ring(10, 10, 6.5)
      p.line(15, 15, 21, 21)
    case .trash:
      p.line(3, 6, 21, 6)
      p.path([(9, 6), (9, 3), (15, 3), (15, 6)])
      p.path([(5, 6), (6, 21), (18, 21), (19, 6)])
    case .closeCircle:
      p.ring(12, 12, 10)
      p.line(8.5, 8.5, 15.5, 15.5)
      p.line(15.5, 8.5, 8.5, 15.5)
    case .book:
      p.frame(4, 3, 16, 18, radius: 2)
      p.line(8, 3, 8, 21)
    case .refresh:
      p.ring(12, 13, 8)
      p.path([(10, 2), (13, 5), (10, 8)])
    case .cross:
      p.line(5, 5, 19, 19)
      p.line(19, 5, 5, 19)
    case .camera:
      p.frame(2, 6, 20, 15, radius: 3)
      p.fill(8, 3, 8, 4, radius: 1.5)
      p.ring(12, 13.5, 4)
    case .reply:
      p.path([(9, 5), (3, 11), (9, 17)])
      p.path([(3, 11), (15, 11), (21, 17), (21, 20)])
    case .folder:
      p.frame(2, 7, 20, 14, radius: 2)
      p.path([(3, 7), (3, 4), (9, 4), (11, 7)])
    case .play:
      p.path([(6, 3), (20, 12), (6, 21), (6, 3)])
    case .pause:
      p.fill(6, 4, 4, 16, radius: 1)
      p.fill(14, 4, 4, 16, radius: 1)
    case .rewind:
      p.path([(12, 5), (5, 12), (12, 19)])
      p.path([(20, 5), (13, 12), (20, 19)])
    case .fastForward:
      p.path([(4, 5), (11, 12), (4, 19)])
      p.path([(12, 5), (19, 12), (12, 19)])
    case .star: drawStar(p)
    case .ellipsis:
      for x in [5.0, 12, 19] { p.fill(x - 2, 10, 4, 4, radius: 2) }
    case .person:
      p.ring(12, 8, 4.5)
      p.path([(4, 21), (5, 17), (9, 15), (15, 15), (19, 17), (20, 21)])
    case .clock:
      p.ring(12, 12, 9.5)
      p.path([(12, 6), (12, 12), (16, 14)])
    case .arrowDown:
      p.line(12, 3, 12, 17)
      p.path([(6, 11), (12, 17), (18, 11)])
      p.line(4, 21, 20, 21)
    case .list:
      for y in [6.0, 12, 18] {
        p.fill(3, y - 1.5, 3, 3, radius: 1.5)
        p.line(9, y, 21, y)
      }
    }
  }

  /// A five-pointed star's outline: ten strokes between its points and its inner corners.
  private static func drawStar(_ p: Pen) {
    let outer = 10.0, inner = 4.2
    let corners = (0...10).map { i -> (Double, Double) in
      let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
      let r = i % 2 == 0 ? outer : inner
      return (12 + r * cos(angle), 12.8 + r * sin(angle))
    }
    p.path(corners)
  }
}
