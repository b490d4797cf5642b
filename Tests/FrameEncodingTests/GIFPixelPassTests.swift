import Testing
@testable import FrameEncoding

/// The encoder's per-pixel passes against the rules they implement, restated here pixel by
/// pixel: inputs mix runs (where the passes take four or eight pixels at once) with shading
/// (every pixel another color), transparent pixels and pixels equal to the screen, over rows
/// and ranges whose lengths are not multiples of four or eight.
@Suite("GIF pixel passes")
struct GIFPixelPassTests {
  /// Deterministic pseudo-random words in runs: each run 1 to 12 pixels of one word, which is
  /// transparent (0) one time in nine and otherwise opaque (0xAABBGGRR, alpha 255).
  static func runs(_ n: Int, seed: UInt64, colors: UInt32 = 4096) -> [UInt32] {
    var state = seed, out: [UInt32] = []
    func next() -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 33)
    }
    while out.count < n {
      let length = Int(next() % 12) + 1
      let word = next() % 9 == 0 ? 0 : 0xFF00_0000 | (next() % colors) &* 0x0004_0405 & 0x00FF_FFFF
      out += Array(repeating: word, count: min(length, n - out.count))
    }
    return out
  }

  /// A screen that shows `frame` on about one pixel in three (in runs), something else elsewhere.
  static func screen(for frame: [UInt32], seed: UInt64) -> [UInt32] {
    let other = runs(frame.count, seed: seed &+ 99)
    let pick = runs(frame.count, seed: seed &+ 7, colors: 3)
    return frame.indices.map { pick[$0] & 0xFF == 0 ? frame[$0] : other[$0] }
  }

  /// The rule of `same`: equal words, or both transparent, or (with a tolerance) the same
  /// opaque alpha and every channel within it.
  static func sameRule(_ a: UInt32, _ b: UInt32, _ tol: UInt32) -> Bool {
    if a == b || (a >> 24 == 0 && b >> 24 == 0) { return true }
    guard a >> 24 == b >> 24, a >> 24 != 0 else { return false }
    return (0..<3).allSatisfy { k in
      let x = Int((a >> (8 * k)) & 0xFF), y = Int((b >> (8 * k)) & 0xFF)
      return abs(x - y) <= Int(tol)
    }
  }

  @Test(
    "Classification gives each pixel -1 when it is transparent or (after the first frame) the same as on screen, otherwise its color's slot in first-seen order, and counts every color's pixels"
  )
  func classifyFollowsTheRule() {
    let w = 203, rect = (x0: 3, y0: 2, x1: 199, y1: 61)
    let h = rect.y1 + 3
    let frame = Self.runs(w * h, seed: 5)
    let canvas = Self.screen(for: frame, seed: 5)
    for (first, tol) in [(true, 0), (false, 0), (false, 3), (true, 3)] as [(Bool, UInt32)] {
      var slots: [Int32] = [], colors: [UInt32] = [], counts: [UInt32] = [], slotOf: [UInt32: Int32] = [:]
      var transparent = false
      for y in rect.y0...rect.y1 {
        for x in rect.x0...rect.x1 {
          let f = frame[y * w + x]
          if f >> 24 == 0 || (!first && Self.sameRule(f, canvas[y * w + x], tol)) {
            slots.append(-1)
            transparent = true
            continue
          }
          let color = (f & 0xFF) << 16 | (f & 0xFF00) | (f >> 16) & 0xFF
          if slotOf[color] == nil {
            slotOf[color] = Int32(colors.count)
            colors.append(color)
            counts.append(0)
          }
          counts[Int(slotOf[color]!)] += 1
          slots.append(slotOf[color]!)
        }
      }
      let n = slots.count
      let histogram = ColorHistogram()
      histogram.reset(maxDistinct: n)
      var got = [Int32](repeating: 7, count: n)
      var ins = histogram.inserter()
      let cache = UnsafeMutablePointer<UInt64>.allocate(capacity: GIFEncoderCore.cacheSize)
      defer { cache.deallocate() }
      let gotTransparent = frame.withUnsafeBufferPointer { f in
        canvas.withUnsafeBufferPointer { c in
          got.withUnsafeMutableBufferPointer { s in
            GIFEncoderCore.classify(
              frame: f.baseAddress!, canvas: c.baseAddress!, width: w, rect: rect, first: first, tolerance: tol,
              slots: s.baseAddress!, histogram: &ins, cache: cache)
          }
        }
      }
      histogram.commit(ins)
      #expect(colors.count > 1000 && slots.contains(-1), "first \(first), tolerance \(tol): a mixed input")
      let sameSlots = got == slots  // (not two long arrays on failure)
      #expect(sameSlots, "first \(first), tolerance \(tol)")
      #expect(histogram.colors == colors, "first \(first), tolerance \(tol)")
      #expect(histogram.counts == counts, "first \(first), tolerance \(tol)")
      #expect(gotTransparent == transparent, "first \(first), tolerance \(tol)")
    }
  }

  @Test(
    "Painting a range shows each pixel's coded entry, leaves the canvas where the code is the transparent index, and clears the range under disposal 2"
  )
  func paintFollowsTheRule() {
    let w = 211, rect = (x0: 5, y0: 1, x1: 203, y1: 40)
    let rw = rect.x1 - rect.x0 + 1, n = rw * (rect.y1 - rect.y0 + 1)
    // Codes in runs (painted eight at a time) and shading; 37 is the transparent index.
    let codes = Self.runs(n, seed: 11, colors: 64).map { UInt8(truncatingIfNeeded: $0 >> 2) & 63 }
    let words = (0..<256).map { UInt32($0) &* 0x0101_0307 | 0xFF00_0000 }
    let before = Self.runs(w * (rect.y1 + 2), seed: 12)
    for (range, disposal) in [(0..<n, 0), (333..<(n - 77), 0), (1..<(n - 1), 2)] as [(Range<Int>, UInt8)] {
      for transparent in [37, -1] {
        var expected = before
        for p in range {
          let i = (rect.y0 + p / rw) * w + rect.x0 + p % rw
          if disposal == 2 {
            expected[i] = 0
          } else if Int(codes[p]) != transparent {
            expected[i] = words[Int(codes[p])]
          }
        }
        var canvas = before
        canvas.withUnsafeMutableBufferPointer { c in
          GIFEncoderCore.paint(
            canvas: c.baseAddress!, width: w, rect: rect, chosen: codes, range: range, words: words,
            transparent: transparent, disposal: disposal)
        }
        let same = canvas == expected  // (not two long arrays on failure)
        #expect(same, "range \(range), disposal \(disposal), transparent \(transparent)")
      }
    }
  }
}
