import Foundation
import CCairo
import Snapshot

/// What a span of device pixels reads: premultiplied ARGB32 words for four consecutive pixel
/// centres at a time, given their texel coordinates.
protocol SpanSampler {
  /// What `sample` needs from the level of detail (the mip levels to read).
  associatedtype Levels
  /// True when `sample` uses the level of detail (so the mapper computes one per chunk).
  var usesLevelOfDetail: Bool { get }
  /// Texel coordinates `sample` reads safely without clamping: [0, width] × [0, height].
  var domain: (width: Float, height: Float) { get }
  /// The levels for `lod`, log₂ of the texel-space size of one pixel, 8.8 fixed point, ≥ 0.
  func levels(for lod: Int) -> Levels
  /// The pixels at base-level texel coordinates (`u`, `v`) (texel (i, j) covers [i, i+1) ×
  /// [j, j+1)), inside the domain.
  func sample(u: SIMD4<Float>, v: SIMD4<Float>, from levels: Levels) -> SIMD4<UInt32>
  /// Asks for the memory that samples within base-level texels `u` × `v` would read from
  /// `levels`, ahead of the samples (a hint: results do not change).
  func prefetch(u: ClosedRange<Float>, v: ClosedRange<Float>, from levels: Levels)
}

extension SpanSampler {
  func prefetch(u: ClosedRange<Float>, v: ClosedRange<Float>, from levels: Levels) {}
}

/// The projective texture path along scanlines (docs/core-animation.md#perspective-texture-mapping).
///
/// Contract: `texToDevice` maps texel coordinates to device pixels of `cr` (identity CTM);
/// `polygon` is the clipped, divided outline in device pixels. For every row of the polygon's
/// box (within the clip extents) the pixels its band touches are mapped back through the
/// inverse homography, eight at a time: X, Y and W of the inverse are linear along the row, so
/// each chunk starts from the exact value at its first pixel (double precision, no drift) and
/// steps in single precision; u = X/W and v = Y/W are divided per pixel. The texel coordinates
/// are then within 2⁻¹⁰ texel of the exact map for textures up to 4096 texels (single
/// precision's relative error of a few 2⁻²⁴ on coordinates below 2¹²), a quarter of the 1/256
/// step of the bilinear weights. The level of detail is taken once per chunk, at its middle,
/// from the Jacobian of the inverse map at its fifth pixel (ρ = the longest texel-space image of
/// a one-pixel step, lod = log₂ ρ). The pixels, times `alpha`, are composited through the
/// polygon with OVER under the current clip and group: row by row, through the coverage Cairo
/// rasterizes for it, straight into the target when `DirectTarget` allows, else through a tile
/// that Cairo fills the polygon with (the same pixels). Nothing is allocated per pixel; the result depends only on the inputs.
enum SpanMapper {
  /// Tile rows are padded to whole chunks of this many pixels.
  static let chunk = 8
  /// Tile buffers, reused between draws (a fresh one would cost its page faults every time).
  static let tiles = BufferPool(limit: 4)

  static func draw<S: SpanSampler>(
    _ cr: OpaquePointer, _ sampler: S, texToDevice: Homography, polygon: [Point], alpha: Double
  ) {
    guard let g = texToDevice.inverted else { return }
    let k = UInt32((min(max(alpha, 0), 1) * 256).rounded())
    let affine = affineRows(sampler, g)
    if let affine { prefetchTexels(sampler, affine.levels, g, polygon) }
    // Pixels x ..< x + count of row y into `out`.
    func fill(_ out: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int) {
      let yc = Double(y) + 0.5
      if let affine {
        mapAffineRow(sampler, g, affine, y: yc, from: x, count: count, alpha: k, into: out)
      } else {
        mapRow(sampler, g, y: yc, from: x, count: count, alpha: k, into: out)
      }
    }
    if polygon.count >= 3, let target = DirectTarget(cr), let box = pixelBox(cr, polygon) {
      target.composite(polygon, box: box, padding: chunk, fillRow: fill)
      return
    }
    let edges = RowExtents(polygon)
    composite(cr, polygon) { texels, stride, box in
      for j in 0..<(box.y1 - box.y0) {
        guard let (xa, xb) = edges.pixels(inRow: box.y0 + j, from: box.x0, to: box.x1) else { continue }
        fill(texels + j * stride + (xa - box.x0), y: box.y0 + j, x: xa, count: xb - xa)
      }
    }
  }

