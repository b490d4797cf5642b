/// Ordered dithering of a quantized GIF frame (see `GIFDither` for the contract).
///
/// Why ordered and not error diffusion: a diffused error depends on everything coded before a
/// pixel in scan order, so any change anywhere upstream reshuffles the noise of a static
/// region (crawling). A Bayer threshold depends only on the pixel's screen position, so the
/// same color at the same place always picks the same entry.
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

  /// The offset added to every channel of the pixel at screen position (x, y), in units of
  /// `amplitude` / 128: an odd number in −63…63, so the 64 thresholds are symmetric about 0.
  @inline(__always) static func offset128(x: Int, y: Int) -> Int32 {
    2 * bayer[(y & 7) * 8 + (x & 7)] - 63
  }

  /// Dither amplitude for a palette: the median, over entries, of the largest per-channel
  /// distance to the closest other entry, i.e. the typical step between neighboring colors.
  /// A pixel offset by up to half of it either way can reach the next entry.
  static func amplitude(_ palette: [UInt32]) -> Int32 {
    guard palette.count >= 2 else { return 0 }
    var steps: [Int32] = []
    steps.reserveCapacity(palette.count)
    for (i, a) in palette.enumerated() {
      var best = Int32.max
      for (j, b) in palette.enumerated() where j != i {
        let d = max(
          abs(Int32(a >> 16) - Int32(b >> 16)), abs(Int32((a >> 8) & 0xFF) - Int32((b >> 8) & 0xFF)),
          abs(Int32(a & 0xFF) - Int32(b & 0xFF)))
        best = min(best, d)
      }
      steps.append(best)
    }
    steps.sort()
    return steps[steps.count / 2]
  }

  /// Re-picks the palette index of the quantized pixels of the rectangle `rect` (screen
  /// coordinates, inclusive) that `mode` selects. `frame` is the whole frame's RGBA words,
  /// `slots[p] < 0` marks pixels left transparent (never touched), `indices` holds the nearest
  /// index of every pixel on entry. Returns the change in squared RGB error against the source.
  static func apply(
    mode: GIFDither, frame: UnsafePointer<UInt32>, width: Int, rect: (x0: Int, y0: Int, x1: Int, y1: Int),
    slots: UnsafePointer<Int32>, indices: UnsafeMutablePointer<UInt8>, palette: [UInt32]
  ) -> Double {
    guard mode != .none else { return 0 }
    let amp = amplitude(palette)
    guard amp > 1 else { return 0 }
    let near = NearestColor(palette: palette)
    let rw = rect.x1 - rect.x0 + 1
    // Direct-mapped cache color → index: smooth regions repeat few (color, offset) pairs.
    var cacheKey = [UInt32](repeating: 0, count: 4096)
    var cacheIndex = [UInt8](repeating: 0, count: 4096)
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
              guard slots[p] >= 0 else { continue }
              let (r, g, b) = rgb(frame[y * width + x])
              let o = offset128(x: x, y: y) * amp / 128
              let dr = min(255, max(0, r + o)), dg = min(255, max(0, g + o)), db = min(255, max(0, b + o))
              let key = UInt32(dr) << 16 | UInt32(dg) << 8 | UInt32(db) | 1 << 24
              let h = Int((key &* 0x9E37_79B1) >> 20)
              let k: UInt8
              if cacheKey[h] == key {
                k = cacheIndex[h]
              } else {
                k = UInt8(near.nearest(r: Int(dr), g: Int(dg), b: Int(db)))
                cacheKey[h] = key
                cacheIndex[h] = k
              }
              let old = indices[p]
              if k != old {
                delta += Double(err(r, g, b, k) - err(r, g, b, old))
                indices[p] = k
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
