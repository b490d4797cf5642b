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

  /// Classifies the rectangle's pixels, row by row into `p = 0..<rw × rh`: `slots[p] = -1`
  /// for a pixel the transparent index may code as it is (transparent, or, after the first
  /// frame, `same` as on screen), otherwise its color's histogram slot (counted). Returns
  /// whether any pixel may be transparent. (Lossy LZW reads colors from the frame and the
  /// screen itself, see `LossyTarget`.)
  ///
  /// Flat UI repeats colors along rows, so a pixel equal to the one before reuses its slot and
  /// only lengthens a run, counted once at its end; inside a run four pixels are checked at
  /// once. Other lookups go through a small direct-mapped cache (`cache`, `cacheSize` words,
  /// emptied here): the histogram table is sized for the worst case (every pixel another
  /// color), megabytes that a hash probe misses in; a frame's few thousand colors fit the cache.
  /// Slots are still assigned by `insert` at each color's first pixel, in the same order.
  static func classify(
    frame fp: UnsafePointer<UInt32>, canvas cp: UnsafePointer<UInt32>, width w: Int,
    rect: (x0: Int, y0: Int, x1: Int, y1: Int), first: Bool, tolerance tol: UInt32,
    slots: UnsafeMutablePointer<Int32>, histogram ins: inout ColorHistogram.Inserter,
    cache: UnsafeMutablePointer<UInt64>
  ) -> Bool {
    cache.update(repeating: 0, count: cacheSize)
    // One loop per case, each with its flags folded in: the pass is too hot to test them at
    // every pixel.
    switch (first, tol == 0) {
    case (true, true):
      return classifyRows(fp, cp, w, rect, first: true, exact: true, 0, slots, &ins, cache)
    case (true, false):
      return classifyRows(fp, cp, w, rect, first: true, exact: false, tol, slots, &ins, cache)
    case (false, true):
      return classifyRows(fp, cp, w, rect, first: false, exact: true, 0, slots, &ins, cache)
    case (false, false):
      return classifyRows(fp, cp, w, rect, first: false, exact: false, tol, slots, &ins, cache)
    }
  }

  /// `classify`'s pass; `exact` is `tol == 0`, where `same` for opaque words is equality.
  @inline(__always)
  private static func classifyRows(
    _ fp: UnsafePointer<UInt32>, _ cp: UnsafePointer<UInt32>, _ w: Int, _ rect: (x0: Int, y0: Int, x1: Int, y1: Int),
    first: Bool, exact: Bool, _ tol: UInt32, _ slots: UnsafeMutablePointer<Int32>,
    _ ins: inout ColorHistogram.Inserter, _ cache: UnsafeMutablePointer<UInt64>
  ) -> Bool {
    var hasTransparent = false
    var p = 0
    var lastWord: UInt32 = 0  // never an opaque pixel's word
    var lastSlot: Int32 = 0
    var run: UInt32 = 0  // pixels of lastSlot not yet counted
    let counts = ins.counts
    let rw = rect.x1 - rect.x0 + 1
    for y in rect.y0...rect.y1 {
      let f = fp + y * w + rect.x0, c = cp + y * w + rect.x0
      var x = 0
      while x < rw {
        let fw = f[x]
        // Inside a run (`lastWord` is 0 or opaque, and 0 is no run), four pixels at once: all
        // the run's color and (after the first frame) none as on screen. Shading, which
        // changes color at every pixel, pays one compare a pixel for the test.
        if fw == lastWord && lastWord != 0 && exact && x &+ 4 <= rw {
          let fv = UnsafeRawPointer(f + x).loadUnaligned(as: SIMD4<UInt32>.self)
          if fv == SIMD4(repeating: lastWord)
            && (first || !any(fv .== UnsafeRawPointer(c + x).loadUnaligned(as: SIMD4<UInt32>.self)))
          {
            UnsafeMutableRawPointer(slots + p).storeBytes(of: SIMD4(repeating: lastSlot), as: SIMD4<Int32>.self)
            run &+= 4
            p &+= 4
            x &+= 4
            continue
          }
        }
        if fw >> 24 == 0 || (!first && (exact ? fw == c[x] : same(fw, c[x], tol))) {
          slots[p] = -1
          hasTransparent = true
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
          slots[p] = lastSlot
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

  /// A later part of a rectangle classified in parts: where its pixels start and the slot in
  /// the rectangle's histogram of each of its own slots.
  struct LaterPart {
    var start: Int
    var slots: [Int32]
  }

  /// Classifies the changed rectangle into the scratch buffers and `histogram` (see
  /// `classify`). A large rectangle (`partCount`, as for LZW segments) is classified as parts
  /// of rows, each into its own histogram, on `threads` threads; the later parts' colors are
  /// then added to the first part's histogram, part after part, in the order each met them,
  /// which numbers and counts every color exactly as one pass would. The later parts' pixels
  /// keep their own slots (translated by `IndexMap` through the returned `LaterPart`s).
  /// Returns whether any pixel may be transparent.
  func classifyRect(
    _ f: [UInt8], rect: (x0: Int, y0: Int, x1: Int, y1: Int), first: Bool, tolerance tol: UInt32
  ) -> (hasTransparent: Bool, laterParts: [LaterPart]) {
    let rw = rect.x1 - rect.x0 + 1, rh = rect.y1 - rect.y0 + 1, n = rw * rh
    let parts = min(rh, partCount(n))
    while classifyParts.count < parts { classifyParts.append(ClassifyPart()) }
    for i in 0..<parts {
      classifyParts[i].histogram.reset(maxDistinct: i == 0 ? n : partRange(i, of: parts, rh).count * rw)
    }
    let transparent = UnsafeMutableBufferPointer<Bool>.allocate(capacity: parts)
    defer { transparent.deallocate() }
    let w = width, workers = Array(classifyParts[0..<parts])
    f.withUnsafeBytes { fb in
      canvas.withUnsafeBytes { cb in
        slotOf.withUnsafeMutableBufferPointer { slots in
          let fp = fb.bindMemory(to: UInt32.self).baseAddress!, cp = cb.bindMemory(to: UInt32.self).baseAddress!
          let sp = slots.baseAddress!
          runParts(parts, threads: threads) { i in
            let rows = partRange(i, of: parts, rh), part = workers[i]
            var ins = part.histogram.inserter()
            transparent[i] = Self.classify(
              frame: fp, canvas: cp, width: w,
              rect: (rect.x0, rect.y0 + rows.lowerBound, rect.x1, rect.y0 + rows.upperBound - 1), first: first,
              tolerance: tol, slots: sp + rows.lowerBound * rw, histogram: &ins, cache: part.cache)
            part.histogram.commit(ins)
          }
        }
      }
    }
    // The later parts' colors, in the order each met them, after the parts before.
    var ins = histogram.inserter()
    let counts = ins.counts
    var later: [LaterPart] = []
    for i in 1..<max(1, parts) {
      let part = workers[i].histogram
      var remap = [Int32](repeating: 0, count: part.count)
      for j in 0..<part.count {
        let color = part.colorStore[j], count = part.countStore[j]
        if let s = ins.find(color) {
          counts[Int(s)] &+= count
          remap[j] = s
        } else {
          let s = ins.insert(color)  // counts one
          counts[Int(s)] &+= count &- 1
          remap[j] = s
        }
      }
      later.append(LaterPart(start: partRange(i, of: parts, rh).lowerBound * rw, slots: remap))
    }
    histogram.commit(ins)
    return (transparent.contains(true), later)
  }

  /// Slots to palette indices: `index(p)` = `mapped[slots[p]]`, or `transparent` where the
  /// slot is -1; from each later part's start on, slots are that part's own (see
  /// `classifyRect`). Tables shifted by one slot hold the transparent index in front, so the
  /// mapping is branch-free; any range of pixels can be mapped on its own (each LZW segment
  /// maps its own, on its thread).
  struct IndexMap: @unchecked Sendable {
    /// Per part, where its pixels start and its table.
    let starts: [Int]
    let tables: [[UInt8]]

    init(mapped: [UInt8], transparent: UInt8, laterParts: [LaterPart]) {
      starts = [0] + laterParts.map(\.start)
      tables = [[transparent] + mapped] + laterParts.map { part in [transparent] + part.slots.map { mapped[Int($0)] } }
    }

    func map(slots: UnsafePointer<Int32>, range: Range<Int>, into indices: UnsafeMutablePointer<UInt8>) {
      for (k, table) in tables.enumerated() {
        let lo = max(starts[k], range.lowerBound)
        let hi = min(k + 1 < starts.count ? starts[k + 1] : Int.max, range.upperBound)
        guard lo < hi else { continue }
        table.withUnsafeBufferPointer { t in
          Self.map(slots: slots, range: lo..<hi, table: t.baseAddress! + 1, into: indices)
        }
      }
    }

    private static func map(
      slots: UnsafePointer<Int32>, range: Range<Int>, table base: UnsafePointer<UInt8>,
      into indices: UnsafeMutablePointer<UInt8>
    ) {
      var p = range.lowerBound
      let n = range.upperBound
      while p < n {
        // Four pixels of one slot at once: classification leaves long runs.
        if p &+ 4 <= n {
          let four = UnsafeRawPointer(slots + p).loadUnaligned(as: SIMD4<Int32>.self)
          if four == SIMD4(repeating: four[0]) {
            UnsafeMutableRawPointer(indices + p).storeBytes(
              of: UInt32(base[Int(four[0])]) &* 0x0101_0101, as: UInt32.self)
          } else {
            // Not one slot (shading): all four looked up, so the test costs a quarter a pixel.
            for i in 0..<4 { indices[p &+ i] = base[Int(four[i])] }
          }
          p &+= 4
          continue
        }
        indices[p] = base[Int(slots[p])]
        p &+= 1
      }
    }
  }

  /// Canvas words (0xAABBGGRR, opaque) of the palette entries, 256 of them.
  static func canvasWords(_ palette: [UInt32]) -> [UInt32] {
    var words = [UInt32](repeating: 0, count: 256)
    for (k, c) in palette.enumerated() where k < 256 { words[k] = (c << 8 | 0xFF).byteSwapped }
    return words
  }

  /// What a decoder shows after the frame, for the rectangle's pixels `range` (row by row):
  /// their coded indices painted over the canvas (the transparent index leaves it as it was),
  /// or, with disposal 2 (restore to background), cleared. `words`: `canvasWords(palette)`.
  /// Ranges of pixels are independent (each LZW segment paints its own, on its thread).
  static func paint(
    canvas cp: UnsafeMutablePointer<UInt32>, width w: Int, rect: (x0: Int, y0: Int, x1: Int, y1: Int),
    chosen ch: UnsafePointer<UInt8>, range: Range<Int>, words wp: UnsafePointer<UInt32>, transparent: Int,
    disposal: UInt8
  ) {
    let rw = rect.x1 - rect.x0 + 1
    var p = range.lowerBound
    while p < range.upperBound {
      // The part of one rectangle row in the range.
      let y = p / rw, x0 = p - y * rw, x1 = min(rw, x0 + (range.upperBound - p))
      let row = cp + (rect.y0 + y) * w + rect.x0
      let codes = ch + (p - x0)
      if disposal == 2 {
        (row + x0).update(repeating: 0, count: x1 - x0)
        p += x1 - x0
        continue
      }
      var x = x0
      while x < x1 {
        // Eight pixels of one (opaque) index at once: coded strings are long runs. Eight that
        // are not (shading) are painted one by one, so the test costs an eighth a pixel.
        if x &+ 8 <= x1 {
          let eight = UnsafeRawPointer(codes + x).loadUnaligned(as: UInt64.self)
          let k = Int(eight & 0xFF)
          if eight == UInt64(k) &* 0x0101_0101_0101_0101 && k != transparent {
            UnsafeMutableRawPointer(row + x).storeBytes(of: SIMD8(repeating: wp[k]), as: SIMD8<UInt32>.self)
          } else {
            for i in x..<x &+ 8 {
              let k = Int(codes[i])
              row[i] = k == transparent ? row[i] : wp[k]
            }
          }
          x &+= 8
          continue
        }
        let k = codes[x]
        row[x] = Int(k) == transparent ? row[x] : wp[Int(k)]
        x &+= 1
      }
      p += x1 - x0
    }
  }
}

/// One part of a rectangle's classification: its histogram and the direct-mapped cache in
/// front of it (`GIFEncoderCore.cacheSize` words). Each part is touched by one thread at a time.
final class ClassifyPart: @unchecked Sendable {
  let histogram = ColorHistogram()
  let cache = UnsafeMutablePointer<UInt64>.allocate(capacity: GIFEncoderCore.cacheSize)
  init() { cache.initialize(repeating: 0, count: GIFEncoderCore.cacheSize) }
  deinit { cache.deallocate() }
}
