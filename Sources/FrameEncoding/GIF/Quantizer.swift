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
  /// at most this, so a frame gets as few colors as its error budget allows.
  static func palette(
    colors: [UInt32], counts: [UInt32], maxColors: Int, stopSSE: Double = 0, refineRounds: Int = 2
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
    struct Box { var lo: Int, hi: Int, sse: Double, axis: Int, raw: Double }
    func stats(_ lo: Int, _ hi: Int) -> Box {
      var w = 0.0
      var s = (0.0, 0.0, 0.0), q = (0.0, 0.0, 0.0)
      for j in lo..<hi {
        let i = order[j]
        let ww = Double(pw[i])
        let r = Double(pr[i]), g = Double(pg[i]), b = Double(pb[i])
        w += ww
        s.0 += r * ww; s.1 += g * ww; s.2 += b * ww
        q.0 += r * r * ww; q.1 += g * g * ww; q.2 += b * b * ww
      }
      let vr = q.0 - s.0 * s.0 / w, vg = q.1 - s.1 * s.1 / w, vb = q.2 - s.2 * s.2 / w
      let axis = vg >= vr && vg >= vb ? 1 : (vr >= vb ? 0 : 2)
      let raw = max(0, vr + vg + vb)
      return Box(lo: lo, hi: hi, sse: hi - lo > 1 ? max(0, vr + vg + vb) : 0, axis: axis, raw: raw)
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
      // Sort by (axis value, color, point) packed in one integer: fast and deterministic.
      var keys = [UInt64]()
      keys.reserveCapacity(box.hi - box.lo)
      for j in box.lo..<box.hi {
        let i = order[j]
        keys.append(UInt64(axisValues[i]) << 48 | UInt64(pr[i] << 16 | pg[i] << 8 | pb[i]) << 20 | UInt64(i))
      }
      keys.sort()
      for (o, k) in keys.enumerated() { order[box.lo + o] = Int(k & 0xFFFFF) }
      // Split where the two halves' weighted variance along the axis is smallest.
      var totalW = 0.0, totalS = 0.0
      for j in box.lo..<box.hi {
        let i = order[j]
        totalW += Double(pw[i]); totalS += Double(axisValues[i]) * Double(pw[i])
      }
      var leftW = 0.0, leftS = 0.0
      var split = box.lo + 1
      var bestScore = -Double.infinity
      for j in box.lo..<(box.hi - 1) {
        let i = order[j]
        leftW += Double(pw[i]); leftS += Double(axisValues[i]) * Double(pw[i])
        if axisValues[i] == axisValues[order[j + 1]] { continue }
        let rightW = totalW - leftW, rightS = totalS - leftS
        // Maximizing between-class variance = minimizing within-class SSE.
        let score = leftS * leftS / leftW + rightS * rightS / rightW
        if score > bestScore { bestScore = score; split = j + 1 }
      }
      if bestScore == -Double.infinity {
        boxes[best].sse = 0  // all equal along this axis: cannot split there
        // Try again with this box marked done; other axes still have variance, so split by count.
        let mid = (box.lo + box.hi) / 2
        if box.hi - box.lo > 1 {
          totalRaw -= box.raw
          boxes[best] = stats(box.lo, mid)
          boxes.append(stats(mid, box.hi))
          totalRaw += boxes[best].raw + boxes[boxes.count - 1].raw
        }
        continue
      }
      totalRaw -= box.raw
      boxes[best] = stats(box.lo, split)
      boxes.append(stats(split, box.hi))
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
      let lookup = NearestColor(palette: palette)
      var sr = [Double](repeating: 0, count: palette.count), sg = sr, sb = sr, sw = sr
      for i in 0..<n {
        let k = lookup.nearest(r: pr[i], g: pg[i], b: pb[i])
        let w = Double(pw[i])
        sr[k] += Double(pr[i]) * w; sg[k] += Double(pg[i]) * w; sb[k] += Double(pb[i]) * w; sw[k] += w
      }
      for k in palette.indices where sw[k] > 0 {
        palette[k] =
          UInt32(Int((sr[k] / sw[k]).rounded())) << 16 | UInt32(Int((sg[k] / sw[k]).rounded())) << 8
          | UInt32(Int((sb[k] / sw[k]).rounded()))
      }
    }
    return palette
  }
}

/// Nearest palette entry under the squared RGB distance, searching outward from the
/// query's green value in a palette sorted by green (exact, usually a handful of probes).
/// Ties go to the lowest palette index.
struct NearestColor {
  private var g: [Int32] = [], r: [Int32] = [], b: [Int32] = [], index: [Int32] = []

  init(palette: [UInt32]) {
    let order = palette.indices.sorted {
      let ga = (palette[$0] >> 8) & 0xFF, gb = (palette[$1] >> 8) & 0xFF
      return ga != gb ? ga < gb : $0 < $1
    }
    for k in order {
      let c = palette[k]
      r.append(Int32(c >> 16)); g.append(Int32((c >> 8) & 0xFF)); b.append(Int32(c & 0xFF))
      index.append(Int32(k))
    }
  }

  func nearest(r qr: Int, g qg: Int, b qb: Int) -> Int {
    let n = g.count
    let qr = Int32(qr), qg = Int32(qg), qb = Int32(qb)
    // First entry with g >= qg.
    var lo = 0, hi = n
    while lo < hi {
      let mid = (lo + hi) / 2
      if g[mid] < qg { lo = mid + 1 } else { hi = mid }
    }
    var best = Int32.max
    var bestIndex = Int32.max
    var up = lo, down = lo - 1
    while up < n || down >= 0 {
      if up < n {
        let dg = g[up] - qg
        let dg2 = dg * dg
        if dg2 > best {
          up = n
        } else {
          let dr = r[up] - qr, db = b[up] - qb
          let d = dr * dr + dg2 + db * db
          if d < best || (d == best && index[up] < bestIndex) { best = d; bestIndex = index[up] }
          up += 1
        }
      }
      if down >= 0 {
        let dg = qg - g[down]
        let dg2 = dg * dg
        if dg2 > best {
          down = -1
        } else {
          let dr = r[down] - qr, db = b[down] - qb
          let d = dr * dr + dg2 + db * db
          if d < best || (d == best && index[down] < bestIndex) { best = d; bestIndex = index[down] }
          down -= 1
        }
      }
    }
    return Int(bestIndex)
  }
}
