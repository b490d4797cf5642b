import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
/// A view (UIView): a layer plus the view API. Geometry, alpha, color and transform forward to
/// the layer, so a view animates exactly as its layer does.
@MainActor
open class View {
  /// The backing layer (its delegate is this view).
  public let layer: Layer
  /// The view this one is a subview of (nil: none, as a window or a view not added). Weak: the
  /// superview owns its subviews.
  public private(set) weak var superview: View?
  /// The subviews, back to front: the last is drawn on top and hit first.
  public private(set) var subviews: [View] = []
  /// Debugging name, shown in snapshot text.
  public var name: String {
    get { layer.name }
    set { layer.name = newValue }
  }
  /// Whether scripted touches can reach this view (default true): hit-testing skips a view with
  /// it false, and its subviews, and the touch goes to the view beneath
  /// (docs/uikit-transitions.md#hit-testing).
  public var isUserInteractionEnabled = true
  /// Recognizers attached with `addGestureRecognizer`.
  public internal(set) var gestureRecognizers: [GestureRecognizer] = []
  /// UIView.tintAdjustmentMode: whether tint colors show dimmed (behind a modal, as seed 001's
  /// animator sets it). Not animatable, as in UIKit. Views here draw no tint-colored content,
  /// so no pixel depends on it.
  public var tintAdjustmentMode: ViewTintAdjustmentMode = .automatic
  /// UIView.overrideUserInterfaceStyle: the appearance of this view and its subviews, except
  /// the root views of other view controllers and what is below them; `.unspecified` (the
  /// default) inherits. A window's applies to everything in it
  /// (docs/colors.md#appearance-is-inherited).
  public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified
  /// The view controller whose root view this is.
  weak var owningViewController: ViewController?
  /// The appearance of the last snapshot taken of this view; nil before the first.
  var drawnStyle: UserInterfaceStyle?
  /// Autoresizing, Auto Layout and the layout pass (Sources/Animator/Layout).
  var layoutState = ViewLayoutState()

  // Hooks of a stack view (StackView overrides them).
  /// Whether `view` is one of the views this view arranges.
  func arranges(_ view: View) -> Bool { false }
  /// `view`, a subview, is about to leave this view.
  func subviewWillLeave(_ view: View) {}
  /// `view`, an arranged subview, was shown or hidden.
  func arrangedSubviewVisibilityDidChange(_ view: View) {}
  /// `view`, an arranged subview, changed its intrinsic content size.
  func arrangedSubviewContentSizeDidChange(_ view: View) {}

  /// A view at `frame` (default `.zero`) backed by a new layer: no background, shown, opaque
  /// (alpha 1), taking touches.
  public init(frame: Rect = .zero) {
    layer = Layer()
    layer.delegate = self
    self.frame = frame
  }

  /// Wraps an existing layer (used for gradient- and transform-layer–backed views).
  public init(frame: Rect = .zero, layer: Layer) {
    self.layer = layer
    layer.delegate = self
    self.frame = frame
  }

  // MARK: Geometry

