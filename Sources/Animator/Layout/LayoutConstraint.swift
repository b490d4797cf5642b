import Foundation

/// NSLayoutConstraint: `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute
/// + constant`, between views and layout guides, solved by Auto Layout
/// (docs/layout.md#auto-layout). Made inactive; `isActive = true` (or `activate`) installs it on
/// the items' nearest common ancestor. Misuse is refused with UIKit's message as a one-line
/// error, never a crash (docs/layout.md#misuse-is-refused).
@MainActor
open class LayoutConstraint {
  /// NSLayoutConstraint.Attribute, with UIKit's raw values.
  public enum Attribute: Int, Sendable {
    /// The left edge, x in points.
    case left = 1
    /// The right edge.
    case right
    /// The top edge, y in points (growing downward).
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge: the left one, the interface being left to right.
    case leading
    /// The trailing edge: the right one.
    case trailing
    /// The width, in points.
    case width
    /// The height, in points.
    case height
    /// The horizontal centre.
    case centerX
    /// The vertical centre.
    case centerY
    /// The last line's baseline (a label's); a view without text: its bottom (docs/layout.md#baselines).
    case lastBaseline
    /// The first line's baseline (a label's); a view without text: its bottom.
    case firstBaseline
    /// The left edge inset by the view's layout margins (docs/layout.md#layout-margins).
    case leftMargin
    /// The right edge inset by the layout margins.
    case rightMargin
    /// The top edge inset by the layout margins.
    case topMargin
    /// The bottom edge inset by the layout margins.
    case bottomMargin
    /// The leading edge inset by the layout margins.
    case leadingMargin
    /// The trailing edge inset by the layout margins.
    case trailingMargin
    /// The horizontal centre of the margins' rectangle.
    case centerXWithinMargins
    /// The vertical centre of the margins' rectangle.
    case centerYWithinMargins
    /// No attribute: the second side of a constraint to a constant (`secondItem` nil).
    case notAnAttribute = 0
  }

  /// NSLayoutConstraint.Relation, with UIKit's raw values.
  public enum Relation: Int, Sendable {
    /// First ≤ second side (raw value −1).
    case lessThanOrEqual = -1
    /// First = second side (raw value 0).
    case equal = 0
    /// First ≥ second side (raw value 1).
    case greaterThanOrEqual = 1
  }

  /// NSLayoutConstraint.Axis.
  public enum Axis: Int, Sendable {
    /// Along x: widths, left and right (raw value 0).
    case horizontal = 0
    /// Along y: heights, top and bottom (raw value 1).
    case vertical = 1
  }

  /// A view or a layout guide (nil only for the second item of a size constraint).
  public let firstItem: AnyObject?
  /// The attribute of `firstItem` on the left side of the relation.
  public let firstAttribute: Attribute
  /// How the two sides compare; fixed once made.
  public let relation: Relation
  /// The view or layout guide of the right side; nil for a constraint to a constant.
  public let secondItem: AnyObject?
  /// The attribute of `secondItem`; `.notAnAttribute` exactly when `secondItem` is nil.
  public let secondAttribute: Attribute
  /// Finite; fixed once made, as in UIKit.
  public let multiplier: Double
  /// Points added to the second side. Changing it on an active constraint relayouts (inside an
  /// animation block, `layoutIfNeeded()` animates the change). A constant that is not finite is
  /// refused: the previous one stays.
  public var constant: Double {
    get { storedConstant }
    set {
      guard newValue.isFinite else {
        refuse(
          "NSLayoutConstraint constant is not finite!  That's illegal.  constant:\(Self.number(newValue)) firstAnchor:\(anchorDescription(first: true)) secondAnchor:\(anchorDescription(first: false))"
        )
        return
      }
      guard newValue != storedConstant else { return }
      storedConstant = newValue
      if isActive { engineInputsDidChange() }
    }
  }
  private var storedConstant: Double
  /// 1…1000 (`required`, the default). An active constraint may change between optional
  /// priorities, not to or from required; a priority out of range, or such a change, is
  /// refused and the previous priority stays.
  public var priority: LayoutPriority {
    get { storedPriority }
    set {
      guard newValue.rawValue > 0, newValue.rawValue <= 1000 else {
        refuse(
          "NSLayoutConstraint priority must be greater than 0 and at most 1000 (UILayoutPriorityRequired); \(newValue.rawValue) is not, for \(layoutDescription)"
        )
        return
      }
      if isActive, (newValue == .required) != (storedPriority == .required) {
        refuse(
          "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority \(Self.number(Double(newValue.rawValue))) and the existing priority was \(Self.number(Double(storedPriority.rawValue))).  \(layoutDescription)"
        )
        return
      }
      guard newValue != storedPriority else { return }
      storedPriority = newValue
      if isActive { engineInputsDidChange() }
    }
  }
  private var storedPriority = LayoutPriority.required
  /// A name shown in logs, as UIKit shows it.
  public var identifier: String?
  /// The view the constraint is installed on while active: its items' nearest common ancestor.
  public internal(set) weak var container: View?
  /// Order of activation, which is the order Auto Layout adds constraints in.
  var activationOrder = 0

