import Foundation
import Animator

/// Fade (seed 004, docs/effects.md#fade): the new screen fades in over the old one; going back, the
/// old screen fades out over the new one. Works for every operation.
@MainActor
public final class FadeAnimator: ViewControllerAnimatedTransitioning {
  /// True for present, push and a tab to a higher index (the new view fades in); false for
  /// dismiss, pop and a tab to a lower index (the old view fades out).
  public let presenting: Bool
  /// Seconds of the fade.
  public let duration: Double

  /// `duration` in seconds, 0.35 by default as in the catalog (`--param duration`: 0.05...10).
  public init(presenting: Bool, duration: Double = 0.35) {
    self.presenting = presenting
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    if presenting {
      guard let toView = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to)
      else {
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        return
      }
      toView.frame = transitionContext.finalFrame(for: toVC)
      toView.alpha = 0
      container.addSubview(toView)
      View.animate(
        withDuration: duration,
        animations: {
          toView.alpha = 1
        },
        completion: { _ in
          if transitionContext.transitionWasCancelled { toView.alpha = 1 }
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    } else {
      guard let fromView = transitionContext.view(forKey: .from) else {
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        return
      }
      if let toView = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) {
        toView.frame = transitionContext.finalFrame(for: toVC)
        container.insertSubview(toView, belowSubview: fromView)
      }
      View.animate(
        withDuration: duration,
        animations: {
          fromView.alpha = 0
        },
        completion: { _ in
          fromView.alpha = 1
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
  }
}
