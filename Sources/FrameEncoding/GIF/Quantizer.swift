/// A deterministic color quantizer: variance-minimizing median cut over a weighted color list,
/// refined by a few k-means (Lloyd) rounds, then nearest-color lookup.
///
/// Contract: `palette(colors:counts:maxColors:)` returns at most `maxColors` colors
/// (0xRRGGBB); same input → same palette, whatever the machine. Errors are plain squared RGB
/// distances, every channel alike, which is what RGB PSNR scores (weighting green double
/// measured worse on every bench set). Colors that occur in large areas pull the boxes, so
/// flat UI colors come out (nearly) exact; the rare anti-aliasing mixes share entries.
enum Quantizer {

  /// A palette of at most `maxColors` entries for the weighted colors. With more than 32,768
  /// distinct colors they are first pooled in 5-5-5-bit cells (means kept exact).
  /// `stopSSE`: stop splitting once the boxes' total squared RGB error (summed over pixels) is
  /// at most this, so a frame gets as few colors as its error budget allows. `threads`: the
  /// refinement rounds run on that many threads for many colors (same palette either way).
  static func palette(
    colors: [UInt32], counts: [UInt32], maxColors: Int, stopSSE: Double = 0, refineRounds: Int = 2,
    threads: Int = 1
  ) -> [UInt32] {
    precondition(maxColors >= 1)
    if colors.count <= maxColors { return colors }
    // Points: (r, g, b sums, weight) – pooled when there are too many.
    var pr = [Int](), pg = [Int](), pb = [Int](), pw = [Int]()
    if colors.count > 32768 {
      var sr = [Int](repeating: 0, count: 32768), sg = sr, sb = sr, sw = sr
      for i in 0..<colors.count {
        let c = colors[i], w = Int(counts[i])
        let r = Int(c >> 16), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
        let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
        sr[cell] += r * w; sg[cell] += g * w; sb[cell] += b * w; sw[cell] += w
      }
      for cell in 0..<32768 where sw[cell] > 0 {
        let w = sw[cell]
        pr.append((sr[cell] + w / 2) / w); pg.append((sg[cell] + w / 2) / w); pb.append((sb[cell] + w / 2) / w)
        pw.append(w)
      }
    } else {
      pr.reserveCapacity(colors.count); pg.reserveCapacity(colors.count)
      pb.reserveCapacity(colors.count); pw.reserveCapacity(colors.count)
      for i in 0..<colors.count {
        let c = colors[i]
        pr.append(Int(c >> 16)); pg.append(Int((c >> 8) & 0xFF)); pb.append(Int(c & 0xFF))
        pw.append(Int(counts[i]))
      }
    }
    let n = pr.count
    if n <= maxColors {
      return (0..<n).map { UInt32(pr[$0] << 16 | pg[$0] << 8 | pb[$0]) }
    }
    var order = Array(0..<n)
    // The points a split moves behind the others, meanwhile.
    var scratch = [Int](repeating: 0, count: n)
    func stats(_ lo: Int, _ hi: Int) -> Box {
      var m = Moments()
      for j in lo..<hi {
        let i = order[j]
        m.add(pr[i], pg[i], pb[i], weight: pw[i])
      }
      return m.box(lo, hi)
    }
    var boxes = [stats(0, n)]
    var totalRaw = boxes[0].raw
    while boxes.count < maxColors && !(boxes.count >= 2 && totalRaw <= stopSSE) {
      // The box with the largest error that can still be split (ties: lowest index).
      var best = -1
      var bestSSE = 0.0
      for (k, b) in boxes.enumerated() where b.sse > bestSSE { best = k; bestSSE = b.sse }
      if best < 0 { break }
      let box = boxes[best]
      let axisValues = box.axis == 0 ? pr : (box.axis == 1 ? pg : pb)
      guard let cut = bestCut(axisValues, order[box.lo..<box.hi], weights: pw) else {
        // All equal along this axis: split by count, in (color, point) order.
        boxes[best].sse = 0
        let mid = (box.lo + box.hi) / 2
        if box.hi - box.lo > 1 {
          sortByColor(&order[box.lo..<box.hi], pr, pg, pb)
          totalRaw -= box.raw
          boxes[best] = stats(box.lo, mid)
          boxes.append(stats(mid, box.hi))
          totalRaw += boxes[best].raw + boxes[boxes.count - 1].raw
        }
        continue
      }
      let (split, left, right) = order.withUnsafeMutableBufferPointer { order in
        scratch.withUnsafeMutableBufferPointer { scratch in
          Self.split(
            order.baseAddress!, box.lo..<box.hi, axisValues, atMost: cut, pr, pg, pb, pw, scratch: scratch.baseAddress!)
        }
      }
      totalRaw -= box.raw
      boxes[best] = left.box(box.lo, split)
      boxes.append(right.box(split, box.hi))
      totalRaw += boxes[best].raw + boxes[boxes.count - 1].raw
    }
    // Box means.
    var palR = [Double](), palG = [Double](), palB = [Double]()
    for b in boxes {
      var w = 0.0, r = 0.0, g = 0.0, bl = 0.0
      for j in b.lo..<b.hi {
        let i = order[j]
        let ww = Double(pw[i])
        w += ww; r += Double(pr[i]) * ww; g += Double(pg[i]) * ww; bl += Double(pb[i]) * ww
      }
      palR.append(r / w); palG.append(g / w); palB.append(bl / w)
    }
    var palette = zip(palR.indices, palR).map { k, _ in
      UInt32(Int(palR[k].rounded())) << 16 | UInt32(Int(palG[k].rounded())) << 8 | UInt32(Int(palB[k].rounded()))
    }
    // Lloyd refinement.
    for _ in 0..<refineRounds {
      let sums = clusterSums(palette, pr, pg, pb, pw, threads: threads)
      for k in palette.indices where sums.w[k] > 0 {
        palette[k] =
          UInt32(Int((sums.r[k] / sums.w[k]).rounded())) << 16 | UInt32(Int((sums.g[k] / sums.w[k]).rounded())) << 8
          | UInt32(Int((sums.b[k] / sums.w[k]).rounded()))
      }
    }
    return palette
  }

