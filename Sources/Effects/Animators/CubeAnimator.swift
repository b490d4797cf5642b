import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
import Animator

/// Cube: seed 001's cube navigation (its `CustomNavigationAnimationController`,
/// docs/effects.md#cube) with VCTransitionsLibrary's veils and default duration (pass the
/// seed's 1.5 s as `duration`). The seed's geometry, direction included: a push brings the new
/// face in from the trailing (right) edge, a pop from the left. (The library's own cube runs
/// the other way round — its forward variant enters from the left — which is `reverse` here.)
///
/// The two screens are faces of a cube turning about their shared edge (the hinge):
///
/// * dir = +1 forward, −1 in reverse (the seed's `direction`). Horizontal axis (default): the
///   old view's anchor moves to its right edge (forward) / left edge (reverse), the new view's
///   to its left / right edge; positions stay, so both views shift by W/2 and share the hinge.
///   The whole container is translated by dir·W/2 so the old view still appears in place.
/// * The new view starts rotated −dir·90° about y **with m34 = −1/200 written into the
///   rotation matrix** (not a perspective applied after it), as the seed writes it. Each view
///   gets a full-size black veil (colour alpha 0.8): old veil alpha 0, new veil alpha 1.
/// * One `View.animate` (ease-in-ease-out, default 1.0 s): container translation →
///   −dir·W/2, old view → rotation dir·90° (m34 written in), new view → identity, old veil
///   → 1, new veil → 0. The hinge crosses the screen at x = (1 − u)·W (forward, new face from
///   the right) or u·W (reverse, new face from the left). The convex look comes from Core
///   Animation's decomposition-based transform interpolation, which the engine provides
///   (docs/effects.md#perspective-written-into-a-rotation).
/// * Vertical axis: hinge on the bottom/top edges, rotation about x (old → −dir·90°, new from
///   +dir·90°), container translation dir·H/2 → −dir·H/2; forward brings the new face from
///   the bottom, reverse from the top.
/// * Completion: container transform, view transforms and anchor points are reset and the
///   veils removed, so both a finished and a cancelled run leave the views as they started.
@MainActor
public final class CubeAnimator: ReversibleAnimator {
  /// Which edges the two faces turn about (the catalog's `axis` choice).
  public enum Axis: String, Sendable {
    /// Faces turn about vertical edges (default).
    case horizontal
    /// Faces turn about horizontal edges.
    case vertical
  }

  /// Which edges the faces turn about; `.horizontal` (vertical edges) by default.
  public let axis: Axis

  /// `reverse`: the seed's convention (pop, dismiss, a tab to a lower index), not the
  /// library's; `duration`: seconds, 1 by default (the seed uses 1.5; `--param duration`:
  /// 0.05...10).
  public init(reverse: Bool, duration: Double = 1.0, axis: Axis = .horizontal) {
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

    let dir: Double = reverse ? -1 : 1
    let perspective = -0.005
    let size = containerView.bounds.size
    let fromAnchor = fromView.layer.anchorPoint, toAnchor = toView.layer.anchorPoint
    let startTranslation: AffineTransform
    let endTranslation: AffineTransform
    var fromTransform: Transform3D
    var toTransform: Transform3D
    switch axis {
    case .horizontal:
      fromView.layer.anchorPoint = Point(x: reverse ? 0 : 1, y: 0.5)
      toView.layer.anchorPoint = Point(x: reverse ? 1 : 0, y: 0.5)
      startTranslation = AffineTransform(translationX: dir * size.width / 2, y: 0)
      endTranslation = AffineTransform(translationX: -dir * size.width / 2, y: 0)
      fromTransform = Transform3D(rotationAngle: dir * .pi / 2, x: 0, y: 1, z: 0)
      toTransform = Transform3D(rotationAngle: -dir * .pi / 2, x: 0, y: 1, z: 0)
    case .vertical:
      fromView.layer.anchorPoint = Point(x: 0.5, y: reverse ? 0 : 1)
      toView.layer.anchorPoint = Point(x: 0.5, y: reverse ? 1 : 0)
      startTranslation = AffineTransform(translationX: 0, y: dir * size.height / 2)
      endTranslation = AffineTransform(translationX: 0, y: -dir * size.height / 2)
      fromTransform = Transform3D(rotationAngle: -dir * .pi / 2, x: 1, y: 0, z: 0)
      toTransform = Transform3D(rotationAngle: dir * .pi / 2, x: 1, y: 0, z: 0)
    }
    // Written into the rotation matrices, as the seed does
    // (docs/effects.md#perspective-written-into-a-rotation).
    fromTransform.m34 = perspective
    toTransform.m34 = perspective

    let containerTransform = containerView.transform
    containerView.transform = startTranslation
    toView.layer.transform = toTransform

    let fromVeil = View(frame: fromView.bounds)
    fromVeil.backgroundColor = Color.black.withAlphaComponent(0.8)
    fromVeil.alpha = 0
    fromView.addSubview(fromVeil)
    let toVeil = View(frame: toView.bounds)
    toVeil.backgroundColor = Color.black.withAlphaComponent(0.8)
    toVeil.alpha = 1
    toView.addSubview(toVeil)

    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        containerView.transform = endTranslation
        fromView.layer.transform = fromTransform
        toView.layer.transform = .identity
        fromVeil.alpha = 1
        toVeil.alpha = 0
      },
      completion: { _ in
        containerView.transform = containerTransform
        fromView.layer.transform = .identity
        toView.layer.transform = .identity
        fromView.layer.anchorPoint = fromAnchor
        toView.layer.anchorPoint = toAnchor
        fromVeil.removeFromSuperview()
        toVeil.removeFromSuperview()
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
