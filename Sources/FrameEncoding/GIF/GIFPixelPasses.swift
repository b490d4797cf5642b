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
  /// Per row, a branch-free pass (which the compiler vectorizes) writes `screen` and `target`;
  /// a second one classifies. Flat UI repeats colors along rows, so a pixel equal to the one
  /// before reuses its slot and only lengthens a run, counted once at its end. Other lookups go
  /// through a small direct-mapped cache (`cache`, `cacheSize` words, emptied here): the
  /// histogram table is sized for the worst case (every pixel another color), megabytes that a
  /// hash probe misses in; a frame's few thousand colors fit the cache. Slots are still
  /// assigned by `insert` at each color's first pixel, in the same order.
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
    var lastWord: UInt32 = 0  // never an opaque pixel's word
    var lastSlot: Int32 = 0
    var run: UInt32 = 0  // pixels of lastSlot not yet counted
    let counts = ins.counts
    let rw = rect.x1 - rect.x0 + 1
    let quads = tol == 0
    for y in rect.y0...rect.y1 {
      let f = fp + y * w + rect.x0, c = cp + y * w + rect.x0
      let scrRow = scr + p, tgtRow = tgt + p
      for x in 0..<rw {
        let cw = c[x], fw = f[x]
        // 0xAABBGGRR → 0xRRGGBB with shifts and masks (vectorizes without byte shuffles).
        let cRGB = (cw & 0xFF) << 16 | (cw & 0xFF00) | ((cw >> 16) & 0xFF)
        let fRGB = (fw & 0xFF) << 16 | (fw & 0xFF00) | ((fw >> 16) & 0xFF)
        scrRow[x] = cw >> 24 == 0 ? 0xFFFF_FFFF : cRGB
        tgtRow[x] = fw >> 24 == 0 ? 0xFFFF_FFFF : fRGB
      }
      var x = 0
      while x < rw {
        // Four pixels at once inside a run: all equal to the run's color and (after the
        // first frame) none equal to what is on screen (with tolerance 0, `same` for opaque
        // words is equality).
        if quads && x &+ 4 <= rw && lastWord != 0 {
          let fv = UnsafeRawPointer(f + x).loadUnaligned(as: SIMD4<UInt32>.self)
          if fv == SIMD4(repeating: lastWord)
            && (first || !any(fv .== UnsafeRawPointer(c + x).loadUnaligned(as: SIMD4<UInt32>.self)))
          {
            UnsafeMutableRawPointer(slots + p).storeBytes(of: SIMD4(repeating: lastSlot), as: SIMD4<Int32>.self)
            UnsafeMutableRawPointer(keep + p).storeBytes(of: 0, as: UInt32.self)
            run &+= 4
            p &+= 4
            x &+= 4
            continue
          }
        }
        let fw = f[x]
        if fw >> 24 == 0 || (!first && same(fw, c[x], tol)) {
          slots[p] = -1; keep[p] = 1; hasTransparent = true
        } else {
          if fw == lastWord {
            run &+= 1
          } else {
            counts[Int(lastSlot)] &+= run
            let color = rgb(fw)
            let key = UInt64(color | 0x100_0000) << 32
            let h = Int(truncatingIfNeeded: (color &* 0x9E37_79B1) >> UInt32(32 - cacheBits))
            let e = cache[h]
            if e & 0xFFFF_FFFF_0000_0000 == key {
              lastSlot = Int32(truncatingIfNeeded: e)
              run = 1
            } else {
              lastSlot = ins.insert(color)  // counts this pixel
              run = 0
              cache[h] = key | UInt64(UInt32(bitPattern: lastSlot))
            }
            lastWord = fw
          }
          slots[p] = lastSlot; keep[p] = 0
        }
        p &+= 1
        x &+= 1
      }
    }
    counts[Int(lastSlot)] &+= run
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
        let codes = ch + p
        var x = 0
        while x < rw {
          // Eight pixels of one (opaque) index at once: coded strings are long runs.
          if x &+ 8 <= rw {
            let eight = UnsafeRawPointer(codes + x).loadUnaligned(as: UInt64.self)
            let k = Int(eight & 0xFF)
            if eight == UInt64(k) &* 0x0101_0101_0101_0101 && k != transparent {
              UnsafeMutableRawPointer(row + x).storeBytes(of: SIMD8(repeating: wp[k]), as: SIMD8<UInt32>.self)
              x &+= 8
              continue
            }
          }
          let k = codes[x]
          row[x] = Int(k) == transparent ? row[x] : wp[Int(k)]
          x &+= 1
        }
        p += rw
      }
    }
  }
}
