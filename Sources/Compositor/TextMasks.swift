import Foundation
import CCairo
import Snapshot

/// Coverage masks of laid-out text (docs/text.md#vectors-under-affine-transforms), shared by
/// every render call of one compositor, so that text that stays where it is costs one
/// rasterization however many frames show it.
///
/// A mask is the layout's outline glyphs filled as one path (nonzero rule, Cairo's grayscale
/// antialiasing) into an 8-bit surface, under the map's linear part and the *fractional* part
/// of its translation; it is drawn at the translation's whole part. Cairo's rasterizer works on
/// a fixed grid of device coordinates, so a path moved by whole pixels covers the same pixels
/// moved by whole pixels: the mask covers what filling the path in place would, and draws
/// within one level of it (pixman's mask compositing and Cairo's span blending round apart). The
/// key is the layout's identity and the bit patterns of those six numbers, so a hit only ever
/// returns what a miss would make. Bounded (`BoundedCache`), 64 MB by default.
final class TextMaskCache: Sendable {
  /// An 8-bit coverage surface whose pixel (0, 0) lies at (`x`, `y`) device pixels from the
  /// translation's whole part.
  final class Mask: @unchecked Sendable {
    let surface: OpaquePointer
    let x: Int, y: Int
    let bytes: Int

    fileprivate init(surface: OpaquePointer, x: Int, y: Int) {
      (self.surface, self.x, self.y) = (surface, x, y)
      bytes = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }
  }

  private struct Key: Hashable {
    let layout: ObjectIdentifier
    let a, b, c, d, fx, fy: UInt64
  }
  /// Nil values are layouts that ink nothing (or too much for one surface).
  private let masks: BoundedCache<Key, Mask?>

  init(byteBudget: Int = 64 << 20) { masks = BoundedCache(byteBudget: byteBudget) { $0?.bytes ?? 0 } }

  /// The number of layouts and placements held.
  var count: Int { masks.count }

  /// The mask of `layout`'s outline glyphs under the affine map `toDevice` (layout space to
  /// device pixels), and where to draw it: device pixel (`x`, `y`) for its pixel (0, 0); nil
  /// when the layout inks nothing or its mask would pass Cairo's surface limits (fill the
  /// path in place instead).
  func mask(for layout: TextLayout, toDevice: Homography) -> (mask: Mask, x: Int, y: Int)? {
    let m = toDevice.normalizedAffine
    let ix = m.tx.rounded(.down), iy = m.ty.rounded(.down)
    guard abs(ix) < 1e9, abs(iy) < 1e9 else { return nil }
    let (fx, fy) = (m.tx - ix, m.ty - iy)
    let key = Key(
      layout: ObjectIdentifier(layout), a: m.a.bitPattern, b: m.b.bitPattern, c: m.c.bitPattern,
      d: m.d.bitPattern, fx: fx.bitPattern, fy: fy.bitPattern)
    let mask = masks.value(for: key, source: layout) {
      Self.rasterize(layout, linear: (m.a, m.b, m.c, m.d), fraction: (fx, fy))
    }
    guard let mask else { return nil }
    return (mask, Int(ix) + mask.x, Int(iy) + mask.y)
  }

  /// The glyphs filled into an 8-bit surface over the device box of the layout's ink (its
  /// control-point box mapped, rounded out, one pixel of margin for antialiasing).
  private static func rasterize(
    _ layout: TextLayout, linear: (Double, Double, Double, Double), fraction: (Double, Double)
  ) -> Mask? {
    let ink = layout.inkBounds
    guard !layout.glyphs.isEmpty, ink.width > 0 || ink.height > 0 else { return nil }
    let (a, b, c, d) = linear
    let corners = [
      (ink.minX, ink.minY), (ink.maxX, ink.minY), (ink.minX, ink.maxY), (ink.maxX, ink.maxY),
    ].map { (x, y) in (x * a + y * c + fraction.0, x * b + y * d + fraction.1) }
    let x0 = (corners.map(\.0).min()! - 1).rounded(.down), y0 = (corners.map(\.1).min()! - 1).rounded(.down)
    let x1 = (corners.map(\.0).max()! + 1).rounded(.up), y1 = (corners.map(\.1).max()! + 1).rounded(.up)
    let width = Int(x1 - x0), height = Int(y1 - y0)
    // Beyond Cairo's surface limit nothing could be drawn in one piece anyway.
    guard width > 0, height > 0, width <= 32767, height <= 32767 else { return nil }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    let cr = cairo_create(surface)!
    let toMask = Homography(affine: a, b, c, d, fraction.0 - x0, fraction.1 - y0)
    GlyphPainter.fill(cr, layout, toDevice: toMask, color: Color(red: 0, green: 0, blue: 0, alpha: 1))
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return Mask(surface: surface, x: Int(x0), y: Int(y0))
  }
}
