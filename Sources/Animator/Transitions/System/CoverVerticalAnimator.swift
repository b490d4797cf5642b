import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
/// UIModalTransitionStyle.coverVertical (docs/effects.md#cover-vertical), UIKit's default
/// presentation, run when the transitioning delegate vends no animator: the presented screen
/// slides up from just below the container's bottom edge to its final frame over the presenter
/// (a full-screen one by the container's height H: y H → 0); on dismissal it slides back down
/// the same way, revealing the presenter, which does not move.
///
/// Duration and curve are undocumented; like the navigation push this uses the approximation of
/// UIKit's system curve in docs/effects.md#ios-push: **0.5 s, Hero deceleration
/// (0, 0, 0.2, 1)**, and a linear curve while the transition is interactive (a drag-down
/// dismissal keeps the sheet's top edge under the finger).
@MainActor
public final class CoverVerticalAnimator: ViewControllerAnimatedTransitioning {
  /// True for present, false for dismiss.
  public let presenting: Bool
  /// Seconds, the value `transitionDuration(using:)` returns; default 0.5.
  public let duration: Double
  /// The curve of a non-interactive run (default Hero's deceleration, 0, 0, 0.2, 1); an
  /// interactive run is linear so the sheet's edge stays under the finger.
  public let curve: TimingFunction

  /// `presenting` true presents, false dismisses; `duration` in seconds (default 0.5).
  public init(presenting: Bool, duration: Double = 0.5, curve: TimingFunction = .heroDeceleration) {
    self.presenting = presenting
    self.duration = duration
    self.curve = curve
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
    if let toView, let toVC = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toVC)
      if presenting || fromView == nil {
        container.addSubview(toView)
      } else if let fromView {
        container.insertSubview(toView, belowSubview: fromView)
      }
    }
    // The sheet: the presented view (the to-view when presenting, the from-view when dismissing).
    guard let sheet = presenting ? toView : fromView else {
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      return
    }
    let saved = SavedViewState(sheet)
    // Just below the container's bottom edge: the whole height for a full-screen sheet.
    let travel = max(container.bounds.maxY - sheet.frame.minY, 0)
    let presenting = self.presenting
    let state: (Double) -> Void = { u in
      sheet.transform = AffineTransform(translationX: 0, y: presenting ? travel * (1 - u) : travel * u)
    }
    state(0)
    let curve = transitionContext.isInteractive ? TimingFunction.linear : self.curve
    CurveSampling.animate(duration: duration, curve: curve, apply: state) { _ in
      saved.restore(sheet)
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
  }
}
