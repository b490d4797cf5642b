import Foundation
import Pixels

/// A layer (CALayer): model values set at once, presentation values computed from the model and
/// the running animations at the virtual clock's time. Changes made inside an `animate` block
/// animate; changes outside do not.
@MainActor
open class Layer {
  /// The model values (what you set and read back). `sublayers` is kept empty here; the tree
  /// lives in `sublayers` below.
  var model = LayerSnapshot()
  var animations: [PropertyAnimation] = []
  /// Explicit animations (`add(_:forKey:)`), in the order they were added.
  var explicitAnimations: [AttachedAnimation] = []
  /// The layer this one is a sublayer of (held weakly); nil for a root.
  public private(set) weak var superlayer: Layer?
  /// Drawn in this order, back to front, within equal depth
  /// (docs/core-animation.md#layer-draw-order); change it with the add and insert methods.
  public private(set) var sublayers: [Layer] = []
  /// The view this layer backs, if any.
  public internal(set) weak var delegate: View?

  /// A layer with Core Animation's defaults: zero bounds at (0, 0), anchor (0.5, 0.5), opaque,
  /// no background, no shadow.
  public init() {}

  /// Copies the model values of `other` (not its sublayers or animations).
  public init(layer other: Layer) {
    model = other.model
  }

  var kind: LayerSnapshot.Kind {
    get { model.kind }
    set { model.kind = newValue }
  }

  /// A name for debugging, printed in snapshot text (default empty).
  public var name: String {
    get { model.name }
    set { model.name = newValue }
  }

  // MARK: Animatable properties

  func set(_ property: AnimatableProperty, _ value: AnimationValue) {
    let old = model.value(of: property)
    guard old != value else { return }
    AnimationEngine.current.layer(self, willChange: property, from: old, to: value)
    model.set(property, to: value)
  }

  /// The layer's own space, in points; its origin shifts where sublayers appear (scrolling). A
  /// new size marks the layer for layout, and for display when `needsDisplayOnBoundsChange`.
  public var bounds: Rect {
    get { model.bounds }
    set {
      if newValue.size != model.bounds.size {
        setNeedsLayout()
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
      }
      set(.bounds, .rect(newValue))
    }
  }
  /// Where the anchor point sits, in the superlayer's coordinates.
  public var position: Point {
    get { model.position }
    set { set(.position, .point(newValue)) }
  }
  /// Points towards the viewer (default 0); orders siblings in a 3D context before array order,
  /// sizes nothing without perspective (docs/core-animation.md#depth-sort-within-a-context).
  public var zPosition: Double {
    get { model.zPosition }
    set { set(.zPosition, .scalar(newValue)) }
  }
  /// Unit coordinates in bounds, (0,0) top-left. Changing it without changing `position`
  /// moves the layer (docs/core-animation.md#anchor-point-moves-the-layer).
  public var anchorPoint: Point {
    get { model.anchorPoint }
    set { set(.anchorPoint, .point(newValue)) }
  }
  /// The anchor point's z, in points (default 0). Not animatable.
  public var anchorPointZ: Double {
    get { model.anchorPointZ }
    set { model.anchorPointZ = newValue }
  }
  /// Applied about the anchor point.
  public var transform: Transform3D {
    get { model.transform }
    set { set(.transform, .transform(newValue)) }
  }
  /// Applied to every sublayer about this layer's anchor point; where perspective (m34) goes.
  public var sublayerTransform: Transform3D {
    get { model.sublayerTransform }
    set { set(.sublayerTransform, .transform(newValue)) }
  }
  /// 0...1, group opacity.
  public var opacity: Double {
    get { model.opacity }
    set { set(.opacity, .scalar(newValue)) }
  }
  /// nil = transparent.
  public var backgroundColor: Color? {
    get { model.backgroundColor }
    set {
      if let c = newValue { set(.backgroundColor, .color(c)) } else { model.backgroundColor = nil }
    }
  }
  /// Points (default 0), drawn clamped to half the bounds' shorter side; rounds the background,
  /// the border and, with `masksToBounds`, the clip.
  public var cornerRadius: Double {
    get { model.cornerRadius }
    set { set(.cornerRadius, .scalar(newValue)) }
  }
  /// Points (default 0), drawn inside the bounds over the contents and sublayers.
  public var borderWidth: Double {
    get { model.borderWidth }
    set { set(.borderWidth, .scalar(newValue)) }
  }
  /// Default opaque black; shown only where `borderWidth` > 0.
  public var borderColor: Color {
    get { model.borderColor }
    set { set(.borderColor, .color(newValue)) }
  }
  /// 0...1; 0, the default, draws no shadow (docs/core-animation.md#shadow-offset-points-up).
  public var shadowOpacity: Double {
    get { model.shadow?.opacity ?? 0 }
    set { set(.shadowOpacity, .scalar(newValue)) }
  }
  /// Blur radius in points (default 3).
  public var shadowRadius: Double {
    get { model.shadowStorage.radius }
    set { set(.shadowRadius, .scalar(newValue)) }
  }
  /// Default (0, −3): up, as on iOS.
  public var shadowOffset: Size {
    get { model.shadowStorage.offset }
    set { set(.shadowOffset, .size(newValue)) }
  }
  /// Default opaque black.
  public var shadowColor: Color {
    get { model.shadowStorage.color }
    set { set(.shadowColor, .color(newValue)) }
  }
  /// The shape the shadow is cast from, in the bounds space; nil (the default) casts it from
  /// what the layer draws (docs/core-animation.md#shadow-path-is-the-shadows-shape).
  public var shadowPath: ShapePath? {
    get { model.shadowPath }
    set { model.shadowPath = newValue }
  }

