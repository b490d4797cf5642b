import Foundation
import Animator

/// Cards (VCTransitionsLibrary, docs/effects.md#cards): the old screen tips back like a card and
/// sinks while the new one rises from the bottom.
///
/// Two transforms (d = 900, built as the original does: perspective first, the rest prepended):
/// * T1 = first Rx(+15°) (top tips away), then uniform scale 0.95 (z untouched), then
///   perspective d = 900. For 320 × 568: top edge y = 43, x 19.5 → 300.5; bottom edge y = 568,
///   x −5.5 → 325.5.
/// * T2 = first scale 0.8, then translate up by 0.08·H, then the same perspective (no visible
///   effect on a flat view). Corners x 32 → 288, y 11.4 → 465.8.
///
/// Forward (`reverse == false`): the new view starts just below the screen (origin y = H),
/// above the old view. `View.animateKeyframes` (cubic calculation mode, overall
/// ease-in-ease-out, default 1.0 s): key 0–0.4 old → T1 and alpha 0.6; key 0.2–0.6 old → T2
/// (overlapping: the later keyframe takes over from its own start); key 0.6–0.8 new view up to
/// y = H − 30 (a 30-pt peek); key 0.8–1 new view to y = 0.
///
/// Reverse: the new view sits below at full frame, scale 0.6, alpha 0.6. Keyframes: key 0–0.5
/// the old view drops to y = H; key 0.35–0.7 the new view → T1, alpha 1; key 0.75–1 → identity.
///
/// Completion: every transform, alpha and frame it changed is put back (the library leaves the
/// old view at T2/0.6, which a later pop would inherit).
@MainActor
public final class CardsAnimator: ReversibleAnimator {
  /// `reverse`: the library's flag (pop, dismiss, a tab to a higher index); `duration`:
  /// seconds, 1 by default as in the catalog (`--param duration`: 0.05...10).
  public override init(reverse: Bool, duration: Double = 1.0) {
    super.init(reverse: reverse, duration: duration)
  }

  public override func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    let containerView = transitionContext.containerView
    let finalFrame = transitionContext.finalFrame(for: toViewController)
    let height = containerView.bounds.height
    let fromFrame = fromView.frame

    let perspective = Transform3D.perspective(distance: 900)
    let t1 = perspective.scaledBy(x: 0.95, y: 0.95, z: 1).rotated(by: 15 * .pi / 180, x: 1, y: 0, z: 0)
    let t2 = perspective.translatedBy(x: 0, y: -0.08 * height, z: 0).scaledBy(x: 0.8, y: 0.8, z: 1)

    if !reverse {
      toView.frame = finalFrame.offsetBy(dx: 0, dy: height)
      containerView.insertSubview(toView, aboveSubview: fromView)
      View.animateKeyframes(
        withDuration: transitionDuration(using: transitionContext), delay: 0, options: .calculationModeCubic,
        animations: {
          View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.4) {
            fromView.layer.transform = t1
            fromView.alpha = 0.6
          }
          View.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.4) {
            fromView.layer.transform = t2
          }
          View.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) {
            toView.frame = toView.frame.offsetBy(dx: 0, dy: -30)
          }
          View.addKeyframe(withRelativeStartTime: 0.8, relativeDuration: 0.2) {
            toView.frame = finalFrame
          }
        },
        completion: { _ in
          fromView.layer.transform = .identity
          fromView.alpha = 1
          toView.frame = finalFrame
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    } else {
      toView.frame = finalFrame
      toView.layer.transform = Transform3D(scaleX: 0.6, y: 0.6, z: 1)
      toView.alpha = 0.6
      containerView.insertSubview(toView, belowSubview: fromView)
      View.animateKeyframes(
        withDuration: transitionDuration(using: transitionContext), delay: 0, options: .calculationModeCubic,
        animations: {
          View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
            fromView.frame = fromFrame.offsetBy(dx: 0, dy: height)
          }
          View.addKeyframe(withRelativeStartTime: 0.35, relativeDuration: 0.35) {
            toView.layer.transform = t1
            toView.alpha = 1
          }
          View.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
            toView.layer.transform = .identity
          }
        },
        completion: { _ in
          fromView.frame = fromFrame
          toView.layer.transform = .identity
          toView.alpha = 1
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
  }
}
