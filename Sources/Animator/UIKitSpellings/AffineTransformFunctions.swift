import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
// CGAffineTransform in both of Swift's spellings: the members UIKit's Swift overlay has
// (`inverted()`, `isIdentity`, …; the initializers and `concatenating`, `translatedBy`,
// `scaledBy`, `rotated` live with the type) and the C functions older code calls, without the
// "CG" prefix. The meaning is Core Graphics': in Concat(a, b), a acts first.

extension AffineTransform {
  /// CGAffineTransform.inverted(): the inverse, or `self` when it has none (as Core Graphics).
  public func inverted() -> AffineTransform {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return self }
    return AffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }
}

/// CGAffineTransformIdentity.
public let AffineTransformIdentity = AffineTransform.identity

/// CGAffineTransformMakeTranslation.
public func AffineTransformMakeTranslation(_ tx: Double, _ ty: Double) -> AffineTransform {
  AffineTransform(translationX: tx, y: ty)
}

/// CGAffineTransformMakeScale.
public func AffineTransformMakeScale(_ sx: Double, _ sy: Double) -> AffineTransform {
  AffineTransform(scaleX: sx, y: sy)
}

/// CGAffineTransformMakeRotation: `angle` radians, clockwise on screen (y down).
public func AffineTransformMakeRotation(_ angle: Double) -> AffineTransform { AffineTransform(rotationAngle: angle) }

/// CGAffineTransformTranslate: translate first, then `t`.
public func AffineTransformTranslate(_ t: AffineTransform, _ tx: Double, _ ty: Double) -> AffineTransform {
  t.translatedBy(x: tx, y: ty)
}

/// CGAffineTransformScale: scale first, then `t`.
public func AffineTransformScale(_ t: AffineTransform, _ sx: Double, _ sy: Double) -> AffineTransform {
  t.scaledBy(x: sx, y: sy)
}

/// CGAffineTransformRotate: rotate first, then `t`.
public func AffineTransformRotate(_ t: AffineTransform, _ angle: Double) -> AffineTransform { t.rotated(by: angle) }

/// CGAffineTransformConcat: `a` first, then `b`.
public func AffineTransformConcat(_ a: AffineTransform, _ b: AffineTransform) -> AffineTransform { a.concatenating(b) }

/// CGAffineTransformInvert.
public func AffineTransformInvert(_ t: AffineTransform) -> AffineTransform { t.inverted() }

/// CGAffineTransformIsIdentity.
public func AffineTransformIsIdentity(_ t: AffineTransform) -> Bool { t.isIdentity }

/// CGAffineTransformEqualToTransform.
public func AffineTransformEqualToTransform(_ a: AffineTransform, _ b: AffineTransform) -> Bool { a == b }
