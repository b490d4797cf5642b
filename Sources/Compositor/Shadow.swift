import CCairo
import Snapshot

/// Where a drop shadow falls (docs/core-animation.md#shadow-is-the-blurred-silhouette), in
/// device pixels: the silhouette (alpha) of the composited layer, blurred, offset and tinted,
/// painted beneath the layer.
enum ShadowGeometry {
  /// Gaussian σ per point of `shadowRadius` (σ = k · shadowRadius; Apple does not define the
  /// mapping, k = 1 is the working assumption). Scaled to pixels by the device scale and the
  /// layer's on-screen magnification.
  static let sigmaPerRadius = 1.0

  /// The shadow of a layer whose bounds space maps to device pixels by `screen`: the offset is
  /// `shadow.offset` in the layer's plane projected at its anchor, σ is `shadow.radius` times
  /// the magnification there, and the color's alpha is multiplied by `shadow.opacity` (the
  /// layer's group opacity applies to shadow and layer together, later). nil when the anchor
  /// or the offset anchor is at or behind the eye.
  static func cast(_ shadow: Shadow, layer l: LayerSnapshot, screen: Homography, scale: Double) -> ShadowItem? {
    let a = LayerGeometry.anchor(l)
    let p0 = screen.apply(a.x, a.y), p1 = screen.apply(a.x + shadow.offset.width, a.y + shadow.offset.height)
    guard p0.w > 1e-9, p1.w > 1e-9 else { return nil }
    let offset = Point(x: p1.x / p1.w - p0.x / p0.w, y: p1.y / p1.w - p0.y / p0.w)
    let sigma = max(0, shadow.radius * sigmaPerRadius * magnification(layer: l, screen: screen, scale: scale))
    let c = shadow.color
    return ShadowItem(color: c.withAlphaComponent(c.alpha * shadow.opacity), offset: offset, sigma: sigma)
  }

  /// How far (device pixels) the shadow can reach beyond the layer's silhouette.
  static func reach(_ shadow: Shadow, layer l: LayerSnapshot, screen: Homography, scale: Double) -> Double {
    let m = magnification(layer: l, screen: screen, scale: scale)
    let sigma = shadow.radius * sigmaPerRadius * m
    let offset = (shadow.offset.width * shadow.offset.width + shadow.offset.height * shadow.offset.height).squareRoot()
    return 3 * sigma + offset * m + 4
  }

  /// sqrt|det J| of the layer's screen map at its anchor (device pixels per point); `scale`
  /// when the anchor's neighbourhood is at or behind the eye.
  static func magnification(layer l: LayerSnapshot, screen: Homography, scale: Double) -> Double {
    let a = LayerGeometry.anchor(l)
    let p0 = screen.apply(a.x, a.y), px = screen.apply(a.x + 1, a.y), py = screen.apply(a.x, a.y + 1)
    guard p0.w > 1e-9, px.w > 1e-9, py.w > 1e-9 else { return scale }
    let jx = (px.x / px.w - p0.x / p0.w, px.y / px.w - p0.y / p0.w)
    let jy = (py.x / py.w - p0.x / p0.w, py.y / py.w - p0.y / p0.w)
    let m = abs(jx.0 * jy.1 - jx.1 * jy.0).squareRoot()
    return m.isFinite ? m : scale
  }
}

