import Foundation

/// The Gaussian blur of a shadow whose σ is wider than `ShadowPainter.boxBlurLimit`, computed
/// on a grid k times coarser (docs/core-animation.md#wide-shadows-blur-at-reduced-size): the
/// silhouette is averaged over k × k cells, blurred there by a sampled Gaussian of σ_l ≈ σ/k
/// (6 to 8 cells), and interpolated back bilinearly. The cell average and the interpolation
/// blur too (variances (k² − 1)/12 and, on average, k²/6 px²); σ_l leaves them room, so the
/// three add up to σ². Only the cells that reach the asked window are computed, so the work
/// is bounded by the window and the silhouette's pixels, whatever σ.
struct WideBlur {
  /// Fine pixels per side of a coarse cell.
  let k: Int
  /// The coarse kernel: a sampled Gaussian of σ_l, normalized, `2 · radius + 1` taps.
  let weights: [Double]
  var radius: Int { weights.count / 2 }

  /// The coarse σ_l is at most this many cells: its sampled kernel is then within about
  /// 0.5 of an 8-bit level of the fine Gaussian after interpolation (1D, measured from σ 16 to
  /// 3,000 px; a 2D silhouette at most the sum of its two axes).
  static let coarseSigma = 8.0

  /// Largest σ (device pixels) blurred at all: beyond it no silhouette a frame can hold casts
  /// a shadow reaching half an 8-bit level.
  static let largestSigma = Double(1 << 22)

  /// The blur for `sigma` > `ShadowPainter.boxBlurLimit` (device pixels, at most
  /// `largestSigma`).
  init(sigma: Double) {
    let s = min(sigma, Self.largestSigma)
    k = max(2, Int((s / Self.coarseSigma).rounded(.up)))
    let kk = Double(k * k)
    let coarse = ((s * s - (kk - 1) / 12 - kk / 6) / kk).squareRoot()
    let r = Int((4 * coarse).rounded(.up))
    let taps = (-r...r).map { t in exp(-Double(t * t) / (2 * coarse * coarse)) }
    let sum = taps.reduce(0, +)
    weights = taps.map { $0 / sum }
  }

  /// An upper bound of the blurred alpha (0...255) anywhere, for a silhouette of at most
  /// `pixels` pixels: every fine pixel adds at most 255 / k² to a cell, and a cell passes at
  /// most the kernel's peak weight on, in each direction.
  func peak(pixels: Double) -> Double {
    let w0 = weights[radius]
    return 255 * pixels / Double(k * k) * w0 * w0
  }

  /// The blurred alpha of the silhouette at the pixels of `window` (surface pixels), rounded
  /// to 0...255, row-major; nil when it is below half a level everywhere (an empty mask). `box` is
  /// the silhouette's bounding box in the same pixels; the coarse grid starts at its corner,
  /// so the shadow moves with the layer by whole pixels.
  func blur(_ alpha: AlphaPlane, box: Silhouette, window: (x: Range<Int>, y: Range<Int>)) -> [UInt8]? {
    let cellsX = CellSpan(pixels: window.x, origin: box.minX, k: k)
    let cellsY = CellSpan(pixels: window.y, origin: box.minY, k: k)
    let silhouetteX = 0..<((box.maxX - box.minX) / k + 1), silhouetteY = 0..<((box.maxY - box.minY) / k + 1)
    let inX = cellsX.range.expanded(by: radius).clamped(to: silhouetteX)
    let inY = cellsY.range.expanded(by: radius).clamped(to: silhouetteY)
    guard !inX.isEmpty, !inY.isEmpty else { return nil }
    let cells = averages(alpha, box: box, columns: inX, rows: inY)
    let rows = convolveRows(cells, width: inX.count, columns: inX, into: cellsX.range)
    let blurred = convolveColumns(rows, width: cellsX.range.count, rows: inY, into: cellsY.range)
    guard (blurred.max() ?? 0) >= 0.5 else { return nil }
    return interpolate(blurred, cellsX: cellsX, cellsY: cellsY)
  }

