import Foundation
import Animator

/// The base of VCTransitionsLibrary-style animators (the library has the same base class): a
/// `reverse` flag set by the host, a duration, and `animateTransition` split so subclasses
/// receive both screens' views. When the context withholds one (a custom presentation,
/// docs/uikit-transitions.md#view-for-key-can-be-nil), the new view is shown at once instead.
@MainActor
open class ReversibleAnimator: ViewControllerAnimatedTransitioning {
  /// VCTransitionsLibrary's flag: pop, dismiss, and a tab switch to a higher index. A host
  /// sets it before each transition, as the library's delegates do.
  public var reverse: Bool
  /// Seconds.
  public let duration: Double

  /// `reverse` as the host computes it for this run; `duration` in seconds (the catalog's
  /// `--param duration` takes 0.05...10).
  public init(reverse: Bool, duration: Double) {
    self.reverse = reverse
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    guard let toViewController = transitionContext.viewController(forKey: .to),
      let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else {
      showWithoutAnimation(transitionContext)
      return
    }
    animate(using: transitionContext, fromView: fromView, toView: toView, toViewController: toViewController)
  }

  /// Subclasses: add `toView` to the container, animate, and call `completeTransition`.
  open func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
  }
}