  // MARK: Plain properties (not animatable, as in Core Animation)

  /// True draws nothing of the layer or its sublayers (default false); it does not animate.
  public var isHidden: Bool {
    get { model.isHidden }
    set { model.isHidden = newValue }
  }
  /// False hides the layer and its sublayers while their back faces the viewer (default true,
  /// docs/core-animation.md#back-faces-are-culled).
  public var isDoubleSided: Bool {
    get { model.isDoubleSided }
    set { model.isDoubleSided = newValue }
  }
  /// True clips contents and sublayers to the bounds, rounded by `cornerRadius`, and removes the
  /// layer's shadow (default false; docs/core-animation.md#masks-to-bounds-clips).
  public var masksToBounds: Bool {
    get { model.masksToBounds }
    set { model.masksToBounds = newValue }
  }
  /// The corners `cornerRadius` rounds (default all four; docs/core-animation.md#masked-corners).
  public var maskedCorners: CornerMask {
    get { model.maskedCorners }
    set { model.maskedCorners = newValue }
  }
  /// What the layer draws over its background (a picture, a frozen subtree, laid-out text);
  /// nil draws nothing.
  public var contents: Contents? {
    get { model.contents }
    set { model.contents = newValue }
  }
  /// Where a picture goes in the bounds (default `resize`: stretched over them).
  public var contentsGravity: ContentsGravity {
    get { model.contentsGravity }
    set { model.contentsGravity = newValue }
  }
  /// Pixels of a picture per point (default 1): its natural size for the gravities that keep it.
  public var contentsScale: Double {
    get { model.contentsScale }
    set { model.contentsScale = newValue }
  }

  // MARK: Layout and display (CALayer's update cycle)

  /// True once `setNeedsLayout()` was called (or the bounds' size changed) and the sublayers
  /// have not been laid out since.
  public private(set) var needsLayout = false

  /// Marks the sublayers' layout as stale: the delegate's `layoutSublayers(of:)` runs before
  /// the next snapshot is taken.
  public func setNeedsLayout() { needsLayout = true }

  /// Lays out the sublayers now if their layout is stale.
  public func layoutIfNeeded() {
    guard needsLayout else { return }
    needsLayout = false
    layoutSublayers()
  }

  /// Asks the delegate (the view) to lay out the sublayers (CALayer.layoutSublayers).
  open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

