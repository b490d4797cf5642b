import Foundation
import CCairo
import Snapshot

/// Draws laid-out text with Cairo (docs/text.md#vectors-under-affine-transforms): the outline
/// glyphs as one path, filled with the nonzero winding rule and Cairo's grayscale antialiasing
/// at their exact (subpixel) positions; no hinting, no glyph cache, so a glyph looks the same
/// wherever and however it is placed.
enum GlyphPainter {
  /// Fills every outline glyph of `layout` with `color` through `toDevice` (affine: the
  /// layout's space to the device pixels of `cr`, whose CTM must be the identity).
  static func fill(_ cr: OpaquePointer, _ layout: TextLayout, toDevice: Homography, color: Color) {
    let m = toDevice.normalizedAffine
    cairo_new_path(cr)
    for g in layout.glyphs {
      // em units → layout space (scale by size, move to origin) → device.
      let a = m.a * g.size, b = m.b * g.size, c = m.c * g.size, d = m.d * g.size
      let tx = g.origin.x * m.a + g.origin.y * m.c + m.tx, ty = g.origin.x * m.b + g.origin.y * m.d + m.ty
      for element in g.outline.elements {
        switch element {
        case .move(let p): cairo_move_to(cr, p.x * a + p.y * c + tx, p.x * b + p.y * d + ty)
        case .line(let p): cairo_line_to(cr, p.x * a + p.y * c + tx, p.x * b + p.y * d + ty)
        case .curve(let p, let q, let r):
          cairo_curve_to(
            cr, p.x * a + p.y * c + tx, p.x * b + p.y * d + ty, q.x * a + q.y * c + tx, q.x * b + q.y * d + ty,
            r.x * a + r.y * c + tx, r.x * b + r.y * d + ty)
        case .close: cairo_close_path(cr)
        }
      }
    }
    cairo_set_source_rgba(cr, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
    cairo_fill(cr)
  }
}
