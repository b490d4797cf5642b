import Foundation
import Animator

/// Pan (VCTransitionsLibrary, docs/effects.md#pan): an iOS 7-style parallax push — no shadow, no
/// dimming.
///
/// * The original forces its duration to 0.3 s on every run and hard-codes a 320-pt screen;
///   here 0.3 s is the default (the catalog still offers `duration`) and the offsets are W and
///   −W/2 of the container.
/// * One `View.animate` (ease-in-ease-out). Forward (`reverse == false`): the new view starts at
///   x = W **on top** and slides to 0 while the old view moves to x = −W/2. Reverse: the new
///   view starts at x = −W/2 **below** and moves to 0 while the old view (on top) slides out to
///   x = W.
/// * Completion: both views back at their frames (x = 0).
@MainActor
public final class PanAnimator: ReversibleAnimator {
  /// `reverse`: the library's flag (pop, dismiss, a tab to a higher index); `duration`:
  /// seconds, 0.3 by default, the library's fixed value (`--param duration`: 0.05...10).
  public override init(reverse: Bool, duration: Double = 0.3) {
    super.init(reverse: reverse, duration: duration)
  }

  public override func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    let containerView = transitionContext.containerView
    let finalFrame = transitionContext.finalFrame(for: toViewController)
    let fromFrame = fromView.frame
    let width = containerView.bounds.width
    if !reverse {
      toView.frame = finalFrame.offsetBy(dx: width, dy: 0)
      containerView.addSubview(toView)
    } else {
      toView.frame = finalFrame.offsetBy(dx: -width / 2, dy: 0)
      containerView.insertSubview(toView, belowSubview: fromView)
    }
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        toView.frame = finalFrame
        fromView.frame = fromFrame.offsetBy(dx: self.reverse ? width : -width / 2, dy: 0)
      },
      completion: { _ in
        fromView.frame = fromFrame
        toView.frame = finalFrame
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
