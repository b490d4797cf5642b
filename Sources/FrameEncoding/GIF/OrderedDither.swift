/// Ordered dithering of a quantized GIF frame (see `GIFDither` for the contract).
///
/// Why ordered and not error diffusion: a diffused error depends on everything coded before a
/// pixel in scan order, so any change anywhere upstream reshuffles the noise of a static
/// region (crawling). A Bayer threshold depends only on the pixel's screen position, so the
/// same color at the same place always picks the same entry.
///
/// Each color mixes its nearest entry A with one partner B, the first other entry met going on
/// from the color in the direction it lies from A. How far along A→B the color's projection
/// lies is the share of every 8×8 block that shows B, so the block's mean is that projection
/// and a color that is an entry is never touched; a partner farther than the palette's
/// typical step gets less, only colors near the midpoint reaching it, so a color near its
/// entry stays there.
/// Adding one offset to every channel and taking the nearest entry instead moves exact colors
/// to any entry nearer than the offset, shifts colors near 0 or 255 one way only (the clamped
/// side) and mixes along the gray axis whatever the palette's steps: a tinted, darker, noisier
/// frame.
enum OrderedDither {
  /// 8×8 Bayer matrix, thresholds 0..<64, row-major.
  static let bayer: [Int32] = {
    var m = [Int32](repeating: 0, count: 64)
    for y in 0..<8 {
      for x in 0..<8 {
        // Bit-interleave of x ^ y and y, reversed: the classic recursive construction.
        var v = 0
        let a = x ^ y, b = y
        for bit in 0..<3 {
          v |= ((a >> bit) & 1) << (5 - 2 * bit)
          v |= ((b >> bit) & 1) << (4 - 2 * bit)
        }
        m[y * 8 + x] = Int32(v)
      }
    }
    return m
  }()

  /// The threshold 0..<64 of the pixel at screen position (x, y): the pixel shows the partner
  /// when its color's share is above it.
  @inline(__always) static func threshold(x: Int, y: Int) -> Int32 { bayer[(y & 7) * 8 + (x & 7)] }

  /// How a color is dithered: `partner` in `share` of every 64 pixels, its nearest entry in
  /// the others. A share of 0 leaves it at its nearest entry.
  struct Mix: Equatable {
    var partner: UInt8
    /// 0...32: the nearest entry is never farther than the partner, so at most half.
    var share: Int32
  }

  /// Dither amplitude for a palette: the median, over entries, of the largest per-channel
  /// distance to the closest other entry, i.e. the typical step between neighboring colors.
  static func amplitude(_ palette: [UInt32]) -> Int32 {
    guard palette.count >= 2 else { return 0 }
    var steps: [Int32] = []
    steps.reserveCapacity(palette.count)
    for (i, a) in palette.enumerated() {
      var best = Int32.max
      for (j, b) in palette.enumerated() where j != i { best = min(best, chebyshev(a, b)) }
      steps.append(best)
    }
    steps.sort()
    return steps[steps.count / 2]
  }

  /// The largest per-channel distance between two 0xRRGGBB colors.
  private static func chebyshev(_ a: UInt32, _ b: UInt32) -> Int32 {
    max(
      abs(Int32(a >> 16) - Int32(b >> 16)), abs(Int32((a >> 8) & 0xFF) - Int32((b >> 8) & 0xFF)),
      abs(Int32(a & 0xFF) - Int32(b & 0xFF)))
  }

