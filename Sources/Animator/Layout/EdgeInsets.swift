import Foundation

/// UIEdgeInsets: distances inward from each edge of a rectangle, in points (negative values
/// reach outward).
public struct EdgeInsets: Sendable, Hashable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

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
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

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
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  public static let required = LayoutPriority(1000)
  public static let defaultHigh = LayoutPriority(750)
  public static let dragThatCanResizeScene = LayoutPriority(510)
  public static let sceneSizeStayPut = LayoutPriority(500)
  public static let dragThatCannotResizeScene = LayoutPriority(490)
  public static let defaultLow = LayoutPriority(250)
  public static let fittingSizeLevel = LayoutPriority(50)

  public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
  public static func + (p: LayoutPriority, offset: Float) -> LayoutPriority { LayoutPriority(p.rawValue + offset) }
  public static func - (p: LayoutPriority, offset: Float) -> LayoutPriority { LayoutPriority(p.rawValue - offset) }
}
