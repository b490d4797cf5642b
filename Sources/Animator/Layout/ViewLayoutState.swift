import Foundation

/// What a view holds for layout, in one stored property of `View` so that the layout code
/// lives in its own files.
struct ViewLayoutState {
  var autoresizingMask: View.AutoresizingMask = []
  var autoresizesSubviews = true
  var translatesAutoresizingMaskIntoConstraints = true
  /// The active constraints installed on this view (it is their items' nearest common ancestor).
  var constraints: [LayoutConstraint] = []
  var guides: [LayoutGuide] = []
  var safeAreaGuide: LayoutGuide?
  var marginsGuide: LayoutGuide?
  /// nil: the default margins.
  var margins: DirectionalEdgeInsets?
  var insetsMarginsFromSafeArea = true
  var preservesSuperviewMargins = false
  var hugging = PerAxis(LayoutPriority.defaultLow)
  var compressionResistance = PerAxis(LayoutPriority.defaultHigh)
  /// The hierarchy's Auto Layout, kept by its top view once a constraint is active in it.
  var engine: LayoutEngine?
  /// Hidden (as the app sees it) while still drawn until the animation block that hid it ends.
  var hidingAtAnimationEnd = false
  /// `updateConstraints()` is due (every view starts so: UIKit asks each once).
  var needsUpdateConstraints = true
  /// This view or one below it has `updateConstraints()` due.
  var subtreeNeedsUpdateConstraints = true
  /// `setNeedsUpdateConstraints()` was called: the pass runs in this hierarchy.
  var askedForConstraintUpdate = false
  /// The safe area insets the last layout pass over this view found (none before the first).
  var seenSafeAreaInsets = EdgeInsets.zero
}

/// A priority for each axis.
struct PerAxis {
  var horizontal: LayoutPriority
  var vertical: LayoutPriority
  init(_ both: LayoutPriority) {
    horizontal = both
    vertical = both
  }
  subscript(axis: LayoutConstraint.Axis) -> LayoutPriority {
    get { axis == .horizontal ? horizontal : vertical }
    set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
  }
}