  /// Points at or above which the refinement's assignment runs in parts, one per thread.
  static let partMinPoints = 8192

  /// One Lloyd round's assignment: per palette entry, the weighted sums of the points nearest
  /// to it and their weight. At least `minPartPoints` points are assigned in one part per
  /// thread, each with its own `NearestColor` (they make their lists lazily); the sums are of
  /// whole numbers below 2^53, exact in any order, so the parts add up to one pass's sums
  /// whatever their number.
  static func clusterSums(
    _ palette: [UInt32], _ pr: [Int], _ pg: [Int], _ pb: [Int], _ pw: [Int], threads: Int,
    minPartPoints: Int = partMinPoints
  ) -> (r: [Double], g: [Double], b: [Double], w: [Double]) {
    let n = pr.count, m = palette.count
    let parts = n >= minPartPoints ? threads : 1
    // Per part, the sums r, g, b, w of every entry, one after the other.
    let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: parts * 4 * m)
    sums.initialize(repeating: 0)
    defer { sums.deallocate() }
    pr.withUnsafeBufferPointer { pr in
      pg.withUnsafeBufferPointer { pg in
        pb.withUnsafeBufferPointer { pb in
          pw.withUnsafeBufferPointer { pw in
            runParts(parts, threads: threads) { part in
              let lookup = NearestColor(palette: palette)
              let s = sums.baseAddress! + part * 4 * m
              for i in partRange(part, of: parts, n) {
                let k = lookup.nearest(r: pr[i], g: pg[i], b: pb[i])
                let w = Double(pw[i])
                s[k] += Double(pr[i]) * w; s[m + k] += Double(pg[i]) * w; s[2 * m + k] += Double(pb[i]) * w
                s[3 * m + k] += w
              }
            }
          }
        }
      }
    }
    func total(_ j: Int) -> [Double] {
      (0..<m).map { k in (0..<parts).reduce(0.0) { $0 + sums[($1 * 4 + j) * m + k] } }
    }
    return (total(0), total(1), total(2), total(3))
  }

  /// The value along an axis that splits `points` best: the points at or below it on one side,
  /// the others on the other, where the two sides' weighted variance along the axis is
  /// smallest (ties: the lowest value). Nil when all points share one value. Only the weight
  /// and weighted sum per value matter, so the points are binned, not sorted; the sums are of
  /// whole numbers, exact in any order.
  static func bestCut(_ axisValues: [Int], _ points: ArraySlice<Int>, weights pw: [Int]) -> Int? {
    var binW = [Double](repeating: 0, count: 256), binS = binW
    for i in points {
      let v = axisValues[i], w = Double(pw[i])
      binW[v] += w
      binS[v] += Double(v) * w
    }
    let totalW = binW.reduce(0, +), totalS = binS.reduce(0, +)
    var leftW = 0.0, leftS = 0.0
    var cut: Int? = nil
    var bestScore = -Double.infinity
    for v in 0..<256 where binW[v] > 0 {
      leftW += binW[v]; leftS += binS[v]
      if leftW == totalW { break }  // the last value: no cut above it
      let rightW = totalW - leftW, rightS = totalS - leftS
      // Maximizing between-class variance = minimizing within-class SSE.
      let score = leftS * leftS / leftW + rightS * rightS / rightW
      if score > bestScore { bestScore = score; cut = v }
    }
    return cut
  }

  /// A box of the median cut: its points `order[lo..<hi]`, its squared error (0 once it cannot
  /// be split), the axis of largest variance and its error before that rule.
  struct Box { var lo: Int, hi: Int, sse: Double, axis: Int, raw: Double }

  /// A box's weight and weighted sums of its points' values and squares. The sums are of
  /// whole numbers below 2^53, exact in any order.
  struct Moments {
    var w = 0.0
    var s = (0.0, 0.0, 0.0), q = (0.0, 0.0, 0.0)

    @inline(__always) mutating func add(_ r: Int, _ g: Int, _ b: Int, weight: Int) {
      let ww = Double(weight)
      let r = Double(r), g = Double(g), b = Double(b)
      w += ww
      s.0 += r * ww; s.1 += g * ww; s.2 += b * ww
      q.0 += r * r * ww; q.1 += g * g * ww; q.2 += b * b * ww
    }

    /// The box of points `lo..<hi` with these moments.
    func box(_ lo: Int, _ hi: Int) -> Box {
      let vr = q.0 - s.0 * s.0 / w, vg = q.1 - s.1 * s.1 / w, vb = q.2 - s.2 * s.2 / w
      let axis = vg >= vr && vg >= vb ? 1 : (vr >= vb ? 0 : 2)
      let raw = max(0, vr + vg + vb)
      return Box(lo: lo, hi: hi, sse: hi - lo > 1 ? raw : 0, axis: axis, raw: raw)
    }
  }

  /// Moves the points of `order[range]` whose value is at most `cut` in front of the others,
  /// each side keeping its order (`scratch`, as long as the range, holds the others meanwhile);
  /// returns the index where the others start and the two sides' moments, summed on the way
  /// rather than in two more passes over the points.
  static func split(
    _ order: UnsafeMutablePointer<Int>, _ range: Range<Int>, _ axisValues: [Int], atMost cut: Int,
    _ pr: [Int], _ pg: [Int], _ pb: [Int], _ pw: [Int], scratch: UnsafeMutablePointer<Int>
  ) -> (split: Int, left: Moments, right: Moments) {
    var left = Moments(), right = Moments()
    var k = range.lowerBound, above = 0
    for j in range {
      let i = order[j]
      if axisValues[i] <= cut {
        order[k] = i
        k += 1
        left.add(pr[i], pg[i], pb[i], weight: pw[i])
      } else {
        scratch[above] = i
        above += 1
        right.add(pr[i], pg[i], pb[i], weight: pw[i])
      }
    }
    (order + k).update(from: scratch, count: above)
    return (k, left, right)
  }

  /// Sorts points by color, then by point, so that a split by count is the same on any machine.
  static func sortByColor(_ points: inout ArraySlice<Int>, _ pr: [Int], _ pg: [Int], _ pb: [Int]) {
    var keys = points.map { i in UInt64(pr[i] << 16 | pg[i] << 8 | pb[i]) << 20 | UInt64(i) }
    keys.sort()
    for (o, k) in keys.enumerated() { points[points.startIndex + o] = Int(k & 0xFFFFF) }
  }
}