  /// A tile over the polygon's pixel box (within the clip extents), filled by `fill(texels,
  /// stride, box)` — only the pixels the polygon touches need be written, in rows padded to
  /// whole chunks — then composited through the polygon with
  /// OVER under the current clip and group: straight into the target when `DirectTarget` allows,
  /// else by Cairo's fill of the polygon, with the same pixels.
  static func composite(
    _ cr: OpaquePointer, _ polygon: [Point],
    fill: (UnsafeMutablePointer<UInt32>, Int, (x0: Int, y0: Int, x1: Int, y1: Int)) -> Void
  ) {
    guard polygon.count >= 3, let box = pixelBox(cr, polygon) else { return }
    let w = box.x1 - box.x0, h = box.y1 - box.y0
    let stride = (w + 2 * chunk - 1) / chunk * chunk
    let tile = tiles.take(bytes: stride * h * 4)
    defer { tiles.give(tile.pointer, capacity: tile.capacity) }
    let texels = tile.pointer.assumingMemoryBound(to: UInt32.self)
    let target = DirectTarget(cr)
    // Cairo's fill reads every pixel it covers, and its rasterizer can cover one just past a
    // vertex that `fill` need not write: cleared first, so that no pixel of an earlier tile
    // shows. The direct path reads only each row's extent, which `fill` writes.
    if target == nil { texels.initialize(repeating: 0, count: stride * h) }
    fill(texels, stride, box)
    if let target {
      target.composite(polygon, box: box, tile: texels, tileStride: stride)
      return
    }
    let surface = texels.withMemoryRebound(to: UInt8.self, capacity: stride * h * 4) {
      cairo_image_surface_create_for_data($0, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride * 4))!
    }
    defer { cairo_surface_destroy(surface) }
    cairo_set_source_surface(cr, surface, Double(box.x0), Double(box.y0))
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
    Painter.setPath(cr, [polygon])
    cairo_fill(cr)
    cairo_set_source_rgba(cr, 0, 0, 0, 0)  // the tile's memory goes back to the pool
  }

  /// The whole pixels of the polygon's bounding box inside the clip extents; nil when empty.
  static func pixelBox(_ cr: OpaquePointer, _ polygon: [Point]) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
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
    return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
  }

  /// Pixels `x0 ..< x0 + count` of the row whose centres are at height `y`, written to `out`
  /// (which has room for whole chunks), four at a time with one level of detail for each eight.
  /// X, Y and W of each four's first pixel are stepped in double precision (exact to far below
  /// a texel over any row), the lanes in single. Along a row where W stays positive, u and v
  /// are monotonic, so when both ends of the row lie in the sampler's domain every pixel does
  /// and no coordinate is clamped.
  @inline(__always)
  private static func mapRow<S: SpanSampler>(
    _ sampler: S, _ g: Homography, y: Double, from x0: Int, count: Int, alpha: UInt32,
    into out: UnsafeMutablePointer<UInt32>
  ) {
    let lane = SIMD4<Float>(0, 1, 2, 3)
    let (lx, ly, lw) = (lane * Float(g.h00), lane * Float(g.h01), lane * Float(g.h02))
    let (sx, sy, sw) = (4 * g.h00, 4 * g.h01, 4 * g.h02)
    let d = Derivatives(g)
    let x = Double(x0) + 0.5
    var X = x * g.h00 + y * g.h10 + g.h20
    var Y = x * g.h01 + y * g.h11 + g.h21
    var W = x * g.h02 + y * g.h12 + g.h22
    // Every computed lane counts, the padding of the last four included.
    let clamp = !inDomain(sampler.domain, g, X, Y, W, last: Double((count + 3) / 4 * 4 - 1))
    let (width, height) = sampler.domain
    var i = 0
    var levels = sampler.levels(for: 0)
    while i < count {
      let iw = 1 / Lanes.max(Float(W) + lw, 1e-12)
      var u = (Float(X) + lx) * iw, v = (Float(Y) + ly) * iw
      if clamp {
        u = Lanes.clamp(u, 0, width)
        v = Lanes.clamp(v, 0, height)
      }
      if sampler.usesLevelOfDetail && i & 7 == 0 {
        levels = sampler.levels(for: levelOfDetail(d, u: u[3], v: v[3], iw: iw[3]))
      }
      var c = sampler.sample(u: u, v: v, from: levels)
      if alpha < 256 { c = Pixels4.scaled(c, alpha) }
      UnsafeMutableRawPointer(out + i).storeBytes(of: c, as: SIMD4<UInt32>.self)
      X += sx
      Y += sy
      W += sw
      i += 4
    }
  }

  /// Asks for the texels under `polygon` (mapped by `g`, device pixels to texels): a small
  /// rotated tile reads them in an order the hardware's prefetch does not follow, so each cache
  /// line would otherwise be a stall of its own.
  private static func prefetchTexels<S: SpanSampler>(
    _ sampler: S, _ levels: S.Levels, _ g: Homography, _ polygon: [Point]
  ) {
    var u0 = Float.infinity, u1 = -Float.infinity, v0 = Float.infinity, v1 = -Float.infinity
    for p in polygon {
      let q = g.apply(p.x, p.y)
      guard q.w > 0 else { return }
      let u = Float(q.x / q.w), v = Float(q.y / q.w)
      (u0, u1, v0, v1) = (min(u0, u), max(u1, u), min(v0, v), max(v1, v))
    }
    let (w, h) = sampler.domain
    guard u0 <= u1, v0 <= v1 else { return }
    sampler.prefetch(u: max(u0, 0)...min(max(u1, 0), w), v: max(v0, 0)...min(max(v1, 0), h), from: levels)
  }

  /// What `mapRow` computes the same at every pixel when the inverse map `g` has no projective
  /// terms (h02 = h12 = 0; nil otherwise): W = h22 (the zero terms add ±0), so 1/W, and the
  /// level of detail, whose ∂W terms are zero, so that u and v drop out of it.
  @inline(__always)
  private static func affineRows<S: SpanSampler>(_ sampler: S, _ g: Homography) -> (
    iw: SIMD4<Float>, levels: S.Levels
  )? {
    guard g.h02 == 0 && g.h12 == 0 else { return nil }
    let iw = 1 / Lanes.max(Float(g.h22) + SIMD4<Float>(0, 1, 2, 3) * Float(g.h02), 1e-12)
    let lod = sampler.usesLevelOfDetail ? levelOfDetail(Derivatives(g), u: 0, v: 0, iw: iw[3]) : 0
    return (iw, sampler.levels(for: lod))
  }

  /// `mapRow` for an inverse map without projective terms, with the same values, from what
  /// `affineRows` computed once.
  @inline(__always)
  private static func mapAffineRow<S: SpanSampler>(
    _ sampler: S, _ g: Homography, _ constant: (iw: SIMD4<Float>, levels: S.Levels), y: Double, from x0: Int,
    count: Int, alpha: UInt32, into out: UnsafeMutablePointer<UInt32>
  ) {
    let lane = SIMD4<Float>(0, 1, 2, 3)
    let (lx, ly) = (lane * Float(g.h00), lane * Float(g.h01))
    let (sx, sy) = (4 * g.h00, 4 * g.h01)
    let x = Double(x0) + 0.5
    var X = x * g.h00 + y * g.h10 + g.h20
    var Y = x * g.h01 + y * g.h11 + g.h21
    let W = x * g.h02 + y * g.h12 + g.h22
    let clamp = !inDomain(sampler.domain, g, X, Y, W, last: Double((count + 3) / 4 * 4 - 1))
    let (width, height) = sampler.domain
    let (iw, levels) = constant
    var i = 0
    while i < count {
      var u = (Float(X) + lx) * iw, v = (Float(Y) + ly) * iw
      if clamp {
        u = Lanes.clamp(u, 0, width)
        v = Lanes.clamp(v, 0, height)
      }
      var c = sampler.sample(u: u, v: v, from: levels)
      if alpha < 256 { c = Pixels4.scaled(c, alpha) }
      UnsafeMutableRawPointer(out + i).storeBytes(of: c, as: SIMD4<UInt32>.self)
      X += sx
      Y += sy
      i += 4
    }
  }

  /// True when W > 0 at the row's first pixel (X, Y, W) and at its pixel `last` steps on, and
  /// both map into `domain` (then so does every pixel between).
  @inline(__always)
  private static func inDomain(
    _ domain: (width: Float, height: Float), _ g: Homography, _ X: Double, _ Y: Double, _ W: Double, last: Double
  ) -> Bool {
    let X1 = X + last * g.h00, Y1 = Y + last * g.h01, W1 = W + last * g.h02
    guard W > 0, W1 > 0 else { return false }
    let (w, h) = (Double(domain.width), Double(domain.height))
    return X >= 0 && X <= w * W && Y >= 0 && Y <= h * W && X1 >= 0 && X1 <= w * W1 && Y1 >= 0 && Y1 <= h * W1
  }

  /// The derivatives of X, Y and W along x and y (the inverse map's rows), in single
  /// precision, for the level of detail.
  struct Derivatives {
    let xx, xy, xw, yx, yy, yw: Float
    init(_ g: Homography) {
      (xx, xy, xw) = (Float(g.h00), Float(g.h01), Float(g.h02))
      (yx, yy, yw) = (Float(g.h10), Float(g.h11), Float(g.h12))
    }
  }

  /// lod = log₂ ρ in 8.8 fixed point (0 when magnified) at the pixel whose texel coordinates
  /// are (u, v) and 1/W is `iw`: ρ² = max(|∂(u,v)/∂x|², |∂(u,v)/∂y|²) of the inverse map, with
  /// ∂u/∂x = (∂X/∂x − u·∂W/∂x)/W and so on.
  @inline(__always)
  static func levelOfDetail(_ d: Derivatives, u: Float, v: Float, iw: Float) -> Int {
    let ux = (d.xx - u * d.xw) * iw, vx = (d.xy - v * d.xw) * iw
    let uy = (d.yx - u * d.yw) * iw, vy = (d.yy - v * d.yw) * iw
    let rho2 = Swift.max(ux * ux + vx * vx, uy * uy + vy * vy)
    return rho2 > 1 ? log2Fixed(rho2) >> 1 : 0
  }

  /// log2(x) for x ≥ 1 in 8.8 fixed point, piecewise linear between powers of two (exponent
  /// plus mantissa of the Float; error < 0.09, monotonic, deterministic).
  @inline(__always)
  static func log2Fixed(_ x: Float) -> Int {
    let bits = Swift.min(x, 1e30).bitPattern
    return (Int(bits >> 23) - 127) << 8 | Int((bits >> 15) & 0xff)
  }
}

