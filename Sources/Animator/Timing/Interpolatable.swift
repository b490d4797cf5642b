import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// A value that keyframe and basic animations can interpolate
/// (docs/core-animation.md#transforms-interpolate-decomposed,
/// docs/core-animation.md#keyframe-calculation-modes).
///
/// Conforming types provide the three operations the calculation modes need: two-point
/// interpolation (linear, and every mode's two-key segments), a distance (paced modes), and an
/// affine combination of four values (the cubic Kochanek–Bartels/Catmull–Rom spline, whose
/// value on a segment is Σ wᵢ·pᵢ over the segment's two keys and their neighbours).
public protocol Interpolatable: Sendable {
  /// The value `amount` of the way from `self` to `other`: `self` at 0, `other` at 1. Not clamped
  /// — amounts outside 0...1 extrapolate (spring overshoot).
  func interpolated(to other: Self, amount: Double) -> Self

  /// A non-negative distance between two values, used to pace keyframes at constant speed.
  /// `distance(to: self)` is 0.
  func distance(to other: Self) -> Double

  /// The affine combination `w.x·p0 + w.y·p1 + w.z·p2 + w.w·p3`; the weights sum to 1. The
  /// spline segment being evaluated runs from `p1` to `p2`; `p0` and `p3` are its neighbours.
  static func blend(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, weights w: SIMD4<Double>) -> Self
}

// MARK: Scalars and plain geometry (component-wise)

extension Double: Interpolatable {
  public func interpolated(to other: Double, amount: Double) -> Double { self + (other - self) * amount }
  public func distance(to other: Double) -> Double { abs(other - self) }
  public static func blend(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, weights w: SIMD4<Double>) -> Double {
    (SIMD4(p0, p1, p2, p3) * w).sum()
  }
}

extension Point: Interpolatable {
  public func interpolated(to other: Point, amount: Double) -> Point {
    Point(
      x: Double(x).interpolated(to: other.x, amount: amount), y: Double(y).interpolated(to: other.y, amount: amount))
  }
  /// Euclidean distance in points.
  public func distance(to other: Point) -> Double {
    ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
  }
  public static func blend(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, weights w: SIMD4<Double>) -> Point {
    Point(x: Double.blend(p0.x, p1.x, p2.x, p3.x, weights: w), y: Double.blend(p0.y, p1.y, p2.y, p3.y, weights: w))
  }
}

extension Size: Interpolatable {
  public func interpolated(to other: Size, amount: Double) -> Size {
    Size(
      width: Double(width).interpolated(to: other.width, amount: amount),
      height: Double(height).interpolated(to: other.height, amount: amount))
  }
  /// Euclidean distance of (width, height).
  public func distance(to other: Size) -> Double {
    Point(x: width, y: height).distance(to: Point(x: other.width, y: other.height))
  }
  public static func blend(_ p0: Size, _ p1: Size, _ p2: Size, _ p3: Size, weights w: SIMD4<Double>) -> Size {
    Size(
      width: .blend(p0.width, p1.width, p2.width, p3.width, weights: w),
      height: .blend(p0.height, p1.height, p2.height, p3.height, weights: w))
  }
}

extension Rect: Interpolatable {
  /// Origin and size interpolate separately (negative intermediate sizes are allowed).
  public func interpolated(to other: Rect, amount: Double) -> Rect {
    Rect(
      origin: origin.interpolated(to: other.origin, amount: amount),
      size: size.interpolated(to: other.size, amount: amount))
  }
  /// Euclidean distance of (x, y, width, height).
  public func distance(to other: Rect) -> Double {
    let d = SIMD4(
      other.origin.x - origin.x, other.origin.y - origin.y, other.size.width - size.width,
      other.size.height - size.height)
    return (d * d).sum().squareRoot()
  }
  public static func blend(_ p0: Rect, _ p1: Rect, _ p2: Rect, _ p3: Rect, weights w: SIMD4<Double>) -> Rect {
    Rect(
      origin: .blend(p0.origin, p1.origin, p2.origin, p3.origin, weights: w),
      size: .blend(p0.size, p1.size, p2.size, p3.size, weights: w))
  }
}

extension Color: Interpolatable {
  /// Straight (non-premultiplied) red, green, blue and alpha interpolate independently, in each
  /// appearance of a dynamic colour; red, green and blue are not clamped to 0...1 (the
  /// compositor clamps when it converts to pixels), alpha is, as every colour's.
  public func interpolated(to other: Color, amount: Double) -> Color {
    Color.combining(self, other) { a, b in
      Color(
        red: a.red.interpolated(to: b.red, amount: amount), green: a.green.interpolated(to: b.green, amount: amount),
        blue: a.blue.interpolated(to: b.blue, amount: amount),
        alpha: a.alpha.interpolated(to: b.alpha, amount: amount))
    }
  }
  /// Euclidean distance in RGBA, of the light values (what paces colour keyframes).
  public func distance(to other: Color) -> Double {
    let d = SIMD4(other.red - red, other.green - green, other.blue - blue, other.alpha - alpha)
    return (d * d).sum().squareRoot()
  }
  public static func blend(_ p0: Color, _ p1: Color, _ p2: Color, _ p3: Color, weights w: SIMD4<Double>) -> Color {
    Color.combining(p0, p1, p2, p3) { p0, p1, p2, p3 in
      Color(
        red: .blend(p0.red, p1.red, p2.red, p3.red, weights: w),
        green: .blend(p0.green, p1.green, p2.green, p3.green, weights: w),
        blue: .blend(p0.blue, p1.blue, p2.blue, p3.blue, weights: w),
        alpha: .blend(p0.alpha, p1.alpha, p2.alpha, p3.alpha, weights: w))
    }
  }
}