/// Nearest palette entry under the squared RGB distance; ties go to the lowest palette index.
///
/// Exact, by cells: RGB space is cut into 16 × 16 × 16 cubes of 16 levels a side, and each
/// cube, the first time a color in it is asked about, gets the list of entries that can be
/// nearest to any color inside it (those no farther from the cube than the smallest distance
/// within which some entry covers the whole cube), in palette order. A query then scans only
/// its cube's list, usually a few entries, where the whole palette holds up to 256. Lists are
/// made lazily, so one instance belongs to one thread.
final class NearestColor {
  private let count: Int
  /// Entries as (r, g, b, 0).
  private let entries: UnsafeMutablePointer<SIMD4<Int32>>
  /// Squared distance from each entry to the nearest and the farthest level of each cube
  /// coordinate along each axis: index (axis × 16 + coordinate) × count + entry.
  private let nearSide: UnsafeMutablePointer<Int32>, farSide: UnsafeMutablePointer<Int32>
  /// Cube → its list in `lists` (start, end), or start -1 while not made.
  private let listStart: UnsafeMutablePointer<Int32>, listEnd: UnsafeMutablePointer<Int32>
  private var lists: UnsafeMutablePointer<UInt8>
  private var listsCount = 0, listsCapacity: Int

  /// `palette`: 1 to 256 entries, 0xRRGGBB.
  init(palette: [UInt32]) {
    precondition((1...256).contains(palette.count))
    count = palette.count
    entries = .allocate(capacity: count)
    for (e, c) in palette.enumerated() {
      entries[e] = SIMD4(Int32(c >> 16), Int32((c >> 8) & 0xFF), Int32(c & 0xFF), 0)
    }
    nearSide = .allocate(capacity: 48 * count)
    farSide = .allocate(capacity: 48 * count)
    for axis in 0..<3 {
      for cube in 0..<16 {
        let lo = Int32(cube * 16), hi = lo + 15
        for e in 0..<count {
          let v = entries[e][axis]
          let near = v < lo ? lo - v : (v > hi ? v - hi : 0)
          let far = max(v - lo, hi - v)
          nearSide[(axis * 16 + cube) * count + e] = near * near
          farSide[(axis * 16 + cube) * count + e] = far * far
        }
      }
    }
    listStart = .allocate(capacity: 4096)
    listStart.initialize(repeating: -1, count: 4096)
    listEnd = .allocate(capacity: 4096)
    listEnd.initialize(repeating: 0, count: 4096)
    listsCapacity = 16 * count
    lists = .allocate(capacity: listsCapacity)
  }

