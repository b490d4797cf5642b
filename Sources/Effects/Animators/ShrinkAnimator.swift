import Foundation
import Animator

/// Shrink-to-centre dismiss (seed 001's snapshot version of `CustomDismissAnimationController`,
/// docs/effects.md#shrink). Direction-free: it always runs "backward".
///
/// * The new view is put at its final frame with alpha 0.5 and sent to the back.
/// * A snapshot of the old view (as it looks now) replaces the old view, which leaves the
///   container.
/// * One `View.animate` (ease-in-ease-out, default 0.4 s — the seed gives none): the
///   snapshot's **frame** goes to the old frame inset by half its size on each side, a zero-size
///   rect at the centre (width and height shrink linearly in the eased progress, the image is
///   squeezed with the frame); the new view's alpha goes 0.5 → 1 over the black window.
/// * Completion: the snapshot is removed and the new view's alpha is 1. On cancel the old view
///   goes back into the container at its old index, so the hierarchy is the starting one.
@MainActor
public final class ShrinkAnimator: ViewControllerAnimatedTransitioning {
  /// Seconds for the old screen to shrink to nothing.
  public let duration: Double

  /// `duration` in seconds, 0.4 by default as in the catalog (`--param duration`: 0.05...10).
  /// No direction: it always shrinks the old screen away.
  public init(duration: Double = 0.4) {
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from) else {
      showWithoutAnimation(transitionContext)
      return
    }
    // Without a `.to` view (custom presentation) the presenter stays visible underneath as is.
    let toView = transitionContext.view(forKey: .to)
    if let toView, let toViewController = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toViewController)
      toView.alpha = 0.5
      containerView.addSubview(toView)
      containerView.sendSubviewToBack(toView)
    }
    let snapshotView = fromView.snapshotView(afterScreenUpdates: false)!
    snapshotView.frame = fromView.frame
    containerView.addSubview(snapshotView)
    let fromIndex = containerView.subviews.firstIndex { $0 === fromView } ?? 0
    fromView.removeFromSuperview()
    let fromFrame = fromView.frame
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        snapshotView.frame = fromFrame.insetBy(dx: fromFrame.width / 2, dy: fromFrame.height / 2)
        toView?.alpha = 1
      },
      completion: { _ in
        snapshotView.removeFromSuperview()
        toView?.alpha = 1
        if transitionContext.transitionWasCancelled {
          containerView.insertSubview(fromView, at: fromIndex)
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
