import Animator
import CCairo

#if canImport(Glibc)
  import Glibc
#endif

/// Draws a texture through a true projective map (coreanimation.md §6.3).
///
/// Contract: `texToDevice` maps texel coordinates (texel (i, j) covers [i, i+1) × [j, j+1)) to
/// device pixels of `cr`, whose CTM must be the identity. `polygon` is the already clipped,
/// divided outline of the textured quad in device pixels. For every device pixel of the
/// polygon's bounding box (limited to the current clip extents) the pixel centre is mapped back
/// with the inverse homography, the level of detail is taken from the local Jacobian of that
/// inverse map (ρ = longest texel-space image of a pixel step; level = log2 ρ), the two nearest
/// mip levels are sampled bilinearly (edges clamped) and blended (trilinear), and the result is
/// weighted by the polygon's antialiased coverage (Cairo fills the polygon into an A8 mask).
/// The tile is then painted with OVER, so the current clip and group apply. Nothing is
/// allocated per pixel; the result depends only on the inputs (deterministic).
enum PerspectiveMapper {
  static func draw(
    _ cr: OpaquePointer, chain: MipChain, texToDevice: Homography, polygon: [Point]
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

    let levels = chain.levels
    let maxLevel = Float(levels.count - 1)
    let baseW = Double(chain.base.width), baseH = Double(chain.base.height)
    levels.withUnsafeBufferPointer { lv in
      for j in 0..<h {
        let py = Double(y0 + j) + 0.5
        let mrow = mdata + j * mstride
        let orow = odata + j * ostride
        for i in 0..<w {
          let cov = mrow[i]
          if cov == 0 { continue }
          let px = Double(x0 + i) + 0.5
          let uh = px * g.h00 + py * g.h10 + g.h20
          let vh = px * g.h01 + py * g.h11 + g.h21
          let wh = px * g.h02 + py * g.h12 + g.h22
          if !(wh > 1e-12) { continue }
          let iw = 1 / wh
          let u = uh * iw, v = vh * iw
          let ux = (g.h00 - u * g.h02) * iw, uy = (g.h10 - u * g.h12) * iw
          let vx = (g.h01 - v * g.h02) * iw, vy = (g.h11 - v * g.h12) * iw
          let rho2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
          var lod: Float = 0
          if rho2 > 1 { lod = min(0.5 * log2f(Float(rho2)), maxLevel) }
          let l0 = Int(lod)
          let t = lod - Float(l0)
          var c = sample(lv[l0], u: u, v: v, baseW: baseW, baseH: baseH)
          if t > 1.0 / 256, l0 + 1 < lv.count {
            let c1 = sample(lv[l0 + 1], u: u, v: v, baseW: baseW, baseH: baseH)
            c = c + (c1 - c) * t
          }
          c = c * (Float(cov) * (1 / 255))
          let a = UInt32(c.w + 0.5), r = UInt32(c.x + 0.5), gg = UInt32(c.y + 0.5), b = UInt32(c.z + 0.5)
          orow[i] = a << 24 | min(r, a) << 16 | min(gg, a) << 8 | min(b, a)
        }
      }
    }
    cairo_surface_mark_dirty(out)
    cairo_set_source_surface(cr, out, Double(x0), Double(y0))
    cairo_paint(cr)
  }

  /// Bilinear sample (premultiplied, 0...255 per channel as x=r, y=g, z=b, w=a) of `level` at
  /// base-level texel coordinates (u, v); coordinates are clamped to the edge texels.
  @inline(__always)
  static func sample(_ level: MipChain.Level, u: Double, v: Double, baseW: Double, baseH: Double) -> SIMD4<Float> {
    let lw = level.width, lh = level.height
    let fu = u * (Double(lw) / baseW) - 0.5
    let fv = v * (Double(lh) / baseH) - 0.5
    let cu = min(max(fu, -0.5), Double(lw) - 0.5)
    let cv = min(max(fv, -0.5), Double(lh) - 0.5)
    let fx = cu.rounded(.down), fy = cv.rounded(.down)
    let ax = Float(cu - fx), ay = Float(cv - fy)
    let ix = Int(fx), iy = Int(fy)
    let xa = max(ix, 0), xb = min(ix + 1, lw - 1)
    let ya = max(iy, 0), yb = min(iy + 1, lh - 1)
    let p = level.pixels
    let c00 = unpack(p[ya * lw + xa]), c10 = unpack(p[ya * lw + xb])
    let c01 = unpack(p[yb * lw + xa]), c11 = unpack(p[yb * lw + xb])
    let top = c00 + (c10 - c00) * ax
    let bottom = c01 + (c11 - c01) * ax
    return top + (bottom - top) * ay
  }

  @inline(__always)
  static func unpack(_ p: UInt32) -> SIMD4<Float> {
    SIMD4<Float>(Float((p >> 16) & 0xff), Float((p >> 8) & 0xff), Float(p & 0xff), Float(p >> 24))
  }
}
