import Foundation

/// The corners of a layer's bounds that `cornerRadius` rounds (CACornerMask, and UIRectCorner
/// for paths), named in UIKit's y-down space: `minXMinY` is the top-left corner
/// (docs/core-animation.md#masked-corners).
public struct CornerMask: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// The top-left corner.
  public static let minXMinY = CornerMask(rawValue: 1 << 0)
  /// The top-right corner.
  public static let maxXMinY = CornerMask(rawValue: 1 << 1)
  /// The bottom-left corner.
  public static let minXMaxY = CornerMask(rawValue: 1 << 2)
  /// The bottom-right corner.
  public static let maxXMaxY = CornerMask(rawValue: 1 << 3)
  /// All four: a layer's default.
  public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// A closed shape in a layer's bounds space (points): what `shadowPath` casts its shadow from
/// (docs/core-animation.md#shadow-path-is-the-shadows-shape). Only the shapes UIBezierPath's
/// rectangle, rounded-rectangle and oval initialisers make.
public enum ShapePath: Sendable, Hashable {
  /// A rectangle.
  case rect(Rect)
  /// A rectangle whose `corners` are circular arcs of `radius` points (clamped to half the
  /// shorter side when drawn); the other corners are square.
  case roundedRect(Rect, radius: Double, corners: CornerMask)
  /// The ellipse inscribed in the rectangle.
  case ellipse(Rect)

  /// The smallest rectangle holding the shape.
  public var bounds: Rect {
    switch self {
    case .rect(let r), .roundedRect(let r, _, _), .ellipse(let r): return r.standardized
    }
  }
}
