import Foundation
import CCairo
import Snapshot

/// Bilinear samples of a mip chain from the level the chunk's level of detail names
/// (docs/core-animation.md#perspective-texture-mapping): level l = ⌊lod⌋ alone while
/// frac(lod) < 3/8, level l + 1 alone from 5/8, and between them the two blended with a weight
/// rising linearly from 0 to 1 (one weight per eight pixels), so a face turning away never
/// jumps from one level to the next. Edges are clamped (PAD): the levels' borders repeat their edge texels.
struct MipSampler: SpanSampler {
  struct LevelView {
    let pixels: UnsafeRawPointer
    /// Bytes from one row of texels to the next.
    let rowBytes: Int
    /// Texels from one row to the next.
    let stride: Float
    let intStride: Int32
    /// Base texels → this level's texels in 1/256 texel, per axis.
    let sx: Float, sy: Float
    /// The level's place in the chain (0 is the base).
    let index: Int
  }

  let usesLevelOfDetail = true
  /// The base level's size: every level's footprint of a point in it lies inside the storage.
  let domain: (width: Float, height: Float)
  /// True when every texel index is below 2²⁴, so that it is computed exactly in Float.
  private let floatIndex: Bool
  private let levels: [LevelView]
  /// Keeps the texels alive.
  private let chain: MipChain
  /// The chain's levels stored column by column (`MipChain.columnMajor`).
  var columnMajorLevels: [MipChain.Level] { chain.columnMajor }

  init(_ chain: MipChain) {
    self.chain = chain
    let base = chain.base
    domain = (Float(base.width), Float(base.height))
    floatIndex = base.stride * (base.height + 2) < 1 << 24
    levels = chain.views
  }

  /// The views of `chain`'s levels (made once per chain: a texture drawn as many small tiles
  /// would otherwise build them for every tile).
  static func views(of levels: [MipChain.Level]) -> [LevelView] {
    let base = levels[0]
    return levels.enumerated().map { i, l in
      LevelView(
        pixels: UnsafeRawPointer(l.pixels), rowBytes: l.stride * 4,
        stride: Float(l.stride), intStride: Int32(l.stride),
        sx: 256 * Float(l.width) / Float(base.width), sy: 256 * Float(l.height) / Float(base.height), index: i)
    }
  }

  /// One level, or two and the second's weight (1...255).
  struct Levels {
    let near: LevelView
    let far: LevelView
    let weight: UInt16
  }

  @inline(__always)
  func levels(for lod: Int) -> Levels {
    var level = min(lod >> 8, levels.count - 1)
    let fraction = lod & 255
    if level + 1 == levels.count { return Levels(near: levels[level], far: levels[level], weight: 0) }
    if fraction >= 160 { level += 1 }
    let weight = fraction >= 96 && fraction < 160 ? UInt16((fraction - 96) * 4) : 0
    return Levels(near: levels[level], far: levels[min(level + 1, levels.count - 1)], weight: weight)
  }

  @inline(__always)
  func sample(u: SIMD4<Float>, v: SIMD4<Float>, from l: Levels) -> SIMD4<UInt32> {
    let c = bilinear(l.near, u, v)
    guard l.weight != 0 else { return c }
    let c1 = bilinear(l.far, u, v)
    let (br, ga) = Pixels4.split(c), (br1, ga1) = Pixels4.split(c1)
    let w = SIMD8<UInt16>(repeating: l.weight)
    return Pixels4.join(Pixels4.lerp(br, br1, w, 256 &- w), Pixels4.lerp(ga, ga1, w, 256 &- w))
  }

  /// Every cache line of the rows of `l.near` (and of `l.far` when blended) that bilinear
  /// footprints within `u` × `v` reach, when they are few enough to stay in cache until read
  /// (at most 64 KB).
  func prefetch(u: ClosedRange<Float>, v: ClosedRange<Float>, from l: Levels) {
    func rows(_ level: LevelView) {
      let x0 = Int(u.lowerBound * level.sx / 256) - 1, x1 = Int(u.upperBound * level.sx / 256) + 1
      let y0 = Int(v.lowerBound * level.sy / 256) - 1, y1 = Int(v.upperBound * level.sy / 256) + 1
      guard (x1 - x0 + 16) * (y1 - y0 + 1) * 4 <= 64 << 10 else { return }
      // The levels' one-texel borders make texel −1 (and width, height) addressable.
      let first = level.pixels + (y0 * Int(level.intStride) + x0) * 4
      for row in 0...(y1 - y0) {
        let start = first + row * level.rowBytes
        for x in stride(from: 0, through: (x1 - x0) * 4, by: 64) { tr_prefetch_read(start + x) }
      }
    }
    rows(l.near)
    if l.weight != 0 { rows(l.far) }
  }

