import Foundation

/// A `Transform3D` split into the parts Core Animation interpolates
/// (docs/core-animation.md#transforms-interpolate-decomposed): the CSS Transforms Level 2
/// "unmatrix" decomposition, written for CATransform3D's row-vector convention.
///
/// The transform is recomposed as, in the order the parts act on a point:
/// **scale, then skew, then rotation, then translation, then perspective**, i.e. the matrix
/// `S · K · R · T · P` (row vectors, leftmost first), where
///
/// * `S = diag(scale.x, scale.y, scale.z, 1)`;
/// * `K` is the unit lower-triangular shear with `K21 = skew.x` (xy), `K31 = skew.y` (xz),
///   `K32 = skew.z` (yz): a point (x, y, z) goes to (x + xy·y + xz·z, y + yz·z, z);
/// * `R` is the rotation of the unit quaternion `rotation` = (x, y, z, w) — the quaternion of
///   `Transform3D(rotationAngle: a, x:, y:, z:)` is (axis·sin(a/2), cos(a/2));
/// * `T` translates by `translation`;
/// * `P` is the identity with its fourth column replaced by `perspective` (so (0, 0, 0, 1) means
///   none; `Transform3D.perspective(distance: d)` has perspective (0, 0, −1/d, 1)).
///
/// Like CSS, the matrix is first divided by `m44`, so `recomposed` is the original matrix
/// divided by its `m44`: the same projective transform (identical projected points), and the
/// same 16 numbers whenever `m44 == 1`.
public struct DecomposedTransform: Sendable, Hashable {
  /// Translation (points).
  public var translation: SIMD3<Double>
  /// Scale factors along x, y, z. All three are negated together when the matrix mirrors.
  public var scale: SIMD3<Double>
  /// Shear factors (xy, xz, yz), see the type's description.
  public var skew: SIMD3<Double>
  /// The rotation as a unit quaternion (x, y, z, w).
  public var rotation: SIMD4<Double>
  /// The perspective column (x, y, z, w); (0, 0, 0, 1) when there is none.
  public var perspective: SIMD4<Double>

  /// The parts of the identity transform.
  public static let identity = DecomposedTransform(
    translation: .zero, scale: .one, skew: .zero, rotation: SIMD4(0, 0, 0, 1),
    perspective: SIMD4(0, 0, 0, 1))

  /// The parts as given, unchecked; `rotation` should be a unit quaternion for the recomposed
  /// matrix to be a rotation.
  public init(
    translation: SIMD3<Double>, scale: SIMD3<Double>, skew: SIMD3<Double>,
    rotation: SIMD4<Double>, perspective: SIMD4<Double>
  ) {
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.rotation = rotation
    self.perspective = perspective
  }

  /// Decomposes `t`; nil when it cannot be decomposed: `m44 == 0`, or the upper-left 3×3 is
  /// singular (a scale of 0 along some axis, e.g. Explode's original end scale —
  /// docs/effects.md#explode), or a non-finite entry.
  public init?(_ t: Transform3D) {
    guard t.m44 != 0, t.entries.allSatisfy(\.isFinite) else { return nil }
    let n = 1 / t.m44
    var rows: [SIMD3<Double>] = [
      SIMD3(t.m11, t.m12, t.m13) * n, SIMD3(t.m21, t.m22, t.m23) * n, SIMD3(t.m31, t.m32, t.m33) * n,
    ]
    let column = SIMD3(t.m14, t.m24, t.m34) * n
    let move = SIMD3(t.m41, t.m42, t.m43) * n
    let det = Self.determinant(rows)
    guard det != 0, det.isFinite else { return nil }

    // Perspective: M = N · P with N = [[A, 0], [t, 1]]; solve A·p' = column, p4 = 1 − t·p'.
    var perspective = SIMD4<Double>(0, 0, 0, 1)
    if column != .zero {
      let p = Self.solve(rows, column, determinant: det)
      perspective = SIMD4(p.x, p.y, p.z, 1 - (move * p).sum())
    }

    // Scale and shear by Gram–Schmidt on the rows (row i is the image of axis i).
    var scale = SIMD3<Double>.zero
    var skew = SIMD3<Double>.zero
    scale.x = Self.length(rows[0])
    rows[0] /= scale.x
    skew.x = (rows[0] * rows[1]).sum()
    rows[1] -= skew.x * rows[0]
    scale.y = Self.length(rows[1])
    rows[1] /= scale.y
    skew.x /= scale.y
    skew.y = (rows[0] * rows[2]).sum()
    rows[2] -= skew.y * rows[0]
    skew.z = (rows[1] * rows[2]).sum()
    rows[2] -= skew.z * rows[1]
    scale.z = Self.length(rows[2])
    rows[2] /= scale.z
    skew.y /= scale.z
    skew.z /= scale.z
    // A mirroring matrix: flip every axis so that the remaining rows are a proper rotation.
    if Self.determinant(rows) < 0 {
      scale = -scale
      rows = rows.map { -$0 }
    }
    let parts = DecomposedTransform(
      translation: move, scale: scale, skew: skew, rotation: Quaternion.fromRows(rows),
      perspective: perspective)
    guard parts.isFinite else { return nil }
    self = parts
  }

