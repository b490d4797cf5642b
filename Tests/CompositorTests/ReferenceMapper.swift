import CCairo
import Snapshot

@testable import Compositor

/// The oracle the span mapper is checked against: the exact per-pixel inverse mapping in double
/// precision. Every pixel centre of the polygon's box goes back through the inverse homography;
/// the level of detail comes from the local Jacobian at that pixel (ρ = the longest texel-space
/// image of a one-pixel step, level = log₂ ρ, 8.8 fixed point); the two nearest levels are sampled
/// bilinearly (edges clamped, 8-bit weights) and blended (trilinear, the classic filter), then
/// weighted by the polygon's coverage (Cairo's A8 fill) and `alpha`, and painted with OVER.
enum ReferenceMapper {
  static func draw(
    _ cr: OpaquePointer, chain: MipChain, texToDevice: Homography, polygon: [Point], alpha: Double = 1
  ) {
    guard polygon.count >= 3, let g = texToDevice.inverted else { return }
    var ex0 = 0.0, ey0 = 0.0, ex1 = 0.0, ey1 = 0.0
    cairo_clip_extents(cr, &ex0, &ey0, &ex1, &ey1)
    let xs = polygon.map(\.x), ys = polygon.map(\.y)
    let x0 = Int(max(xs.min()!, ex0).rounded(.down)), y0 = Int(max(ys.min()!, ey0).rounded(.down))
    let x1 = Int(min(xs.max()!, ex1).rounded(.up)), y1 = Int(min(ys.max()!, ey1).rounded(.up))
    let w = x1 - x0, h = y1 - y0
    guard w > 0, h > 0 else { return }
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
    defer { cairo_surface_destroy(mask) }
    let mcr = cairo_create(mask)!
    cairo_translate(mcr, Double(-x0), Double(-y0))
    Painter.setPath(mcr, [polygon])
    cairo_fill(mcr)
    cairo_destroy(mcr)
    cairo_surface_flush(mask)
    let mstride = Int(cairo_image_surface_get_stride(mask))
    let mdata = cairo_image_surface_get_data(mask)!
    let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
    defer { cairo_surface_destroy(out) }
    let ostride = Int(cairo_image_surface_get_stride(out)) / 4
    let odata = UnsafeMutableRawPointer(cairo_image_surface_get_data(out)!).assumingMemoryBound(to: UInt32.self)
    let a256 = min(max(alpha, 0), 1) * 256
    let maxLod = (chain.levels.count - 1) << 8
    for j in 0..<h {
      let py = Double(y0 + j) + 0.5
      for i in 0..<w {
        let cov = Int(mdata[j * mstride + i])
        let px = Double(x0 + i) + 0.5
        let W = px * g.h02 + py * g.h12 + g.h22
        if cov == 0 || !(W > 1e-12) { continue }
        let iw = 1 / W
        let u = (px * g.h00 + py * g.h10 + g.h20) * iw, v = (px * g.h01 + py * g.h11 + g.h21) * iw
        let ux = (g.h00 - u * g.h02) * iw, uy = (g.h10 - u * g.h12) * iw
        let vx = (g.h01 - v * g.h02) * iw, vy = (g.h11 - v * g.h12) * iw
        let rho2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
        let lod = rho2 > 1 ? min(maxLod, SpanMapper.log2Fixed(Float(rho2)) >> 1) : 0
        let l0 = lod >> 8, t = UInt32(lod & 255)
        var c = sample(chain, level: l0, u: u, v: v)
        if t != 0 { c = lerp(c, sample(chain, level: l0 + 1, u: u, v: v), t) }
        odata[j * ostride + i] = scaled(c, UInt32((Double(cov) * a256 / 255).rounded()))
      }
    }
    cairo_surface_mark_dirty(out)
    cairo_set_source_surface(cr, out, Double(x0), Double(y0))
    cairo_paint(cr)
  }

  /// Bilinear at base-texel coordinates (u, v) on one level, edges clamped.
  static func sample(_ chain: MipChain, level: Int, u: Double, v: Double) -> UInt32 {
    let l = chain.levels[level], base = chain.base
    let fu = u * Double(l.width) / Double(base.width) - 0.5, fv = v * Double(l.height) / Double(base.height) - 0.5
    let cu = min(max(fu, -0.5), Double(l.width) - 0.5), cv = min(max(fv, -0.5), Double(l.height) - 0.5)
    let xi = Int((cu + 1).rounded(.down)) - 1, yi = Int((cv + 1).rounded(.down)) - 1
    let wx = UInt32((cu - Double(xi)) * 256), wy = UInt32((cv - Double(yi)) * 256)
    func texel(_ x: Int, _ y: Int) -> UInt32 {
      l.pixels[min(max(y, 0), l.height - 1) * l.stride + min(max(x, 0), l.width - 1)]
    }
    return lerp(lerp(texel(xi, yi), texel(xi + 1, yi), wx), lerp(texel(xi, yi + 1), texel(xi + 1, yi + 1), wx), wy)
  }

  /// a + (b − a)·t/256 on every channel, rounded.
  static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
    var out: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      let ca = (a >> UInt32(shift)) & 255, cb = (b >> UInt32(shift)) & 255
      out |= ((ca * (256 - t) + cb * t + 128) >> 8) << UInt32(shift)
    }
    return out
  }

  static func scaled(_ c: UInt32, _ k: UInt32) -> UInt32 {
    var out: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      out |= ((((c >> UInt32(shift)) & 255) * k + 128) >> 8) << UInt32(shift)
    }
    return out
  }
}
