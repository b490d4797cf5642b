import Snapshot
import CCairo

/// Drop shadows (docs/core-animation.md#shadow-is-the-blurred-silhouette): the silhouette (alpha)
/// of the composited layer, blurred, offset and tinted, painted beneath the layer.
enum ShadowPainter {
  /// Gaussian σ per point of `shadowRadius` (σ = k · shadowRadius; Apple does not define the
  /// mapping, k = 1 is the working assumption). Scaled to pixels by the device scale and the
  /// layer's on-screen magnification.
  static let sigmaPerRadius = 1.0

  /// How far (device pixels) the shadow can reach beyond the layer's silhouette.
  static func reach(_ shadow: Shadow, layer l: LayerSnapshot, screen: Homography, scale: Double) -> Double {
    let m = magnification(layer: l, screen: screen, scale: scale)
    let sigma = shadow.radius * sigmaPerRadius * m
    let offset = (shadow.offset.width * shadow.offset.width + shadow.offset.height * shadow.offset.height).squareRoot()
    return 3 * sigma + offset * m + 4
  }

  /// sqrt|det J| of the layer's screen map at its anchor (device pixels per point).
  static func magnification(layer l: LayerSnapshot, screen: Homography, scale: Double) -> Double {
    let a = LayerRenderer.anchor(l)
    let p0 = screen.apply(a.x, a.y), px = screen.apply(a.x + 1, a.y), py = screen.apply(a.x, a.y + 1)
    guard p0.w > 1e-9, px.w > 1e-9, py.w > 1e-9 else { return scale }
    let jx = (px.x / px.w - p0.x / p0.w, px.y / px.w - p0.y / p0.w)
    let jy = (py.x / py.w - p0.x / p0.w, py.y / py.w - p0.y / p0.w)
    let m = abs(jx.0 * jy.1 - jx.1 * jy.0).squareRoot()
    return m.isFinite ? m : scale
  }

  /// Paints the shadow of `body` (a popped group of the layer's content, sublayers and border)
  /// into `cr`. The offset is `shadow.offset` in the layer's plane, projected through `screen`;
  /// the blur is three box passes with the combined variance of the Gaussian (σ in pixels),
  /// which is deterministic and O(1) per pixel. Colour alpha = color.alpha × shadow.opacity
  /// (the layer's own group opacity is applied by the caller to shadow and layer together).
  static func paint(
    _ cr: OpaquePointer, body: OpaquePointer, shadow: Shadow, layer l: LayerSnapshot, screen: Homography,
    scale: Double
  ) {
    var surfaceRef: OpaquePointer? = nil
    guard cairo_pattern_get_surface(body, &surfaceRef) == CAIRO_STATUS_SUCCESS, let surface = surfaceRef,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    else { return }
    cairo_surface_flush(surface)
    var dx = 0.0, dy = 0.0
    cairo_surface_get_device_offset(surface, &dx, &dy)
    let sw = Int(cairo_image_surface_get_width(surface)), sh = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard sw > 0, sh > 0, let data = cairo_image_surface_get_data(surface) else { return }

    // Local geometry at the anchor: offset vector and magnification.
    let a = LayerRenderer.anchor(l)
    let p0 = screen.apply(a.x, a.y), p1 = screen.apply(a.x + shadow.offset.width, a.y + shadow.offset.height)
    guard p0.w > 1e-9, p1.w > 1e-9 else { return }
    let offX = p1.x / p1.w - p0.x / p0.w, offY = p1.y / p1.w - p0.y / p0.w
    let magnification = Self.magnification(layer: l, screen: screen, scale: scale)
    let sigma = max(0, shadow.radius * sigmaPerRadius * magnification)

    // Bounding box of the silhouette.
    var minX = sw, minY = sh, maxX = -1, maxY = -1
    for y in 0..<sh {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      var x = 0
      while x < sw {
        if row[x] >> 24 != 0 {
          minX = min(minX, x)
          maxX = max(maxX, x)
          minY = min(minY, y)
          maxY = y
        }
        x += 1
      }
    }
    guard maxX >= 0 else { return }
    let boxes = boxWidths(sigma: sigma)
    let margin = boxes.reduce(0) { $0 + $1 / 2 } + 1
    let bx = minX - margin, by = minY - margin
    let bw = maxX - minX + 1 + 2 * margin, bh = maxY - minY + 1 + 2 * margin

    // Alpha into floats, blur, back to an A8 mask.
    var buf = [Float](repeating: 0, count: bw * bh)
    var tmp = [Float](repeating: 0, count: max(bw, bh))
    buf.withUnsafeMutableBufferPointer { b in
      for y in minY...maxY {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        let o = (y - by) * bw - bx
        for x in minX...maxX { b[o + x] = Float(row[x] >> 24) }
      }
      tmp.withUnsafeMutableBufferPointer { t in
        for box in boxes where box > 1 {
          for y in 0..<bh { boxPass(b.baseAddress! + y * bw, count: bw, step: 1, width: box, tmp: t.baseAddress!) }
          for x in 0..<bw { boxPass(b.baseAddress! + x, count: bh, step: bw, width: box, tmp: t.baseAddress!) }
        }
      }
    }
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(bw), Int32(bh))!
    defer { cairo_surface_destroy(mask) }
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return }
    let mstride = Int(cairo_image_surface_get_stride(mask))
    let mdata = cairo_image_surface_get_data(mask)!
    buf.withUnsafeBufferPointer { b in
      for y in 0..<bh {
        for x in 0..<bw { mdata[y * mstride + x] = UInt8(min(255, max(0, b[y * bw + x] + 0.5))) }
      }
    }
    cairo_surface_mark_dirty(mask)
    let c = shadow.color
    cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha * shadow.opacity))
    cairo_mask_surface(cr, mask, Double(bx) - dx + offX, Double(by) - dy + offY)
  }

  /// Widths (odd) of three box filters whose combined variance matches σ² (boxes for Gauss).
  static func boxWidths(sigma: Double) -> [Int] {
    guard sigma > 0.2 else { return [] }
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var wl = Int(ideal.rounded(.down))
    if wl % 2 == 0 { wl -= 1 }
    wl = max(wl, 1)
    let wu = wl + 2
    let wlD = Double(wl)
    let m = Int(((12 * sigma * sigma - n * wlD * wlD - 4 * n * wlD - 3 * n) / (-4 * wlD - 4)).rounded())
    return (0..<3).map { $0 < m ? wl : wu }
  }

  /// One running-sum box pass of odd `width` over `count` samples `step` apart; zero outside.
  static func boxPass(_ p: UnsafeMutablePointer<Float>, count: Int, step: Int, width: Int, tmp: UnsafeMutablePointer<Float>) {
    let r = width / 2
    for i in 0..<count { tmp[i] = p[i * step] }
    let inv = 1 / Float(width)
    var sum: Float = 0
    for i in 0..<min(r, count) { sum += tmp[i] }
    for i in 0..<count {
      let add = i + r, sub = i - r - 1
      if add < count { sum += tmp[add] }
      if sub >= 0 { sum -= tmp[sub] }
      p[i * step] = max(0, sum * inv)
    }
  }
}
