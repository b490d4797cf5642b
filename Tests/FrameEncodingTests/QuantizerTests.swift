import Testing
@testable import FrameEncoding

/// A small deterministic generator (64-bit LCG), so every run tests the same inputs.
private struct LCG {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}

/// The index of the entry nearest to c under squared RGB distance, lowest index on ties, by
/// trying every entry.
private func bruteNearest(_ palette: [UInt32], _ r: Int, _ g: Int, _ b: Int) -> Int {
  var best = Int.max, bestIndex = 0
  for (k, e) in palette.enumerated() {
    let dr = Int(e >> 16) - r, dg = Int((e >> 8) & 0xFF) - g, db = Int(e & 0xFF) - b
    let d = dr * dr + dg * dg + db * db
    if d < best { best = d; bestIndex = k }
  }
  return bestIndex
}

/// Median cut as its definition reads, by sorting each box along its axis: what
/// `Quantizer.palette` must reproduce entry for entry, however it finds its cuts.
private func referenceMedianCut(colors: [UInt32], counts: [UInt32], maxColors: Int, stopSSE: Double) -> [UInt32] {
  let pr = colors.map { Int($0 >> 16) }, pg = colors.map { Int(($0 >> 8) & 0xFF) }, pb = colors.map { Int($0 & 0xFF) }
  let pw = counts.map(Int.init)
  var order = Array(colors.indices)
  struct Box { var lo: Int, hi: Int, sse: Double, axis: Int, raw: Double }
  func stats(_ lo: Int, _ hi: Int) -> Box {
    var w = 0.0, s = [0.0, 0.0, 0.0], q = [0.0, 0.0, 0.0]
    for i in order[lo..<hi] {
      let v = [Double(pr[i]), Double(pg[i]), Double(pb[i])], ww = Double(pw[i])
      w += ww
      for a in 0..<3 { s[a] += v[a] * ww; q[a] += v[a] * v[a] * ww }
    }
    let variance = (0..<3).map { q[$0] - s[$0] * s[$0] / w }
    let axis = variance[1] >= variance[0] && variance[1] >= variance[2] ? 1 : (variance[0] >= variance[2] ? 0 : 2)
    let raw = max(0, variance.reduce(0, +))
    return Box(lo: lo, hi: hi, sse: hi - lo > 1 ? raw : 0, axis: axis, raw: raw)
  }
  var boxes = [stats(0, colors.count)]
  var totalRaw = boxes[0].raw
  while boxes.count < maxColors && !(boxes.count >= 2 && totalRaw <= stopSSE) {
    guard
      let best = boxes.indices.filter({ boxes[$0].sse > 0 }).max(by: {
        boxes[$0].sse < boxes[$1].sse || (boxes[$0].sse == boxes[$1].sse && $0 > $1)
      })
    else { break }
    let box = boxes[best]
    let axis = [pr, pg, pb][box.axis]
    order[box.lo..<box.hi].sort { (axis[$0], colors[$0], $0) < (axis[$1], colors[$1], $1) }
    var split = -1, bestScore = -Double.infinity
    let totalW = order[box.lo..<box.hi].reduce(0.0) { $0 + Double(pw[$1]) }
    let totalS = order[box.lo..<box.hi].reduce(0.0) { $0 + Double(axis[$1] * pw[$1]) }
    var leftW = 0.0, leftS = 0.0
    for j in box.lo..<(box.hi - 1) {
      let i = order[j]
      leftW += Double(pw[i]); leftS += Double(axis[i] * pw[i])
      if axis[i] == axis[order[j + 1]] { continue }
      let score = leftS * leftS / leftW + (totalS - leftS) * (totalS - leftS) / (totalW - leftW)
      if score > bestScore { bestScore = score; split = j + 1 }
    }
    if split < 0 {
      boxes[best].sse = 0
      split = (box.lo + box.hi) / 2
    }
    totalRaw -= box.raw
    boxes[best] = stats(box.lo, split)
    boxes.append(stats(split, box.hi))
    totalRaw += boxes[best].raw + boxes[boxes.count - 1].raw
  }
  return boxes.map { b in
    var w = 0.0, s = [0.0, 0.0, 0.0]
    for i in order[b.lo..<b.hi] {
      w += Double(pw[i])
      s[0] += Double(pr[i] * pw[i]); s[1] += Double(pg[i] * pw[i]); s[2] += Double(pb[i] * pw[i])
    }
    return s.reduce(UInt32(0)) { $0 << 8 | UInt32(Int(($1 / w).rounded())) }
  }
}

@Suite("Quantizer")
struct QuantizerTests {
  /// Palettes that stress the cube lists: random, clustered in one corner (long lists), with
  /// repeated entries (ties), the two smallest sizes, and a tie at a cube's bound: (15, 15, 15)
  /// is as far from (30, 30, 30), entry 0, as from (0, 0, 0), which covers its cube within
  /// that distance, so entry 0 is listed for the cube only if the bound is inclusive.
  static func palettes() -> [[UInt32]] {
    var rng = LCG(state: 7)
    let random = (0..<256).map { _ in UInt32(rng.next(1 << 24)) }
    var clustered: [UInt32] = []
    for _ in 0..<256 {
      let r = rng.next(40), g = 100 + rng.next(30), b = rng.next(20)
      clustered.append(UInt32(r << 16 | g << 8 | b))
    }
    let entries: [UInt32] = [0x10_2030, 0x10_2030, 0x80_8080, 0xFF_FFFF, 0x00_0000]
    let repeated = (0..<64).map { entries[$0 % 5] }
    return [random, clustered, repeated, [0x12_3456], [0x00_0000, 0xFF_FFFF], [0x1E_1E1E, 0x00_0000]]
  }

