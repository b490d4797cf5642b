import Foundation
import CCairo
import Snapshot

/// Texels for `TextureMapper`: a premultiplied texture's mip chain, made on first use, and
/// optionally a Cairo surface viewing its level 0 (so that a texture the affine path can draw
/// directly never needs its chain built); or a gradient, evaluated where each pixel lands.
struct Texels {
  enum Source {
    case chain(() -> MipChain, surface: OpaquePointer?)
    case gradient(Gradient, width: Int, height: Int)
  }
  let source: Source

  init(chain: @escaping () -> MipChain, surface: OpaquePointer? = nil) {
    source = .chain(chain, surface: surface)
  }

  /// A CAGradientLayer's gradient over a texture of `width × height` texels (its unit square).
  init(gradient: Gradient, width: Int, height: Int) {
    source = .gradient(gradient, width: width, height: height)
  }
}

/// The texture path: maps texels onto a device polygon
/// (docs/core-animation.md#perspective-texture-mapping).
enum TextureMapper {
  /// A gradient composited over the texels in the same pass: its own `width × height` texel
  /// grid mapped by `texToDevice` (an affine map away from the texture's), times `alpha`.
  struct Overlay {
    var gradient: Gradient
    var width: Int
    var height: Int
    var texToDevice: Homography
    var alpha: Double
  }

  /// Draws `texels` through `texToDevice` (texel coordinates → device pixels of `cr`, whose CTM
  /// must be the identity) inside `polygon` (clipped, divided, device pixels), times `alpha`,
  /// then `overlay` over them, the result with OVER under the current clip and group. Affine
  /// maps that do not minify a texture go through Cairo's own pattern matrix (GOOD filter =
  /// bilinear here, PAD edges); projective or minifying ones, every gradient and every overlay,
  /// through `SpanMapper` (bilinear with mip levels; gradients exact at each pixel).
  static func draw(
    _ cr: OpaquePointer, _ texels: Texels, texToDevice: Homography, polygon: [Point], alpha: Double,
    overlay: Overlay? = nil
  ) {
    guard polygon.count >= 3 else { return }
    switch texels.source {
    case .gradient(let g, let width, let height):
      let sampler = GradientSampler(g, width: width, height: height, alpha: alpha)
      SpanMapper.draw(cr, sampler, texToDevice: texToDevice, polygon: polygon, alpha: 1)
    case .chain(let chain, let surface):
      let veil = overlay.flatMap { GradientSampler($0, under: texToDevice) }
      if veil == nil && texToDevice.isAffine && !minifies(texToDevice) {
        drawAffine(cr, chain: chain, surface: surface, texToDevice: texToDevice, polygon: polygon, alpha: alpha)
        return
      }
      let sampler = MipSampler(chain())
      var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
      for p in polygon {
        (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y))
      }
      if let g = texToDevice.inverted,
        ColumnMapper.applies(g, height: Int(maxY - minY) + 1, width: Int(maxX - minX) + 1)
      {
        ColumnMapper.draw(cr, sampler, overlay: veil, texToDevice: texToDevice, polygon: polygon, alpha: alpha)
      } else if let veil {
        let overlaid = OverlaidSampler(base: sampler, alpha: alpha, overlay: veil)
        SpanMapper.draw(cr, overlaid, texToDevice: texToDevice, polygon: polygon, alpha: 1)
      } else {
        SpanMapper.draw(cr, sampler, texToDevice: texToDevice, polygon: polygon, alpha: alpha)
      }
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
    _ cr: OpaquePointer, chain: () -> MipChain, surface: OpaquePointer?, texToDevice: Homography, polygon: [Point],
    alpha: Double
  ) {
    var owned: MipChain? = nil
    let src: OpaquePointer
    if let surface {
      src = cairo_surface_reference(surface)
    } else {
      let c = chain()
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
