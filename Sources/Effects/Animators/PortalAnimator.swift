import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
import Animator

/// Portal (VCTransitionsLibrary, docs/effects.md#portal): the old screen opens like two doors onto the
/// new one, which zooms up from `zoom` (default 0.8); reverse closes the doors of the new screen
/// over the old one, which zooms down.
///
/// * One `View.animate` with **ease-out** (0, 0, 0.58, 1), default 1.0 s.
/// * Forward (`reverse == false`): a snapshot of the new screen (after its layout) at scale
///   `zoom` about its centre is at the back; the old view leaves the container and two half
///   images of it (W/2 × H) stand in. Left half x 0 → −W/2, right half x W/2 → W, snapshot
///   scale → 1. Black shows around the scaled snapshot. On success the real new view is added
///   and everything else removed; on cancel the old view is put back at its index.
/// * Reverse: the old view stays; the real new view is parked off-screen at x = W, above it;
///   the new screen's halves start outside (left half at x = −W/2, right half at x = W) and
///   slide in to x = 0 and W/2 while the old view scales 1 → `zoom` about its centre. At the
///   end the halves go, the new view is put back at x = 0 and the old view's scale is reset
///   (the library forgets the latter).
@MainActor
public final class PortalAnimator: ReversibleAnimator {
  /// Scale of the screen behind the doors, about its centre: where the new screen starts
  /// (forward) or the old one ends (reverse). The catalog takes 0.1...1; default 0.8.
  public let zoom: Double

  /// `reverse`: the library's flag; `duration`: seconds, 1 by default as in the catalog.
  public init(reverse: Bool, duration: Double = 1.0, zoom: Double = 0.8) {
    self.zoom = zoom
    super.init(reverse: reverse, duration: duration)
  }

  public override func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    let containerView = transitionContext.containerView
    let finalFrame = transitionContext.finalFrame(for: toViewController)
    toView.frame = finalFrame
    let width = finalFrame.width, height = finalFrame.height
    let leftRect = Rect(x: 0, y: 0, width: width / 2, height: height)
    let rightRect = Rect(x: width / 2, y: 0, width: width / 2, height: height)
    let left = finalFrame.minX, top = finalFrame.minY
    // A part of what a view shows: its bounds' origin is a scroll view's content offset.
    func shown(_ rect: Rect, of view: View) -> Rect { rect.offsetBy(dx: view.bounds.minX, dy: view.bounds.minY) }

    if !reverse {
      let fromIndex = containerView.subviews.firstIndex { $0 === fromView } ?? 0
      let toSnapshot = toView.snapshotView(afterScreenUpdates: true)!
      toSnapshot.transform = AffineTransform(scaleX: zoom, y: zoom)
      containerView.insertSubview(toSnapshot, at: 0)
      let leftHalf = fromView.resizableSnapshotView(
        from: shown(leftRect, of: fromView), afterScreenUpdates: false, withCapInsets: (0, 0, 0, 0))!
      let rightHalf = fromView.resizableSnapshotView(
        from: shown(rightRect, of: fromView), afterScreenUpdates: false, withCapInsets: (0, 0, 0, 0))!
      containerView.addSubview(leftHalf)
      containerView.addSubview(rightHalf)
      fromView.removeFromSuperview()
      View.animate(
        withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
        animations: {
          leftHalf.frame = leftHalf.frame.offsetBy(dx: -width / 2, dy: 0)
          rightHalf.frame = rightHalf.frame.offsetBy(dx: width / 2, dy: 0)
          toSnapshot.transform = .identity
        },
        completion: { _ in
          toSnapshot.removeFromSuperview()
          leftHalf.removeFromSuperview()
          rightHalf.removeFromSuperview()
          if transitionContext.transitionWasCancelled {
            containerView.insertSubview(fromView, at: fromIndex)
          } else {
            containerView.addSubview(toView)
          }
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    } else {
      toView.layoutIfNeeded()
      let leftHalf = toView.resizableSnapshotView(
        from: shown(leftRect, of: toView), afterScreenUpdates: true, withCapInsets: (0, 0, 0, 0))!
      let rightHalf = toView.resizableSnapshotView(
        from: shown(rightRect, of: toView), afterScreenUpdates: true, withCapInsets: (0, 0, 0, 0))!
      toView.frame = finalFrame.offsetBy(dx: width, dy: 0)
      containerView.addSubview(toView)
      leftHalf.frame = Rect(x: left - width / 2, y: top, width: width / 2, height: height)
      rightHalf.frame = Rect(x: left + width, y: top, width: width / 2, height: height)
      containerView.addSubview(leftHalf)
      containerView.addSubview(rightHalf)
      View.animate(
        withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
        animations: {
          leftHalf.frame = Rect(x: left, y: top, width: width / 2, height: height)
          rightHalf.frame = Rect(x: left + width / 2, y: top, width: width / 2, height: height)
          fromView.transform = AffineTransform(scaleX: self.zoom, y: self.zoom)
        },
        completion: { _ in
          leftHalf.removeFromSuperview()
          rightHalf.removeFromSuperview()
          toView.frame = finalFrame
          fromView.transform = .identity
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
  }
}
