import Foundation

/// UIModalTransitionStyle.crossDissolve (docs/effects.md#cross-dissolve): the current screen fades out
/// while the new one fades in, at the same time, both ways. Over the black window the middle
/// frame is therefore darker than either screen (each at alpha 0.5).
///
/// Duration undocumented: **0.35 s, UIKit's ease-in-ease-out** (an approximation). With a
/// custom presentation (no from-view) only the new screen fades.
@MainActor
public final class CrossDissolveAnimator: ViewControllerAnimatedTransitioning {
  /// True for a presentation, false for a dismissal; the fade is the same both ways.
  public let presenting: Bool
  /// Seconds, the value `transitionDuration(using:)` returns; default 0.35.
  public let duration: Double

  /// `presenting` true presents, false dismisses; `duration` in seconds (default 0.35).
  public init(presenting: Bool, duration: Double = 0.35) {
    self.presenting = presenting
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
    let savedFrom = fromView.map(SavedViewState.init), savedTo = toView.map(SavedViewState.init)
    if let toView, let toVC = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toVC)
      // The presented screen stays on top: above the presenter when presenting, below the
      // leaving presented screen when dismissing.
      if presenting || fromView == nil {
        container.addSubview(toView)
      } else if let fromView {
        container.insertSubview(toView, belowSubview: fromView)
      }
      toView.alpha = 0
    }
    View.animate(
      withDuration: duration,
      animations: {
        toView?.alpha = 1
        fromView?.alpha = 0
      },
      completion: { _ in
        if let fromView { savedFrom?.restore(fromView) }
        if let toView { savedTo?.restore(toView) }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

/// UIModalTransitionStyle.flipHorizontal (docs/effects.md#flip-horizontal): the screen turns over
/// like a card about its vertical centre line, the new screen being on its back.
///
/// * Present flips **right to left**: the right edge comes toward the viewer (UIView's "flip
///   from right"), i.e. the old screen turns Ry 0 → −90°, then the new one Ry +90° → 0.
/// * Dismiss flips **left to right**: the old screen Ry 0 → +90°, then the new one −90° → 0.
///
/// Geometry (an approximation; the system's numbers are private): the card angle is
/// φ = 180°·u with u the eased progress (**0.75 s, UIKit ease-in-ease-out**), so each face is
/// edge-on at u = 0.5. Each face is drawn with its own perspective, camera
/// `perspectiveDistance` = 1000 pt in front of its centre, and uniformly scaled by
/// k = 1 / (1 + (W/2)·|sin θ| / d) so that its nearer edge is always exactly the screen height
/// (the system flip is observed never to exceed the container). The far edge then measures
/// H·k / (1 + k·(W/2)·|sin θ| / d). A black veil darkens the turning face by 0.2·|sin θ|
/// (the system's "slight dimming", uncertain). The face that is edge-on has alpha 0.
@MainActor
public final class FlipHorizontalAnimator: ViewControllerAnimatedTransitioning {
  /// True flips right to left to present, false left to right to dismiss.
  public let presenting: Bool
  /// Seconds, the value `transitionDuration(using:)` returns; default 0.75.
  public let duration: Double
  /// The camera's distance in front of each face's centre, in points (the m34 of
  /// docs/core-animation.md#m34-is-a-pinhole-camera).
  public static let perspectiveDistance = 1000.0
  /// The black veil's alpha over a face turned edge-on; it scales with |sin θ| of the face's angle.
  public static let maxDimming = 0.2

  /// `presenting` true presents, false dismisses; `duration` in seconds (default 0.75).
  public init(presenting: Bool, duration: Double = 0.75) {
    self.presenting = presenting
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

  /// The transform of a face turned by `theta` about its vertical centre line (positive sends the
  /// right edge away), for a face `width` points wide.
  public static func faceTransform(theta: Double, width: Double) -> Transform3D {
    let d = perspectiveDistance
    let k = 1 / (1 + (width / 2) * abs(sin(theta)) / d)
    return Transform3D(scaleX: k, y: k, z: 1)
      .concatenating(Transform3D(rotationAngle: theta, x: 0, y: 1, z: 0))
      .concatenating(.perspective(distance: d))
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
    let savedFrom = fromView.map(SavedViewState.init), savedTo = toView.map(SavedViewState.init)
    if let toView, let toVC = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toVC)
      container.addSubview(toView)
    }
    let width = container.bounds.width
    // Present: right edge toward the viewer, so the old face turns to −90°; dismiss mirrors it.
    let sign: Double = presenting ? -1 : 1
    let fromVeil = fromView.map { View.makeVeil(on: $0, alpha: 0) }
    let toVeil = toView.map { View.makeVeil(on: $0, alpha: 0) }
    let state: (Double) -> Void = { u in
      let phi = Double.pi * u
      let oldTheta = sign * min(phi, .pi / 2)
      let newTheta = -sign * min(.pi - phi, .pi / 2)
      fromView?.transform3D = Self.faceTransform(theta: oldTheta, width: width)
      fromView?.alpha = u <= 0.5 ? 1 : 0
      fromVeil?.alpha = Self.maxDimming * abs(sin(oldTheta))
      toView?.transform3D = Self.faceTransform(theta: newTheta, width: width)
      toView?.alpha = u >= 0.5 ? 1 : 0
      toVeil?.alpha = Self.maxDimming * abs(sin(newTheta))
    }
    state(0)
    CurveSampling.animate(duration: duration, curve: .easeInEaseOut, steps: 96, apply: state) { _ in
      fromVeil?.removeFromSuperview()
      toVeil?.removeFromSuperview()
      if let fromView { savedFrom?.restore(fromView) }
      if let toView { savedTo?.restore(toView) }
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
  }
}
