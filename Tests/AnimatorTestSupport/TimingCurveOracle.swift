/// y of the cubic Bézier timing curve (0, 0), (x1, y1), (x2, y2), (1, 1) at time x, by
/// bisection on the curve's parameter: written independently of the engine's `TimingFunction`,
/// as the oracle tests check timing against (docs/core-animation.md#timing-function-is-a-cubic-bezier).
public func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
  func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
    3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
  }
  if x <= 0 { return 0 }
  if x >= 1 { return 1 }
  var lo = 0.0, hi = 1.0
  for _ in 0..<100 {
    let mid = (lo + hi) / 2
    if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
  }
  return coordinate(y1, y2, (lo + hi) / 2)
}
