import CCairo
import Snapshot

/// Texels for `TextureMapper`: a premultiplied texture's mip chain, made on first use, and
/// optionally a Cairo surface viewing its level 0 (so that a texture the affine path can draw
/// directly never needs its chain built).
struct Texels {
  let chain: () -> MipChain
  let surface: OpaquePointer?

  init(chain: @escaping () -> MipChain, surface: OpaquePointer? = nil) {
    self.chain = chain
    self.surface = surface
  }
}

/// The texture path: maps texels onto a device polygon
/// (docs/core-animation.md#perspective-texture-mapping).
enum TextureMapper {
  /// Draws `texels` through `texToDevice` (texel coordinates → device pixels of `cr`, whose CTM
  /// must be the identity) inside `polygon` (clipped, divided, device pixels), times `alpha`,
  /// with OVER under the current clip and group. Affine maps that do not minify go through
  /// Cairo's own pattern matrix (GOOD filter = bilinear here, PAD edges); projective or
  /// minifying ones through `PerspectiveMapper` (trilinear).
  static func draw(_ cr: OpaquePointer, _ texels: Texels, texToDevice: Homography, polygon: [Point], alpha: Double) {
    guard polygon.count >= 3 else { return }
    if texToDevice.isAffine && !minifies(texToDevice) {
      drawAffine(cr, texels, texToDevice: texToDevice, polygon: polygon, alpha: alpha)
    } else {
      PerspectiveMapper.draw(cr, chain: texels.chain(), texToDevice: texToDevice, polygon: polygon, alpha: alpha)
    }
  }

  /// True when an affine texture map shrinks the texture (more than one texel per pixel along
  /// some axis). Cairo's affine path is then not used, so that a face turning from flat into
  /// perspective keeps one filter (trilinear) and does not pop between frames.
  static func minifies(_ h: Homography) -> Bool {
    guard let inv = h.inverted else { return true }
    let k = 1 / inv.h22
    let (a, b, c, d) = (inv.h00 * k, inv.h01 * k, inv.h10 * k, inv.h11 * k)
    return max(a * a + b * b, c * c + d * d) > 1 + 1e-9
  }

  private static func drawAffine(
    _ cr: OpaquePointer, _ texels: Texels, texToDevice: Homography, polygon: [Point], alpha: Double
  ) {
    var owned: MipChain? = nil
    let src: OpaquePointer
    if let surface = texels.surface {
      src = cairo_surface_reference(surface)
    } else {
      let c = texels.chain()
      owned = c
      src = c.makeBaseSurface()
    }
    defer {
      cairo_surface_destroy(src)
      withExtendedLifetime(owned) {}
    }
    let m = texToDevice.normalizedAffine
    var matrix = cairo_matrix_t()
    cairo_matrix_init(&matrix, m.a, m.b, m.c, m.d, m.tx, m.ty)
    guard cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS else { return }
    let pattern = cairo_pattern_create_for_surface(src)!
    defer { cairo_pattern_destroy(pattern) }
    cairo_pattern_set_matrix(pattern, &matrix)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
    cairo_set_source(cr, pattern)
    Painter.setPath(cr, [polygon])
    if alpha < 1 {
      cairo_save(cr)
      cairo_clip(cr)
      cairo_paint_with_alpha(cr, alpha)
      cairo_restore(cr)
    } else {
      cairo_fill(cr)
    }
  }
}
