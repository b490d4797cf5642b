import Snapshot
import CCairo


/// Draws a texture through a true projective map (docs/core-animation.md#perspective-texture-mapping).
///
/// Contract: `texToDevice` maps texel coordinates (texel (i, j) covers [i, i+1) × [j, j+1)) to
/// device pixels of `cr`, whose CTM must be the identity. `polygon` is the already clipped,
/// divided outline of the textured quad in device pixels. For every device pixel of the
/// polygon's bounding box (limited to the current clip extents) the pixel centre is mapped back
/// with the inverse homography, the level of detail is taken from the local Jacobian of that
/// inverse map (ρ = longest texel-space image of a pixel step; level = log2 ρ), the two nearest
/// mip levels are sampled bilinearly (edges clamped) and blended (trilinear), and the result is
/// weighted by the polygon's antialiased coverage (Cairo fills the polygon into an A8 mask).
/// `alpha` multiplies the result. The tile is then painted with OVER, so the current clip and group apply. Nothing is
/// allocated per pixel; the result depends only on the inputs (deterministic).
enum PerspectiveMapper {
  struct LevelInfo {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    let sx: Double
    let sy: Double
  }

  static func draw(
    _ cr: OpaquePointer, chain: MipChain, texToDevice: Homography, polygon: [Point], alpha: Double = 1
  ) {
    guard polygon.count >= 3, let g = texToDevice.inverted else { return }
    // Bounding box of the polygon within the clip extents.
    var ex0 = 0.0, ey0 = 0.0, ex1 = 0.0, ey1 = 0.0
    cairo_clip_extents(cr, &ex0, &ey0, &ex1, &ey1)
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for p in polygon {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    let x0 = Int(max(minX, ex0).rounded(.down)), y0 = Int(max(minY, ey0).rounded(.down))
    let x1 = Int(min(maxX, ex1).rounded(.up)), y1 = Int(min(maxY, ey1).rounded(.up))
    let w = x1 - x0, h = y1 - y0
    guard w > 0, h > 0 else { return }

    // Coverage mask.
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
    defer { cairo_surface_destroy(mask) }
    let mcr = cairo_create(mask)!
    cairo_translate(mcr, Double(-x0), Double(-y0))
    for (i, p) in polygon.enumerated() {
      if i == 0 { cairo_move_to(mcr, p.x, p.y) } else { cairo_line_to(mcr, p.x, p.y) }
    }
    cairo_close_path(mcr)
    cairo_fill(mcr)
    cairo_destroy(mcr)
    cairo_surface_flush(mask)
    let mstride = Int(cairo_image_surface_get_stride(mask))
    let mdata = cairo_image_surface_get_data(mask)!

    let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
    defer { cairo_surface_destroy(out) }
    guard cairo_surface_status(out) == CAIRO_STATUS_SUCCESS else { return }
    let ostride = Int(cairo_image_surface_get_stride(out)) / 4
    let odata = UnsafeMutableRawPointer(cairo_image_surface_get_data(out)!).assumingMemoryBound(to: UInt32.self)

    // Coverage × alpha as a 0...256 weight per mask value.
    var weight = [UInt32](repeating: 0, count: 256)
    let a256 = min(max(alpha, 0), 1) * 256
    for m in 0..<256 { weight[m] = UInt32((Double(m) * a256 / 255).rounded()) }

    // Per level: pixels, size, and the base-texel → level-texel factors.
    let count = chain.levels.count
    let maxLod = (count - 1) << 8
    let info = UnsafeMutablePointer<LevelInfo>.allocate(capacity: count)
    defer { info.deallocate() }
    for (k, l) in chain.levels.enumerated() {
      info[k] = LevelInfo(
        pixels: UnsafePointer(l.pixels), width: l.width, height: l.height,
        sx: Double(l.width) / Double(chain.base.width), sy: Double(l.height) / Double(chain.base.height))
    }
    let weights = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    defer { weights.deallocate() }
    for m in 0..<256 { weights[m] = weight[m] }
    for j in 0..<h {
      let py = Double(y0 + j) + 0.5
      let mrow = mdata + j * mstride
      let orow = odata + j * ostride
      // Homogeneous texel coordinates at the row start, stepped by one pixel along the row.
      var uh = (Double(x0) + 0.5) * g.h00 + py * g.h10 + g.h20
      var vh = (Double(x0) + 0.5) * g.h01 + py * g.h11 + g.h21
      var wh = (Double(x0) + 0.5) * g.h02 + py * g.h12 + g.h22
      for i in 0..<w {
        defer {
          uh += g.h00
          vh += g.h01
          wh += g.h02
        }
        let cov = Int(mrow[i])
        if cov == 0 || !(wh > 1e-12) { continue }
        let iw = 1 / wh
        let u = uh * iw, v = vh * iw
        let ux = (g.h00 - u * g.h02) * iw, uy = (g.h10 - u * g.h12) * iw
        let vx = (g.h01 - v * g.h02) * iw, vy = (g.h11 - v * g.h12) * iw
        let rho2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
        // lod = log2 ρ = ½ log2 ρ², in 8.8 fixed point.
        let lod = rho2 > 1 ? min(maxLod, log2Fixed(rho2) >> 1) : 0
        let l0 = lod >> 8
        let t = UInt32(lod & 255)
        let a = info[l0]
        var c = bilinear(a.pixels, a.width, a.height, u * a.sx - 0.5, v * a.sy - 0.5)
        if t != 0 {
          let b = info[l0 + 1]
          c = lerp(c, bilinear(b.pixels, b.width, b.height, u * b.sx - 0.5, v * b.sy - 0.5), t)
        }
        orow[i] = scaled(c, weights[cov])
      }
    }
    cairo_surface_mark_dirty(out)
    cairo_set_source_surface(cr, out, Double(x0), Double(y0))
    cairo_paint(cr)
  }

  /// log2(x) for x ≥ 1 in 8.8 fixed point, piecewise linear between powers of two (exponent
  /// plus mantissa of the Float; error < 0.09, monotonic, deterministic).
  @inline(__always)
  static func log2Fixed(_ x: Double) -> Int {
    let bits = Float(x).bitPattern
    return (Int(bits >> 23) - 127) << 8 | Int((bits >> 15) & 0xff)
  }

  /// Bilinear sample of packed premultiplied ARGB at level-texel coordinates (fu, fv) measured
  /// from texel centres; clamped to the edge texels; 8-bit weights, rounded.
  @inline(__always)
  static func bilinear(_ p: UnsafePointer<UInt32>, _ w: Int, _ h: Int, _ fu: Double, _ fv: Double) -> UInt32 {
    let cu = min(max(fu, -0.5), Double(w) - 0.5)
    let cv = min(max(fv, -0.5), Double(h) - 0.5)
    let xi = Int(cu + 1) - 1, yi = Int(cv + 1) - 1  // floor: cu + 1 > 0
    let wx = UInt32((cu - Double(xi)) * 256), wy = UInt32((cv - Double(yi)) * 256)
    let xa = max(xi, 0), xb = min(xi + 1, w - 1)
    let ra = max(yi, 0) * w, rb = min(yi + 1, h - 1) * w
    let top = lerp(p[ra + xa], p[ra + xb], wx)
    let bottom = lerp(p[rb + xa], p[rb + xb], wx)
    return lerp(top, bottom, wy)
  }

  /// a + (b − a)·t/256 on all four 8-bit lanes at once (two lanes per 16-bit half), rounded.
  @inline(__always)
  static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
    let it = 256 - t
    let rb = (((a & 0x00ff_00ff) &* it &+ (b & 0x00ff_00ff) &* t &+ 0x0080_0080) >> 8) & 0x00ff_00ff
    let ag = (((a >> 8) & 0x00ff_00ff) &* it &+ ((b >> 8) & 0x00ff_00ff) &* t &+ 0x0080_0080) & 0xff00_ff00
    return rb | ag
  }

  /// c·k/256 on all four lanes, rounded (k in 0...256).
  @inline(__always)
  static func scaled(_ c: UInt32, _ k: UInt32) -> UInt32 {
    let rb = (((c & 0x00ff_00ff) &* k &+ 0x0080_0080) >> 8) & 0x00ff_00ff
    let ag = (((c >> 8) & 0x00ff_00ff) &* k &+ 0x0080_0080) & 0xff00_ff00
    return rb | ag
  }
}
