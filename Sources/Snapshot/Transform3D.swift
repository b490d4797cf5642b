import Foundation

/// A 4x4 matrix with CATransform3D's layout and conventions: `mRC` is row R, column C; a point
/// is a row vector on the left (`p' = p · M`); translation lives in `m41 m42 m43`; perspective
/// is `m34 = -1/d`. In `a.concatenating(b)` a acts first.
public struct Transform3D: Sendable, Hashable {
  /// Row 1: where the x axis goes (m11 m12 m13) and its share of the perspective divide (m14).
  public var m11, m12, m13, m14: Double
  /// Row 2: where the y axis goes (m21 m22 m23) and its share of the perspective divide (m24).
  public var m21, m22, m23, m24: Double
  /// Row 3: where the z axis goes (m31 m32 m33); m34 = −1/d puts a camera d points in front.
  public var m31, m32, m33, m34: Double
  /// Row 4: the translation in points (m41 m42 m43) and the homogeneous weight m44 (1 when
  /// affine).
  public var m41, m42, m43, m44: Double

  /// The 16 entries by name, `mRC` being row R, column C.
  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// CATransform3DIdentity: every point stays where it is.
  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

  /// The 16 entries in memory order (row by row).
  public var entries: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// Builds from 16 entries in memory order; `entries.count` must be 16.
  public init(entries e: [Double]) {
    precondition(e.count == 16, "Transform3D needs 16 entries")
    self.init(
      m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
      m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
  }

  /// Exactly the identity, entry by entry (no tolerance).
  public var isIdentity: Bool { self == .identity }

  /// CATransform3DIsAffine: representable exactly by an affine transform.
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m43 == 0
      && m33 == 1 && m44 == 1
  }

  // MARK: Constructors (CATransform3DMake*)

  /// CATransform3DMakeTranslation: moves points by (tx, ty, tz) points.
  public init(translationX tx: Double, y ty: Double, z tz: Double) {
    self = .identity
    m41 = tx
    m42 = ty
    m43 = tz
  }

  /// CATransform3DMakeScale: multiplies x, y and z about the origin (the anchor, for a
  /// layer's transform); 1 keeps an axis, a negative factor mirrors it.
  public init(scaleX sx: Double, y sy: Double, z sz: Double) {
    self = .identity
    m11 = sx
    m22 = sy
    m33 = sz
  }