  /// The mix for the color (r, g, b) whose nearest entry is `a`: the partner is the first
  /// other entry nearest to a point c + λ·(c − A), λ = 1, 2, 4, … (up to the RGB cube's
  /// faces). The color sits at t = e·d / d·d of the way from A to B (its projection; e = c − A,
  /// d = B − A), t ≤ ½, and shows B in 64·t of 64 pixels when B is at most `amplitude` away
  /// (per channel). A farther B shows as if offsets of up to half `amplitude` either way,
  /// spread evenly, moved the color along d: only past the midpoint, so in fewer pixels and
  /// only for colors near it. Integers only, so every machine picks the same.
  static func mix(
    r: Int32, g: Int32, b: Int32, nearest a: UInt8, palette: [UInt32], near: NearestColor, amplitude: Int32
  ) -> Mix {
    let entry = palette[Int(a)]
    let ar = Int32(entry >> 16), ag = Int32((entry >> 8) & 0xFF), ab = Int32(entry & 0xFF)
    let er = r - ar, eg = g - ag, eb = b - ab
    guard er != 0 || eg != 0 || eb != 0 else { return Mix(partner: a, share: 0) }
    var lambda: Int32 = 1
    var previous: (Int32, Int32, Int32)? = nil
    while lambda <= 256 {
      let q = (clamp(r + lambda * er), clamp(g + lambda * eg), clamp(b + lambda * eb))
      if let p = previous, p == q { break }  // stuck on the cube's faces
      previous = q
      let k = UInt8(near.nearest(r: Int(q.0), g: Int(q.1), b: Int(q.2)))
      if k != a {
        let partner = palette[Int(k)]
        return Mix(partner: k, share: share(er, eg, eb, from: entry, to: partner, amplitude: amplitude))
      }
      lambda *= 2
    }
    return Mix(partner: a, share: 0)
  }

  /// 64·(½ − (½ − t)·D / min(D, amplitude)) rounded, clamped to 0...32, with D the largest
  /// per-channel distance from A to B: 64·t when D ≤ amplitude.
  private static func share(
    _ er: Int32, _ eg: Int32, _ eb: Int32, from a: UInt32, to b: UInt32, amplitude: Int32
  ) -> Int32 {
    let dr = Int64(b >> 16) - Int64(a >> 16), dg = Int64((b >> 8) & 0xFF) - Int64((a >> 8) & 0xFF)
    let db = Int64(b & 0xFF) - Int64(a & 0xFF)
    let dot = Int64(er) * dr + Int64(eg) * dg + Int64(eb) * db
    let dd = dr * dr + dg * dg + db * db
    let reach = Int64(chebyshev(a, b))
    let span = min(reach, Int64(amplitude))
    guard dot > 0, dd > 0, span > 0 else { return 0 }
    // 32 − (32 − 64·dot/dd)·reach/span, rounded to nearest.
    let num = (32 * dd - 64 * dot) * reach, den = dd * span
    let below = (2 * num + den) / (2 * den)
    return Int32(max(0, min(32, 32 - below)))
  }

  @inline(__always) private static func clamp(_ v: Int32) -> Int32 { min(255, max(0, v)) }