  /// True once `setNeedsDisplay()` was called and `display()` has not run since.
  public private(set) var needsDisplay = false
  /// When true, a change of the bounds' size marks the layer as needing display (what
  /// UIView's `.redraw` content mode sets).
  public var needsDisplayOnBoundsChange = false

  /// Marks the contents as stale: the delegate's `display(_:)` refills them before the next
  /// snapshot is taken.
  public func setNeedsDisplay() { needsDisplay = true }

  /// Refills the contents now if they are stale.
  public func displayIfNeeded() {
    guard needsDisplay else { return }
    needsDisplay = false
    display()
  }

  /// Asks the delegate (the view) to set the contents (CALayer.display).
  open func display() { delegate?.display(self) }

  /// The frame in the superlayer's coordinates: the bounding box of the bounds mapped through
  /// the anchor, transform (affine part) and position. Setting it moves `position` and sets
  /// `bounds.size` (divided by the transform's scale when there is one).
  public var frame: Rect {
    get {
      let b = model.bounds
      let t = model.transform.affine
      let ax = model.anchorPoint.x * b.width, ay = model.anchorPoint.y * b.height
      let corners = [(0.0, 0.0), (b.width, 0), (b.width, b.height), (0, b.height)].map { c in
        t.apply(Point(x: c.0 - ax, y: c.1 - ay))
      }
      let xs = corners.map(\.x), ys = corners.map(\.y)
      return Rect(
        x: model.position.x + xs.min()!, y: model.position.y + ys.min()!,
        width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
    set {
      let t = model.transform.affine
      var size = newValue.size
      if !model.transform.isIdentity {
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        if sx > 0 { size.width /= sx }
        if sy > 0 { size.height /= sy }
      }
      var b = model.bounds
      b.size = size
      bounds = b
      position = Point(
        x: newValue.minX + model.anchorPoint.x * newValue.width,
        y: newValue.minY + model.anchorPoint.y * newValue.height)
    }
  }

  // MARK: Sublayers

  /// Moves `layer` from wherever it is to the front, the end of `sublayers`.
  public func addSublayer(_ layer: Layer) { insertSublayer(layer, at: sublayers.count) }

  /// Moves `layer` to `index` of `sublayers`, clamped to 0...count.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    layer.removeFromSuperlayer()
    sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
    layer.superlayer = self
  }

  /// Moves `layer` just in front of `sibling`; at the end when `sibling` is not a sublayer.
  public func insertSublayer(_ layer: Layer, above sibling: Layer) {
    layer.removeFromSuperlayer()
    let i = sublayers.firstIndex { $0 === sibling }.map { $0 + 1 } ?? sublayers.count
    insertSublayer(layer, at: i)
  }

  /// Moves `layer` just behind `sibling`; at the start when `sibling` is not a sublayer.
  public func insertSublayer(_ layer: Layer, below sibling: Layer) {
    layer.removeFromSuperlayer()
    let i = sublayers.firstIndex { $0 === sibling } ?? 0
    insertSublayer(layer, at: i)
  }

  /// Removing a layer that has no superlayer does nothing.
  public func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent.sublayers.removeAll { $0 === self }
    superlayer = nil
  }

  /// Removes every animation; their completions report `finished == false`, and the delegates
  /// of explicit animations that had not stopped are told they stopped unfinished.
  public func removeAllAnimations() {
    let engine = AnimationEngine.current
    for animation in animations { engine.remove(animation, from: self) }
    for attached in explicitAnimations { engine.detach(attached, from: self) }
  }

  // MARK: Snapshots

  /// The presentation state of this layer and its subtree at the engine's current time, after
  /// the update cycle: each layer is laid out and displayed if needed before its sublayers
  /// are taken (docs/core-animation.md#layout-then-display), and its colours are resolved for
  /// the appearance its view shows (docs/colors.md#resolved-at-the-snapshot).
  public func presentationSnapshot() -> LayerSnapshot { snapshot(presenting: true, inheriting: inheritedStyle) }

  /// The model state of this layer and its subtree: what it will look like when every running
  /// animation has ended.
  public func modelSnapshot() -> LayerSnapshot { snapshot(presenting: false, inheriting: inheritedStyle) }