/// Where each pixel row meets a polygon: the x range of the polygon's part inside the row's
/// band [y, y + 1), from its edges (the part's extremes lie on its boundary).
struct RowExtents {
  private let edges: [(x0: Double, y0: Double, x1: Double, y1: Double)]

  init(_ polygon: [Point]) {
    var e: [(Double, Double, Double, Double)] = []
    e.reserveCapacity(polygon.count)
    for (i, p) in polygon.enumerated() {
      let q = polygon[(i + 1) % polygon.count]
      e.append(p.y <= q.y ? (p.x, p.y, q.x, q.y) : (q.x, q.y, p.x, p.y))
    }
    edges = e
  }

  /// The pixels `xa ..< xb` of row `y` that the polygon touches, within `lo ..< hi`; nil when
  /// none.
  func pixels(inRow y: Int, from lo: Int, to hi: Int) -> (Int, Int)? {
    let top = Double(y), bottom = Double(y + 1)
    var minX = Double.infinity, maxX = -Double.infinity
    for e in edges where e.y1 >= top && e.y0 <= bottom {
      let dy = e.y1 - e.y0
      var xa = e.x0, xb = e.x1
      if dy > 0 {
        let slope = (e.x1 - e.x0) / dy
        if e.y0 < top { xa = e.x0 + (top - e.y0) * slope }
        if e.y1 > bottom { xb = e.x0 + (bottom - e.y0) * slope }
      }
      minX = min(minX, xa, xb)
      maxX = max(maxX, xa, xb)
    }
    guard minX <= maxX else { return nil }
    let xa = max(lo, Int(minX.rounded(.down))), xb = min(hi, Int(maxX.rounded(.up)))
    return xb > xa ? (xa, xb) : nil
  }
}