  @Test("NearestColor finds the entry of least squared RGB distance, the lowest index on ties, for every color")
  func nearestIsExact() {
    for palette in Self.palettes() {
      let near = NearestColor(palette: palette)
      var rng = LCG(state: 11)
      // Every 5th level of each channel (the cube edges 15/16 and the extremes included), then random colors.
      let levels = Array(stride(from: 0, through: 255, by: 5)) + [15, 16, 31, 32, 240, 255]
      var queries: [(Int, Int, Int)] = []
      for r in levels { for g in levels { for b in levels where (r + g + b) % 3 == 0 { queries.append((r, g, b)) } } }
      for _ in 0..<20000 { queries.append((rng.next(256), rng.next(256), rng.next(256))) }
      var wrong = 0
      for (r, g, b) in queries where near.nearest(r: r, g: g, b: b) != bruteNearest(palette, r, g, b) { wrong += 1 }
      #expect(wrong == 0, "\(wrong) of \(queries.count) queries against a \(palette.count)-entry palette")
    }
  }

  @Test("Median cut splits each box at the value of least within-box variance, as sorting the box would find it")
  func medianCutMatchesSorting() {
    var rng = LCG(state: 3)
    // Smooth shading (many colors, few values per axis), noise, and a set whose boxes run out
    // of distinct values along their widest axis (split by count).
    let shading: [UInt32] = (0..<3000).map { (i: Int) -> UInt32 in
      let r: Int = (i % 60) * 4, g: Int = i / 60 * 5
      return UInt32(r << 16 | g << 8 | 90)
    }
    let noise: [UInt32] = (0..<4000).map { _ in UInt32(rng.next(1 << 24)) }
    let flatAxis: [UInt32] = (0..<600).map { (i: Int) -> UInt32 in
      let g: Int = i % 3, b: Int = i / 3
      return UInt32(128 << 16 | g << 8 | b)
    }
    for colors in [shading, Array(Set(noise)).sorted(), flatAxis] {
      let counts = colors.map { _ in UInt32(1 + rng.next(50)) }
      for (maxColors, stop) in [(256, 0.0), (64, 0.0), (256, 1e7)] {
        let ours = Quantizer.palette(
          colors: colors, counts: counts, maxColors: maxColors, stopSSE: stop, refineRounds: 0)
        let reference = referenceMedianCut(colors: colors, counts: counts, maxColors: maxColors, stopSSE: stop)
        #expect(ours == reference, "\(colors.count) colors, at most \(maxColors), stop at \(stop)")
      }
    }
  }
}

@Suite("Quantizer in parts")
struct QuantizerPartsTests {
  /// 10,000 random colors with random counts (more than `Quantizer.partMinPoints`) and a
  /// 200-entry palette.
  static func input() -> (colors: [UInt32], counts: [UInt32], palette: [UInt32]) {
    var rng = LCG(state: 19)
    let colors = Array(Set((0..<10000).map { _ in UInt32(rng.next(1 << 24)) })).sorted()
    let counts = colors.map { _ in UInt32(1 + rng.next(400)) }
    let palette = (0..<200).map { _ in UInt32(rng.next(1 << 24)) }
    return (colors, counts, palette)
  }

  @Test(
    "The refinement's assignment in parts, one per thread, sums every entry's points exactly as the assignment by trying every entry does"
  )
  func clusterSumsInParts() {
    let (colors, counts, palette) = Self.input()
    #expect(colors.count >= Quantizer.partMinPoints)
    let pr = colors.map { Int($0 >> 16) }, pg = colors.map { Int(($0 >> 8) & 0xFF) }, pb = colors.map { Int($0 & 0xFF) }
    let pw = counts.map(Int.init)
    var r = [Double](repeating: 0, count: palette.count), g = r, b = r, w = r
    for i in colors.indices {
      let k = bruteNearest(palette, pr[i], pg[i], pb[i])
      r[k] += Double(pr[i] * pw[i]); g[k] += Double(pg[i] * pw[i]); b[k] += Double(pb[i] * pw[i]); w[k] += Double(pw[i])
    }
    for (minPartPoints, threads) in [(Int.max, 2), (1, 1), (1, 2), (1, 3), (1, 16)] {
      let sums = Quantizer.clusterSums(palette, pr, pg, pb, pw, threads: threads, minPartPoints: minPartPoints)
      #expect(sums.r == r && sums.g == g && sums.b == b, "parts from \(minPartPoints) points, \(threads) threads")
      #expect(sums.w == w, "parts from \(minPartPoints) points, \(threads) threads")
    }
  }

  @Test(
    "A frame's colors looked up in parts, one per thread, get the entry of least squared RGB distance, the lowest index on ties"
  )
  func nearestIndicesInParts() {
    let (colors, _, palette) = Self.input()
    let expected = colors.map { c in UInt8(bruteNearest(palette, Int(c >> 16), Int((c >> 8) & 0xFF), Int(c & 0xFF))) }
    for (minPartColors, threads) in [(Int.max, 2), (1, 1), (1, 2), (1, 3), (1, 16)] {
      let core = GIFEncoderCore(sink: MemorySink(), options: EncodingOptions())
      core.threads = threads
      let ours = core.nearestIndices(colors, in: palette, minPartColors: minPartColors)
      let same = ours == expected  // (not two long arrays on failure)
      #expect(same, "parts from \(minPartColors) colors, \(threads) threads")
    }
  }
}
