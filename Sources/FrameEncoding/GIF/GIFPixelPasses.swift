#if canImport(Glibc)
import Glibc
#endif

/// The per-pixel passes of `GIFEncoderCore.emit` (changed rectangle, classification, index
/// mapping, canvas update), on raw pointers. They are the encoder's hottest loops after LZW;
/// they live apart from `emit` so its palette logic stays short and easy to change on its own.
///
/// Pixel words are RGBA bytes read as a little-endian `UInt32` (0xAABBGGRR); colors are
/// 0xRRGGBB, which is the word byte-swapped and shifted right by 8.
extension GIFEncoderCore {
  /// 0xAABBGGRR → 0xRRGGBB.
  @inline(__always) static func rgb(_ word: UInt32) -> UInt32 { word.byteSwapped >> 8 }

  /// The bounding box of the pixels of `frame` that are not `same` as on `canvas` (both
  /// `width × height` words), or nil when there are none.
  ///
  /// Once a box exists, a row only has to be searched left of it and right of it, and
  /// otherwise merely tested for any difference (memcmp): a flat UI frame whose box already
  /// spans the width costs one memcmp a row.
  static func changedRect(
    frame fp: UnsafePointer<UInt32>, canvas cp: UnsafePointer<UInt32>, width w: Int, height h: Int,
    tolerance tol: UInt32
  ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    var x0 = w, y0 = h, x1 = -1, y1 = -1
    for y in 0..<h {
      let f = fp + y * w, c = cp + y * w
      var changed = false
      var x = 0
      while x < x0 && same(f[x], c[x], tol) { x += 1 }
      if x < x0 {
        x0 = x
        changed = true
      } else if x1 < 0 {
        continue  // no box yet and nothing here
      }
      var xe = w - 1
      while xe > x1 && same(f[xe], c[xe], tol) { xe -= 1 }
      if xe > x1 {
        x1 = xe
        changed = true
      }
      if !changed {
        // Inside the box: any difference at all? Equal bytes are always `same`; unequal bytes
        // usually are not (with a tolerance, or for two transparent words, they may be).
        let span = x1 - x0 + 1
        if memcmp(f + x0, c + x0, span * 4) != 0 {
          var k = x0
          while k <= x1 && same(f[k], c[k], tol) { k += 1 }
          changed = k <= x1
        }
      }
      if changed {
        if y0 == h { y0 = y }
        y1 = y
      }
    }
    return y1 < 0 ? nil : (x0, y0, x1, y1)
  }

