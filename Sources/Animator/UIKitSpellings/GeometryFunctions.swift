import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
// Core Graphics' geometry functions that older UIKit code calls, without the "CG" prefix:
// thin forms of the `Rect`, `Point` and `Size` members with the same meaning.

/// CGPointMake.
public func PointMake(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// CGSizeMake.
public func SizeMake(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

/// CGRectMake.
public func RectMake(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

/// CGRectOffset.
public func RectOffset(_ rect: Rect, _ dx: Double, _ dy: Double) -> Rect { rect.offsetBy(dx: dx, dy: dy) }

/// CGRectInset: inward by `dx` on the left and right and `dy` on the top and bottom.
public func RectInset(_ rect: Rect, _ dx: Double, _ dy: Double) -> Rect { rect.insetBy(dx: dx, dy: dy) }

/// CGRectGetWidth: `rect.width`, in points.
public func RectGetWidth(_ rect: Rect) -> Double { rect.width }
/// CGRectGetHeight: `rect.height`, in points.
public func RectGetHeight(_ rect: Rect) -> Double { rect.height }
/// CGRectGetMidX: `rect.midX`.
public func RectGetMidX(_ rect: Rect) -> Double { rect.midX }
/// CGRectGetMidY: `rect.midY`.
public func RectGetMidY(_ rect: Rect) -> Double { rect.midY }
/// CGRectGetMinX: `rect.minX`.
public func RectGetMinX(_ rect: Rect) -> Double { rect.minX }
/// CGRectGetMinY: `rect.minY`.
public func RectGetMinY(_ rect: Rect) -> Double { rect.minY }
/// CGRectGetMaxX: `rect.maxX`.
public func RectGetMaxX(_ rect: Rect) -> Double { rect.maxX }
/// CGRectGetMaxY: `rect.maxY`.
public func RectGetMaxY(_ rect: Rect) -> Double { rect.maxY }

// Core Graphics' `applying(_:)` members, with the affine transform's own mapping.

extension CGPoint {
  /// CGPoint.applying(_:): the point mapped by `t`.
  public func applying(_ t: AffineTransform) -> Point { t.apply(self) }
}

extension CGSize {
  /// CGSize.applying(_:): the size mapped by the linear part of `t` (no translation), each
  /// component signed, as Core Graphics gives it.
  public func applying(_ t: AffineTransform) -> Size {
    Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// CGRect.applying(_:): the smallest rectangle holding the four corners mapped by `t`.
  public func applying(_ t: AffineTransform) -> Rect { boundingBox { t.apply($0) } }

  /// The smallest rectangle holding the four corners of this one (standardized) mapped by `map`.
  func boundingBox(mapping map: (Point) -> Point) -> Rect {
    let r = standardized
    let corners = [
      Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
      Point(x: r.minX, y: r.maxY),
    ].map(map)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }
}
