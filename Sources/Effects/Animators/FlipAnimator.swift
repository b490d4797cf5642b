import Foundation
import Animator

/// Flip, a book-page turn (VCTransitionsLibrary, docs/effects.md#flip).
///
/// * Both screens are cut into left and right half-page images (W/2 × H): the old screen as
///   it looks now, the new one after its layout. The container gets perspective d = 500
///   (sublayerTransform m34 = −1/500) about its centre, so the spine x = W/2 passes through
///   the vanishing point. The real views are hidden behind the halves.
/// * Sibling order, back to front: new-left, new-right, old-left, old-right. Every half is
///   hinged on the spine (anchor on its spine edge, frame kept).
/// * Forward (`reverse == false`): phase 1 (key times 0–0.5) the old **left** half turns
///   Ry 0 → +90° (its free edge lifts toward the viewer); phase 2 (0.5–1) the new **right**
///   half turns Ry −90° → −0.001 rad. Reverse: old **right** half 0 → −90°, then new **left**
///   half +90° → +0.001 rad. The 0.001 rad left over keeps the landed half's far edge a hair in
///   front of the static half under it, so depth sorting draws it on top
///   (docs/effects.md#landed-half-wins-the-depth-sort).
/// * `View.animateKeyframes`, linear calculation mode, overall ease-in-ease-out, default 1.0 s:
///   phase-1 angle = 90°·2E(t) for t ≤ 0.5, phase-2 angle = 90°·(2 − 2E(t)) after.
/// * Shadows: each moving half carries a horizontal black gradient, alpha 0 at its outer edge
///   → 0.5 at the spine, as a child view whose alpha goes 0 → 1 in phase 1 (outgoing half) and
///   1 → 0 in phase 2 (incoming half).
/// * Completion: halves removed, real views shown again, the container's sublayerTransform put
///   back. (The owner then removes the old view on success, the new one on cancel.)
@MainActor
public final class FlipAnimator: ReversibleAnimator {
  /// `reverse`: the library's flag (pop, dismiss, a tab to a higher index); `duration`:
  /// seconds, 1 by default as in the catalog (`--param duration`: 0.05...10).
  public override init(reverse: Bool = false, duration: Double = 1.0) {
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
    containerView.layer.sublayerTransform = Transform3D.perspective(distance: 500)

    // Half-page images, placed where they were. The halves are of what each view shows: its
    // bounds, whose origin is a scroll view's content offset.
    func halves(of view: View, afterScreenUpdates: Bool) -> (View, View) {
      // Laid out first: a table entering the screen rests below its bars.
      if afterScreenUpdates { view.layoutIfNeeded() }
      let b = view.bounds
      let left = Rect(x: b.minX, y: b.minY, width: b.width / 2, height: b.height)
      let right = Rect(x: b.midX, y: b.minY, width: b.width / 2, height: b.height)
      return (
        view.resizableSnapshotView(from: left, afterScreenUpdates: afterScreenUpdates, withCapInsets: (0, 0, 0, 0))!,
        view.resizableSnapshotView(from: right, afterScreenUpdates: afterScreenUpdates, withCapInsets: (0, 0, 0, 0))!
      )
    }
    let (toLeft, toRight) = halves(of: toView, afterScreenUpdates: true)
    let (fromLeft, fromRight) = halves(of: fromView, afterScreenUpdates: false)
    let halves = [toLeft, toRight, fromLeft, fromRight]
    for half in halves { containerView.addSubview(half) }
    let fromWasHidden = fromView.isHidden, toWasHidden = toView.isHidden
    fromView.isHidden = true
    toView.isHidden = true

    // Hinge every half on the spine, keeping its frame.
    for half in [toLeft, fromLeft] { setAnchor(Point(x: 1, y: 0.5), of: half) }
    for half in [toRight, fromRight] { setAnchor(Point(x: 0, y: 0.5), of: half) }

    let flipping = reverse ? fromRight : fromLeft
    let landing = reverse ? toLeft : toRight
    let sign: Double = reverse ? -1 : 1
    let flippingShadow = addShadow(to: flipping, outerEdgeOnLeft: !reverse)
    flippingShadow.alpha = 0
    let landingShadow = addShadow(to: landing, outerEdgeOnLeft: reverse)
    landingShadow.alpha = 1
    landing.layer.transform = Transform3D(rotationAngle: -sign * .pi / 2, x: 0, y: 1, z: 0)

    View.animateKeyframes(
      withDuration: transitionDuration(using: transitionContext), delay: 0, options: .calculationModeLinear,
      animations: {
        View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          flipping.layer.transform = Transform3D(rotationAngle: sign * .pi / 2, x: 0, y: 1, z: 0)
          flippingShadow.alpha = 1
        }
        View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          landing.layer.transform = Transform3D(rotationAngle: -sign * 0.001, x: 0, y: 1, z: 0)
          landingShadow.alpha = 0
        }
      },
      completion: { _ in
        for half in halves { half.removeFromSuperview() }
        fromView.isHidden = fromWasHidden
        toView.isHidden = toWasHidden
        containerView.layer.sublayerTransform = containerSublayerTransform
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }

  /// A black gradient over `half`: alpha 0 at its outer edge, 0.5 at the spine.
  private func addShadow(to half: View, outerEdgeOnLeft: Bool) -> View {
    let gradient = GradientLayer()
    gradient.colors = [Color.black.withAlphaComponent(0), Color.black.withAlphaComponent(0.5)]
    gradient.startPoint = Point(x: outerEdgeOnLeft ? 0 : 1, y: 0.5)
    gradient.endPoint = Point(x: outerEdgeOnLeft ? 1 : 0, y: 0.5)
    let shadow = View(frame: half.bounds, layer: gradient)
    half.addSubview(shadow)
    return shadow
  }
}
