import Foundation
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
    let sigma = self.sigma(shadow, layer: l, screen: screen, scale: scale)
    let c = shadow.color
    return ShadowItem(color: c.withAlphaComponent(c.alpha * shadow.opacity), offset: offset, sigma: sigma)
  }

  /// The Gaussian's σ in device pixels: `shadow.radius` times the magnification at the anchor.
  static func sigma(_ shadow: Shadow, layer l: LayerSnapshot, screen: Homography, scale: Double) -> Double {
    max(0, shadow.radius * sigmaPerRadius * magnification(layer: l, screen: screen, scale: scale))
  }

  /// True when the blur of `sigma` (device pixels) spreads any silhouette of at most `pixels`
  /// pixels below half an 8-bit level everywhere, so that its mask would be empty; decided
  /// only for σ above `ShadowPainter.boxBlurLimit`, where the bound is the painter's own.
  static func isInvisible(sigma: Double, pixels: Double) -> Bool {
    guard sigma > ShadowPainter.boxBlurLimit else { return false }
    return sigma > WideBlur.largestSigma || WideBlur(sigma: sigma).peak(pixels: pixels) < 0.5
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

/// Paints a resolved shadow. Up to σ = `boxBlurLimit` the blur is three box passes with the
/// combined variance of the Gaussian over the silhouette's box and its margin, deterministic
/// and O(1) per pixel; wider, it is a `WideBlur` at reduced size, computed only where it can
/// reach the visible target, so that its cost does not grow with σ.
enum ShadowPainter {
  /// The widest σ (device pixels) blurred at full size, where the work is bounded by the
  /// silhouette's box and a margin of at most 3 × 24 px. It keeps the library's own shadows
  /// (radius 6 at most, σ 18 at scale 3) as they were drawn before the wide blur existed.
  static let boxBlurLimit = 24.0

  /// The mask of a shadow: blurred alpha rounded to 0...255, row-major, of the pixels
  /// `x ..< x + width`, `y ..< y + height` of the body's surface.
  struct Blurred {
    let x: Int, y: Int, width: Int, height: Int
    let values: [UInt8]
  }

  /// Paints the shadow of `body` (a popped group of the layer's background, contents,
  /// sublayers and border) into `cr`; nothing when the body is empty or not an image surface.
  static func paint(_ cr: OpaquePointer, body: OpaquePointer, shadow: ShadowItem) {
    var surfaceRef: OpaquePointer? = nil
    guard cairo_pattern_get_surface(body, &surfaceRef) == CAIRO_STATUS_SUCCESS, let surface = surfaceRef,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    else { return }
    cairo_surface_flush(surface)
    guard let alpha = AlphaPlane(surface), let box = alpha.silhouette() else { return }
    var dx = 0.0, dy = 0.0
    cairo_surface_get_device_offset(surface, &dx, &dy)
    let visible = visibleWindow(cr, surfaceOffset: (dx, dy), shadowOffset: shadow.offset)
    guard let blurred = blurred(alpha, box: box, sigma: shadow.sigma, visible: visible) else { return }
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(blurred.width), Int32(blurred.height))!
    defer { cairo_surface_destroy(mask) }
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return }
    store(blurred, into: mask)
    let c = shadow.color
    cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))
    cairo_mask_surface(cr, mask, Double(blurred.x) - dx + shadow.offset.x, Double(blurred.y) - dy + shadow.offset.y)
  }

  /// The silhouette `box` of `alpha` blurred by σ = `sigma` (device pixels): up to
  /// `boxBlurLimit` over the box and its margin, wider only at the pixels of `visible` that the
  /// blur reaches. nil when there is nothing to paint.
  static func blurred(
    _ alpha: AlphaPlane, box: Silhouette, sigma: Double, visible: (x: Range<Int>, y: Range<Int>)
  ) -> Blurred? {
    if sigma <= boxBlurLimit { return boxBlurred(alpha, box: box, sigma: sigma) }
    guard sigma <= WideBlur.largestSigma else { return nil }
    return wideBlurred(alpha, box: box, blur: WideBlur(sigma: sigma), visible: visible)
  }

  /// The silhouette's box and its margin, blurred by three box passes.
  private static func boxBlurred(_ alpha: AlphaPlane, box: Silhouette, sigma: Double) -> Blurred {
    let boxes = boxWidths(sigma: sigma)
    let margin = boxes.reduce(0) { $0 + $1 / 2 } + 1
    let region = (
      x: box.minX - margin, y: box.minY - margin, width: box.maxX - box.minX + 1 + 2 * margin,
      height: box.maxY - box.minY + 1 + 2 * margin
    )
    var buf = alpha.samples(box, into: region)
    blur(&buf, width: region.width, height: region.height, boxes: boxes)
    let values = buf.map { UInt8(min(255, max(0, $0 + 0.5))) }
    return Blurred(x: region.x, y: region.y, width: region.width, height: region.height, values: values)
  }

  /// The wide blur at the surface pixels whose shadow lands in `visible` and that the blur of
  /// the silhouette reaches; nil when there are none, or when it stays below half a level.
  private static func wideBlurred(
    _ alpha: AlphaPlane, box: Silhouette, blur: WideBlur, visible: (x: Range<Int>, y: Range<Int>)
  ) -> Blurred? {
    let reach = (blur.radius + 2) * blur.k
    let x = visible.x.clamped(to: (box.minX - reach)..<(box.maxX + 1 + reach))
    let y = visible.y.clamped(to: (box.minY - reach)..<(box.maxY + 1 + reach))
    guard !x.isEmpty, !y.isEmpty, let values = blur.blur(alpha, box: box, window: (x, y)) else { return nil }
    return Blurred(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count, values: values)
  }

  /// The body-surface pixels whose shadow, moved by `shadowOffset`, lands inside the current
  /// clip (user space is device pixels; surface pixel p is at p − surfaceOffset), with a pixel
  /// to spare each side for Cairo's filtering of a fractional offset.
  private static func visibleWindow(
    _ cr: OpaquePointer, surfaceOffset d: (x: Double, y: Double), shadowOffset o: Point
  ) -> (x: Range<Int>, y: Range<Int>) {
    var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    func pixels(_ a: Double, _ b: Double) -> Range<Int> {
      // Far outside any surface, so that a huge offset cannot overflow.
      let low = min(max(a.rounded(.down) - 1, -1e9), 1e9), high = min(max(b.rounded(.up) + 1, low), 1e9)
      return Int(low)..<Int(high)
    }
    return (pixels(x1 + d.x - o.x, x2 + d.x - o.x), pixels(y1 + d.y - o.y, y2 + d.y - o.y))
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

  /// The mask's rows into an A8 surface.
  private static func store(_ b: Blurred, into mask: OpaquePointer) {
    let mstride = Int(cairo_image_surface_get_stride(mask))
    let mdata = cairo_image_surface_get_data(mask)!
    b.values.withUnsafeBufferPointer { v in
      for y in 0..<b.height { (mdata + y * mstride).update(from: v.baseAddress! + y * b.width, count: b.width) }
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

/// A silhouette's bounding box in surface pixels, inclusive on both ends.
typealias Silhouette = (minX: Int, minY: Int, maxX: Int, maxY: Int)

/// The alpha channel of a flushed ARGB32 image surface.
struct AlphaPlane {
  let data: UnsafeMutablePointer<UInt8>
  let width: Int, height: Int, stride: Int

  init?(_ surface: OpaquePointer) {
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    stride = Int(cairo_image_surface_get_stride(surface))
    guard width > 0, height > 0, let d = cairo_image_surface_get_data(surface) else { return nil }
    data = d
  }

  /// Row `y`'s pixels, alpha in the top byte.
  func row(_ y: Int) -> UnsafePointer<UInt32> {
    UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
  }

  /// The bounding box of the pixels with alpha > 0; nil when there are none.
  func silhouette() -> Silhouette? {
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
  func samples(_ box: Silhouette, into region: (x: Int, y: Int, width: Int, height: Int)) -> [Float] {
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
