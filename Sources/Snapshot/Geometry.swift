import Foundation

// The geometry is Foundation's: on Linux Foundation defines CGPoint, CGSize and CGRect (with
// CGFloat coordinates that convert to and from Double implicitly), as Core Graphics does on
// iOS. A `CGRect` from a user's file is a `Rect` here, with no conversion and no second type
// to be ambiguous with; `insetBy`, `offsetBy`, `midX`, `standardized`, `zero` mean what they
// mean on iOS.

/// A point in UIKit's coordinate space: points (not pixels), origin top-left, +y down.
public typealias Point = CGPoint

/// A width and height in points. Negative values are allowed, as in Core Graphics.
public typealias Size = CGSize

/// An axis-aligned rectangle in points (`minX` … `maxY` and `width`, `height` of the
/// standardized rectangle, as Core Graphics reads them).
public typealias Rect = CGRect