  /// Re-picks the palette index of the quantized pixels of the rectangle `rect` (screen
  /// coordinates, inclusive) that `mode` selects. `frame` is the whole frame's RGBA words,
  /// `slots[p] < 0` marks pixels left transparent (never touched), `indices` holds the nearest
  /// index of every pixel on entry. `activity` (the frame's, `VisualMasking`; nil: none) marks
  /// the flat pixels, which keep their nearest entry: a flat area does not band, its color is
  /// within 6 levels of an entry (`GIFEncoderCore.addFlatColors`), and mixing in a partner
  /// would put speckles on an even background. Returns the change in squared RGB error against
  /// the source.
  static func apply(
    mode: GIFDither, frame: UnsafePointer<UInt32>, width: Int, rect: (x0: Int, y0: Int, x1: Int, y1: Int),
    slots: UnsafePointer<Int32>, indices: UnsafeMutablePointer<UInt8>, palette: [UInt32],
    activity: UnsafePointer<UInt8>? = nil
  ) -> Double {
    guard mode != .none, palette.count >= 2 else { return 0 }
    let amp = amplitude(palette)
    let near = NearestColor(palette: palette)
    let rw = rect.x1 - rect.x0 + 1
    // Direct-mapped cache color → mix: flat and smooth regions repeat few colors.
    var cacheKey = [UInt32](repeating: 0, count: 4096)
    var cacheMix = [Mix](repeating: Mix(partner: 0, share: 0), count: 4096)
    var delta = 0.0
    let pal = UnsafeMutablePointer<UInt32>.allocate(capacity: palette.count)
    pal.initialize(from: palette, count: palette.count)
    defer { pal.deallocate() }
    @inline(__always) func rgb(_ w: UInt32) -> (Int32, Int32, Int32) {
      (Int32(w & 0xFF), Int32((w >> 8) & 0xFF), Int32((w >> 16) & 0xFF))
    }
    @inline(__always) func err(_ r: Int32, _ g: Int32, _ b: Int32, _ k: UInt8) -> Int32 {
      let c = pal[Int(k)]
      let dr = r - Int32(c >> 16), dg = g - Int32((c >> 8) & 0xFF), db = b - Int32(c & 0xFF)
      return dr * dr + dg * dg + db * db
    }
    // Blocks of 8×8 screen pixels (cut by the rectangle), so `auto` decides the same way
    // for a region wherever the rectangle starts.
    var by = rect.y0 & ~7
    while by <= rect.y1 {
      let ya = max(by, rect.y0), yb = min(by + 7, rect.y1)
      var bx = rect.x0 & ~7
      while bx <= rect.x1 {
        let xa = max(bx, rect.x0), xb = min(bx + 7, rect.x1)
        var needed = mode == .ordered
        if mode == .auto {
          // Mean per-channel quantization error vs mean per-channel step to the right and
          // lower neighbors, on the block's odd rows (half the work, and a block of 8 rows
          // still shows banding in any direction).
          var qe: Int32 = 0, qn: Int32 = 0, hf: Int32 = 0, hn: Int32 = 0
          let oddRows = ya < yb || ya & 1 == 1
          for y in ya...yb where !oddRows || y & 1 == 1 {
            let row = frame + y * width
            let prow = (y - rect.y0) * rw - rect.x0
            for x in xa...xb {
              guard slots[prow + x] >= 0 else { continue }
              let (r, g, b) = rgb(row[x])
              let c = pal[Int(indices[prow + x])]
              qe &+= abs(r &- Int32(c >> 16)) &+ abs(g &- Int32((c >> 8) & 0xFF)) &+ abs(b &- Int32(c & 0xFF))
              qn &+= 3
              if x < xb {
                let (r2, g2, b2) = rgb(row[x + 1])
                hf &+= abs(r &- r2) &+ abs(g &- g2) &+ abs(b &- b2)
                hn &+= 3
              }
              if y < yb {
                let (r2, g2, b2) = rgb(row[x + width])
                hf &+= abs(r &- r2) &+ abs(g &- g2) &+ abs(b &- b2)
                hn &+= 3
              }
            }
          }
          // Visible steps (mean error ≥ 1) on a source much smoother than them (neighbors
          // differ by less than half the error): bands. Noisy photos, whose neighbors differ
          // by about their quantization error, keep their nearest colors.
          needed = qn > 0 && qe >= qn && 2 * hf * qn < qe * max(hn, 1)
        }
        if needed {
          for y in ya...yb {
            for x in xa...xb {
              let p = (y - rect.y0) * rw + (x - rect.x0)
              guard slots[p] >= 0, activity.map({ $0[y * width + x] != 0 }) ?? true else { continue }
              let word = frame[y * width + x]
              let (r, g, b) = rgb(word)
              let old = indices[p]
              let key = word & 0xFF_FFFF | 1 << 24
              let h = Int((key &* 0x9E37_79B1) >> 20)
              let m: Mix
              if cacheKey[h] == key {
                m = cacheMix[h]
              } else {
                m = mix(r: r, g: g, b: b, nearest: old, palette: palette, near: near, amplitude: amp)
                cacheKey[h] = key
                cacheMix[h] = m
              }
              if threshold(x: x, y: y) < m.share {
                delta += Double(err(r, g, b, m.partner) - err(r, g, b, old))
                indices[p] = m.partner
              }
            }
          }
        }
        bx += 8
      }
      by += 8
    }
    return delta
  }
}
