import Foundation
import Rendering
import CCairo
import Compositor
import Pixels

/// The rounded phone outline `--frame` draws around a screen: a dark bezel 4 % of the screen's
/// width thick, whose inner corners (10 % of the width) round the screen's, with a lighter
/// hairline outside so it also shows on a dark page. Outside the outline is transparent.
enum DeviceFrame {
  static let bezelShare = 0.04, cornerShare = 0.10
  static let bezel = PlotColor(hex: 0x1C1C1E), edge = PlotColor(hex: 0x636366)

  /// How many pixels the bezel adds on each side of a screen `width` pixels wide.
  static func thickness(forWidth width: Int) -> Int { max(2, Int((Double(width) * bezelShare).rounded())) }

  /// `screen` inside the outline: the bezel drawn over it covers its square corners.
  static func framing(_ screen: RGBAImage) -> RGBAImage {
    let b = thickness(forWidth: screen.width)
    var out = RGBAImage(width: screen.width + 2 * b, height: screen.height + 2 * b)!
    out.blit(screen, at: b, b)
    out.blit(outline(screenWidth: screen.width, screenHeight: screen.height, thickness: b), at: 0, 0)
    return out
  }

  /// The bezel alone: the outer rounded rectangle less the inner one, antialiased by Cairo.
  private static func outline(screenWidth w: Int, screenHeight h: Int, thickness b: Int) -> RGBAImage {
    let (width, height) = (w + 2 * b, h + 2 * b)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    let inner = Double(w) * cornerShare, outer = inner + Double(b)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    roundedRectangle(cr, x: 0, y: 0, width: Double(width), height: Double(height), radius: outer)
    roundedRectangle(cr, x: Double(b), y: Double(b), width: Double(w), height: Double(h), radius: inner)
    bezel.set(on: cr)
    cairo_fill(cr)
    roundedRectangle(cr, x: 0.5, y: 0.5, width: Double(width) - 1, height: Double(height) - 1, radius: outer - 0.5)
    edge.set(on: cr)
    cairo_set_line_width(cr, 1)
    cairo_stroke(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return PixelConversion.straightRGBA(surface)
  }

  private static func roundedRectangle(
    _ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius r: Double
  ) {
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
    cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
    cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
    cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
  }
}
