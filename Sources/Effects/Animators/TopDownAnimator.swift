import Foundation
import Animator

/// Top-down modal (seed 004 "the modal effect from the top down", docs/effects.md#top-down).
///
/// * Present (`presenting == true`): the presented view is added on top with its frame one
///   container height above the screen, (0, −H, W, H), and its frame animates to the final
///   frame (0, 0, W, H).
/// * Dismiss (`presenting == false`): the presenter's view (when the context provides it) is
///   inserted below, and the dismissed view's frame animates back up to (0, −H, W, H).
/// * Like the seed: a plain `View.animate` (UIKit's default ease-in-ease-out) of `frame`. The
///   seed gives no duration; the default 0.6 s mirrors the slide-up modal.
/// * Completion: the dismissed view's frame is put back (it leaves with the transition; a
///   cancelled dismissal must show it in place), and `completeTransition` gets
///   `!transitionWasCancelled`.
@MainActor
public final class TopDownAnimator: ViewControllerAnimatedTransitioning {
  /// True for present (and any forward operation), false for dismiss.
  public let presenting: Bool
  /// Seconds of the slide.
  public let duration: Double

  /// `duration` in seconds, 0.6 by default as in the catalog (`--param duration`: 0.05...10).
  public init(presenting: Bool, duration: Double = 0.6) {
    self.presenting = presenting
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let width = containerView.bounds.width, height = containerView.bounds.height
    if presenting {
      guard let presentedView = transitionContext.view(forKey: .to) else {
        showWithoutAnimation(transitionContext)
        return
      }
      containerView.addSubview(presentedView)
      presentedView.frame = Rect(x: 0, y: -height, width: width, height: height)
      View.animate(
        withDuration: transitionDuration(using: transitionContext),
        animations: {
          presentedView.frame = Rect(x: 0, y: 0, width: width, height: height)
        },
        completion: { _ in
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    } else {
      guard let dismissedView = transitionContext.view(forKey: .from) else {
        showWithoutAnimation(transitionContext)
        return
      }
      let startFrame = dismissedView.frame
      containerView.addSubview(dismissedView)
      if let toView = transitionContext.view(forKey: .to),
        let toViewController = transitionContext.viewController(forKey: .to)
      {
        toView.frame = transitionContext.finalFrame(for: toViewController)
        containerView.insertSubview(toView, belowSubview: dismissedView)
      }
      View.animate(
        withDuration: transitionDuration(using: transitionContext),
        animations: {
          dismissedView.frame = Rect(x: 0, y: -height, width: width, height: height)
        },
        completion: { _ in
          dismissedView.frame = startFrame
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
  }
}