/// Four premultiplied ARGB32 pixels at a time, two 16-bit lanes per pixel and channel pair
/// (blue and red, green and alpha; one SSE register each), so that every product of a byte and
/// a weight of at most 256 fits 16 bits.
enum Pixels4 {
  @inline(__always)
  static func split(_ p: SIMD4<UInt32>) -> (br: SIMD8<UInt16>, ga: SIMD8<UInt16>) {
    let h = unsafeBitCast(p, to: SIMD8<UInt16>.self)
    return (h & 0x00ff, h &>> 8)
  }

  @inline(__always)
  static func join(_ br: SIMD8<UInt16>, _ ga: SIMD8<UInt16>) -> SIMD4<UInt32> {
    unsafeBitCast(br | (ga &<< 8), to: SIMD4<UInt32>.self)
  }

  /// The two adjacent words at each of four addresses: the first words, then the second ones
  /// (two 8-byte loads into each half of a register and one shuffle per result; written with
  /// whole 8-byte words, the compiler splits some of them through general registers).
  @inline(__always)
  static func pairs(
    _ p0: UnsafeRawPointer, _ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer, _ p3: UnsafeRawPointer
  ) -> (first: SIMD4<UInt32>, second: SIMD4<UInt32>) {
    let a = SIMD4(lowHalf: p0.loadUnaligned(as: SIMD2<UInt32>.self), highHalf: p1.loadUnaligned(as: SIMD2<UInt32>.self))
    let b = SIMD4(lowHalf: p2.loadUnaligned(as: SIMD2<UInt32>.self), highHalf: p3.loadUnaligned(as: SIMD2<UInt32>.self))
    return (SIMD4(a[0], a[2], b[0], b[2]), SIMD4(a[1], a[3], b[1], b[3]))
  }