  /// The bilinear footprints of four pixels at one level, at base-texel coordinates within
  /// [0, width] × [0, height] (so that every footprint lies inside the bordered storage).
  @inline(__always)
  private func bilinear(_ l: LevelView, _ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<UInt32> {
    // Coordinates from texel centres in 1/256 texel, rounded by the float-to-integer trick:
    // the integer part is the footprint's first texel (−1 is the border), the rest its weight.
    let iu = Lanes.rounded(u * l.sx, adding: -128), iv = Lanes.rounded(v * l.sy, adding: -128)
    let xi = iu &>> 8, yi = iv &>> 8
    let index: SIMD4<Int32>
    if floatIndex {
      index = Lanes.rounded(SIMD4<Float>(yi) * l.stride + SIMD4<Float>(xi), adding: 0)
    } else {
      index = yi &* l.intStride &+ xi
    }
    let p = l.pixels, rowBytes = l.rowBytes
    let a0 = p + Int(index[0]) &<< 2, a1 = p + Int(index[1]) &<< 2
    let a2 = p + Int(index[2]) &<< 2, a3 = p + Int(index[3]) &<< 2
    let t = Pixels4.pairs(a0, a1, a2, a3)
    let b = Pixels4.pairs(a0 + rowBytes, a1 + rowBytes, a2 + rowBytes, a3 + rowBytes)
    let (t0br, t0ga) = Pixels4.split(t.first), (t1br, t1ga) = Pixels4.split(t.second)
    let (b0br, b0ga) = Pixels4.split(b.first), (b1br, b1ga) = Pixels4.split(b.second)
    let hx = Pixels4.pairs(lowBytesOf: iu), hy = Pixels4.pairs(lowBytesOf: iv)
    let ihx = 256 &- hx, ihy = 256 &- hy
    let br = Pixels4.lerp(Pixels4.lerp(t0br, t1br, hx, ihx), Pixels4.lerp(b0br, b1br, hx, ihx), hy, ihy)
    let ga = Pixels4.lerp(Pixels4.lerp(t0ga, t1ga, hx, ihx), Pixels4.lerp(b0ga, b1ga, hx, ihx), hy, ihy)
    return Pixels4.join(br, ga)
  }
}

/// A CAGradientLayer's linear gradient evaluated at each pixel's exact point of the unit
/// square (docs/core-animation.md#gradients-in-unit-space): the gradient parameter is linear in
/// the texel coordinates, and indexes a ramp of premultiplied colours (times the layer's
/// alpha) 1024 entries long, end colours extended. The ramp interpolates straight colours
/// between stops and premultiplies, as Cairo's gradients do; its step changes a channel by at
/// most 255/1023.
struct GradientSampler: SpanSampler {
  static let rampSize = 1024
  let usesLevelOfDetail = false
  let domain = (width: Float.infinity, height: Float.infinity)
  /// True when every colour is black: the gradient only darkens what is under it, by the
  /// factors of `transmission`.
  let isBlack: Bool
  /// t = a·u + b·v + c for base texel coordinates (u, v), scaled to ramp indices.
  private let a: Float, b: Float, c: Float
  private let ramp: [UInt32]
  /// 255 − each ramp entry's alpha, in both 16-bit halves.
  private let transmissionRamp: [UInt32]

  /// The gradient over a `width × height`-texel unit square, times `alpha`.
  init(_ g: Gradient, width: Int, height: Int, alpha: Double) {
    let (a, b, c) = Self.coefficients(g, width: width, height: height)
    self.init(g, alpha: alpha, a: a, b: b, c: c)
  }

