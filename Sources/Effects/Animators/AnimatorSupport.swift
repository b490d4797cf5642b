import Foundation
import Animator

// Small helpers the effect animators share, written as an app would write them.

/// The fallback of animators that need both screens' views: when the context withholds one (a
/// custom presentation, docs/uikit-transitions.md#view-for-key-can-be-nil), the new view is put in
/// place at once and the transition completes immediately.
@MainActor
func showWithoutAnimation(_ transitionContext: ViewControllerContextTransitioning) {
  if let toView = transitionContext.view(forKey: .to),
    let toViewController = transitionContext.viewController(forKey: .to)
  {
    toView.frame = transitionContext.finalFrame(for: toViewController)
    transitionContext.containerView.addSubview(toView)
  }
  transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
}

/// Moves `view`'s anchor point to `anchor` (unit coordinates) without moving the view: its
/// position follows the anchor (for an untransformed view).
@MainActor
func setAnchor(_ anchor: Point, of view: View) {
  let frame = view.frame
  view.layer.anchorPoint = anchor
  view.layer.position = Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
}
