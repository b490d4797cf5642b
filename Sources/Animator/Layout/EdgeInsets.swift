import Foundation

/// UIEdgeInsets: distances inward from each edge of a rectangle, in points (negative values
/// reach outward).
public struct EdgeInsets: Sendable, Hashable {
  /// Points inward from the top edge.
  public var top: Double
  /// Points inward from the left edge.
  public var left: Double
  /// Points inward from the bottom edge.
  public var bottom: Double
  /// Points inward from the right edge.
  public var right: Double

  /// Insets in points; any may be negative.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// NSDirectionalEdgeInsets: insets by leading and trailing edge instead of left and right. The
/// interface here is left-to-right, so leading is left and trailing is right.
public struct DirectionalEdgeInsets: Sendable, Hashable {
  /// Points inward from the top edge.
  public var top: Double
  /// Points inward from the leading edge: the left one here.
  public var leading: Double
  /// Points inward from the bottom edge.
  public var bottom: Double
  /// Points inward from the trailing edge: the right one here.
  public var trailing: Double

  /// Insets in points; any may be negative.
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No inset on any edge.
  public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

  /// These insets with leading as left and trailing as right.
  var edgeInsets: EdgeInsets { EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
}

extension EdgeInsets {
  /// These insets with left as leading and right as trailing.
  var directional: DirectionalEdgeInsets {
    DirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
  }

  /// `rect` moved in by these insets (UIEdgeInsetsInsetRect).
  func inset(_ rect: Rect) -> Rect {
    Rect(
      x: rect.origin.x + left, y: rect.origin.y + top, width: rect.size.width - left - right,
      height: rect.size.height - top - bottom)
  }
}

/// UILayoutPriority: how much a constraint matters, 1…1000. `required` (1000) must hold;
/// below it a constraint is optional and a higher priority wins over any number of lower ones.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
  public var rawValue: Float
  public init(rawValue: Float) { self.rawValue = rawValue }
  /// A priority of `rawValue`, unchecked; a constraint refuses one not in (0, 1000].
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  /// 1000: the constraint must hold, or the layout is unsatisfiable
  /// (docs/layout.md#unsatisfiable-constraints-are-broken-and-logged).
  public static let required = LayoutPriority(1000)
  /// 750: the default compression resistance.
  public static let defaultHigh = LayoutPriority(750)
  /// 510, as UIKit (a scene's size means nothing here).
  public static let dragThatCanResizeScene = LayoutPriority(510)
  /// 500, as UIKit (a scene's size means nothing here).
  public static let sceneSizeStayPut = LayoutPriority(500)
  /// 490, as UIKit (a scene's size means nothing here).
  public static let dragThatCannotResizeScene = LayoutPriority(490)
  /// 250: the default content hugging.
  public static let defaultLow = LayoutPriority(250)
  /// 50: the priority at which `systemLayoutSizeFitting` holds the target size, so the content
  /// decides.
  public static let fittingSizeLevel = LayoutPriority(50)

  public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
  /// `p` raised by `offset`, unchecked (`.defaultHigh + 1` is 751).
  public static func + (p: LayoutPriority, offset: Float) -> LayoutPriority { LayoutPriority(p.rawValue + offset) }
  /// `p` lowered by `offset`, unchecked (`.required - 1` is 999, the highest optional).
  public static func - (p: LayoutPriority, offset: Float) -> LayoutPriority { LayoutPriority(p.rawValue - offset) }
}
