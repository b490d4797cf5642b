import Animator

/// The built-in demo app: a list screen and a detail screen drawn with iOS's system palette,
/// laid out for any screen size. Text is drawn as rounded placeholder bars.
@MainActor
enum DemoScreens {
  static let systemBlue = Color(hex: 0x007AFF)
  static let groupedBackground = Color(hex: 0xF2F2F7)
  static let separator = Color(hex: 0xC6C6C8)
  static let label = Color(hex: 0x1C1C1E)
  static let secondaryLabel = Color(hex: 0x8E8E93)
  static let tertiaryFill = Color(hex: 0xE5E5EA)
  static let iconColors: [Color] = [
    Color(hex: 0xFF9500), Color(hex: 0x34C759), Color(hex: 0x007AFF), Color(hex: 0xFF2D55),
    Color(hex: 0x5856D6), Color(hex: 0x5AC8FA), Color(hex: 0xFFCC00), Color(hex: 0xAF52DE),
    Color(hex: 0xFF3B30), Color(hex: 0x30B0C7),
  ]

  /// A view with a background color (and corner radius), named for snapshot text.
  static func box(_ name: String, _ frame: Rect, _ color: Color, radius: Double = 0) -> View {
    let v = View(frame: frame)
    v.name = name
    v.backgroundColor = color
    v.layer.cornerRadius = radius
    return v
  }

  /// A chevron (› or ‹) of two rounded strokes meeting at a point; `size` is its height.
  static func chevron(_ name: String, at origin: Point, size: Double, color: Color, pointingLeft: Bool) -> View {
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: size * 0.6, height: size))
    v.name = name
    let stroke = size * 0.16, length = size * 0.62
    // Two strokes hinged at the tip (the middle of the right edge for ›, the left for ‹),
    // one turned up, one down.
    for (i, angle) in [Double.pi / 4, -Double.pi / 4].enumerated() {
      let bar = box("stroke\(i)", Rect(x: 0, y: 0, width: length, height: stroke), color, radius: stroke / 2)
      bar.layer.anchorPoint = Point(x: pointingLeft ? 0 : 1, y: 0.5)
      bar.center = Point(x: pointingLeft ? stroke / 2 : size * 0.6 - stroke / 2, y: size / 2)
      bar.transform = AffineTransform(rotationAngle: angle)
      v.addSubview(bar)
    }
    return v
  }

  /// What stays in place while a navigation controller's screens move: the bar itself, the
  /// status bar, the hairline.
  static func navigationBarBackground(width w: Double) -> View {
    let bar = box("navigation-bar", Rect(x: 0, y: 0, width: w, height: 96), Color(hex: 0xF9F9F9))
    // Status bar: time on the left, battery on the right.
    bar.addSubview(box("clock", Rect(x: 20, y: 16, width: 40, height: 10), label, radius: 3))
    bar.addSubview(box("battery", Rect(x: w - 44, y: 16, width: 24, height: 10), label, radius: 3))
    bar.addSubview(box("hairline", Rect(x: 0, y: 95.5, width: w, height: 0.5), separator))
    return bar
  }

  /// One screen's bar items (transparent around them): the back button or an Edit button,
  /// and the large title.
  static func navigationBarItems(width w: Double, title: Double, back: Bool) -> View {
    let items = View(frame: Rect(x: 0, y: 0, width: w, height: 96))
    items.name = back ? "detail-bar-items" : "list-bar-items"
    if back {
      items.addSubview(chevron("back", at: Point(x: 10, y: 46), size: 18, color: systemBlue, pointingLeft: true))
      items.addSubview(box("back-title", Rect(x: 26, y: 49, width: 44, height: 12), systemBlue, radius: 4))
    } else {
      items.addSubview(box("edit", Rect(x: w - 56, y: 49, width: 36, height: 12), systemBlue, radius: 4))
    }
    items.addSubview(box("title", Rect(x: 20, y: 70, width: title, height: 18), label, radius: 5))
    return items
  }

  static let listTitleWidth = 120.0, detailTitleWidth = 160.0

  /// A list of rows with rounded icons, titles, subtitles and chevrons, under where the
  /// navigation bar goes.
  static func listContent(size: Size) -> View {
    let w = size.width, h = size.height
    let root = box("list", Rect(x: 0, y: 0, width: w, height: h), .white)
    // A table view clips its rows, so rows below the screen never show when it turns.
    root.clipsToBounds = true
    let rowHeight = 60.0
    var y = 96.0
    var i = 0
    while y < h {
      let row = View(frame: Rect(x: 0, y: y, width: w, height: rowHeight))
      row.name = "row\(i)"
      row.addSubview(box("icon", Rect(x: 16, y: 14, width: 32, height: 32), iconColors[i % iconColors.count], radius: 7))
      let titleWidth = 90 + Double((i * 37) % 80)
      row.addSubview(box("text", Rect(x: 62, y: 15, width: titleWidth, height: 12), label, radius: 4))
      row.addSubview(box("detail", Rect(x: 62, y: 35, width: titleWidth * 0.7 + 20, height: 9), secondaryLabel, radius: 3))
      row.addSubview(chevron("chevron", at: Point(x: w - 24, y: 23), size: 14, color: Color(hex: 0xC4C4C7), pointingLeft: false))
      row.addSubview(box("separator", Rect(x: 62, y: rowHeight - 0.5, width: w - 62, height: 0.5), separator))
      root.addSubview(row)
      y += rowHeight
      i += 1
    }
    return root
  }

  /// A detail screen: a colored header card, paragraphs, and a button, under where the
  /// navigation bar goes.
  static func detailContent(size: Size) -> View {
    let w = size.width, h = size.height
    let root = box("detail", Rect(x: 0, y: 0, width: w, height: h), groupedBackground)
    root.clipsToBounds = true
    let card = box("header", Rect(x: 16, y: 112, width: w - 32, height: min(200, h * 0.3)), Color(hex: 0x5856D6), radius: 14)
    card.addSubview(box("sun", Rect(x: w - 32 - 84, y: 24, width: 52, height: 52), Color(hex: 0xFFCC00), radius: 26))
    let hill = box("hill", Rect(x: -40, y: card.bounds.height * 0.62, width: (w - 32) * 0.8, height: 160), Color(hex: 0x34C759), radius: 80)
    card.addSubview(hill)
    card.clipsToBounds = true
    root.addSubview(card)
    var y = card.frame.maxY + 24
    root.addSubview(box("headline", Rect(x: 20, y: y, width: w * 0.6, height: 20), label, radius: 6))
    y += 36
    for line in 0..<6 where y + 12 < h - 120 {
      let fraction = line == 5 ? 0.55 : 0.9 - Double(line % 3) * 0.06
      root.addSubview(box("line\(line)", Rect(x: 20, y: y, width: (w - 40) * fraction, height: 10), secondaryLabel, radius: 3))
      y += 22
    }
    let button = box("button", Rect(x: 20, y: h - 100, width: w - 40, height: 50), systemBlue, radius: 12)
    button.addSubview(box("button-label", Rect(x: (w - 40) / 2 - 40, y: 19, width: 80, height: 12), .white, radius: 4))
    root.addSubview(button)
    return root
  }
}

/// A view controller whose view is built by a closure (the demo screens, scene files).
@MainActor
final class ScreenViewController: ViewController {
  private let build: () -> View
  init(title: String, build: @escaping () -> View) {
    self.build = build
    super.init()
    self.title = title
  }
  override func loadView() { view = build() }
}
