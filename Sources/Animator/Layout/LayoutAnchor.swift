import Foundation

/// NSLayoutAnchor: one attribute of a view or layout guide, from which constraints are made
/// (inactive, as UIKit makes them). The type parameter keeps x positions, y positions and sizes
/// apart at compile time, as in UIKit.
@MainActor
open class LayoutAnchor<AnchorType: AnyObject> {
  /// The view or layout guide.
  public let item: AnyObject
  /// Which attribute of `item` this anchor stands for (`.leading`, `.width`…).
  public let attribute: LayoutConstraint.Attribute

  init(item: AnyObject, attribute: LayoutConstraint.Attribute) {
    self.item = item
    self.attribute = attribute
  }

  /// `self == anchor + c`.
  public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant c: Double = 0) -> LayoutConstraint {
    make(.equal, anchor, multiplier: 1, constant: c)
  }

  /// `self ≥ anchor + c`.
  public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: Double = 0)
    -> LayoutConstraint
  {
    make(.greaterThanOrEqual, anchor, multiplier: 1, constant: c)
  }

  /// `self ≤ anchor + c`.
  public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: Double = 0)
    -> LayoutConstraint
  {
    make(.lessThanOrEqual, anchor, multiplier: 1, constant: c)
  }

  func make(
    _ relation: LayoutConstraint.Relation, _ anchor: LayoutAnchor<AnchorType>?, multiplier: Double, constant: Double
  ) -> LayoutConstraint {
    LayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
      attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
  }
}

/// The system's standard space between two sibling items, in points: `constraint(…SystemSpacing…)`
/// multiplies it (docs/layout.md#system-spacing).
let systemSpacing = 8.0

/// NSLayoutXAxisAnchor: a horizontal position (leading, trailing, left, right, centerX).
@MainActor
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
  /// `self == anchor + multiplier × the system spacing` (8 points): self is after anchor.
  public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
    make(.equal, anchor, multiplier: 1, constant: multiplier * systemSpacing)
  }
  /// `self ≥ anchor + multiplier × 8` points: at least that far after `anchor`.
  public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double)
    -> LayoutConstraint
  {
    make(.greaterThanOrEqual, anchor, multiplier: 1, constant: multiplier * systemSpacing)
  }
  /// `self ≤ anchor + multiplier × 8` points: at most that far after `anchor`.
  public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double)
    -> LayoutConstraint
  {
    make(.lessThanOrEqual, anchor, multiplier: 1, constant: multiplier * systemSpacing)
  }
}

/// NSLayoutYAxisAnchor: a vertical position (top, bottom, centerY, baselines).
@MainActor
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
  /// `self == anchor + multiplier × the system spacing` (8 points): self is below anchor.
  public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
    make(.equal, anchor, multiplier: 1, constant: multiplier * systemSpacing)
  }
  /// `self ≥ anchor + multiplier × 8` points: at least that far below `anchor`.
  public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double)
    -> LayoutConstraint
  {
    make(.greaterThanOrEqual, anchor, multiplier: 1, constant: multiplier * systemSpacing)
  }
  /// `self ≤ anchor + multiplier × 8` points: at most that far below `anchor`.
  public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double)
    -> LayoutConstraint
  {
    make(.lessThanOrEqual, anchor, multiplier: 1, constant: multiplier * systemSpacing)
  }
}

/// NSLayoutDimension: a width or height.
@MainActor
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
  /// `self == c`.
  public func constraint(equalToConstant c: Double) -> LayoutConstraint {
    make(.equal, nil, multiplier: 1, constant: c)
  }
  /// `self ≥ c`, in points.
  public func constraint(greaterThanOrEqualToConstant c: Double) -> LayoutConstraint {
    make(.greaterThanOrEqual, nil, multiplier: 1, constant: c)
  }
  /// `self ≤ c`, in points.
  public func constraint(lessThanOrEqualToConstant c: Double) -> LayoutConstraint {
    make(.lessThanOrEqual, nil, multiplier: 1, constant: c)
  }
  /// `self == m × anchor + c`.
  public func constraint(equalTo anchor: LayoutDimension, multiplier m: Double, constant c: Double = 0)
    -> LayoutConstraint
  {
    make(.equal, anchor, multiplier: m, constant: c)
  }
  /// `self ≥ m × anchor + c`.
  public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier m: Double, constant c: Double = 0)
    -> LayoutConstraint
  {
    make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
  }
  /// `self ≤ m × anchor + c`.
  public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier m: Double, constant c: Double = 0)
    -> LayoutConstraint
  {
    make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
  }
}

/// A view or a layout guide: what constraints relate, with their anchors.
@MainActor
public protocol LayoutItem: AnyObject {}

extension LayoutItem {
  /// The leading edge: the left edge here, the interface being left to right.
  public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
  /// The trailing edge: the right edge here.
  public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .trailing) }
  /// The left edge, in the superview's bounds coordinates (points).
  public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
  /// The right edge.
  public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
  /// The horizontal centre.
  public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
  /// The top edge (y grows downward).
  public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
  /// The bottom edge.
  public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
  /// The vertical centre.
  public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
  /// The width, in points.
  public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
  /// The height, in points.
  public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
}

extension View: LayoutItem {
  /// The baseline of the first line of text (a label's); a view without text: its bottom.
  public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
  /// The baseline of the last line of text (a label's); a view without text: its bottom.
  public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
}

extension LayoutGuide: LayoutItem {}