  /// A rotation of `angle` radians about the axis (x, y, z); a zero-length axis gives identity.
  /// Positive angles about y send the right edge away from the viewer (UIKit's y-down space).
  public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else {
      self = .identity
      return
    }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    self.init(
      m11: c + k * x * x, m12: k * x * y + s * z, m13: k * x * z - s * y, m14: 0,
      m21: k * x * y - s * z, m22: c + k * y * y, m23: k * y * z + s * x, m24: 0,
      m31: k * x * z + s * y, m32: k * y * z - s * x, m33: c + k * z * z, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// CATransform3DMakeAffineTransform.
  public init(_ t: AffineTransform) {
    self = .identity
    m11 = t.a
    m12 = t.b
    m21 = t.c
    m22 = t.d
    m41 = t.tx
    m42 = t.ty
  }

  /// Identity with `m34 = -1/distance`: a pinhole camera `distance` points in front of z = 0.
  public static func perspective(distance: Double) -> Transform3D {
    var p = Transform3D.identity
    p.m34 = -1 / distance
    return p
  }

  /// CATransform3DGetAffineTransform: the affine entries, the rest dropped.
  public var affine: AffineTransform {
    AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }

  // MARK: Composition (CATransform3DConcat / Translate / Scale / Rotate)

  /// `self · other`: self acts first, then other (CATransform3DConcat(self, other)).
  public func concatenating(_ o: Transform3D) -> Transform3D {
    let a = self
    return Transform3D(
      m11: a.m11 * o.m11 + a.m12 * o.m21 + a.m13 * o.m31 + a.m14 * o.m41,
      m12: a.m11 * o.m12 + a.m12 * o.m22 + a.m13 * o.m32 + a.m14 * o.m42,
      m13: a.m11 * o.m13 + a.m12 * o.m23 + a.m13 * o.m33 + a.m14 * o.m43,
      m14: a.m11 * o.m14 + a.m12 * o.m24 + a.m13 * o.m34 + a.m14 * o.m44,
      m21: a.m21 * o.m11 + a.m22 * o.m21 + a.m23 * o.m31 + a.m24 * o.m41,
      m22: a.m21 * o.m12 + a.m22 * o.m22 + a.m23 * o.m32 + a.m24 * o.m42,
      m23: a.m21 * o.m13 + a.m22 * o.m23 + a.m23 * o.m33 + a.m24 * o.m43,
      m24: a.m21 * o.m14 + a.m22 * o.m24 + a.m23 * o.m34 + a.m24 * o.m44,
      m31: a.m31 * o.m11 + a.m32 * o.m21 + a.m33 * o.m31 + a.m34 * o.m41,
      m32: a.m31 * o.m12 + a.m32 * o.m22 + a.m33 * o.m32 + a.m34 * o.m42,
      m33: a.m31 * o.m13 + a.m32 * o.m23 + a.m33 * o.m33 + a.m34 * o.m43,
      m34: a.m31 * o.m14 + a.m32 * o.m24 + a.m33 * o.m34 + a.m34 * o.m44,
      m41: a.m41 * o.m11 + a.m42 * o.m21 + a.m43 * o.m31 + a.m44 * o.m41,
      m42: a.m41 * o.m12 + a.m42 * o.m22 + a.m43 * o.m32 + a.m44 * o.m42,
      m43: a.m41 * o.m13 + a.m42 * o.m23 + a.m43 * o.m33 + a.m44 * o.m43,
      m44: a.m41 * o.m14 + a.m42 * o.m24 + a.m43 * o.m34 + a.m44 * o.m44)
  }

  /// CATransform3DTranslate: the translation acts first, in this transform's local space.
  public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z).concatenating(self)
  }

  /// CATransform3DScale: the scale acts first.
  public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(scaleX: x, y: y, z: z).concatenating(self)
  }

  /// CATransform3DRotate: the rotation acts first. `Transform3D.perspective(distance: 500)
  /// .rotated(by: a, x: 0, y: 1, z: 0)` is the usual perspective rotation.
  public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
  }

  // MARK: Applying

  /// The homogeneous image (X, Y, Z, W) of the point (x, y, z, 1).
  public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
    (
      x * m11 + y * m21 + z * m31 + m41,
      x * m12 + y * m22 + z * m32 + m42,
      x * m13 + y * m23 + z * m33 + m43,
      x * m14 + y * m24 + z * m34 + m44
    )
  }

  /// The projected image of a point of the z = 0 plane: (X/W, Y/W). Meaningful only where W > 0.
  public func project(_ p: Point) -> Point {
    let h = apply(x: p.x, y: p.y, z: 0)
    return Point(x: h.x / h.w, y: h.y / h.w)
  }

  /// The determinant of the full 4x4 matrix.
  public var determinant: Double {
    let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
    let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
    let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
    let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
    return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
  }

  /// CATransform3DInvert: the inverse, or `self` unchanged when the matrix is singular.
  public var inverted: Transform3D {
    let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
    let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
    let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
    let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
    let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    guard det != 0, det.isFinite else { return self }
    let k = 1 / det
    return Transform3D(
      m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
      m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
      m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
      m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
      m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
      m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
      m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
      m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
      m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
      m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
      m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
      m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
      m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
      m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
      m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
      m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
  }
}

/// A 2D affine transform with CGAffineTransform's conventions: matrix `[a b 0; c d 0; tx ty 1]`,
/// a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`, and `t1.concatenating(t2)` applies t1 first.
/// Positive rotation angles turn clockwise on screen (y points down).
public struct AffineTransform: Sendable, Hashable {
  /// The entries: (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty); tx and ty are points.
  public var a, b, c, d, tx, ty: Double
  /// The six entries by name, as CGAffineTransform(a:b:c:d:tx:ty:).
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  /// CGAffineTransform.identity: a = d = 1, the rest 0.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  /// Moves points by (tx, ty) points.
  public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
  /// Multiplies x by `sx` and y by `sy`; a view's transform scales about its anchor point.
  public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
  /// A rotation by `angle` radians about the origin, clockwise on screen when positive.
  public init(rotationAngle angle: Double) {
    self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
  }
  /// Exactly the identity, entry by entry (no tolerance).
  public var isIdentity: Bool { self == .identity }

  /// `self · other`: self acts first.
  public func concatenating(_ o: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * o.a + b * o.c, b: a * o.b + b * o.d,
      c: c * o.a + d * o.c, d: c * o.b + d * o.d,
      tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
  }
  /// The translation acts first (CGAffineTransform.translatedBy).
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }
  /// The scale acts first.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }
  /// The rotation acts first.
  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }
  /// The image of `p`: (a·x + c·y + tx, b·x + d·y + ty).
  public func apply(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }
}