  /// The mean alpha of each cell of `columns × rows` (cell indices from the grid's corner),
  /// summed exactly in integers: a cell of k² pixels may sum to more than a Float holds.
  private func averages(_ alpha: AlphaPlane, box: Silhouette, columns: Range<Int>, rows: Range<Int>) -> [Double] {
    var sums = [Int](repeating: 0, count: columns.count * rows.count)
    let x0 = max(box.minX, box.minX + columns.lowerBound * k), x1 = min(box.maxX + 1, box.minX + columns.upperBound * k)
    let y0 = max(box.minY, box.minY + rows.lowerBound * k), y1 = min(box.maxY + 1, box.minY + rows.upperBound * k)
    sums.withUnsafeMutableBufferPointer { s in
      for y in y0..<y1 {
        let r = alpha.row(y)
        let o = ((y - box.minY) / k - rows.lowerBound) * columns.count
        var x = x0
        while x < x1 {
          let cell = (x - box.minX) / k
          let end = min(x1, box.minX + (cell + 1) * k)
          var sum = 0
          for i in x..<end { sum += Int(r[i] >> 24) }
          s[o + cell - columns.lowerBound] += sum
          x = end
        }
      }
    }
    let inv = 1 / Double(k * k)
    return sums.map { Double($0) * inv }
  }

  /// Each row of `input` (`width` cells covering `columns`) convolved with the kernel at the
  /// cells `output`; zero beyond `columns`.
  private func convolveRows(_ input: [Double], width: Int, columns: Range<Int>, into output: Range<Int>) -> [Double] {
    let height = input.count / width
    var out = [Double](repeating: 0, count: output.count * height)
    for y in 0..<height {
      for (i, c) in output.enumerated() {
        var sum = 0.0
        for t in taps(at: c, within: columns) {
          sum += weights[t + radius] * input[y * width + c + t - columns.lowerBound]
        }
        out[y * output.count + i] = sum
      }
    }
    return out
  }

  /// Each column of `input` (rows covering `rows`, `width` cells each) convolved with the
  /// kernel at the rows `output`; zero beyond `rows`.
  private func convolveColumns(_ input: [Double], width: Int, rows: Range<Int>, into output: Range<Int>) -> [Double] {
    var out = [Double](repeating: 0, count: width * output.count)
    for (j, r) in output.enumerated() {
      for t in taps(at: r, within: rows) {
        let w = weights[t + radius], o = (r + t - rows.lowerBound) * width
        for x in 0..<width { out[j * width + x] += w * input[o + x] }
      }
    }
    return out
  }

  /// The kernel offsets that reach from cell `c` into `cells` (empty when none do).
  private func taps(at c: Int, within cells: Range<Int>) -> Range<Int> {
    let low = max(-radius, cells.lowerBound - c), high = min(radius + 1, cells.upperBound - c)
    return low..<max(low, high)
  }

  /// The coarse blur interpolated bilinearly at every pixel of the window, between the
  /// centres of the cells around it.
  private func interpolate(_ coarse: [Double], cellsX: CellSpan, cellsY: CellSpan) -> [UInt8] {
    let width = cellsX.range.count, outWidth = cellsX.pixels.count
    var out = [UInt8](repeating: 0, count: outWidth * cellsY.pixels.count)
    var line = [Double](repeating: 0, count: width)
    let columns = cellsX.taps.map { (cell: $0.0 - cellsX.range.lowerBound, f: $0.1) }
    coarse.withUnsafeBufferPointer { c in
      line.withUnsafeMutableBufferPointer { line in
        out.withUnsafeMutableBufferPointer { out in
          for (y, (j, fy)) in cellsY.taps.enumerated() {
            let above = c.baseAddress! + (j - cellsY.range.lowerBound) * width, below = above + width
            for x in 0..<width { line[x] = (1 - fy) * above[x] + fy * below[x] }
            let row = out.baseAddress! + y * outWidth
            for (x, (b, fx)) in columns.enumerated() {
              row[x] = UInt8(min(255, max(0, (1 - fx) * line[b] + fx * line[b + 1] + 0.5)))
            }
          }
        }
      }
    }
    return out
  }
}

/// The coarse cells that pixels `pixels` interpolate between, along one axis: pixel p (centre
/// p + ½) lies between the centres of cells `j` and `j + 1`, at fraction f from `j`, for a grid
/// of k-pixel cells starting at `origin`.
struct CellSpan {
  let pixels: Range<Int>
  /// (j, f) for every pixel.
  let taps: [(Int, Double)]
  /// The cells used, j and j + 1 of every pixel.
  let range: Range<Int>

  init(pixels: Range<Int>, origin: Int, k: Int) {
    self.pixels = pixels
    taps = pixels.map { p in
      let u = (Double(p - origin) + 0.5) / Double(k) - 0.5
      let j = u.rounded(.down)
      return (Int(j), u - j)
    }
    range = (taps.first?.0 ?? 0)..<((taps.last?.0 ?? -1) + 2)
  }
}

extension Range where Bound == Int {
  func expanded(by n: Int) -> Range<Int> { (lowerBound - n)..<(upperBound + n) }
}
