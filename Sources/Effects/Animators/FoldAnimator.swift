import Animator

/// Fold, an accordion (VCTransitionsLibrary, docs/effects.md#fold).
///
/// * Each screen is cut into 2N vertical strips of width f = W/(2N) (`folds` = N, default 2):
///   fold i is a left strip [2i·f, (2i+1)·f] and a right strip [(2i+1)·f, 2(i+1)·f], made with
///   `resizableSnapshotView` (old screen as it looks now, new screen after its layout).
/// * The container gets a strong perspective, d = 200 (sublayerTransform), about its centre.
///   Left strips hinge on their left edge (anchor (0, 0.5)) and turn with Ry(+θ); right strips
///   hinge on their right edge (anchor (1, 0.5)) and turn with Ry(−θ): every fold is a V-shaped
///   valley.
/// * With X = W (forward) or 0 (reverse) and X′ = 0 (forward) or W (reverse), one
///   `View.animate` (ease-in-ease-out, default 1.0 s) moves every hinge linearly in the eased
///   progress u:
///   old left strip i: 2i·f, 0° → X, +90°; old right strip i: 2(i+1)·f, 0° → X, −90°;
///   new left strip i: X′, +90° → 2i·f, 0°; new right strip i: X′, −90° → 2(i+1)·f, 0°.
///   Forward, the old screen concertinas into the right edge while the new one unfolds out of
///   the left; reverse, the other way round.
/// * Quirk kept from the original: the old strips' end transform is "Ry(±90°), then their own
///   perspective d = 200", so (through Core Animation's decomposition-based interpolation) they
///   also gain a perspective growing from 0 to d = 200 about their hinge.
/// * Shading, a black gradient (alpha 0 → 1) over each strip in unit space: left strips from
///   (0, 0.2) to (1, 0), right strips from (1, 0) to (0, 1); its view alpha goes 0 → 1 on old
///   strips and 1 → 0 on new strips.
/// * Stack: the real views are moved one screen width to the right (off-screen); then per
///   fold, fold 0 first: old-left, old-right, new-left, new-right. Black shows in the gaps.
/// * Completion: strips removed, both real views back in place, the container's
///   sublayerTransform restored.
@MainActor
public final class FoldAnimator: ReversibleAnimator {
  /// How many folds (2 × folds strips per screen), at least 1; settable, as the library's
  /// `folds` property (its tab demo sets 3).
  public var folds: Int {
    get { foldCount }
    set { foldCount = max(newValue, 1) }
  }
  private var foldCount: Int

  public init(reverse: Bool = false, duration: Double = 1.0, folds: Int = 2) {
    foldCount = max(folds, 1)
    super.init(reverse: reverse, duration: duration)
  }

  public override func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    let containerView = transitionContext.containerView
    toView.frame = transitionContext.finalFrame(for: toViewController)
    containerView.addSubview(toView)
    let containerSublayerTransform = containerView.layer.sublayerTransform
    containerView.layer.sublayerTransform = Transform3D.perspective(distance: 200)

    let frame = toView.frame
    let width = frame.width, height = frame.height
    let stripWidth = width / Double(2 * folds)
    let edge = frame.minX + (reverse ? 0 : width)
    let sourceEdge = frame.minX + (reverse ? width : 0)
    let stripPerspective = Transform3D.perspective(distance: 200)

    struct Strip {
      let view: View
      let veil: View
      let endX: Double
      let endTransform: Transform3D
      let endVeilAlpha: Double
    }
    var strips: [Strip] = []
    func makeStrip(of source: View, afterScreenUpdates: Bool, index: Int, left: Bool, isNew: Bool) -> Strip {
      let region = Rect(x: Double(index) * stripWidth, y: 0, width: stripWidth, height: height)
      let strip = source.resizableSnapshotView(
        from: region, afterScreenUpdates: afterScreenUpdates, withCapInsets: (0, 0, 0, 0))!
      strip.layer.anchorPoint = Point(x: left ? 0 : 1, y: 0.5)
      let homeX = frame.minX + Double(left ? index : index + 1) * stripWidth
      let angle = (left ? 1.0 : -1.0) * .pi / 2
      let gradient = GradientLayer()
      gradient.colors = [Color.black.withAlphaComponent(0), Color.black.withAlphaComponent(1)]
      gradient.startPoint = left ? Point(x: 0, y: 0.2) : Point(x: 1, y: 0)
      gradient.endPoint = left ? Point(x: 1, y: 0) : Point(x: 0, y: 1)
      let veil = View(frame: strip.bounds, layer: gradient)
      strip.addSubview(veil)
      if isNew {
        strip.layer.position = Point(x: sourceEdge, y: frame.midY)
        strip.layer.transform = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        veil.alpha = 1
        return Strip(view: strip, veil: veil, endX: homeX, endTransform: .identity, endVeilAlpha: 0)
      }
      strip.layer.position = Point(x: homeX, y: frame.midY)
      veil.alpha = 0
      return Strip(
        view: strip, veil: veil, endX: edge, endTransform: stripPerspective.rotated(by: angle, x: 0, y: 1, z: 0),
        endVeilAlpha: 1)
    }
    for fold in 0..<folds {
      strips.append(makeStrip(of: fromView, afterScreenUpdates: false, index: 2 * fold, left: true, isNew: false))
      strips.append(makeStrip(of: fromView, afterScreenUpdates: false, index: 2 * fold + 1, left: false, isNew: false))
      strips.append(makeStrip(of: toView, afterScreenUpdates: true, index: 2 * fold, left: true, isNew: true))
      strips.append(makeStrip(of: toView, afterScreenUpdates: true, index: 2 * fold + 1, left: false, isNew: true))
    }

    // The real views wait off-screen while their strips stand in for them.
    let fromCenter = fromView.center, toCenter = toView.center
    fromView.center = Point(x: fromCenter.x + width, y: fromCenter.y)
    toView.center = Point(x: toCenter.x + width, y: toCenter.y)
    for strip in strips { containerView.addSubview(strip.view) }

    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        for strip in strips {
          strip.view.center = Point(x: strip.endX, y: strip.view.center.y)
          strip.view.layer.transform = strip.endTransform
          strip.veil.alpha = strip.endVeilAlpha
        }
      },
      completion: { _ in
        for strip in strips { strip.view.removeFromSuperview() }
        fromView.center = fromCenter
        toView.center = toCenter
        containerView.layer.sublayerTransform = containerSublayerTransform
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