  /// An overlay's gradient read at the texel coordinates of the texture under it (whose map is
  /// `texToDevice`); nil when the two maps are not an affine map apart.
  init?(_ overlay: TextureMapper.Overlay, under texToDevice: Homography) {
    guard let back = overlay.texToDevice.inverted,
      Resolver.differByAnAffineMap(texToDevice, overlay.texToDevice)
    else { return nil }
    // Texture texel → overlay texel: affine (h02 = h12 = 0 up to rounding).
    let m = texToDevice.concatenating(back)
    let k = 1 / m.h22
    let (a, b, c) = Self.coefficients(overlay.gradient, width: overlay.width, height: overlay.height)
    self.init(
      overlay.gradient, alpha: overlay.alpha, a: (a * m.h00 + b * m.h01) * k, b: (a * m.h10 + b * m.h11) * k,
      c: (a * m.h20 + b * m.h21) * k + c)
  }

  private init(_ g: Gradient, alpha: Double, a: Double, b: Double, c: Double) {
    (self.a, self.b, self.c) = (Float(a), Float(b), Float(c))
    let black = g.colors.allSatisfy { unit($0.red) == 0 && unit($0.green) == 0 && unit($0.blue) == 0 }
    ramp = Self.ramp(g, alpha: alpha, black: black)
    transmissionRamp = ramp.map { p in
      let t = 255 - p >> 24
      return t << 16 | t
    }
    isBlack = black
  }

  /// The ramp index as a·u + b·v + c of the texel coordinates of a `width × height` unit square.
  private static func coefficients(_ g: Gradient, width: Int, height: Int) -> (Double, Double, Double) {
    let dx = g.endPoint.x - g.startPoint.x, dy = g.endPoint.y - g.startPoint.y
    let length2 = dx * dx + dy * dy
    guard length2 > 0 else { return (0, 0, 0) }
    let n = Double(rampSize - 1)
    return (
      dx / (length2 * Double(width)) * n, dy / (length2 * Double(height)) * n,
      -(g.startPoint.x * dx + g.startPoint.y * dy) / length2 * n
    )
  }

  @inline(__always)
  func levels(for lod: Int) {}

