import Foundation

/// A CAMediaTimingFunction: a cubic Bézier curve from (0, 0) to (1, 1) with two control points,
/// mapping normalised input time x (0...1) to output progress y.
///
/// y is **not** clamped: control points with y outside 0...1 overshoot
/// (docs/core-animation.md#timing-function-is-a-cubic-bezier). The x coordinates of the control
/// points are clamped to 0...1 so that the curve is a function of time (x is then monotone in the
/// Bézier parameter), as CSS requires for `cubic-bezier()`.
public struct TimingFunction: Sendable, Hashable {
  /// The first control point's x, in 0...1.
  public let c1x: Double
  /// The first control point's y (any value).
  public let c1y: Double
  /// The second control point's x, in 0...1.
  public let c2x: Double
  /// The second control point's y (any value).
  public let c2y: Double

  /// `CAMediaTimingFunction(controlPoints:)`. `c1x` and `c2x` are clamped to 0...1.
  public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    self.c1x = min(max(c1x, 0), 1)
    self.c1y = c1y
    self.c2x = min(max(c2x, 0), 1)
    self.c2y = c2y
  }

  // MARK: Named curves

  /// (0, 0, 1, 1): output equals input. Also what a nil CABasicAnimation curve means.
  public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
  /// (0.42, 0, 1, 1), `UIView.AnimationOptions.curveEaseIn`.
  public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
  /// (0, 0, 0.58, 1), `curveEaseOut`.
  public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
  /// (0.42, 0, 0.58, 1), `curveEaseInOut`: UIView.animate's default and the overall curve of
  /// keyframe animations (docs/core-animation.md#default-curve-is-ease-in-ease-out,
  /// docs/core-animation.md#keyframes-are-eased-as-a-whole).
  public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
  /// (0.25, 0.1, 0.25, 1), Core Animation's `kCAMediaTimingFunctionDefault` (implicit layer
  /// animations) — not UIView.animate's default.
  public static let caDefault = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
  /// Hero's standard curve (0.4, 0, 0.2, 1).
  public static let heroStandard = TimingFunction(controlPoints: 0.4, 0, 0.2, 1)
  /// Hero's deceleration curve (0, 0, 0.2, 1).
  public static let heroDeceleration = TimingFunction(controlPoints: 0, 0, 0.2, 1)
  /// Hero's acceleration curve (0.4, 0, 1, 1).
  public static let heroAcceleration = TimingFunction(controlPoints: 0.4, 0, 1, 1)
  /// Hero's sharp curve (0.4, 0, 0.6, 1).
  public static let heroSharp = TimingFunction(controlPoints: 0.4, 0, 0.6, 1)
  /// Hero's easeOutBack (0.175, 0.885, 0.32, 1.275): overshoots past 1 before settling.
  public static let heroEaseOutBack = TimingFunction(controlPoints: 0.175, 0.885, 0.32, 1.275)

  // MARK: Evaluation

  /// The output progress y for input time `x`. `x` is clamped to 0...1; y is not clamped.
  /// Solves Bx(s) = x by Newton's method with a bisection fallback, then returns By(s).
  public func value(at x: Double) -> Double {
    let x = x.isNaN ? 0 : min(max(x, 0), 1)
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    // Control points on the diagonal make By ≡ Bx: the identity curve, exactly.
    if c1x == c1y && c2x == c2y { return x }
    let s = Self.solve(Self.coefficients(c1x, c2x), for: x)
    return Self.evaluate(Self.coefficients(c1y, c2y), at: s)
  }

  /// The input time x at which the curve reaches progress `y` (the inverse of `value(at:)`), used
  /// to map keyframe key times to wall time (docs/effects.md#keyframe-wall-times). `y` is clamped
  /// to 0...1. Exact for curves whose y is monotone (both control-point y values in 0...1); for
  /// overshooting curves it returns one of the x where the curve takes the value `y`.
  public func inverse(_ y: Double) -> Double {
    let y = y.isNaN ? 0 : min(max(y, 0), 1)
    if y == 0 { return 0 }
    if y == 1 { return 1 }
    if c1x == c1y && c2x == c2y { return y }
    let s = Self.solve(Self.coefficients(c1y, c2y), for: y)
    return Self.evaluate(Self.coefficients(c1x, c2x), at: s)
  }

  // MARK: Bézier arithmetic (one coordinate: B(s) = ((a·s + b)·s + c)·s)

  private typealias Cubic = (a: Double, b: Double, c: Double)

  private static func coefficients(_ p1: Double, _ p2: Double) -> Cubic {
    let c = 3 * p1
    let b = 3 * (p2 - p1) - c
    return (1 - c - b, b, c)
  }

  private static func evaluate(_ k: Cubic, at s: Double) -> Double {
    ((k.a * s + k.b) * s + k.c) * s
  }

  private static func slope(_ k: Cubic, at s: Double) -> Double {
    (3 * k.a * s + 2 * k.b) * s + k.c
  }

  /// The parameter s in 0...1 with B(s) = target, for a coordinate with B(0) = 0 and B(1) = 1.
  private static func solve(_ k: Cubic, for target: Double) -> Double {
    let tolerance = 1e-14
    var s = target
    for _ in 0..<8 {
      let error = evaluate(k, at: s) - target
      if abs(error) < tolerance { return s }
      let d = slope(k, at: s)
      if abs(d) < 1e-9 { break }
      let next = s - error / d
      if !(0...1).contains(next) { break }
      s = next
    }
    // Bisection: B(0) = 0 ≤ target ≤ 1 = B(1), so a crossing lies in 0...1.
    var lo = 0.0
    var hi = 1.0
    s = target
    for _ in 0..<100 {
      let value = evaluate(k, at: s)
      if abs(value - target) < tolerance { return s }
      if value < target { lo = s } else { hi = s }
      s = (lo + hi) / 2
      if hi - lo < 1e-16 { break }
    }
    return s
  }
}
