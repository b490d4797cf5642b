import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// The accessories a cell draws at its trailing edge (docs/uikit-lists.md#accessories): drawn
/// here from rounded strokes and a ring, in the spirit of the system's symbols (no Apple
/// artwork), at the size of those symbols in the body style.
@MainActor
enum AccessoryGlyphs {
  /// Width and height of each glyph, in points.
  static let chevronSize = Size(width: 8, height: 13)
  static let checkmarkSize = Size(width: 14, height: 13)
  static let infoSize = Size(width: 22, height: 22)
  /// Between the info button and the chevron of a detail disclosure button.
  static let infoToChevron = 12.0
  static let strokeWidth = 2.0

  /// The view for `type`, nil for none.
  static func view(for type: TableViewCell.AccessoryType) -> View? {
    switch type {
    case .none: return nil
    case .disclosureIndicator: return chevron()
    case .checkmark: return checkmark()
    case .detailButton: return info()
    case .detailDisclosureButton:
      let chevron = chevron(), info = info()
      let box = View(
        frame: Rect(
          x: 0, y: 0, width: infoSize.width + infoToChevron + chevronSize.width,
          height: max(infoSize.height, chevronSize.height)))
      info.frame.origin = Point(x: 0, y: (box.bounds.height - infoSize.height) / 2)
      chevron.frame.origin = Point(
        x: box.bounds.width - chevronSize.width, y: (box.bounds.height - chevronSize.height) / 2)
      box.addSubview(info)
      box.addSubview(chevron)
      box.name = "detail-disclosure"
      return box
    }
  }

  /// The disclosure chevron, pointing to the trailing side, in the tertiary label colour: opaque
  /// strokes in a view at the colour's opacity, so their overlap does not darken.
  static func chevron() -> View {
    let box = View(frame: Rect(origin: .zero, size: chevronSize))
    box.name = "disclosure"
    box.alpha = ListMetrics.accessoryGlyphOpacity
    let color = ListMetrics.accessoryGlyphColor
    box.addSubview(stroke(from: Point(x: 1.5, y: 1.5), to: Point(x: 6.5, y: 6.5), color: color))
    box.addSubview(stroke(from: Point(x: 6.5, y: 6.5), to: Point(x: 1.5, y: 11.5), color: color))
    return box
  }

  /// The checkmark, in the tint colour.
  static func checkmark() -> View {
    let box = View(frame: Rect(origin: .zero, size: checkmarkSize))
    box.name = "checkmark"
    box.addSubview(stroke(from: Point(x: 1.5, y: 7), to: Point(x: 5.5, y: 11), color: .systemBlue))
    box.addSubview(stroke(from: Point(x: 5.5, y: 11), to: Point(x: 12.5, y: 1.5), color: .systemBlue))
    return box
  }

  /// The info button: a ring with an "i", in the tint colour.
  static func info() -> View {
    let ring = View(frame: Rect(origin: .zero, size: infoSize))
    ring.name = "info"
    ring.layer.cornerRadius = infoSize.width / 2
    ring.layer.borderWidth = 1.5
    ring.layer.borderColor = .systemBlue
    let letter = Label("i", font: .systemFont(ofSize: 15, weight: .semibold), color: .systemBlue)
    letter.center = Point(x: infoSize.width / 2, y: infoSize.height / 2)
    ring.addSubview(letter)
    return ring
  }

  /// A rounded stroke `width` thick from `a` to `b` (round caps reach past both ends); the bars'
  /// glyphs are drawn with it too.
  static func stroke(from a: Point, to b: Point, color: Color, width: Double = strokeWidth) -> View {
    let dx = b.x - a.x, dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    let bar = View(frame: Rect(x: 0, y: 0, width: length + width, height: width))
    bar.backgroundColor = color
    bar.layer.cornerRadius = width / 2
    bar.center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    bar.transform = AffineTransform(rotationAngle: atan2(dy, dx))
    return bar
  }
}
