import Foundation

/// A sheet's swipe-down to dismiss (docs/uikit-transitions.md#sheet-swipe-down): a pan on the
/// sheet whose first movement is downward dismisses it interactively, the sheet's top edge
/// following the finger (progress = downward travel / the sheet's height). On release a fling
/// faster than `SheetMetrics.flingHeightsPerSecond` container heights a second decides by its
/// direction; slower, the sheet goes past `SheetMetrics.dismissShare` of its height or comes
/// back; either way the rest takes `SheetMetrics.releaseDuration`. Nothing happens while the
/// presented view controller is `isModalInPresentation`.
@MainActor
final class SheetDragInteraction: SystemDragInteraction {
  private weak var sheet: SheetPresentationController?
  private let pan = PanGestureRecognizer()

  init(sheet: SheetPresentationController, view: View) {
    self.sheet = sheet
    super.init(releaseDuration: SheetMetrics.releaseDuration)
    pan.addTarget(self, action: SheetDragInteraction.handle)
    view.addGestureRecognizer(pan)
  }

  /// Takes the recognizer off the sheet (the presentation is over).
  func detach() { pan.view?.removeGestureRecognizer(pan) }

  override func start(_ pan: PanGestureRecognizer) -> Bool {
    guard pan.translation(in: nil).y > 0, let presented = sheet?.presentedViewController,
      !presented.isModalInPresentation
    else { return false }
    presented.pendingSystemInteraction = self
    defer { presented.pendingSystemInteraction = nil }
    presented.dismiss(animated: true)
    return presented.transitionCoordinator?.interaction === self
  }

  override func progress(_ pan: PanGestureRecognizer) -> Double {
    let height = sheet?.frameOfPresentedViewInContainerView.height ?? 0
    guard height > 0 else { return 0 }
    return min(max(pan.translation(in: nil).y / height, 0), 1)
  }

  override func shouldFinish(_ pan: PanGestureRecognizer, progress: Double) -> Bool {
    let height = sheet?.containerView?.bounds.height ?? Screen.main.bounds.height
    return Self.shouldDismiss(progress: progress, velocity: pan.velocity(in: nil).y, height: height)
  }

  /// The release rule: a fling (|v| ≥ `SheetMetrics.flingHeightsPerSecond` × `height` a second)
  /// decides by its direction, else the sheet is dismissed past `SheetMetrics.dismissShare` of
  /// its height. `velocity` is downward, points a second.
  static func shouldDismiss(progress p: Double, velocity v: Double, height: Double) -> Bool {
    if abs(v) >= SheetMetrics.flingHeightsPerSecond * height { return v > 0 }
    return p > SheetMetrics.dismissShare
  }
}