  /// The appearance of the nearest view above this layer, the screen's when there is none.
  private var inheritedStyle: UserInterfaceStyle {
    var above = superlayer
    while let layer = above {
      if let view = layer.delegate { return view.effectiveStyle }
      above = layer.superlayer
    }
    return Screen.main.traitCollection.userInterfaceStyle
  }

  /// This layer and its subtree in the appearance it shows (its view's, else `inherited`):
  /// updated with that appearance's traits as `TraitCollection.current`, with the presentation
  /// values when `presenting` (else the model's), colours resolved.
  private func snapshot(presenting: Bool, inheriting inherited: UserInterfaceStyle) -> LayerSnapshot {
    let style = delegate?.style(inheriting: inherited) ?? inherited
    let traits = TraitCollection(userInterfaceStyle: style)
    traits.performAsCurrent {
      delegate?.noteStyle(style)
      layoutIfNeeded()
      displayIfNeeded()
    }
    var s = model
    if presenting {
      let now = AnimationEngine.current.now
      for property in AnimatableProperty.allCases where isAnimating(property) {
        s.set(property, to: presentationValue(of: property, at: now))
      }
    }
    s.resolveColors(with: traits)
    s.sublayers = sublayers.map { $0.snapshot(presenting: presenting, inheriting: style) }
    return s
  }

  /// The on-screen value of one property: the model, replaced by the latest non-additive
  /// animation, plus the deltas of additive ones; then each explicit animation in the order
  /// they were added, on what is beneath it (docs/core-animation.md#explicit-animations).
  func presentationValue(of property: AnimatableProperty, at now: Double) -> AnimationValue {
    var value = model.value(of: property)
    for animation in animations where animation.property == property {
      let local = animation.timeBase.localTime(at: now)
      let v = animation.value(atLocal: local)
      value = animation.additive ? value.plus(v) : v
    }
    for attached in explicitAnimations where attached.properties.contains(property) {
      value = attached.apply(to: value, of: property, at: now)
    }
    return value
  }

  /// True when an animation (of `View.animate` or explicit) may change `property`.
  private func isAnimating(_ property: AnimatableProperty) -> Bool {
    animations.contains { $0.property == property } || explicitAnimations.contains { $0.properties.contains(property) }
  }
}

/// CATransformLayer: draws nothing itself and keeps its sublayers in its parent's 3D space
/// instead of flattening them.
@MainActor
public final class TransformLayer: Layer {
  /// An empty 3D container: its sublayers stay in the parent's 3D space.
  public override init() {
    super.init()
    kind = .transformLayer
  }
}

/// CAGradientLayer: a linear gradient in the layer's unit square.
@MainActor
public final class GradientLayer: Layer {
  /// A gradient with no colours (it draws nothing), from top centre to bottom centre.
  public override init() {
    super.init()
    kind = .gradient(Gradient(colors: []))
  }
  private var gradient: Gradient {
    get {
      if case .gradient(let g) = kind { return g }
      return Gradient(colors: [])
    }
    set { kind = .gradient(newValue) }
  }
  /// The gradient's colours, from `startPoint` to `endPoint`; none draws nothing. Not animatable here.
  public var colors: [Color] {
    get { gradient.colors }
    set { gradient.colors = newValue }
  }
  /// Stop positions in 0...1; nil spreads the colors evenly.
  public var locations: [Double]? {
    get { gradient.locations }
    set { gradient.locations = newValue }
  }
  /// Unit coordinates; default (0.5, 0).
  public var startPoint: Point {
    get { gradient.startPoint }
    set { gradient.startPoint = newValue }
  }
  /// Unit coordinates; default (0.5, 1).
  public var endPoint: Point {
    get { gradient.endPoint }
    set { gradient.endPoint = newValue }
  }
}

extension Layer {
  /// A detached layer tree whose model values are `snapshot`'s (what `presentation()` returns).
  convenience init(presenting snapshot: LayerSnapshot) {
    self.init()
    model = snapshot
    model.sublayers = []
    for child in snapshot.sublayers { addSublayer(Layer(presenting: child)) }
  }
}