  @inline(__always)
  private func indices(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Int32> {
    Lanes.rounded(Lanes.clamp(u * a + v * b + c, 0, Float(Self.rampSize - 1)))
  }

  @inline(__always)
  func sample(u: SIMD4<Float>, v: SIMD4<Float>, from levels: Void) -> SIMD4<UInt32> {
    let index = indices(u, v)
    return ramp.withUnsafeBufferPointer { r in
      SIMD4(r[Int(index[0])], r[Int(index[1])], r[Int(index[2])], r[Int(index[3])])
    }
  }

  /// 255 − the gradient's alpha at each of the four pixels, on both 16-bit lanes of its pair
  /// (the factor, over 255, by which the gradient scales what is under it).
  @inline(__always)
  func transmission(u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD8<UInt16> {
    let index = indices(u, v)
    let t = transmissionRamp.withUnsafeBufferPointer { r in
      SIMD4(r[Int(index[0])], r[Int(index[1])], r[Int(index[2])], r[Int(index[3])])
    }
    return unsafeBitCast(t, to: SIMD8<UInt16>.self)
  }

  /// The gradient composited over four premultiplied pixels `t` at texel coordinates (`u`,
  /// `v`): g + t·(255 − g.alpha)/255 with Cairo's exact OVER rounding; a black gradient only
  /// scales the colours (and makes alpha g.alpha + t.alpha·(255 − g.alpha)/255).
  @inline(__always)
  func composite(over t: SIMD4<UInt32>, u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD4<UInt32> {
    let (tbr, tga) = Pixels4.split(t)
    return composite(over: tbr, tga, u: u, v: v)
  }

  /// `composite(over:u:v:)` of pixels given as their channel pairs (`Pixels4.split`).
  @inline(__always)
  func composite(over tbr: SIMD8<UInt16>, _ tga: SIMD8<UInt16>, u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD4<UInt32> {
    if isBlack {
      let k = transmission(u: u, v: v)
      // The gradient's alpha, 255 − k, on the alpha lanes only; in 32-bit words, as one
      // subtraction (lane by lane, the compiler moves each lane through a general register).
      let gAlpha = 0x00ff_0000 &- (unsafeBitCast(k, to: SIMD4<UInt32>.self) & 0xffff_0000)
      return Pixels4.join(
        Pixels4.divide255(tbr &* k), Pixels4.divide255(tga &* k) &+ unsafeBitCast(gAlpha, to: SIMD8<UInt16>.self))
    }
    let (gbr, gga) = Pixels4.split(sample(u: u, v: v, from: ()))
    // 255 − the gradient's alpha, on both lanes of each pixel (alpha is the odd lane of ga).
    let k = 255 &- SIMD8(gga[1], gga[1], gga[3], gga[3], gga[5], gga[5], gga[7], gga[7])
    return Pixels4.join(gbr &+ Pixels4.divide255(tbr &* k), gga &+ Pixels4.divide255(tga &* k))
  }

  /// The colour at t = i / (rampSize − 1) for every i, times `alpha`.
  private static func ramp(_ g: Gradient, alpha: Double, black: Bool) -> [UInt32] {
    let n = g.colors.count
    let stops: [(Double, Color)] = g.colors.enumerated().map { i, color in
      let location: Double
      if let l = g.locations, l.count == n {
        location = l[i]
      } else {
        location = n == 1 ? 0 : Double(i) / Double(n - 1)
      }
      return (min(max(location, 0), 1), color)
    }
    let k = unit(alpha)
    return (0..<rampSize).map { i in
      let t = Double(i) / Double(rampSize - 1)
      let c: Color
      if let after = stops.firstIndex(where: { $0.0 >= t }) {
        if after == 0 {
          c = stops[0].1
        } else {
          let (t0, c0) = stops[after - 1], (t1, c1) = stops[after]
          let f = t1 > t0 ? (t - t0) / (t1 - t0) : 1
          func mix(_ p: Double, _ q: Double) -> Double { unit(p) + (unit(q) - unit(p)) * f }
          c = Color(
            red: mix(c0.red, c1.red), green: mix(c0.green, c1.green), blue: mix(c0.blue, c1.blue),
            alpha: mix(c0.alpha, c1.alpha))
        }
      } else {
        c = stops[n - 1].1
      }
      let a = unit(c.alpha) * k
      // A black gradient's premultiplied channels are all 0: only its alpha is computed.
      return black ? premultipliedAlpha(a) << 24 : premultiplied(c.withAlphaComponent(a))
    }
  }

  /// Cairo's ARGB32 word of a colour: each channel to 0...255 (nearest), premultiplied.
  static func premultiplied(_ c: Color) -> UInt32 {
    let a = Double(premultipliedAlpha(c.alpha))
    func channel(_ v: Double) -> UInt32 { UInt32((unit(v) * a).rounded()) }
    return UInt32(a) << 24 | channel(c.red) << 16 | channel(c.green) << 8 | channel(c.blue)
  }

  /// The alpha byte of `premultiplied`: `alpha` to 0...255 (nearest).
  @inline(__always)
  static func premultipliedAlpha(_ alpha: Double) -> UInt32 { UInt32((unit(alpha) * 255).rounded()) }
}

/// A texture with a gradient composited over it, per pixel, before the pair is composited over
/// the target: c = g + t·α·(255 − g.alpha)/255 for texel t, the texture's alpha α and the
/// gradient colour g (premultiplied, times the overlay's alpha; `GradientSampler.composite`).
struct OverlaidSampler<Base: SpanSampler>: SpanSampler {
  let base: Base
  let overlay: GradientSampler
  private let alpha: UInt32

  init(base: Base, alpha: Double, overlay: GradientSampler) {
    self.base = base
    self.overlay = overlay
    self.alpha = UInt32((min(max(alpha, 0), 1) * 256).rounded())
  }

  var usesLevelOfDetail: Bool { base.usesLevelOfDetail }
  var domain: (width: Float, height: Float) { base.domain }
  @inline(__always) func levels(for lod: Int) -> Base.Levels { base.levels(for: lod) }
  func prefetch(u: ClosedRange<Float>, v: ClosedRange<Float>, from levels: Base.Levels) {
    base.prefetch(u: u, v: v, from: levels)
  }

  @inline(__always)
  func sample(u: SIMD4<Float>, v: SIMD4<Float>, from levels: Base.Levels) -> SIMD4<UInt32> {
    var t = base.sample(u: u, v: v, from: levels)
    if alpha < 256 { t = Pixels4.scaled(t, alpha) }
    return overlay.composite(over: t, u: u, v: v)
  }
}
