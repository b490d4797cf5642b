import CCairo
import Foundation
import Rendering

/// Draws the parts of a motion plot in user units (`Layout`), one step each.
struct PlotPainter {
  let cr: OpaquePointer
  let layout: Layout
  let curves: MotionCurves
  /// Where an SVG's labels go as text elements (nil: drawn with Cairo).
  let svgLabels: SVGLabels?

  /// A label with its baseline at `y`, its start, middle or end at `x`.
  func label(
    _ text: String, x: Double, y: Double, color: PlotColor, anchor: PlotText.Anchor = .leading, bold: Bool = false
  ) {
    if let svgLabels {
      svgLabels.add(text, x: x, y: y, color: color, anchor: anchor, bold: bold)
    } else {
      PlotText.draw(cr, text, x: x, y: y, color: color, anchor: anchor, bold: bold)
    }
  }

  func background() {
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
  }

  /// The title and, under it, how to read the plot.
  func heading(_ title: String) {
    let y = CurvePlot.margin.top + 16
    label(title, x: layout.left, y: y, color: CurvePlot.ink, bold: true)
    let completion =
      curves.completions.last.map { String(format: "completes at %.3f s", $0) } ?? "no transition completed"
    let note =
      "\(curves.frameTimes.count) frames (dots), sampled \(Int(MotionCurves.samplesPerSecond)) times a second between them; \(completion) (dashed red)"
    label(note, x: layout.left, y: y + 20, color: CurvePlot.secondaryInk)
  }

  func legend() {
    for (row, entries) in layout.legendRows.enumerated() {
      let y = CurvePlot.margin.top + 40 + Double(row) * CurvePlot.legendRow + 12
      for entry in entries {
        entry.color.set(on: cr)
        cairo_set_line_width(cr, 3)
        cairo_move_to(cr, entry.x, y - 4)
        cairo_line_to(cr, entry.x + 16, y - 4)
        cairo_stroke(cr)
        label(entry.name, x: entry.x + 22, y: y, color: CurvePlot.ink)
      }
    }
  }

  /// One property's panel: its name, value grid, the grey views, the colored views with their
  /// frame dots, and their overshoots.
  func panel(_ property: MotionCurves.Property, index: Int) {
    let (top, bottom) = layout.panel(index)
    let series = curves.series.filter { $0.property == property }
    let range = Self.valueRange(series.flatMap(\.values))
    let y = { (v: Double) in bottom - (bottom - top) * (v - range.lowerBound) / (range.upperBound - range.lowerBound) }
    let name = property.unit.isEmpty ? property.rawValue : "\(property.rawValue) (\(property.unit))"
    label(name, x: layout.left, y: top - 8, color: CurvePlot.ink, bold: true)
    valueGrid(range: range, top: top, bottom: bottom, y: y)
    for s in series where layout.grey.contains(s.view) {
      line(s, color: CurvePlot.others, width: 1, tolerance: 0.6, y: y)
    }
    var noted = 0
    for s in series {
      guard let color = layout.color(of: s.view) else { continue }
      if overshoot(s, color: color, y: y, noteAt: top - 8 - 16 * Double(noted)) { noted += 1 }
      line(s, color: color, width: 2, tolerance: 0.25, y: y)
      frameDots(s, color: color, y: y)
    }
  }

  /// Horizontal grid lines at round values, labelled on the left, and the panel's frame.
  private func valueGrid(range: ClosedRange<Double>, top: Double, bottom: Double, y: (Double) -> Double) {
    cairo_set_line_width(cr, 1)
    for v in Self.ticks(range, count: 4) {
      CurvePlot.grid.set(on: cr)
      cairo_move_to(cr, layout.left, y(v).rounded() + 0.5)
      cairo_line_to(cr, layout.right, y(v).rounded() + 0.5)
      cairo_stroke(cr)
      label(Self.label(v), x: layout.left - 6, y: y(v) + 4, color: CurvePlot.secondaryInk, anchor: .trailing)
    }
    CurvePlot.secondaryInk.with(alpha: 0.5).set(on: cr)
    cairo_rectangle(cr, layout.left + 0.5, top + 0.5, layout.right - layout.left - 1, bottom - top - 1)
    cairo_stroke(cr)
  }

