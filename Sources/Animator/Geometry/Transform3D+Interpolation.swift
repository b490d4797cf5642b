import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

extension Transform3D {
  /// The transform `progress` of the way from `from` to `to`, interpolated the way Core Animation
  /// animates `transform` (docs/core-animation.md#transforms-interpolate-decomposed): both matrices are
  /// decomposed (`DecomposedTransform`), the parts are interpolated (rotation by slerp along the
  /// shorter arc, everything else linearly) and recomposed. Consequences: a 0 → 2π rotation does
  /// not move, a spin of more than π goes the short way, and perspective written into a matrix
  /// grows in gradually (the Cube look).
  ///
  /// * `progress` is not clamped: 0 gives `from`, 1 gives `to` (both up to rounding, and divided
  ///   by their `m44`), values outside 0...1 extrapolate (spring overshoot).
  /// * Equal matrices give that matrix exactly.
  /// * Two affine matrices (`isAffine`) use the 2D decomposition (translation, rotation angle
  ///   along the shortest arc, scale x/y, xy skew), which equals the 3D result whenever neither
  ///   mirrors. For a mirroring matrix (negative determinant) the 2D path negates one scale axis
  ///   (x if m11 < m22, else y, CSS Transforms Level 1's rule) so the motion stays in the plane,
  ///   where the 3D recipe would negate all three and turn the layer out of the plane.
  /// * Fallback: when either matrix cannot be decomposed (`m44 == 0` or a singular 3×3, e.g. a
  ///   scale of 0) the value switches discretely at the halfway point, as CSS specifies: `from`
  ///   while `progress < 0.5`, `to` from 0.5 on. (Hence Explode animates to scale 0.01, not 0.)
  public static func interpolate(from: Transform3D, to: Transform3D, progress: Double) -> Transform3D {
    if from == to { return from }
    if from.isAffine && to.isAffine,
      let a = AffineDecomposition(from.affine), let b = AffineDecomposition(to.affine)
    {
      return Transform3D(a.interpolated(to: b, amount: progress).recomposed)
    }
    guard let a = DecomposedTransform(from), let b = DecomposedTransform(to) else {
      return progress < 0.5 ? from : to
    }
    return a.interpolated(to: b, amount: progress).recomposed
  }
}

extension AffineTransform {
  /// The affine transform `progress` of the way from `from` to `to` by the 2D decomposition
  /// described at `Transform3D.interpolate(from:to:progress:)`; `progress` is not clamped;
  /// a singular matrix makes the value switch at 0.5.
  public static func interpolate(from: AffineTransform, to: AffineTransform, progress: Double) -> AffineTransform {
    if from == to { return from }
    guard let a = AffineDecomposition(from), let b = AffineDecomposition(to) else {
      return progress < 0.5 ? from : to
    }
    return a.interpolated(to: b, amount: progress).recomposed
  }
}

/// A 2D affine transform as scale (x, y), then xy skew, then rotation by `angle`, then
/// translation (row-vector order, leftmost first): row 1 of the 2×2 is `sx·(cos θ, sin θ)` and
/// row 2 is `sy·((−sin θ, cos θ) + skew·(cos θ, sin θ))`. This is `DecomposedTransform` restricted
/// to the plane (same scale and skew, rotation about z), except for mirroring matrices.
struct AffineDecomposition: Hashable {
  var translation: SIMD2<Double>
  var scale: SIMD2<Double>
  var skew: Double
  var angle: Double

  /// nil for a singular 2×2 (determinant 0) or non-finite entries.
  init?(_ t: AffineTransform) {
    let det = t.a * t.d - t.b * t.c
    guard det != 0, det.isFinite, t.tx.isFinite, t.ty.isFinite else { return nil }
    var sx = (t.a * t.a + t.b * t.b).squareRoot()
    if det < 0 && t.a < t.d { sx = -sx }
    let q1 = SIMD2(t.a, t.b) / sx
    let sy = det / sx
    translation = SIMD2(t.tx, t.ty)
    scale = SIMD2(sx, sy)
    skew = (q1.x * t.c + q1.y * t.d) / sy
    angle = atan2(q1.y, q1.x)
  }

  init(translation: SIMD2<Double>, scale: SIMD2<Double>, skew: Double, angle: Double) {
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.angle = angle
  }

  var recomposed: AffineTransform {
    let c = cos(angle)
    let s = sin(angle)
    return AffineTransform(
      a: scale.x * c, b: scale.x * s,
      c: scale.y * (-s + skew * c), d: scale.y * (c + skew * s),
      tx: translation.x, ty: translation.y)
  }

  /// Linear in every part; the angle moves along the shortest arc (at most π).
  func interpolated(to other: AffineDecomposition, amount: Double) -> AffineDecomposition {
    let turn = remainder(other.angle - angle, 2 * Double.pi)
    return AffineDecomposition(
      translation: translation + (other.translation - translation) * amount,
      scale: scale + (other.scale - scale) * amount,
      skew: skew + (other.skew - skew) * amount,
      angle: angle + turn * amount)
  }
}