extension View {
  /// UIView.translatesAutoresizingMaskIntoConstraints: true (the default) keeps the view where
  /// its frame and autoresizing mask put it, and Auto Layout takes that frame as given; false
  /// hands the view's frame to Auto Layout (docs/layout.md#what-views-imply).
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { layoutState.translatesAutoresizingMaskIntoConstraints }
    set {
      guard newValue != layoutState.translatesAutoresizingMaskIntoConstraints else { return }
      layoutState.translatesAutoresizingMaskIntoConstraints = newValue
      layoutEngineInputsDidChange()
    }
  }

  /// The frame or the autoresizing mask changed: what Auto Layout takes from them (the frame
  /// of a view that keeps it, the guides of a view that has them) is stale.
  func impliedConstraintsDidChange() {
    guard
      translatesAutoresizingMaskIntoConstraints || layoutState.safeAreaGuide != nil
        || layoutState.marginsGuide != nil,
      let engine = hierarchyTop.layoutState.engine
    else { return }
    engine.setNeedsUpdate()
  }

  /// UIView.invalidateIntrinsicContentSize: the view's `intrinsicContentSize` changed, so the
  /// constraints Auto Layout derives from it are stale. Labels, image views and buttons call it
  /// when their content changes.
  public func invalidateIntrinsicContentSize() {
    layoutEngineInputsDidChange()
    superview?.arrangedSubviewContentSizeDidChange(self)
  }

  /// Sets `isHidden`. An arranged subview of a stack view hidden inside an animation block
  /// collapses with the block and its layer is hidden when the block's animations end, as UIKit
  /// shows it; elsewhere the layer is hidden at once.
  func setHidden(_ hidden: Bool) {
    let stack = superview.flatMap { $0.arranges(self) ? $0 : nil }
    let was = isHidden
    layoutState.hidingAtAnimationEnd = false
    if hidden, stack != nil, !layer.isHidden, let block = AnimationEngine.current.blocks.last, block.duration > 0 {
      layoutState.hidingAtAnimationEnd = true
      let group = block.group
      let then = group.completion
      group.completion = { [weak self] finished in
        if let self, self.layoutState.hidingAtAnimationEnd {
          self.layoutState.hidingAtAnimationEnd = false
          self.layer.isHidden = true
        }
        then?(finished)
      }
    } else {
      layer.isHidden = hidden
    }
    if was != hidden { stack?.arrangedSubviewVisibilityDidChange(self) }
  }

  /// Something Auto Layout reads changed in this view's hierarchy (a constraint, a guide, a
  /// margin, a content size): its engine updates before the next layout, which starts from the
  /// top of the hierarchy.
  func layoutEngineInputsDidChange() {
    let top = hierarchyTop
    guard let engine = top.layoutState.engine ?? (activeConstraintsBelow().isEmpty ? nil : top.makeLayoutEngine())
    else { return }
    engine.setNeedsUpdate()
    top.setNeedsLayout()
  }

  /// The topmost ancestor (this view when it has no superview).
  var hierarchyTop: View {
    var top = self
    while let parent = top.superview { top = parent }
    return top
  }

  private func makeLayoutEngine() -> LayoutEngine {
    let engine = LayoutEngine(root: self)
    layoutState.engine = engine
    // The hierarchy now uses Auto Layout: the views whose constraints were never asked for are.
    layoutState.subtreeNeedsUpdateConstraints = true
    return engine
  }

  /// Updates the hierarchy's Auto Layout if something changed (cheap otherwise).
  func updateLayoutEngineIfNeeded() { hierarchyTop.layoutState.engine?.updateIfNeeded() }

  /// Moves what Auto Layout knows when `view` joins this view's hierarchy: its own hierarchy's
  /// engine, if any, gives way to this one's.
  func layoutHierarchyDidAdd(_ view: View) {
    if view.layoutState.subtreeNeedsUpdateConstraints { markSubtreeNeedsUpdateConstraints() }
    let hadEngine = view.layoutState.engine != nil
    view.layoutState.engine = nil
    if hadEngine || hierarchyTop.layoutState.engine != nil { layoutEngineInputsDidChange() }
  }

  /// Before this view leaves its superview: the constraints between it (or what is below it)
  /// and the rest of the hierarchy are deactivated, as UIKit does; its hierarchy relayouts.
  func layoutHierarchyWillRemove() {
    let top = hierarchyTop
    guard top.layoutState.engine != nil else { return }
    let inside = Set(subtreeItems)
    for constraint in top.activeConstraintsBelow() {
      let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }.map(ObjectIdentifier.init)
      let touches = items.contains { inside.contains($0) }
      let crosses = items.contains { !inside.contains($0) }
      if touches && crosses { constraint.deactivate() }
    }
    top.layoutEngineInputsDidChange()
  }

  /// This view, the views below it and their guides.
  private var subtreeItems: [ObjectIdentifier] {
    var items = [ObjectIdentifier(self)]
    items += layoutState.guides.map(ObjectIdentifier.init)
    items += [layoutState.safeAreaGuide, layoutState.marginsGuide].compactMap { $0 }.map(ObjectIdentifier.init)
    return items + subviews.flatMap(\.subtreeItems)
  }

  /// Deactivates the constraints installed here or below that match `predicate`.
  func deactivateConstraints(where predicate: (LayoutConstraint) -> Bool) {
    for constraint in hierarchyTop.activeConstraintsBelow() where predicate(constraint) { constraint.deactivate() }
  }

  /// The default `layoutSubviews`: the subviews Auto Layout places take their solved frames.
  func applySolvedFrames() {
    guard let engine = hierarchyTop.layoutState.engine else { return }
    for subview in subviews where !subview.translatesAutoresizingMaskIntoConstraints {
      if let frame = engine.solvedFrame(of: subview), frame != subview.untransformedFrame {
        subview.untransformedFrame = frame
      }
    }
  }
}