  /// The series as a polyline, points closer than `tolerance` pixels to it dropped.
  private func line(_ s: MotionCurves.Series, color: PlotColor, width: Double, tolerance: Double, y: (Double) -> Double)
  {
    let points = Self.simplified(zip(s.times, s.values).map { (layout.x($0.0), y($0.1)) }, tolerance: tolerance)
    guard let first = points.first else { return }
    color.set(on: cr)
    cairo_set_line_width(cr, width)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_move_to(cr, first.0, first.1)
    for p in points.dropFirst() { cairo_line_to(cr, p.0, p.1) }
    cairo_stroke(cr)
  }

  /// A dot on the line at each frame time the series covers (the value the frame shows). Each
  /// dot is a zero-length stroke with round caps: a few bytes in an SVG, where a circle is four
  /// curves.
  private func frameDots(_ s: MotionCurves.Series, color: PlotColor, y: (Double) -> Double) {
    guard let first = s.times.first, let last = s.times.last else { return }
    color.set(on: cr)
    cairo_set_line_width(cr, 5.5)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    for t in curves.frameTimes where t >= first && t <= last {
      guard let v = Self.value(of: s, at: t) else { continue }
      cairo_move_to(cr, layout.x(t), y(v))
      cairo_close_path(cr)
    }
    cairo_stroke(cr)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
  }

  /// Where a series passes its end value by more than 0.5 % of its travel, as a spring does:
  /// the end value dashed, the peak circled, and the overshoot written at the panel's top right
  /// (baseline `noteAt`), clear of every curve. False when there is none.
  private func overshoot(_ s: MotionCurves.Series, color: PlotColor, y: (Double) -> Double, noteAt: Double) -> Bool {
    guard let o = Overshoot(s) else { return false }
    color.with(alpha: 0.55).set(on: cr)
    cairo_set_line_width(cr, 1)
    cairo_set_dash(cr, [4, 3], 2, 0)
    cairo_move_to(cr, layout.left, y(o.end))
    cairo_line_to(cr, layout.right, y(o.end))
    cairo_stroke(cr)
    cairo_set_dash(cr, nil, 0, 0)
    cairo_set_line_width(cr, 1.5)
    cairo_new_sub_path(cr)
    cairo_arc(cr, layout.x(o.time), y(o.peak), 5, 0, 2 * .pi)
    cairo_stroke(cr)
    let amount = String(format: "%.1f", abs(o.peak - o.end)) + (s.property.unit.isEmpty ? "" : " " + s.property.unit)
    let who = layout.colored.count > 1 ? "\(s.view): " : ""
    label(
      who + String(format: "overshoot %.1f %% of the travel (%@) at %.3f s (circled)", o.percent, amount, o.time),
      x: layout.right, y: noteAt, color: color, anchor: .trailing)
    return true
  }

  /// Each completion as a dashed red line through every panel.
  func completions() {
    guard !layout.properties.isEmpty else { return }
    CurvePlot.completionColor.set(on: cr)
    cairo_set_line_width(cr, 1.25)
    cairo_set_dash(cr, [5, 4], 2, 0)
    for c in curves.completions {
      cairo_move_to(cr, layout.x(c), layout.panel(0).top)
      cairo_line_to(cr, layout.x(c), layout.bottom)
    }
    cairo_stroke(cr)
    cairo_set_dash(cr, nil, 0, 0)
  }

