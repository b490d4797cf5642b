import CCairo
import Foundation

/// Every label of a plot goes through here: Cairo's toy text API with DejaVu Sans (the
/// `fonts-dejavu-core` package), which needs no layout engine. When Pango text lands, this is
/// the one place that changes.
///
/// One face at one size: Cairo's SVG surface writes each glyph's outline once per font and
/// size, so every other size would add its whole alphabet to the file. Emphasis is the same
/// glyphs drawn twice, a third of a pixel apart.
enum PlotText {
  enum Anchor { case leading, center, trailing }

  static let family = "DejaVu Sans"
  static let size = 12.0

  /// Draws `text` with its baseline at `y`, its start, middle or end at `x`.
  static func draw(
    _ cr: OpaquePointer, _ text: String, x: Double, y: Double, color: PlotColor, anchor: Anchor = .leading,
    bold: Bool = false
  ) {
    select(cr)
    let w = width(cr, text)
    let start = anchor == .leading ? x : anchor == .center ? x - w / 2 : x - w
    color.set(on: cr)
    for dx in bold ? [0, 0.35] : [0] {
      cairo_move_to(cr, start + dx, y)
      cairo_show_text(cr, text)
    }
    cairo_new_path(cr)
  }

  private static func select(_ cr: OpaquePointer) {
    cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, size)
  }

  private static func width(_ cr: OpaquePointer, _ text: String) -> Double {
    var extents = cairo_text_extents_t()
    cairo_text_extents(cr, text, &extents)
    return extents.x_advance
  }
}

/// An SVG's labels as `<text>` elements, added to the document Cairo wrote: Cairo's SVG
/// surface would write every glyph's outline (most of a small plot's bytes), where text stays
/// text, selectable and a few bytes a label. The reader's sans-serif draws it.
final class SVGLabels {
  private var elements: [String] = []

  func add(_ text: String, x: Double, y: Double, color: PlotColor, anchor: PlotText.Anchor, bold: Bool) {
    let textAnchor = anchor == .leading ? "" : " text-anchor=\"\(anchor == .center ? "middle" : "end")\""
    let weight = bold ? " font-weight=\"bold\"" : ""
    let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
    elements.append(
      "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" fill=\"\(color.hex)\"\(color.alpha < 1 ? " fill-opacity=\"\(Self.number(color.alpha))\"" : "")\(textAnchor)\(weight)>\(escaped)</text>"
    )
  }

  /// `svg` with the labels before its closing tag, in one group that names the font.
  func inserted(into svg: [UInt8]) -> [UInt8] {
    let group =
      "<g font-family=\"\(PlotText.family), Verdana, sans-serif\" font-size=\"\(Self.number(PlotText.size))\">\n"
      + elements.joined(separator: "\n") + "\n</g>\n"
    let close = Array("</svg>".utf8)
    guard let at = (0...(svg.count - close.count)).last(where: { Array(svg[$0..<($0 + close.count)]) == close }) else {
      return svg
    }
    return Array(svg[..<at]) + Array(group.utf8) + Array(svg[at...])
  }

  private static func number(_ v: Double) -> String {
    var text = String(format: "%.2f", v)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

/// An sRGB color of a plot, 0...1 per channel.
struct PlotColor {
  var red: Double, green: Double, blue: Double, alpha = 1.0

  init(hex: UInt32, alpha: Double = 1) {
    red = Double((hex >> 16) & 0xff) / 255
    green = Double((hex >> 8) & 0xff) / 255
    blue = Double(hex & 0xff) / 255
    self.alpha = alpha
  }

  func with(alpha: Double) -> PlotColor {
    var c = self
    c.alpha = alpha
    return c
  }

  func set(on cr: OpaquePointer) { cairo_set_source_rgba(cr, red, green, blue, alpha) }

  /// "#RRGGBB", without the alpha.
  var hex: String {
    String(
      format: "#%02X%02X%02X", Int((red * 255).rounded()), Int((green * 255).rounded()), Int((blue * 255).rounded()))
  }
}