  /// NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:). Items
  /// are views or layout guides. A location attribute needs a second item and a multiplier
  /// other than 0, attributes must be of one axis and one kind (location or size), leading and
  /// trailing do not pair with left and right: otherwise UIKit raises, and here the constraint
  /// is made but refused when activated, with UIKit's message.
  public init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
    attribute attr2: Attribute, multiplier: Double, constant c: Double
  ) {
    firstItem = view1 as AnyObject
    firstAttribute = attr1
    self.relation = relation
    secondItem = view2.map { $0 as AnyObject }
    secondAttribute = view2 == nil ? .notAnAttribute : attr2
    self.multiplier = multiplier
    storedConstant = c
    invalidReason = validate(constant: c)
    if let invalidReason { refuse(invalidReason) }
  }

  /// Why this constraint cannot be activated (UIKit's exception text, reported when it was
  /// made), nil when it can.
  private(set) var invalidReason: String?

  /// Whether the constraint takes part in layout. Setting it true installs it on the items'
  /// nearest common ancestor (refused when there is none, as UIKit refuses); false uninstalls it.
  public var isActive: Bool {
    get { container != nil }
    set { newValue ? activate() : deactivate() }
  }

  /// Activates every constraint of `constraints` (NSLayoutConstraint.activate).
  public static func activate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates every constraint of `constraints`.
  public static func deactivate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  // MARK: Activation

  private func activate() {
    guard container == nil, invalidReason == nil else { return }
    guard let ancestor = commonAncestor else {
      refuse(
        "Unable to activate constraint with anchors \(anchorDescription(first: true)) and \(anchorDescription(first: false)) because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal."
      )
      return
    }
    LayoutConstraint.activations += 1
    activationOrder = LayoutConstraint.activations
    ancestor.layoutState.constraints.append(self)
    container = ancestor
    // Activating a constraint hands the first item's frame to Auto Layout only through anchors'
    // callers (UIKit leaves translatesAutoresizingMaskIntoConstraints to the app).
    engineInputsDidChange()
  }

  func deactivate() {
    guard let installed = container else { return }
    engineInputsDidChange()
    installed.layoutState.constraints.removeAll { $0 === self }
    container = nil
  }

  /// Activations so far, for the order constraints are added in.
  private static var activations = 0

  /// The nearest view that is an ancestor of (or is) each item's view (a guide's owning view).
  var commonAncestor: View? {
    guard let first = Self.view(of: firstItem) else { return nil }
    guard secondItem != nil else { return first }
    guard let second = Self.view(of: secondItem) else { return nil }
    var candidate: View? = first
    while let c = candidate {
      if second.isDescendant(of: c) { return c }
      candidate = c.superview
    }
    return nil
  }

  /// The view an item stands for: itself, or a guide's owning view.
  static func view(of item: AnyObject?) -> View? {
    if let view = item as? View { return view }
    return (item as? LayoutGuide)?.owningView
  }

  /// Tells the engine of the container's hierarchy that its inputs changed.
  private func engineInputsDidChange() {
    container?.layoutEngineInputsDidChange()
  }

  /// Reports misuse the way the engine reports it (the recording fails with the message).
  func refuse(_ message: String) { AnimationEngine.current.report(message) }

  // MARK: Checks UIKit makes when a constraint is made

  private func validate(constant c: Double) -> String? {
    let head = "*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]:"
    guard c.isFinite else {
      return
        "NSLayoutConstraint constant is not finite!  That's illegal.  constant:\(Self.number(c)) firstAnchor:\(anchorDescription(first: true)) secondAnchor:\(anchorDescription(first: false))"
    }
    guard multiplier.isFinite else { return "Multiplier is not finite!  That's illegal.  multiplier:\(multiplier)" }
    guard Self.view(of: firstItem) != nil, firstAttribute != .notAnAttribute else {
      return "\(head) Constraint items must each be a view or layout guide."
    }
    if secondItem != nil, Self.view(of: secondItem) == nil {
      return "\(head) Constraint items must each be a view or layout guide."
    }
    if firstAttribute.isLocation, secondItem == nil || multiplier == 0 {
      return
        "\(head) A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
    }
    if secondItem != nil {
      // Sizes pair across axes (an aspect ratio); locations only along one axis.
      if firstAttribute.isLocation != secondAttribute.isLocation
        || (firstAttribute.isLocation && firstAttribute.axis != secondAttribute.axis)
      {
        return "\(head) Invalid pairing of layout attributes."
      }
      if firstAttribute.isDirectional != secondAttribute.isDirectional, firstAttribute.isHorizontalEdge,
        secondAttribute.isHorizontalEdge
      {
        return
          "\(head) A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
      }
    }
    return nil
  }

  /// A number as UIKit's messages print it: whole numbers without a fraction.
  static func number(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}

extension LayoutConstraint.Attribute {
  /// Horizontal or vertical.
  var axis: LayoutConstraint.Axis {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
      .trailingMargin, .centerXWithinMargins, .notAnAttribute:
      return .horizontal
    default: return .vertical
    }
  }

  /// A position (edge, centre, baseline) rather than a size.
  var isLocation: Bool { self != .width && self != .height && self != .notAnAttribute }

  /// Leading or trailing (with or without margins).
  var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }

  /// A left, right, leading or trailing edge.
  var isHorizontalEdge: Bool {
    [.left, .right, .leading, .trailing, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin].contains(self)
  }

  /// UIKit's name of the attribute in logs.
  var logName: String {
    switch self {
    case .left: return "left"
    case .right: return "right"
    case .top: return "top"
    case .bottom: return "bottom"
    case .leading: return "leading"
    case .trailing: return "trailing"
    case .width: return "width"
    case .height: return "height"
    case .centerX: return "centerX"
    case .centerY: return "centerY"
    case .lastBaseline: return "lastBaseline"
    case .firstBaseline: return "firstBaseline"
    case .leftMargin: return "leftMargin"
    case .rightMargin: return "rightMargin"
    case .topMargin: return "topMargin"
    case .bottomMargin: return "bottomMargin"
    case .leadingMargin: return "leadingMargin"
    case .trailingMargin: return "trailingMargin"
    case .centerXWithinMargins: return "centerXWithinMargins"
    case .centerYWithinMargins: return "centerYWithinMargins"
    case .notAnAttribute: return "notAnAttribute"
    }
  }
}