// MARK: Transforms (on decomposed components)

extension Transform3D: Interpolatable {
  /// `Transform3D.interpolate(from: self, to: other, progress: amount)`.
  public func interpolated(to other: Transform3D, amount: Double) -> Transform3D {
    Transform3D.interpolate(from: self, to: other, progress: amount)
  }

  /// √(|Δtranslation|² + |Δscale|² + |Δskew|² + |Δperspective|² + (rotation angle between)²) on
  /// the decomposed parts (points and radians mixed: a heuristic, Core Animation's pacing metric
  /// for transforms is undocumented). When either matrix cannot be decomposed, the Euclidean
  /// distance of the 16 entries.
  public func distance(to other: Transform3D) -> Double {
    guard let a = DecomposedTransform(self), let b = DecomposedTransform(other) else {
      return zip(entries, other.entries).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }
    func square3(_ v: SIMD3<Double>) -> Double { (v * v).sum() }
    let dp = b.perspective - a.perspective
    let angle = Quaternion.angle(a.rotation, b.rotation)
    return
      (square3(b.translation - a.translation) + square3(b.scale - a.scale) + square3(b.skew - a.skew)
      + (dp * dp).sum() + angle * angle).squareRoot()
  }

  /// The spline combination on decomposed parts: translation, scale, skew and perspective are
  /// combined linearly; rotations in the tangent space at `p1` (q1·exp(Σ wᵢ·log(q1⁻¹·qᵢ))), which
  /// reduces to slerp when only p1 and p2 carry weight. All-affine inputs use the 2D decomposition
  /// (rotation angles unwrapped relative to p1), like `interpolate`. If any value cannot be
  /// decomposed, the value with the largest weight is returned (a discrete switch).
  public static func blend(
    _ p0: Transform3D, _ p1: Transform3D, _ p2: Transform3D, _ p3: Transform3D, weights w: SIMD4<Double>
  ) -> Transform3D {
    let values = [p0, p1, p2, p3]
    if values.allSatisfy(\.isAffine) {
      return Transform3D(AffineTransform.blend(p0.affine, p1.affine, p2.affine, p3.affine, weights: w))
    }
    let parts = values.compactMap(DecomposedTransform.init)
    guard parts.count == 4 else { return values[largestWeightIndex(w)] }
    var result = DecomposedTransform(
      translation: .zero, scale: .zero, skew: .zero, rotation: Quaternion.identity, perspective: .zero)
    var tangent = SIMD3<Double>.zero
    let base = parts[1].rotation
    for (i, part) in parts.enumerated() {
      result.translation += w[i] * part.translation
      result.scale += w[i] * part.scale
      result.skew += w[i] * part.skew
      result.perspective += w[i] * part.perspective
      tangent += w[i] * Quaternion.log(Quaternion.product(Quaternion.conjugate(base), part.rotation))
    }
    result.rotation = Quaternion.normalized(Quaternion.product(base, Quaternion.exp(tangent)))
    return result.recomposed
  }
}

extension AffineTransform: Interpolatable {
  /// `AffineTransform.interpolate(from: self, to: other, progress: amount)`.
  public func interpolated(to other: AffineTransform, amount: Double) -> AffineTransform {
    AffineTransform.interpolate(from: self, to: other, progress: amount)
  }

  /// `Transform3D(self).distance(to: Transform3D(other))`.
  public func distance(to other: AffineTransform) -> Double {
    Transform3D(self).distance(to: Transform3D(other))
  }

  /// The spline combination on the 2D decomposition (translation, scale, skew linearly; angles
  /// unwrapped to within π of p1's). A singular value makes it return the value with the largest
  /// weight.
  public static func blend(
    _ p0: AffineTransform, _ p1: AffineTransform, _ p2: AffineTransform, _ p3: AffineTransform,
    weights w: SIMD4<Double>
  ) -> AffineTransform {
    let values = [p0, p1, p2, p3]
    let parts = values.compactMap(AffineDecomposition.init)
    guard parts.count == 4 else { return values[largestWeightIndex(w)] }
    var result = AffineDecomposition(translation: .zero, scale: .zero, skew: 0, angle: parts[1].angle)
    for (i, part) in parts.enumerated() {
      result.translation += w[i] * part.translation
      result.scale += w[i] * part.scale
      result.skew += w[i] * part.skew
      result.angle += w[i] * remainder(part.angle - parts[1].angle, 2 * Double.pi)
    }
    return result.recomposed
  }
}

/// The index (0...3) of the largest weight; the first one on ties.
private func largestWeightIndex(_ w: SIMD4<Double>) -> Int {
  var best = 0
  for i in 1..<4 where w[i] > w[best] { best = i }
  return best
}