  /// The matrix `S · K · R · T · P` (see the type's description).
  public var recomposed: Transform3D {
    let r = Quaternion.rows(Quaternion.normalized(rotation))
    // Rows of S · K · R: row i = scale_i · (r_i + shear terms of the earlier rows).
    let l0 = scale.x * r[0]
    let l1 = scale.y * (r[1] + skew.x * r[0])
    let l2 = scale.z * (r[2] + skew.y * r[0] + skew.z * r[1])
    let p = SIMD3(perspective.x, perspective.y, perspective.z)
    let t = translation
    return Transform3D(
      m11: l0.x, m12: l0.y, m13: l0.z, m14: (l0 * p).sum(),
      m21: l1.x, m22: l1.y, m23: l1.z, m24: (l1 * p).sum(),
      m31: l2.x, m32: l2.y, m33: l2.z, m34: (l2 * p).sum(),
      m41: t.x, m42: t.y, m43: t.z, m44: (t * p).sum() + perspective.w)
  }

  /// Component-wise interpolation: translation, scale, skew and perspective linearly, rotation by
  /// spherical interpolation along the shorter arc. `amount` is not clamped (0 gives `self`,
  /// 1 gives `other`, values outside 0...1 extrapolate, e.g. for spring overshoot).
  public func interpolated(to other: DecomposedTransform, amount: Double) -> DecomposedTransform {
    DecomposedTransform(
      translation: translation + (other.translation - translation) * amount,
      scale: scale + (other.scale - scale) * amount,
      skew: skew + (other.skew - skew) * amount,
      rotation: Quaternion.slerp(rotation, other.rotation, amount),
      perspective: perspective + (other.perspective - perspective) * amount)
  }

  var isFinite: Bool {
    let all = [
      translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
      skew.x, skew.y, skew.z, rotation.x, rotation.y, rotation.z, rotation.w,
      perspective.x, perspective.y, perspective.z, perspective.w,
    ]
    return all.allSatisfy(\.isFinite)
  }

  // MARK: 3×3 helpers (rows)

  private static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

  private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  private static func determinant(_ rows: [SIMD3<Double>]) -> Double {
    (rows[0] * cross(rows[1], rows[2])).sum()
  }

  /// The x with A·x = b (A given by rows, x and b column vectors), by Cramer's rule.
  private static func solve(_ a: [SIMD3<Double>], _ b: SIMD3<Double>, determinant det: Double) -> SIMD3<Double> {
    // Columns of A.
    let c0 = SIMD3(a[0].x, a[1].x, a[2].x)
    let c1 = SIMD3(a[0].y, a[1].y, a[2].y)
    let c2 = SIMD3(a[0].z, a[1].z, a[2].z)
    func det3(_ u: SIMD3<Double>, _ v: SIMD3<Double>, _ w: SIMD3<Double>) -> Double { (u * cross(v, w)).sum() }
    return SIMD3(det3(b, c1, c2), det3(c0, b, c2), det3(c0, c1, b)) / det
  }
}

