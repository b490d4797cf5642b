import CCairo
import Foundation
import Rendering
import Compositor
import Pixels

/// Motion curves drawn with Cairo: one panel per property that moved (position x and y, scale,
/// rotation, the 3D angle, alpha) against the recording's time, one colored line per view,
/// a dot where each frame sampled it, the completion as a dashed vertical line, and where a
/// value passes its end value (a spring) the end value dashed and the overshoot written at
/// its peak. Written as SVG (Cairo's SVG surface, the labels as text) or rasterized to a PNG.
package struct CurvePlot {
  /// The heading, e.g. "slide-up --present".
  public var title: String
  /// Width in pixels (SVG user units).
  public var width = 760.0

  public init(title: String) { self.title = title }

  /// Views drawn in color (and named in the legend); the others are drawn thin and grey. No
  /// red: red is the completion's line.
  static let palette: [UInt32] = [0x007AFF, 0xFF9500, 0x34C759, 0x5856D6, 0xAF52DE, 0x30B0C7, 0x1C7C54, 0xA2845E]
  static let ink = PlotColor(hex: 0x1C1C1E), secondaryInk = PlotColor(hex: 0x6C6C70)
  static let grid = PlotColor(hex: 0xE5E5EA), completionColor = PlotColor(hex: 0xFF3B30)
  static let others = PlotColor(hex: 0xAEAEB2, alpha: 0.6)
  static let margin = (left: 64.0, right: 20.0, top: 16.0, bottom: 44.0)
  static let panelHeight = 112.0, panelGap = 34.0, legendRow = 18.0
  /// Most views drawn in grey: enough to show how a crowd (explode's tiles) moves, few enough
  /// to keep the SVG small.
  static let greyLimit = 12

  /// The SVG document.
  public func svg(_ curves: MotionCurves) throws -> [UInt8] {
    let collector = ByteCollector()
    let layout = Layout(curves, plot: self)
    let surface = cairo_svg_surface_create_for_stream(
      { closure, data, length in
        let collector = Unmanaged<ByteCollector>.fromOpaque(closure!).takeUnretainedValue()
        collector.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(collector).toOpaque(), width, layout.height)!
    cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    let labels = SVGLabels()
    try draw(curves, layout: layout, on: surface, labels: labels)
    cairo_surface_finish(surface)
    cairo_surface_destroy(surface)
    return Self.numberingRemoved(labels.inserted(into: collector.bytes))
  }

  /// Cairo names each SVG surface's group by a count of the surfaces the process has made
  /// (`id="surface686"`); the same plot gets the same bytes whatever was drawn before it.
  static func numberingRemoved(_ svg: [UInt8]) -> [UInt8] {
    let text = String(decoding: svg, as: UTF8.self)
    guard let match = text.range(of: #"id="surface[0-9]+""#, options: .regularExpression) else { return svg }
    return Array(text.replacingCharacters(in: match, with: #"id="plot""#).utf8)
  }

  /// The plot rasterized at `scale` pixels per SVG unit.
  public func image(_ curves: MotionCurves, scale: Double = 2) throws -> RGBAImage {
    let layout = Layout(curves, plot: self)
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((layout.height * scale).rounded(.up)))!
    defer { cairo_surface_destroy(surface) }
    try draw(curves, layout: layout, on: surface, scale: scale)
    cairo_surface_flush(surface)
    return PixelConversion.straightRGBA(surface)
  }

  private func draw(
    _ curves: MotionCurves, layout: Layout, on surface: OpaquePointer, scale: Double = 1, labels: SVGLabels? = nil
  ) throws {
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    cairo_scale(cr, scale, scale)
    let painter = PlotPainter(cr: cr, layout: layout, curves: curves, svgLabels: labels)
    painter.background()
    painter.heading(title)
    painter.legend()
    for (index, property) in layout.properties.enumerated() { painter.panel(property, index: index) }
    painter.completions()
    painter.timeAxis()
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError("cannot draw the motion curves: \(String(cString: cairo_status_to_string(status)))")
    }
  }
}

/// Collects what Cairo's stream surfaces write.
private final class ByteCollector {
  var bytes: [UInt8] = []
}

/// Where everything goes: panels stacked under the heading and the legend, one shared time axis.
struct Layout {
  let width: Double
  let properties: [MotionCurves.Property]
  /// The views drawn in color, in order; the others, of which `grey` are drawn.
  let colored: [String]
  let othersCount: Int
  let grey: Set<String>
  let legendRows: [[(name: String, color: PlotColor, x: Double)]]
  let end: Double
  let panelsTop: Double
  let height: Double

  init(_ curves: MotionCurves, plot: CurvePlot) {
    width = plot.width
    properties = curves.properties
    let views = curves.views
    colored = Array(views.prefix(CurvePlot.palette.count))
    othersCount = views.count - colored.count
    let others = Array(views.dropFirst(colored.count))
    grey = Set(
      (0..<min(others.count, CurvePlot.greyLimit)).map {
        others[$0 * others.count / min(others.count, CurvePlot.greyLimit)]
      })
    end = max(curves.frameTimes.last ?? 0, curves.completions.last ?? 0, 1e-3)
    legendRows = Self.legend(colored, others: othersCount, width: plot.width)
    panelsTop = CurvePlot.margin.top + 40 + Double(legendRows.count) * CurvePlot.legendRow + 34
    let panels = Double(max(properties.count, 1))
    height = panelsTop + panels * CurvePlot.panelHeight + (panels - 1) * CurvePlot.panelGap + CurvePlot.margin.bottom
  }

  var left: Double { CurvePlot.margin.left }
  var right: Double { width - CurvePlot.margin.right }

  /// The panel of property `index`: its top and bottom edges.
  func panel(_ index: Int) -> (top: Double, bottom: Double) {
    let top = panelsTop + Double(index) * (CurvePlot.panelHeight + CurvePlot.panelGap)
    return (top, top + CurvePlot.panelHeight)
  }

  var bottom: Double { panel(max(properties.count, 1) - 1).bottom }

  func x(_ t: Double) -> Double { left + (right - left) * t / end }

  func color(of view: String) -> PlotColor? {
    colored.firstIndex(of: view).map { PlotColor(hex: CurvePlot.palette[$0]) }
  }

  /// Legend entries flowed into rows; widths are estimated (7 px a character at 12 px) so the
  /// layout does not need a drawing context.
  private static func legend(_ views: [String], others: Int, width: Double) -> [[(
    name: String, color: PlotColor, x: Double
  )]] {
    var entries = views.enumerated().map { (name: $0.element, color: PlotColor(hex: CurvePlot.palette[$0.offset])) }
    if others > 0 {
      let drawn = min(others, CurvePlot.greyLimit)
      entries.append(
        (
          name: "\(others) more view\(others == 1 ? "" : "s")" + (drawn < others ? " (\(drawn) drawn)" : ""),
          color: CurvePlot.others
        ))
    }
    var rows: [[(name: String, color: PlotColor, x: Double)]] = [[]]
    var x = CurvePlot.margin.left
    for entry in entries {
      let w = 22 + Double(entry.name.count) * 7 + 16
      if x + w > width - CurvePlot.margin.right && !rows[rows.count - 1].isEmpty {
        rows.append([])
        x = CurvePlot.margin.left
      }
      rows[rows.count - 1].append((entry.name, entry.color, x))
      x += w
    }
    return rows.filter { !$0.isEmpty }
  }
}