  /// One weight per pixel (0...255, the low byte of each lane) repeated on both lanes of its pair.
  @inline(__always)
  static func pairs(lowBytesOf w: SIMD4<Int32>) -> SIMD8<UInt16> {
    let h = unsafeBitCast(w, to: SIMD8<UInt16>.self)
    return SIMD8(h[0], h[0], h[2], h[2], h[4], h[4], h[6], h[6]) & 0xff
  }

  @inline(__always)
  static func lerp(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ w: SIMD8<UInt16>, _ iw: SIMD8<UInt16>) -> SIMD8<UInt16> {
    (a &* iw &+ b &* w &+ 128) &>> 8
  }

  /// x/255 rounded to nearest, exact for x ≤ 255·255 (Cairo's and pixman's rounding).
  @inline(__always)
  static func divide255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let y = x &+ 128
    return (y &+ (y &>> 8)) &>> 8
  }

  /// p·k/256 on every channel, rounded (k in 0...256).
  @inline(__always)
  static func scaled(_ p: SIMD4<UInt32>, _ k: UInt32) -> SIMD4<UInt32> {
    let (br, ga) = split(p)
    let (sbr, sga) = scaled(br, ga, k)
    return join(sbr, sga)
  }

  /// `scaled(_:_:)` of pixels given as their channel pairs.
  @inline(__always)
  static func scaled(_ br: SIMD8<UInt16>, _ ga: SIMD8<UInt16>, _ k: UInt32) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
    let kk = SIMD8<UInt16>(repeating: UInt16(k))
    return ((br &* kk &+ 128) &>> 8, (ga &* kk &+ 128) &>> 8)
  }
}

/// Lane-wise helpers that compile to a few SSE instructions each (the standard library's
/// generic `pointwiseMin`, `clamped` and rounding conversions call out per lane).
enum Lanes {
  @inline(__always)
  static func select(_ m: SIMDMask<SIMD4<Int32>>, _ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    let mask = unsafeBitCast(m, to: SIMD4<Int32>.self)
    let ai = unsafeBitCast(a, to: SIMD4<Int32>.self), bi = unsafeBitCast(b, to: SIMD4<Int32>.self)
    return unsafeBitCast(bi ^ ((ai ^ bi) & mask), to: SIMD4<Float>.self)
  }

  @inline(__always)
  static func max(_ x: SIMD4<Float>, _ lo: Float) -> SIMD4<Float> {
    let l = SIMD4<Float>(repeating: lo)
    return select(x .< l, l, x)
  }

  /// `x` within `lo...hi` (NaN lanes become `hi`).
  @inline(__always)
  static func clamp(_ x: SIMD4<Float>, _ lo: Float, _ hi: Float) -> SIMD4<Float> {
    let l = SIMD4<Float>(repeating: lo), h = SIMD4<Float>(repeating: hi)
    let above = select(x .< l, l, x)
    return select(above .< h, above, h)
  }

  /// `x` within per-lane bounds.
  @inline(__always)
  static func clamp(_ x: SIMD4<Float>, _ lo: SIMD4<Float>, _ hi: SIMD4<Float>) -> SIMD4<Float> {
    let above = select(x .< lo, lo, x)
    return select(above .< hi, above, hi)
  }

  /// The nearest integer (ties to even) of each lane, |x| < 2²²: adding 1.5·2²³ leaves the
  /// rounded integer in the low mantissa bits.
  @inline(__always)
  static func rounded(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    rounded(x, adding: 0)
  }

  /// The nearest integer of x + c, the constant folded into the rounding addend.
  @inline(__always)
  static func rounded(_ x: SIMD4<Float>, adding c: Float) -> SIMD4<Int32> {
    unsafeBitCast(x + (12_582_912 + c), to: SIMD4<Int32>.self) &- 0x4B40_0000
  }
}