  /// Undefined under a non-identity transform, as on iOS
  /// (docs/core-animation.md#frame-is-undefined-under-a-transform): use bounds and center.
  /// Setting it resizes the subviews by their autoresizing masks when the size changes.
  public var frame: Rect {
    get { layer.frame }
    set {
      let old = layer.bounds.size
      layer.frame = newValue
      geometryDidChange(oldSize: old)
    }
  }
  /// Setting it resizes the subviews by their autoresizing masks when the size changes.
  public var bounds: Rect {
    get { layer.bounds }
    set {
      let old = layer.bounds.size
      layer.bounds = newValue
      geometryDidChange(oldSize: old)
    }
  }
  /// The layer's position: with a non-default anchorPoint it is not the frame's midpoint.
  public var center: Point {
    get { layer.position }
    set {
      layer.position = newValue
      geometryDidChange(oldSize: layer.bounds.size)
    }
  }
  /// The affine part of the layer's transform, applied about the anchor point.
  public var transform: AffineTransform {
    get { layer.transform.affine }
    set { layer.transform = Transform3D(newValue) }
  }
  /// The full 3D transform (UIView.transform3D).
  public var transform3D: Transform3D {
    get { layer.transform }
    set { layer.transform = newValue }
  }
  /// 0...1; group opacity.
  public var alpha: Double {
    get { layer.opacity }
    set { layer.opacity = newValue }
  }
  /// The layer's `backgroundColor`, filling the bounds under the contents and subviews, rounded
  /// by `layer.cornerRadius` (nil, the default: none). Animatable.
  public var backgroundColor: Color? {
    get { layer.backgroundColor }
    set { layer.backgroundColor = newValue }
  }
  /// A hidden arranged subview of a stack view collapses; hidden inside an animation block it
  /// stays drawn until the block's animations end (docs/layout.md#stack-views).
  public var isHidden: Bool {
    get { layoutState.hidingAtAnimationEnd ? true : layer.isHidden }
    set { setHidden(newValue) }
  }
  /// The layer's `masksToBounds` (default false): true clips the contents and subviews to the
  /// bounds and corner radius, and removes the shadow
  /// (docs/core-animation.md#masks-to-bounds-clips).
  public var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  // MARK: Content and size

  /// How the view's contents fill its bounds (UIView.ContentMode).
  public enum ContentMode: Sendable, CaseIterable {
    /// Stretched over the bounds (the default).
    case scaleToFill
    /// Scaled by the smaller ratio to fit inside the bounds, centred.
    case scaleAspectFit
    /// Scaled by the larger ratio to cover the bounds, centred; the overflow shows unless clipped.
    case scaleAspectFill
    /// Stretched as `scaleToFill`, and redrawn when the bounds' size changes.
    case redraw
    /// At its natural size (pixels over `contentsScale`), centred.
    case center
    /// At its natural size, centred along the top edge.
    case top
    /// At its natural size, centred along the bottom edge.
    case bottom
    /// At its natural size, centred along the left edge.
    case left
    /// At its natural size, centred along the right edge.
    case right
    /// At its natural size, in the top-left corner.
    case topLeft
    /// At its natural size, in the top-right corner.
    case topRight
    /// At its natural size, in the bottom-left corner.
    case bottomLeft
    /// At its natural size, in the bottom-right corner.
    case bottomRight
  }

  /// Default `scaleToFill`; `redraw` redraws the contents when the bounds' size changes
  /// (docs/core-animation.md#contents-gravity).
  public var contentMode: ContentMode = .scaleToFill {
    didSet {
      layer.contentsGravity = Self.gravity(of: contentMode)
      layer.needsDisplayOnBoundsChange = contentMode == .redraw
    }
  }

  static func gravity(of mode: ContentMode) -> ContentsGravity {
    switch mode {
    case .scaleToFill, .redraw: return .resize
    case .scaleAspectFit: return .resizeAspect
    case .scaleAspectFill: return .resizeAspectFill
    case .center: return .center
    case .top: return .top
    case .bottom: return .bottom
    case .left: return .left
    case .right: return .right
    case .topLeft: return .topLeft
    case .topRight: return .topRight
    case .bottomLeft: return .bottomLeft
    case .bottomRight: return .bottomRight
    }
  }

  /// The subviews' layout is stale: `layoutSubviews()` runs before the next snapshot (and
  /// whenever the bounds' size changes).
  public func setNeedsLayout() { layer.setNeedsLayout() }

  /// Lays out now what needs it: from the highest ancestor in an unbroken chain of ancestors
  /// that need layout, that view and everything below it, top-down, until nothing needs
  /// layout (docs/layout.md#the-layout-cycle). Inside an animation block the frames it sets
  /// animate.
  public func layoutIfNeeded() { runLayoutPass() }