  /// Classifies the rectangle's pixels, row by row into `p = 0..<rw × rh`:
  /// - `screen[p]`: what is on screen (0xRRGGBB, 0xFFFFFFFF when transparent);
  /// - `target[p]`: the frame's color (0xFFFFFFFF when transparent);
  /// - `keepable[p]` / `slots[p] = -1`: transparent, or (after the first frame) `same` as on
  ///   screen, so the transparent index may code it;
  /// - otherwise `slots[p]`: its color's histogram slot (counted).
  /// Returns whether any pixel may be transparent.
  ///
  /// Histogram lookups go through a small direct-mapped cache (`cache`, `cacheSize` words,
  /// emptied here): the histogram table is sized for the worst case (every pixel another
  /// color), megabytes that a hash probe misses in; a frame's few thousand colors fit the cache.
  /// Slots are still assigned by `insert` at each color's first pixel, in the same order.
  static func classify(
    frame fp: UnsafePointer<UInt32>, canvas cp: UnsafePointer<UInt32>, width w: Int,
    rect: (x0: Int, y0: Int, x1: Int, y1: Int), first: Bool, tolerance tol: UInt32,
    slots: UnsafeMutablePointer<Int32>, target tgt: UnsafeMutablePointer<UInt32>,
    keepable keep: UnsafeMutablePointer<UInt8>, screen scr: UnsafeMutablePointer<UInt32>,
    histogram ins: inout ColorHistogram.Inserter, cache: UnsafeMutablePointer<UInt64>
  ) -> Bool {
    cache.update(repeating: 0, count: cacheSize)
    var hasTransparent = false
    var p = 0
    // Flat UI repeats colors along rows: reuse the previous pixel's slot.
    var lastRGB: UInt32 = 0xFFFF_FFFF
    var lastSlot: Int32 = 0
    let counts = ins.counts
    let rw = rect.x1 - rect.x0 + 1
    for y in rect.y0...rect.y1 {
      let f = fp + y * w + rect.x0, c = cp + y * w + rect.x0
      for x in 0..<rw {
        let fw = f[x], cw = c[x]
        scr[p] = cw >> 24 == 0 ? 0xFFFF_FFFF : rgb(cw)
        if fw >> 24 == 0 {
          slots[p] = -1; keep[p] = 1; tgt[p] = 0xFFFF_FFFF; hasTransparent = true
        } else {
          let color = rgb(fw)
          tgt[p] = color
          if !first && same(fw, cw, tol) {
            slots[p] = -1; keep[p] = 1; hasTransparent = true
          } else {
            if color == lastRGB {
              counts[Int(lastSlot)] &+= 1
            } else {
              let key = UInt64(color | 0x100_0000) << 32
              let h = Int(truncatingIfNeeded: (color &* 0x9E37_79B1) >> UInt32(32 - cacheBits))
              let e = cache[h]
              if e & 0xFFFF_FFFF_0000_0000 == key {
                lastSlot = Int32(truncatingIfNeeded: e)
                counts[Int(lastSlot)] &+= 1
              } else {
                lastSlot = ins.insert(color)
                cache[h] = key | UInt64(UInt32(bitPattern: lastSlot))
              }
              lastRGB = color
            }
            slots[p] = lastSlot; keep[p] = 0
          }
        }
        p += 1
      }
    }
    return hasTransparent
  }

  static let cacheBits = 12
  static let cacheSize = 1 << cacheBits

  /// `indices[p]` = `mapped[slots[p]]`, or `transparent` where the slot is -1. Branch-free: a
  /// table shifted by one slot holds the transparent index in front.
  static func mapIndices(
    slots: UnsafePointer<Int32>, count n: Int, mapped: [UInt8], transparent: UInt8,
    into indices: UnsafeMutablePointer<UInt8>
  ) {
    var table = [UInt8](repeating: transparent, count: mapped.count + 1)
    table.withUnsafeMutableBufferPointer { t in
      for s in 0..<mapped.count { t[s + 1] = mapped[s] }
      let base = t.baseAddress! + 1
      for p in 0..<n { indices[p] = base[Int(slots[p])] }
    }
  }

  /// What a decoder shows after the frame: the rectangle's coded indices painted over the
  /// canvas (the transparent index leaves it as it was), or, with disposal 2 (restore to
  /// background), the rectangle cleared.
  static func paint(
    canvas cp: UnsafeMutablePointer<UInt32>, width w: Int, rect: (x0: Int, y0: Int, x1: Int, y1: Int),
    chosen ch: UnsafePointer<UInt8>, palette: [UInt32], transparent: Int, disposal: UInt8
  ) {
    let rw = rect.x1 - rect.x0 + 1
    if disposal == 2 {
      for y in rect.y0...rect.y1 { (cp + y * w + rect.x0).update(repeating: 0, count: rw) }
      return
    }
    // Canvas words of the palette entries, so the loop is one lookup and a select a pixel.
    var words = [UInt32](repeating: 0, count: 256)
    for (k, c) in palette.enumerated() where k < 256 { words[k] = (c << 8 | 0xFF).byteSwapped }
    words.withUnsafeBufferPointer { wp in
      var p = 0
      for y in rect.y0...rect.y1 {
        let row = cp + y * w + rect.x0
        for x in 0..<rw {
          let k = ch[p + x]
          row[x] = Int(k) == transparent ? row[x] : wp[Int(k)]
        }
        p += rw
      }
    }
  }
}
