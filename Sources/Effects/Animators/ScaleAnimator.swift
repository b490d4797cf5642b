import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
import Animator

/// Scale push/pop (seed 000, docs/effects.md#scale), written the way the seed writes it.
///
/// * Push (`presenting == true`): the new view is inserted **above** the old one at scale 0.1
///   about its centre and grows to 1.0.
/// * Pop (`presenting == false`): the new view is inserted **below** the old one, and the old
///   view shrinks from 1.0 to 0.1 (then leaves with the transition).
/// * One `View.animate` call with UIKit's default ease-in-ease-out curve (the seed names no
///   curve); default duration 0.4 s.
/// * Completion reports `!transitionWasCancelled`. Every transform it set is put back to
///   identity on completion, so a cancelled transition shows exactly its first frame and a
///   finished one leaves no scaled view behind.
@MainActor
public final class ScaleAnimator: ViewControllerAnimatedTransitioning {
  /// True for push (and any other forward operation), false for pop.
  public let presenting: Bool
  /// Seconds of the scale.
  public let duration: Double

  /// `duration` in seconds, 0.4 by default as in the catalog (`--param duration`: 0.05...10).
  public init(presenting: Bool, duration: Double = 0.4) {
    self.presenting = presenting
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    guard let toViewController = transitionContext.viewController(forKey: .to),
      let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else {
      showWithoutAnimation(transitionContext)
      return
    }
    toView.frame = transitionContext.finalFrame(for: toViewController)
    let destView: View
    let destTransform: AffineTransform
    if presenting {
      containerView.insertSubview(toView, aboveSubview: fromView)
      destView = toView
      destView.transform = AffineTransform(scaleX: 0.1, y: 0.1)
      destTransform = AffineTransform(scaleX: 1, y: 1)
    } else {
      containerView.insertSubview(toView, belowSubview: fromView)
      destView = fromView
      destTransform = AffineTransform(scaleX: 0.1, y: 0.1)
    }
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        destView.transform = destTransform
      },
      completion: { _ in
        destView.transform = .identity
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
