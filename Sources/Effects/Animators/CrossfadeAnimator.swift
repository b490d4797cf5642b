import Foundation
import Animator

/// Crossfade (VCTransitionsLibrary, docs/effects.md#crossfade). Direction-free: the reverse flag is
/// ignored, every operation looks the same.
///
/// * The new view is placed at its final frame and sent to the very back; the old view stays on
///   top.
/// * One `View.animate` (ease-in-ease-out, default 1.0 s): the old view's alpha 1 → 0. The new
///   view is static at alpha 1 (for opaque screens this reads as a cross-dissolve).
/// * Completion: the old view's alpha is reset to 1 (it leaves on success; on cancel it is the
///   untouched starting view again).
/// * Without an old view in the context (a custom presentation), the new view fades in on top
///   instead, so something still animates.
@MainActor
public final class CrossfadeAnimator: ViewControllerAnimatedTransitioning {
  /// Seconds the old view takes to fade out.
  public let duration: Double

  /// `duration` in seconds, 1 by default as in the catalog (`--param duration`: 0.05...10).
  /// No direction: every operation looks the same.
  public init(duration: Double = 1.0) {
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from)
    let toView = transitionContext.view(forKey: .to)
    if let toView, let toViewController = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toViewController)
      containerView.addSubview(toView)
      if fromView != nil {
        containerView.sendSubviewToBack(toView)
      } else {
        toView.alpha = 0
      }
    }
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        if let fromView {
          fromView.alpha = 0
        } else {
          toView?.alpha = 1
        }
      },
      completion: { _ in
        fromView?.alpha = 1
        toView?.alpha = 1
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