  /// Sets the subviews' frames from this view's bounds; the default gives the subviews Auto
  /// Layout places their solved frames (docs/layout.md#the-layout-cycle).
  open func layoutSubviews() { applySolvedFrames() }

  /// UIView.requiresConstraintBasedLayout: true for a class that makes its constraints in
  /// `updateConstraints()`, so that the update-constraints pass
  /// (docs/layout.md#the-update-constraints-pass) runs in its hierarchy before any constraint exists.
  open class var requiresConstraintBasedLayout: Bool { false }

  /// UIView.updateConstraints: override to make or change this view's constraints, calling
  /// `super.updateConstraints()` last. Called by that pass; call `setNeedsUpdateConstraints()`
  /// to have it called again, never directly.
  open func updateConstraints() {}

  /// CALayerDelegate: the backing layer lays out through the view controller's
  /// `viewWillLayoutSubviews()`, `layoutSubviews()`, then `viewDidLayoutSubviews()`.
  public func layoutSublayers(of layer: Layer) { layOutSubviewsInOrder() }

  /// The layer's contents are stale: `display(_:)` runs before the next snapshot.
  public func setNeedsDisplay() { layer.setNeedsDisplay() }

  /// Fills `layer.contents` (CALayerDelegate.display); a view that draws overrides it. The
  /// default leaves the contents as they are.
  open func display(_ layer: Layer) {}

  /// UIView.traitCollectionDidChange: the view's effective appearance differs from the one of
  /// the last frame drawn (`previousTraitCollection` nil: this is the first). Called while a
  /// frame's snapshot is taken, before the view is laid out and drawn, with its traits as
  /// `TraitCollection.current`. The default does nothing.
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

  /// UIView.safeAreaInsetsDidChange: called when a layout pass finds this view's
  /// `safeAreaInsets` changed (a view entering a window under a bar, a bar shown or hidden,
  /// `additionalSafeAreaInsets` set), before the view is laid out; a view that places its
  /// content by its safe area calls `setNeedsLayout()` here (docs/layout.md#safe-area-changes).
  /// The default does nothing.
  open func safeAreaInsetsDidChange() {}

  /// What a view redoes itself when its appearance changes (a label lays its text out again
  /// in the new colour), whatever a subclass's `traitCollectionDidChange` does.
  func effectiveAppearanceDidChange() {}

  /// UIView.noIntrinsicMetric: no natural size along that axis.
  public static let noIntrinsicMetric = -1.0

  /// The size the view would like within `size` (UIView.sizeThatFits); the default is the
  /// current bounds size.
  open func sizeThatFits(_ size: Size) -> Size { bounds.size }

  /// The view's natural size, `noIntrinsicMetric` on axes it has none (the default, both).
  open var intrinsicContentSize: Size { Size(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric) }

  /// Resizes the bounds to `sizeThatFits(bounds.size)`, keeping the frame's top-left corner.
  public func sizeToFit() {
    let origin = frame.origin
    frame = Rect(origin: origin, size: sizeThatFits(bounds.size))
  }

  // MARK: Hierarchy

  /// Puts `view` in front of the subviews, taking it from its superview; moving a subview within
  /// this view keeps its constraints.
  public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

  /// Puts `view` at `index` of `subviews` (clamped to 0...count), taking it from its superview.
  public func insertSubview(_ view: View, at index: Int) {
    // Moving a subview within this view keeps its constraints (it does not leave the hierarchy).
    let moving = view.superview === self
    if moving { view.detachFromSuperview() } else { view.removeFromSuperview() }
    let i = min(max(index, 0), subviews.count)
    // The layer goes just below the layer of the subview it is inserted before, so sublayers
    // added directly to this view's layer keep their place.
    if i < subviews.count {
      layer.insertSublayer(view.layer, below: subviews[i].layer)
    } else {
      layer.addSublayer(view.layer)
    }
    subviews.insert(view, at: i)
    view.superview = self
    if !moving {
      layoutHierarchyDidAdd(view)
      view.safeAreaMayHaveChanged()
    }
  }

