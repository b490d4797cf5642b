import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
import Animator

/// Slide-up modal with a spring (seed 000, docs/effects.md#slide-up).
///
/// * Present (`presenting == true`): the new view starts translated down by the container
///   height H and springs to identity on top of the old one. With the defaults (0.6 s,
///   damping ratio 0.6, initial velocity 0) its top edge crosses the final position at
///   ≈0.15 s, overshoots ≈54 pt above the top at 0.214 s (9.5 %) and settles by 0.6 s.
/// * Dismiss (`presenting == false`): the new view is inserted below, and the old view
///   translates from identity down by H with **the same spring call** — the seed uses one
///   `animate(…usingSpringWithDamping…)` for both directions, and so do we (the seed states no
///   other curve). The spring's 9.5 % overshoot happens below the screen; its 0.9 % undershoot
///   at 0.43 s shows the old view's top few points at the bottom edge for a moment.
/// * `damping` is the spring's damping ratio (1 = no overshoot). The curve option is the seed's
///   `.curveLinear`, which springs ignore.
/// * Completion: the transform is reset to identity, and `completeTransition` gets
///   `!transitionWasCancelled`.
@MainActor
public final class SlideUpAnimator: ViewControllerAnimatedTransitioning {
  /// True for present (and any forward operation), false for dismiss.
  public let presenting: Bool
  /// Seconds the spring takes to settle (not a period: docs/effects.md#slide-up-spring).
  public let duration: Double
  /// The spring's damping ratio: 1 does not overshoot, 0.6 overshoots 9.5 %; clamped to
  /// (0, 1] (the catalog takes 0.1...1; default 0.6).
  public let damping: Double

  /// Defaults are the seed's and the catalog's: 0.6 s, damping ratio 0.6.
  public init(presenting: Bool, duration: Double = 0.6, damping: Double = 0.6) {
    self.presenting = presenting
    self.duration = duration
    self.damping = damping
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let screenHeight = containerView.bounds.height
    let destView: View
    var destTransform = AffineTransform.identity
    if presenting {
      guard let toView = transitionContext.view(forKey: .to),
        let toViewController = transitionContext.viewController(forKey: .to)
      else {
        showWithoutAnimation(transitionContext)
        return
      }
      destView = toView
      destView.frame = transitionContext.finalFrame(for: toViewController)
      destView.transform = AffineTransform(translationX: 0, y: screenHeight)
      containerView.addSubview(toView)
    } else {
      guard let fromView = transitionContext.view(forKey: .from) else {
        showWithoutAnimation(transitionContext)
        return
      }
      destView = fromView
      destTransform = AffineTransform(translationX: 0, y: screenHeight)
      // A custom presentation keeps the presenter in the window: there is no `.to` view then.
      if let toView = transitionContext.view(forKey: .to),
        let toViewController = transitionContext.viewController(forKey: .to)
      {
        toView.frame = transitionContext.finalFrame(for: toViewController)
        containerView.insertSubview(toView, belowSubview: fromView)
      }
    }
    View.animate(
      withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: damping,
      initialSpringVelocity: 0, options: .curveLinear,
      animations: {
        destView.transform = destTransform
      },
      completion: { _ in
        destView.transform = .identity
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
