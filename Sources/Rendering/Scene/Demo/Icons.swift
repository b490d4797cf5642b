import Animator
import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// The demo screens' and status bar's small pictures, built from views (rounded boxes, rings,
/// clipped wedges) so that they stay vectors at every scale. Each is laid out in its own
/// frame, `origin` its top-left corner in the parent.
@MainActor
enum Icons {
  /// A view with a background color (and corner radius), named for snapshot text.
  static func box(_ name: String, _ frame: Rect, _ color: Color, radius: Double = 0) -> View {
    let v = View(frame: frame)
    v.name = name
    v.backgroundColor = color
    v.layer.cornerRadius = radius
    return v
  }

  /// A circle's outline: `width` thick inside `radius`, centred at `center`.
  static func ring(_ name: String, center: Point, radius: Double, width: Double, color: Color) -> View {
    let v = View(frame: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    v.name = name
    v.layer.cornerRadius = radius
    v.layer.borderWidth = width
    v.layer.borderColor = color
    return v
  }

  /// A stroke of `length` and `width` from `start`, turned `angle` radians clockwise from +x,
  /// with round ends.
  static func stroke(_ name: String, from start: Point, length: Double, width: Double, angle: Double, color: Color)
    -> View
  {
    let bar = box(name, Rect(x: 0, y: 0, width: length, height: width), color, radius: width / 2)
    bar.layer.anchorPoint = Point(x: width / 2 / length, y: 0.5)
    bar.center = start
    bar.transform = AffineTransform(rotationAngle: angle)
    return bar
  }

  /// A chevron (› or ‹) of two rounded strokes meeting at a point; `size` is its height.
  static func chevron(_ name: String, at origin: Point, size: Double, color: Color, pointingLeft: Bool) -> View {
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: size * 0.6, height: size))
    v.name = name
    let width = size * 0.16, length = size * 0.62
    // Two strokes hinged at the tip (the middle of the right edge for ›, the left for ‹),
    // one turned up, one down.
    let tip = Point(x: pointingLeft ? width / 2 : size * 0.6 - width / 2, y: size / 2)
    for (i, angle) in [Double.pi / 4, -Double.pi / 4].enumerated() {
      let a = pointingLeft ? angle : .pi - angle
      v.addSubview(stroke("stroke\(i)", from: tip, length: length, width: width, angle: a, color: color))
    }
    return v
  }

  /// Four bars rising to `height`, bottom-aligned: full cellular signal.
  static func signal(at origin: Point, height h: Double, color: Color) -> View {
    let bar = h * 0.27, gap = h * 0.16
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: 4 * bar + 3 * gap, height: h))
    v.name = "signal"
    for i in 0..<4 {
      let bh = h * (0.4 + 0.2 * Double(i))
      v.addSubview(
        box("bar\(i)", Rect(x: Double(i) * (bar + gap), y: h - bh, width: bar, height: bh), color, radius: bar * 0.35))
    }
    return v
  }

  /// Full Wi-Fi: two arcs and a sector fanning up from the bottom centre, `height` tall.
  static func wifi(at origin: Point, height h: Double, color: Color) -> View {
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: h * 1.42, height: h))
    v.name = "wifi"
    let apex = Point(x: h * 0.71, y: h * 0.98)
    // A square turned 45° about its corner at the apex keeps the quarter of the rings that
    // opens upward.
    let wedge = View(frame: Rect(x: 0, y: 0, width: h, height: h))
    wedge.name = "wedge"
    wedge.layer.anchorPoint = Point(x: 1, y: 1)
    wedge.center = apex
    wedge.transform = AffineTransform(rotationAngle: .pi / 4)
    wedge.clipsToBounds = true
    let corner = Point(x: h, y: h)
    let w = h * 0.19
    wedge.addSubview(ring("outer", center: corner, radius: h * 0.98, width: w, color: color))
    wedge.addSubview(ring("middle", center: corner, radius: h * 0.98 - 1.65 * w, width: w, color: color))
    let dot = h * 0.98 - 3.3 * w
    wedge.addSubview(box("inner", Rect(x: h - dot, y: h - dot, width: 2 * dot, height: 2 * dot), color, radius: dot))
    v.addSubview(wedge)
    return v
  }

  /// A full battery, `height` tall: outline, charge and the terminal nub.
  static func battery(at origin: Point, height h: Double, color: Color) -> View {
    let w = h * 2.13
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: w + h * 0.15, height: h))
    v.name = "battery"
    let outline = box("outline", Rect(x: 0, y: 0, width: w, height: h), .clear, radius: h * 0.3)
    outline.backgroundColor = nil
    outline.layer.borderWidth = max(h * 0.09, 0.5)
    outline.layer.borderColor = color.withAlphaComponent(0.35)
    v.addSubview(outline)
    let inset = h * 0.17
    v.addSubview(
      box("charge", Rect(x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset), color, radius: h * 0.15))
    v.addSubview(
      box(
        "nub", Rect(x: w + h * 0.04, y: h * 0.33, width: h * 0.11, height: h * 0.34), color.withAlphaComponent(0.4),
        radius: h * 0.05))
    return v
  }

  /// A magnifying glass `size` tall: a ring and its handle.
  static func magnifier(at origin: Point, size s: Double, color: Color) -> View {
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: s, height: s))
    v.name = "magnifier"
    let r = s * 0.36, w = s * 0.13
    v.addSubview(ring("glass", center: Point(x: r + w / 2, y: r + w / 2), radius: r, width: w, color: color))
    let start = Point(x: (r + w / 2) * (1 + 0.70), y: (r + w / 2) * (1 + 0.70))
    v.addSubview(stroke("handle", from: start, length: s * 0.36, width: w * 1.15, angle: .pi / 4, color: color))
    return v
  }

  /// An envelope `size` wide: a rounded outline and its flap.
  static func envelope(at origin: Point, size s: Double, color: Color) -> View {
    let h = s * 0.72
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: s, height: h))
    v.name = "envelope"
    let w = s * 0.075
    let outline = View(frame: Rect(x: 0, y: 0, width: s, height: h))
    outline.name = "outline"
    outline.layer.cornerRadius = s * 0.12
    outline.layer.borderWidth = w
    outline.layer.borderColor = color
    v.addSubview(outline)
    let dx = s / 2 - w * 1.5, dy = h * 0.5
    let length = (dx * dx + dy * dy).squareRoot(), angle = atan2(dy, dx)
    v.addSubview(
      stroke("flap-left", from: Point(x: w * 1.5, y: w * 1.5), length: length, width: w, angle: angle, color: color))
    v.addSubview(
      stroke(
        "flap-right", from: Point(x: s - w * 1.5, y: w * 1.5), length: length, width: w, angle: .pi - angle,
        color: color))
    return v
  }

  /// A person's bust `size` tall: a head and the top of the shoulders.
  static func person(at origin: Point, size s: Double, color: Color) -> View {
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: s, height: s))
    v.name = "person"
    v.clipsToBounds = true
    let head = s * 0.44
    v.addSubview(box("head", Rect(x: (s - head) / 2, y: 0, width: head, height: head), color, radius: head / 2))
    let body = s * 0.92
    v.addSubview(
      box("shoulders", Rect(x: (s - body) / 2, y: s * 0.52, width: body, height: body), color, radius: body / 2))
    return v
  }

  /// Three sliders `size` wide: lines with ring knobs at different places, each line stopping
  /// at its ring so that the icon is a shape alone (a template).
  static func sliders(at origin: Point, size s: Double, color: Color) -> View {
    let v = View(frame: Rect(x: origin.x, y: origin.y, width: s, height: s * 0.8))
    v.name = "sliders"
    let w = s * 0.08, knob = s * 0.26
    for (i, at) in [0.7, 0.3, 0.55].enumerated() {
      let y = s * (0.13 + 0.27 * Double(i)), left = s * at - knob / 2, right = s * at + knob / 2
      v.addSubview(box("line\(i)", Rect(x: 0, y: y - w / 2, width: left, height: w), color, radius: w / 2))
      v.addSubview(box("line\(i)b", Rect(x: right, y: y - w / 2, width: s - right, height: w), color, radius: w / 2))
      v.addSubview(ring("knob\(i)", center: Point(x: s * at, y: y), radius: knob / 2, width: w, color: color))
    }
    return v
  }
}
