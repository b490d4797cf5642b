import Foundation

// The update-constraints pass (docs/layout.md#the-update-constraints-pass): before a layout,
// bottom-up, each view whose constraints are due gets `updateConstraints()` (a view
// controller's root view, then its controller's `updateViewConstraints()`), in a hierarchy
// that uses Auto Layout.

extension View {
  /// UIView.setNeedsUpdateConstraints: `updateConstraints()` runs before the next layout (the
  /// call is enough for the pass to run in this view's hierarchy, as UIKit documents).
  public func setNeedsUpdateConstraints() {
    layoutState.needsUpdateConstraints = true
    layoutState.askedForConstraintUpdate = true
    markSubtreeNeedsUpdateConstraints()
    hierarchyTop.setNeedsLayout()
  }

  /// UIView.needsUpdateConstraints(): whether `updateConstraints()` is due.
  public func needsUpdateConstraints() -> Bool { layoutState.needsUpdateConstraints }

  /// UIView.updateConstraintsIfNeeded: runs the pass for this view and those below it now, then
  /// brings Auto Layout up to date.
  public func updateConstraintsIfNeeded() {
    runUpdateConstraintsPass(from: self)
    updateLayoutEngineIfNeeded()
  }

  /// Runs the pass over the whole hierarchy, as a layout begins.
  func updateConstraintsBeforeLayout() {
    runUpdateConstraintsPass(from: hierarchyTop)
  }

  /// Marks this view and every ancestor (all the way up: a hierarchy looked at once without
  /// Auto Layout has its top cleared while views below stay marked).
  func markSubtreeNeedsUpdateConstraints() {
    var view: View? = self
    while let v = view {
      v.layoutState.subtreeNeedsUpdateConstraints = true
      view = v.superview
    }
  }

  private func runUpdateConstraintsPass(from start: View) {
    guard start.layoutState.subtreeNeedsUpdateConstraints else { return }
    guard start.hierarchyUsesAutoLayout else {
      // Looked at once; a constraint activated or a view added later marks the top again.
      start.hierarchyTop.layoutState.subtreeNeedsUpdateConstraints = false
      return
    }
    start.updateConstraintsBottomUp()
  }

  /// Whether the pass runs here: the hierarchy has Auto Layout, or a view in it asks for it
  /// (by its class, or by calling `setNeedsUpdateConstraints()`).
  private var hierarchyUsesAutoLayout: Bool {
    let top = hierarchyTop
    return top.layoutState.engine != nil || top.requiresConstraintsBelow
  }

  private var requiresConstraintsBelow: Bool {
    type(of: self).requiresConstraintBasedLayout || layoutState.askedForConstraintUpdate
      || subviews.contains { $0.requiresConstraintsBelow }
  }

  private func updateConstraintsBottomUp() {
    guard layoutState.subtreeNeedsUpdateConstraints else { return }
    layoutState.subtreeNeedsUpdateConstraints = false
    for subview in subviews { subview.updateConstraintsBottomUp() }
    guard layoutState.needsUpdateConstraints else { return }
    layoutState.needsUpdateConstraints = false
    updateConstraints()
    owningViewController?.updateViewConstraints()
  }
}
