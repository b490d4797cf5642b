// Plain matrix arithmetic, written out here as the oracle the transform names are checked
// against: row vectors on the left, as Core Animation and Core Graphics use them.

/// The product a · b of two square matrices given row by row.
func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
  let n = a.count
  return (0..<n).map { i in (0..<n).map { j in (0..<n).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
}

/// A 4 × 4 matrix from CATransform3D's 16 entries in memory order.
func rows(_ entries: [Double]) -> [[Double]] { (0..<4).map { Array(entries[($0 * 4)..<($0 * 4 + 4)]) } }

/// Whether two lists of numbers agree within `tolerance`.
func agree(_ a: [Double], _ b: [Double], within tolerance: Double = 1e-12) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// The 3 × 3 matrix [a b 0; c d 0; tx ty 1] of an affine transform's six numbers.
func affineRows(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> [[Double]] {
  [[a, b, 0], [c, d, 0], [tx, ty, 1]]
}

/// The six numbers of a 3 × 3 affine matrix, in CGAffineTransform's order.
func affineNumbers(_ m: [[Double]]) -> [Double] { [m[0][0], m[0][1], m[1][0], m[1][1], m[2][0], m[2][1]] }
