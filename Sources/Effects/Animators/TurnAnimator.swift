import Foundation
import Animator

/// Turn, a whole-screen card flip (VCTransitionsLibrary, docs/effects.md#turn).
///
/// * The new view is added on top at its final frame; the container gets perspective d = 500
///   (sublayerTransform) about its centre. Each view turns about its own centre line.
/// * `axis`: `.y` (default; the library calls it "vertical") turns about the vertical axis, a
///   horizontal card flip; `.x` turns about the horizontal axis.
/// * With f = +1 in reverse, −1 forward, the new view starts edge-on at −f·90°.
///   `View.animateKeyframes` (linear mode, overall ease-in-ease-out, default 1.0 s): key times
///   0–0.5 the old view turns 0 → f·90°; 0.5–1 the new view turns −f·90° → 0. About y, forward
///   brings the right edge toward the viewer (like UIKit's "flip from right"); about x, forward
///   brings the top edge toward the viewer, reverse the bottom edge. No veils, no shadows.
/// * Completion: both transforms reset and the container's sublayerTransform restored (the
///   library leaves the old view edge-on; a cancelled run must show it flat).
@MainActor
public final class TurnAnimator: ReversibleAnimator {
  /// The axis each screen turns about (the catalog's `axis` choice).
  public enum Axis: String, Sendable {
    /// About the vertical (y) axis: a horizontal card flip (the library's "vertical", default).
    case y
    /// About the horizontal (x) axis.
    case x
  }

  /// The axis each screen turns about; `.y` (a horizontal flip) by default.
  public let axis: Axis

  /// `reverse`: the library's flag (pop, dismiss, a tab to a higher index); `duration`:
  /// seconds, 1 by default as in the catalog (`--param duration`: 0.05...10).
  public init(reverse: Bool, duration: Double = 1.0, axis: Axis = .y) {
    self.axis = axis
    super.init(reverse: reverse, duration: duration)
  }

  public override func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    let containerView = transitionContext.containerView
    toView.frame = transitionContext.finalFrame(for: toViewController)
    containerView.addSubview(toView)
    let containerSublayerTransform = containerView.layer.sublayerTransform
    containerView.layer.sublayerTransform = Transform3D.perspective(distance: 500)

    let factor: Double = reverse ? 1 : -1
    func rotation(_ angle: Double) -> Transform3D {
      axis == .y
        ? Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0) : Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0)
    }
    toView.layer.transform = rotation(-factor * .pi / 2)

    View.animateKeyframes(
      withDuration: transitionDuration(using: transitionContext), delay: 0, options: .calculationModeLinear,
      animations: {
        View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          fromView.layer.transform = rotation(factor * .pi / 2)
        }
        View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          toView.layer.transform = .identity
        }
      },
      completion: { _ in
        fromView.layer.transform = .identity
        toView.layer.transform = .identity
        containerView.layer.sublayerTransform = containerSublayerTransform
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
