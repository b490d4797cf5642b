import Foundation
import Animator

/// NatGeo (VCTransitionsLibrary after MHNatGeoViewControllerTransition, docs/effects.md#natgeo): the
/// old screen swings away about its left edge like a door while the new one swoops in from the
/// right foreground.
///
/// Transforms, each ending in perspective d = 500 (built perspective first, the rest prepended):
/// * source-last, about the view's **left-edge midpoint**: first translate (+170, 0, −30), then
///   Ry(+80°), then perspective — a sliver at the left edge (left edge x = 0, y 73 → 495;
///   right edge x = 28, y 140 → 428 for 320 × 568).
/// * destination-first, about the view's centre: first Rx(+10°), then Ry(−45°), then translate
///   (+W, −40, +150), then Rz(+5°), then perspective — off-screen right and enlarged
///   (W = 320 is the original's hard-coded 320).
///
/// Forward (`reverse == false`): the old view's anchor moves to its left-edge midpoint (frame
/// kept); the new view is on top, starting at destination-first. `View.animateKeyframes` (cubic
/// calculation mode, overall ease-in-ease-out, default 1.0 s): new view → identity over key
/// 0–1; old view holds, then → source-last over key 0.2–1.
///
/// Reverse: the mirror image. The revealed (new) view takes the source role: its anchor goes to
/// its left-edge midpoint (the original relies on the anchor left over from the forward run; we
/// set it, so the look does not depend on history) and it starts at source-last, **below** the
/// departing view; → identity over key 0–0.8. The departing (old) view stays on top and goes
/// flat → destination-first over key 0–1. The destination-role view is in front in both
/// directions (it is nearer the viewer throughout).
///
/// Completion: transforms reset to identity and anchor points restored (frames unchanged).
@MainActor
public final class NatGeoAnimator: ReversibleAnimator {
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
    toView.frame = transitionContext.finalFrame(for: toViewController)
    let width = containerView.bounds.width
    let degree = Double.pi / 180
    let perspective = Transform3D.perspective(distance: 500)
    // The flat ends are `perspective`, not identity: the same on screen for a flat view, but
    // interpolating toward it is what gives the library its swoop (the sanity quads
    // of docs/effects.md#natgeo).
    let sourceLast =
      perspective
      .rotated(by: 80 * degree, x: 0, y: 1, z: 0)
      .translatedBy(x: 170, y: 0, z: -30)
    let destinationFirst =
      perspective
      .rotated(by: 5 * degree, x: 0, y: 0, z: 1)
      .translatedBy(x: width, y: -40, z: 150)
      .rotated(by: -45 * degree, x: 0, y: 1, z: 0)
      .rotated(by: 10 * degree, x: 1, y: 0, z: 0)

    let sourceView = reverse ? toView : fromView
    let destinationView = reverse ? fromView : toView
    let sourceAnchor = sourceView.layer.anchorPoint, sourcePosition = sourceView.layer.position
    setAnchor(Point(x: 0, y: 0.5), of: sourceView)
    if !reverse { sourceView.layer.transform = perspective }

    if !reverse {
      containerView.addSubview(toView)
      toView.layer.transform = destinationFirst
    } else {
      containerView.insertSubview(toView, belowSubview: fromView)
      toView.layer.transform = sourceLast
    }

    View.animateKeyframes(
      withDuration: transitionDuration(using: transitionContext), delay: 0, options: .calculationModeCubic,
      animations: {
        if !self.reverse {
          View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
            destinationView.layer.transform = perspective
          }
          View.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.8) {
            sourceView.layer.transform = sourceLast
          }
        } else {
          View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.8) {
            sourceView.layer.transform = perspective
          }
          View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
            destinationView.layer.transform = destinationFirst
          }
        }
      },
      completion: { _ in
        fromView.layer.transform = .identity
        toView.layer.transform = .identity
        sourceView.layer.anchorPoint = sourceAnchor
        sourceView.layer.position = sourcePosition
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