  /// Seconds under the last panel, and a tick at every frame time.
  func timeAxis() {
    let bottom = layout.bottom
    CurvePlot.secondaryInk.set(on: cr)
    cairo_set_line_width(cr, 1)
    for t in curves.frameTimes {
      cairo_move_to(cr, layout.x(t), bottom)
      cairo_line_to(cr, layout.x(t), bottom + 4)
    }
    cairo_stroke(cr)
    for t in Self.ticks(0...layout.end, count: 6) where t >= 0 && t <= layout.end + 1e-9 {
      label(Self.label(t), x: layout.x(t), y: bottom + 17, color: CurvePlot.secondaryInk, anchor: .center)
    }
    label(
      "time (s); a tick per frame", x: layout.right, y: bottom + 34, color: CurvePlot.secondaryInk, anchor: .trailing)
  }
}

extension PlotPainter {
  /// The values' range widened by 8 % each way (a flat series gets ±1).
  static func valueRange(_ values: [Double]) -> ClosedRange<Double> {
    guard let low = values.min(), let high = values.max() else { return 0...1 }
    let pad = high > low ? (high - low) * 0.08 : 1
    return (low - pad)...(high + pad)
  }

  /// About `count` round values (1, 2 or 5 × 10ⁿ apart) inside `range`.
  static func ticks(_ range: ClosedRange<Double>, count: Int) -> [Double] {
    let span = range.upperBound - range.lowerBound
    guard span > 0 else { return [range.lowerBound] }
    let raw = span / Double(count)
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    let first = (range.lowerBound / step).rounded(.up)
    let last = (range.upperBound / step).rounded(.down)
    guard first <= last else { return [] }
    return stride(from: first, through: last, by: 1).map { $0 * step }
  }

  /// A value as a label: no more decimals than it needs (at most three).
  static func label(_ v: Double) -> String {
    let rounded = (v * 1000).rounded() / 1000
    var text = String(format: "%.3f", rounded == 0 ? 0 : rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The series' value at `t`, linearly between the samples around it.
  static func value(of s: MotionCurves.Series, at t: Double) -> Double? {
    guard let i = s.times.firstIndex(where: { $0 >= t }) else { return nil }
    if i == 0 || s.times[i] == t { return s.values[i] }
    let (t0, t1) = (s.times[i - 1], s.times[i])
    return s.values[i - 1] + (s.values[i] - s.values[i - 1]) * (t - t0) / (t1 - t0)
  }

  /// The polyline with every point within `tolerance` of the simplified line dropped
  /// (Ramer–Douglas–Peucker): a dense series costs an SVG only where it bends.
  static func simplified(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
    guard points.count > 2 else { return points }
    var keep = [Bool](repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    var stack = [(0, points.count - 1)]
    while let (a, b) = stack.popLast() {
      let (ax, ay) = points[a], (bx, by) = points[b]
      let dx = bx - ax, dy = by - ay, length = (dx * dx + dy * dy).squareRoot()
      var worst = (index: -1, distance: tolerance)
      for i in (a + 1)..<b {
        let (px, py) = points[i]
        let d =
          length > 0
          ? abs(dy * (px - ax) - dx * (py - ay)) / length : ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot()
        if d > worst.distance { worst = (i, d) }
      }
      guard worst.index >= 0 else { continue }
      keep[worst.index] = true
      stack.append((a, worst.index))
      stack.append((worst.index, b))
    }
    return points.indices.filter { keep[$0] }.map { points[$0] }
  }
}

/// How far a series passes its end value in the direction it travels.
struct Overshoot {
  let end: Double
  let peak: Double
  let time: Double
  /// The overshoot as a share of the travel from start to end, in percent.
  let percent: Double

  init?(_ s: MotionCurves.Series) {
    guard let start = s.values.first, let end = s.values.last else { return nil }
    let travel = end - start
    guard abs(travel) > s.property.tolerance else { return nil }
    let beyond = s.values.map { (travel > 0 ? $0 - end : end - $0) }
    guard let i = beyond.indices.max(by: { beyond[$0] < beyond[$1] }), beyond[i] > abs(travel) * 0.005 else {
      return nil
    }
    self.end = end
    peak = s.values[i]
    time = s.times[i]
    percent = beyond[i] / abs(travel) * 100
  }
}