/// Unit-quaternion arithmetic on (x, y, z, w), matching CATransform3D's rotation convention.
enum Quaternion {
  static let identity = SIMD4<Double>(0, 0, 0, 1)

  static func normalized(_ q: SIMD4<Double>) -> SIMD4<Double> {
    let n = (q * q).sum().squareRoot()
    return n > 0 ? q / n : identity
  }

  /// The quaternion of a proper rotation given by its rows in CATransform3D layout (Shepperd's
  /// method: divide by the largest of the four candidate components).
  static func fromRows(_ r: [SIMD3<Double>]) -> SIMD4<Double> {
    let (m11, m12, m13) = (r[0].x, r[0].y, r[0].z)
    let (m21, m22, m23) = (r[1].x, r[1].y, r[1].z)
    let (m31, m32, m33) = (r[2].x, r[2].y, r[2].z)
    let trace = m11 + m22 + m33
    var q: SIMD4<Double>
    if trace > 0 {
      let w = 0.5 * (1 + trace).squareRoot()
      q = SIMD4((m23 - m32) / (4 * w), (m31 - m13) / (4 * w), (m12 - m21) / (4 * w), w)
    } else if m11 >= m22 && m11 >= m33 {
      let x = 0.5 * max(1 + m11 - m22 - m33, 0).squareRoot()
      q = SIMD4(x, (m12 + m21) / (4 * x), (m13 + m31) / (4 * x), (m23 - m32) / (4 * x))
    } else if m22 >= m33 {
      let y = 0.5 * max(1 - m11 + m22 - m33, 0).squareRoot()
      q = SIMD4((m12 + m21) / (4 * y), y, (m23 + m32) / (4 * y), (m31 - m13) / (4 * y))
    } else {
      let z = 0.5 * max(1 - m11 - m22 + m33, 0).squareRoot()
      q = SIMD4((m13 + m31) / (4 * z), (m23 + m32) / (4 * z), z, (m12 - m21) / (4 * z))
    }
    return normalized(q)
  }

  /// The rotation matrix rows (CATransform3D layout) of a unit quaternion.
  static func rows(_ q: SIMD4<Double>) -> [SIMD3<Double>] {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return [
      SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
      SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
      SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)),
    ]
  }

  /// Spherical interpolation along the shorter arc; `amount` may leave 0...1 (extrapolation).
  static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ amount: Double) -> SIMD4<Double> {
    var b = b
    var dot = (a * b).sum()
    if dot < 0 {  // q and −q are the same rotation: take the nearer one.
      b = -b
      dot = -dot
    }
    dot = min(dot, 1)
    let theta = acos(dot)
    if theta < 1e-9 { return normalized(a + (b - a) * amount) }
    let s = sin(theta)
    return normalized(a * (sin((1 - amount) * theta) / s) + b * (sin(amount * theta) / s))
  }

  /// Hamilton product: the rotation `b` followed by `a` is `product(a, b)`.
  static func product(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(
      a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
      a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
      a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
  }

  static func conjugate(_ q: SIMD4<Double>) -> SIMD4<Double> { SIMD4(-q.x, -q.y, -q.z, q.w) }

  /// The rotation vector (axis · angle/2) of a unit quaternion, taken on the w ≥ 0 hemisphere so
  /// that its angle is at most π.
  static func log(_ q: SIMD4<Double>) -> SIMD3<Double> {
    let q = q.w < 0 ? -q : q
    let v = SIMD3(q.x, q.y, q.z)
    let s = (v * v).sum().squareRoot()
    if s < 1e-12 { return v }
    return v * (atan2(s, q.w) / s)
  }

  static func exp(_ v: SIMD3<Double>) -> SIMD4<Double> {
    let half = (v * v).sum().squareRoot()
    if half < 1e-12 { return normalized(SIMD4(v.x, v.y, v.z, 1)) }
    let k = sin(half) / half
    return SIMD4(v.x * k, v.y * k, v.z * k, cos(half))
  }

  /// The rotation angle (radians, 0...π) between two unit quaternions.
  static func angle(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
    2 * acos(min(abs((a * b).sum()), 1))
  }
}
