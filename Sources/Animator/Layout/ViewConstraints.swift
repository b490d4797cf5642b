import Foundation

// UIView's Auto Layout API (docs/layout.md#auto-layout).

extension View {
  /// UIView.constraints: the active constraints installed on this view, in activation order.
  public var constraints: [LayoutConstraint] { layoutState.constraints }

  /// UIView.addConstraint: activates `constraint` (installed on its items' nearest common
  /// ancestor, which UIKit requires this view to be).
  public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }

  /// Activates every constraint in `constraints` (`LayoutConstraint.activate`).
  public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }

  /// UIView.removeConstraint: deactivates `constraint` if it is installed on this view.
  public func removeConstraint(_ constraint: LayoutConstraint) {
    if constraint.container === self { constraint.isActive = false }
  }

  /// Deactivates those of `constraints` installed on this view; the others are left alone.
  public func removeConstraints(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { removeConstraint(constraint) }
  }

  /// How much the view resists growing past its intrinsic size along `axis` (default 250).
  public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
    layoutState.hugging[axis]
  }

  /// Sets how much the view resists growing past its intrinsic size along `axis`; the next
  /// layout uses it (docs/layout.md#hugging-and-compression-resistance).
  public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
    layoutState.hugging[axis] = priority
    layoutEngineInputsDidChange()
  }

  /// How much the view resists shrinking below its intrinsic size along `axis` (default 750).
  public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
    layoutState.compressionResistance[axis]
  }

  /// Sets how much the view resists shrinking below its intrinsic size along `axis`; the next
  /// layout uses it (docs/layout.md#hugging-and-compression-resistance).
  public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
    layoutState.compressionResistance[axis] = priority
    layoutEngineInputsDidChange()
  }

}

extension View {
  /// UIView.hasAmbiguousLayout: whether the constraints leave part of this view's frame
  /// undecided (several frames satisfy them equally well). False for a view Auto Layout does
  /// not place (docs/layout.md#ambiguous-layouts).
  public var hasAmbiguousLayout: Bool {
    updateLayoutEngineIfNeeded()
    return hierarchyTop.layoutState.engine?.hasAmbiguousLayout(self) ?? false
  }

  /// UIView.exerciseAmbiguityInLayout: gives an ambiguously laid-out view another of the frames
  /// its constraints allow (UIKit picks one at random; here it is the next one 20 points along
  /// the first undecided value), until a layout changes it again.
  public func exerciseAmbiguityInLayout() {
    updateLayoutEngineIfNeeded()
    hierarchyTop.layoutState.engine?.exerciseAmbiguity(of: self)
  }
}