  /// The view (with what is below it) entered a hierarchy, where its safe area may differ:
  /// what follows the safe area by itself (a scroll view's resting offset) is laid out again.
  func safeAreaMayHaveChanged() {
    for subview in subviews { subview.safeAreaMayHaveChanged() }
  }

  /// Puts `view` just above `sibling`, or in front when `sibling` is not a subview.
  public func insertSubview(_ view: View, aboveSubview sibling: View) {
    if view.superview !== self { view.removeFromSuperview() } else { view.detachFromSuperview() }
    insertSubview(view, at: (subviews.firstIndex { $0 === sibling }.map { $0 + 1 }) ?? subviews.count)
  }

  /// Puts `view` just below `sibling`, or at the back when `sibling` is not a subview.
  public func insertSubview(_ view: View, belowSubview sibling: View) {
    if view.superview !== self { view.removeFromSuperview() } else { view.detachFromSuperview() }
    insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
  }

  /// Moves the subview `view` in front of the others; a view that is not a subview is left alone.
  public func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    insertSubview(view, at: subviews.count)
  }

  /// Moves the subview `view` behind the others; a view that is not a subview is left alone.
  public func sendSubviewToBack(_ view: View) {
    guard view.superview === self else { return }
    insertSubview(view, at: 0)
  }

  /// Removing a view that has no superview does nothing.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviewWillLeave(self)
    layoutHierarchyWillRemove()
    detachFromSuperview()
  }

  /// Takes the view out of its superview's subviews and its layer out of the superlayer.
  private func detachFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    layer.removeFromSuperlayer()
  }

  /// Whether `view` is this view or one of its descendants.
  public func isDescendant(of view: View) -> Bool {
    var v: View? = self
    while let current = v {
      if current === view { return true }
      v = current.superview
    }
    return false
  }

  // MARK: Snapshots

  /// A view showing a frozen image of this view as it looks now (presentation values), or
  /// with pending changes applied (model values) when `afterScreenUpdates` is true. Its frame
  /// is this view's frame. Optional as in UIKit, which returns nil for a view it cannot draw;
  /// here every view can be drawn, so it is never nil.
  public func snapshotView(afterScreenUpdates: Bool) -> View? {
    resizableSnapshotView(from: bounds, afterScreenUpdates: afterScreenUpdates)
  }

  /// A view showing the part `rect` (in this view's bounds coordinates) of a frozen image of
  /// this view; its frame is `rect` converted to the superview's space for an untransformed
  /// view. `capInsets` are accepted and ignored (the snapshot is stretched as a whole). Never
  /// nil (see `snapshotView(afterScreenUpdates:)`).
  public func resizableSnapshotView(
    from rect: Rect, afterScreenUpdates: Bool, withCapInsets capInsets: (Double, Double, Double, Double) = (0, 0, 0, 0)
  ) -> View? {
    var tree = afterScreenUpdates ? layer.modelSnapshot() : layer.presentationSnapshot()
    // The frozen image shows the view in its own bounds: no position, transform or alpha.
    tree.position = Point(x: tree.anchorPoint.x * tree.bounds.width, y: tree.anchorPoint.y * tree.bounds.height)
    tree.transform = .identity
    tree.opacity = 1
    tree.isHidden = false
    let crop = Rect(
      x: rect.origin.x - tree.bounds.origin.x, y: rect.origin.y - tree.bounds.origin.y, width: rect.width,
      height: rect.height)
    let snapshot = View(
      frame: Rect(x: frame.minX + crop.origin.x, y: frame.minY + crop.origin.y, width: rect.width, height: rect.height))
    snapshot.name = "snapshot(\(name.isEmpty ? "view" : name))"
    snapshot.layer.contents = .layerTree(AnimationEngine.current.freeze(tree), rect: crop)
    return snapshot
  }
}