  deinit {
    entries.deallocate()
    nearSide.deallocate()
    farSide.deallocate()
    listStart.deallocate()
    listEnd.deallocate()
    lists.deallocate()
  }

  /// The index of the entry nearest to (r, g, b), each 0...255.
  func nearest(r qr: Int, g qg: Int, b qb: Int) -> Int {
    let cube = (qr >> 4) << 8 | (qg >> 4) << 4 | (qb >> 4)
    if listStart[cube] < 0 { makeList(cube) }
    let q = SIMD4(Int32(qr), Int32(qg), Int32(qb), 0)
    var best = Int32.max, bestIndex = 0
    for j in Int(listStart[cube])..<Int(listEnd[cube]) {
      let e = Int(lists[j])
      let d = entries[e] &- q
      let d2 = (d &* d).wrappedSum()
      if d2 < best { best = d2; bestIndex = e }
    }
    return bestIndex
  }

  /// The entries that can be nearest to a color in `cube`: every color of the cube lies within
  /// `bound` of the entry whose farthest corner is nearest, so only entries whose nearest
  /// point of the cube is within `bound` can win (or tie).
  private func makeList(_ cube: Int) {
    let rows = ((cube >> 8) * count, (16 + ((cube >> 4) & 15)) * count, (32 + (cube & 15)) * count)
    var bound = Int32.max
    for e in 0..<count {
      bound = min(bound, farSide[rows.0 + e] &+ farSide[rows.1 + e] &+ farSide[rows.2 + e])
    }
    if listsCount + count > listsCapacity {
      listsCapacity = 2 * listsCapacity + count
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: listsCapacity)
      grown.update(from: lists, count: listsCount)
      lists.deallocate()
      lists = grown
    }
    listStart[cube] = Int32(listsCount)
    for e in 0..<count where nearSide[rows.0 + e] &+ nearSide[rows.1 + e] &+ nearSide[rows.2 + e] <= bound {
      lists[listsCount] = UInt8(e)
      listsCount += 1
    }
    listEnd[cube] = Int32(listsCount)
  }
}
