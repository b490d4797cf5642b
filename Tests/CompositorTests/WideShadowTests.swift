import CCairo
import Foundation
import Pixels
import Snapshot
import Testing

@testable import Compositor

/// Shadows wider than σ 24 px (docs/core-animation.md#wide-shadows-blur-at-reduced-size): the
/// blur is computed at reduced size where it can reach the target, so its work is bounded
/// whatever the radius, and it stays within one 8-bit level of the Gaussian.
@Suite("Compositor: wide shadows")
struct WideShadowTests {
  /// An L of white squares (not separable, so both axes blur together) at whole pixels, in a
  /// layer without a background that casts a black shadow of `radius` points, offset 0.
  func lShape(radius: Double) -> (layer: LayerSnapshot, rects: [(x: Range<Int>, y: Range<Int>)]) {
    var l = layer(Rect(x: 60, y: 60, width: 60, height: 60))
    l.sublayers = [
      layer(Rect(x: 0, y: 0, width: 60, height: 24), .white), layer(Rect(x: 0, y: 24, width: 24, height: 36), .white),
    ]
    l.shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 0, height: 0), radius: radius)
    return (l, [(60..<120, 60..<84), (60..<84, 84..<120)])
  }

  /// The oracle: 255 × the direct convolution of the silhouette (fully opaque `rects`) with the
  /// sampled Gaussian of `sigma`, normalized, at pixel (x, y).
  func gaussianShadow(_ rects: [(x: Range<Int>, y: Range<Int>)], sigma: Double, x: Int, y: Int) -> Double {
    let reach = Int(8 * sigma)
    func g(_ d: Int) -> Double { exp(-Double(d * d) / (2 * sigma * sigma)) }
    let norm = (-reach...reach).reduce(0.0) { $0 + g($1) }
    var sum = 0.0
    for r in rects {
      let sx = r.x.reduce(0.0) { $0 + g(x - $1) }, sy = r.y.reduce(0.0) { $0 + g(y - $1) }
      sum += sx * sy
    }
    return 255 * sum / (norm * norm)
  }

  @Test(
    "wide-shadows-blur-at-reduced-size: above σ 24 px a shadow's alpha is within one 8-bit level of the silhouette's direct Gaussian convolution (plus rounding to 8 bits)"
  )
  func matchesGaussian() throws {
    for sigma in [25.0, 40, 90] {
      let (l, rects) = lShape(radius: sigma)
      let img = try Compositor(scale: 1).render(scene(Size(width: 180, height: 180), [l]))
      debugDump(img, "wide-shadow-\(Int(sigma))")
      var worst = 0.0, peak = 0.0
      for y in 0..<180 {
        for x in 0..<180 where !rects.contains(where: { $0.x.contains(x) && $0.y.contains(y) }) {
          let expected = gaussianShadow(rects, sigma: sigma, x: x, y: y)
          worst = max(worst, abs(Double(img[x, y].a) - expected))
          peak = max(peak, expected)
        }
      }
      #expect(peak > 10, "σ \(sigma): the shadow is there to compare")
      #expect(worst <= 1.0, "σ \(sigma): worst difference \(worst) levels")
    }
  }

  /// A `size × size` ARGB32 surface, transparent but for an opaque square `square`.
  func surface(_ size: Int, square: Range<Int>) -> OpaquePointer {
    let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
    let cr = cairo_create(s)!
    cairo_rectangle(
      cr, Double(square.lowerBound), Double(square.lowerBound), Double(square.count), Double(square.count))
    cairo_fill(cr)
    cairo_destroy(cr)
    cairo_surface_flush(s)
    return s
  }

  @Test(
    "wide-shadow-work-is-bounded: whatever σ, the wide blur covers only the visible window (not the silhouette's 6σ box), from a kernel of at most 65 taps"
  )
  func boundedWork() throws {
    let s = surface(64, square: 22..<42)
    defer { cairo_surface_destroy(s) }
    let alpha = try #require(AlphaPlane(s))
    let box = try #require(alpha.silhouette())
    #expect(box == (22, 22, 41, 41))
    let visible = (x: 0..<64, y: 0..<64)
    for sigma in [25.0, 30, 300, 3_000, 30_000, 4_000_000, 1e300] {
      #expect(WideBlur(sigma: min(sigma, WideBlur.largestSigma)).weights.count <= 65, "σ \(sigma)")
      let result = ShadowPainter.blurred(alpha, box: box, sigma: sigma, visible: visible)
      if let result {
        #expect(result.width <= 64 && result.height <= 64 && result.x >= 0 && result.y >= 0, "σ \(sigma)")
      }
      // A 20 × 20 square spread wider than about σ 180 px stays below half a level.
      #expect((result == nil) == (sigma > 100), "σ \(sigma)")
    }
    // Only the visible part: a window in a corner far from the square still gets its blur there.
    let corner = try #require(ShadowPainter.blurred(alpha, box: box, sigma: 40, visible: (0..<8, 0..<8)))
    #expect(corner.width == 8 && corner.height == 8 && corner.values.allSatisfy { $0 > 0 })
  }

  @Test(
    "wide-shadows-blur-at-reduced-size: a wide shadow that stays below half a level everywhere is left out with its group (same pixels as no shadow); a visible one of the same σ is drawn"
  )
  func faintShadowLeftOut() throws {
    let size = Size(width: 200, height: 200)
    var small = layer(Rect(x: 90, y: 90, width: 10, height: 10), .white)
    small.shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 0, height: 0), radius: 200)
    var plain = small
    plain.shadow = nil
    let compositor = Compositor(scale: 1)
    #expect(!(try compositor.drawList(scene(size, [small]))).contains("shadow"))
    #expect(try compositor.render(scene(size, [small])) == compositor.render(scene(size, [plain])))
    // 100 × 100 px under σ 200 px peaks near 255 × 10⁴ / (2π × 200²) ≈ 10 levels.
    var large = layer(Rect(x: 50, y: 50, width: 100, height: 100), .white)
    large.shadow = small.shadow
    #expect(try compositor.drawList(scene(size, [large])).contains("shadow"))
    #expect(try compositor.render(scene(size, [large]))[5, 100].a > 5)
  }
}
