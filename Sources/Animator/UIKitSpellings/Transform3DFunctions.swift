import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
// CATransform3D's C functions without the "CA" prefix, so code written with them ports by
// renaming: each is a thin form of a `Transform3D` member and means exactly what Core
// Animation's does (row vectors; in Concat(a, b), a acts first).

/// CATransform3DIdentity.
public let Transform3DIdentity = Transform3D.identity

/// CATransform3DIsIdentity.
public func Transform3DIsIdentity(_ t: Transform3D) -> Bool { t.isIdentity }

/// CATransform3DEqualToTransform.
public func Transform3DEqualToTransform(_ a: Transform3D, _ b: Transform3D) -> Bool { a == b }

/// CATransform3DMakeTranslation.
public func Transform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
  Transform3D(translationX: tx, y: ty, z: tz)
}

/// CATransform3DMakeScale.
public func Transform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
  Transform3D(scaleX: sx, y: sy, z: sz)
}

/// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z).
public func Transform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
  Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// CATransform3DTranslate: translate first, then `t`.
public func Transform3DTranslate(_ t: Transform3D, _ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
  t.translatedBy(x: tx, y: ty, z: tz)
}

/// CATransform3DScale: scale first, then `t`.
public func Transform3DScale(_ t: Transform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
  t.scaledBy(x: sx, y: sy, z: sz)
}

/// CATransform3DRotate: rotate first, then `t`.
public func Transform3DRotate(_ t: Transform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
  t.rotated(by: angle, x: x, y: y, z: z)
}

/// CATransform3DConcat: `a` first, then `b`.
public func Transform3DConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a.concatenating(b) }

/// CATransform3DInvert: the inverse, or `t` itself when it has none.
public func Transform3DInvert(_ t: Transform3D) -> Transform3D { t.inverted }

/// CATransform3DMakeAffineTransform.
public func Transform3DMakeAffineTransform(_ t: AffineTransform) -> Transform3D { Transform3D(t) }

/// CATransform3DIsAffine.
public func Transform3DIsAffine(_ t: Transform3D) -> Bool { t.isAffine }

/// CATransform3DGetAffineTransform.
public func Transform3DGetAffineTransform(_ t: Transform3D) -> AffineTransform { t.affine }