/// Paints a resolved shadow: the blur is three box passes with the combined variance of the
/// Gaussian, which is deterministic and O(1) per pixel.
enum ShadowPainter {
  /// Paints the shadow of `body` (a popped group of the layer's background, contents,
  /// sublayers and border) into `cr`; nothing when the body is empty or not an image surface.
  static func paint(_ cr: OpaquePointer, body: OpaquePointer, shadow: ShadowItem) {
    var surfaceRef: OpaquePointer? = nil
    guard cairo_pattern_get_surface(body, &surfaceRef) == CAIRO_STATUS_SUCCESS, let surface = surfaceRef,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    else { return }
    cairo_surface_flush(surface)
    guard let alpha = AlphaPlane(surface), let box = alpha.silhouette() else { return }
    let boxes = boxWidths(sigma: shadow.sigma)
    let margin = boxes.reduce(0) { $0 + $1 / 2 } + 1
    let region = (
      x: box.minX - margin, y: box.minY - margin, width: box.maxX - box.minX + 1 + 2 * margin,
      height: box.maxY - box.minY + 1 + 2 * margin
    )
    var buf = alpha.samples(box, into: region)
    blur(&buf, width: region.width, height: region.height, boxes: boxes)
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(region.width), Int32(region.height))!
    defer { cairo_surface_destroy(mask) }
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return }
    store(buf, width: region.width, height: region.height, into: mask)
    var dx = 0.0, dy = 0.0
    cairo_surface_get_device_offset(surface, &dx, &dy)
    let c = shadow.color
    cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))
    cairo_mask_surface(cr, mask, Double(region.x) - dx + shadow.offset.x, Double(region.y) - dy + shadow.offset.y)
  }

  /// The alpha channel of a flushed ARGB32 image surface.
  private struct AlphaPlane {
    let data: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, stride: Int

    init?(_ surface: OpaquePointer) {
      width = Int(cairo_image_surface_get_width(surface))
      height = Int(cairo_image_surface_get_height(surface))
      stride = Int(cairo_image_surface_get_stride(surface))
      guard width > 0, height > 0, let d = cairo_image_surface_get_data(surface) else { return nil }
      data = d
    }

    func row(_ y: Int) -> UnsafePointer<UInt32> {
      UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The bounding box of the pixels with alpha > 0 (inclusive); nil when there are none.
    func silhouette() -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
      var minX = width, minY = height, maxX = -1, maxY = -1
      for y in 0..<height {
        let r = row(y)
        for x in 0..<width where r[x] >> 24 != 0 {
          minX = min(minX, x)
          maxX = max(maxX, x)
          minY = min(minY, y)
          maxY = y
        }
      }
      return maxX >= 0 ? (minX, minY, maxX, maxY) : nil
    }

    /// The alpha values of `box` as floats, placed in a zeroed buffer covering `region`.
    func samples(
      _ box: (minX: Int, minY: Int, maxX: Int, maxY: Int), into region: (x: Int, y: Int, width: Int, height: Int)
    ) -> [Float] {
      var buf = [Float](repeating: 0, count: region.width * region.height)
      buf.withUnsafeMutableBufferPointer { b in
        for y in box.minY...box.maxY {
          let r = row(y)
          let o = (y - region.y) * region.width - region.x
          for x in box.minX...box.maxX { b[o + x] = Float(r[x] >> 24) }
        }
      }
      return buf
    }
  }

  /// Box passes along rows then columns, once per box width greater than 1.
  private static func blur(_ buf: inout [Float], width: Int, height: Int, boxes: [Int]) {
    var tmp = [Float](repeating: 0, count: max(width, height))
    buf.withUnsafeMutableBufferPointer { b in
      tmp.withUnsafeMutableBufferPointer { t in
        let (p, tmp) = (b.baseAddress!, t.baseAddress!)
        for box in boxes where box > 1 {
          for y in 0..<height { boxPass(p + y * width, count: width, step: 1, width: box, tmp: tmp) }
          for x in 0..<width { boxPass(p + x, count: height, step: width, width: box, tmp: tmp) }
        }
      }
    }
  }

  /// The blurred alpha into an A8 mask surface, rounded and clamped to 0...255.
  private static func store(_ buf: [Float], width: Int, height: Int, into mask: OpaquePointer) {
    let mstride = Int(cairo_image_surface_get_stride(mask))
    let mdata = cairo_image_surface_get_data(mask)!
    buf.withUnsafeBufferPointer { b in
      for y in 0..<height {
        for x in 0..<width { mdata[y * mstride + x] = UInt8(min(255, max(0, b[y * width + x] + 0.5))) }
      }
    }
    cairo_surface_mark_dirty(mask)
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
  static func boxPass(
    _ p: UnsafeMutablePointer<Float>, count: Int, step: Int, width: Int, tmp: UnsafeMutablePointer<Float>
  ) {
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
