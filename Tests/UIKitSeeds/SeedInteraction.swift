import UIKit

// Seed 001's interaction controller as an iOS developer writes it today, with the two lines
// Swift on Linux cannot compile changed (docs/uikit-names.md#lines-a-file-may-still-change):
// the recognizer takes the handler method itself instead of `#selector(...)`, and the handler
// loses `@objc`. Everything else is as on iOS, overrides of UIPercentDrivenInteractiveTransition
// included.

class CustomInteractionController: UIPercentDrivenInteractiveTransition {
  var navigationController: UINavigationController!
  var shouldCompleteTransition = false
  var transitionInProgress = false
  /// What `update(_:)` was last given (before the superclass clamps it).
  var lastUpdate: CGFloat = 0

  override var completionSpeed: CGFloat {
    get { return 1 - percentComplete }
    set {}
  }

  func attach(to viewController: UIViewController) {
    navigationController = viewController.navigationController
    setupGestureRecognizer(in: viewController.view)
  }

  private func setupGestureRecognizer(in view: UIView) {
    // iOS: UIPanGestureRecognizer(target: self, action: #selector(handlePanGesture(_:)))
    view.addGestureRecognizer(
      UIPanGestureRecognizer(target: self, action: CustomInteractionController.handlePanGesture))
  }

  // iOS: @objc func handlePanGesture(_ gestureRecognizer: UIPanGestureRecognizer) {
  func handlePanGesture(_ gestureRecognizer: UIPanGestureRecognizer) {
    let viewTranslation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
    switch gestureRecognizer.state {
    case .began:
      transitionInProgress = true
      navigationController.popViewController(animated: true)
    case .changed:
      let progress = min(max(viewTranslation.x / 200.0, 0.0), 1.0)
      shouldCompleteTransition = progress > 0.5
      update(progress)
    case .cancelled, .ended:
      if !shouldCompleteTransition || gestureRecognizer.state == .cancelled {
        cancel()
      } else {
        finish()
      }
    default:
      break
    }
  }

  override func update(_ percentComplete: CGFloat) {
    lastUpdate = percentComplete
    super.update(percentComplete)
  }

  override func finish() {
    super.finish()
    transitionInProgress = false
  }

  override func cancel() {
    super.cancel()
    transitionInProgress = false
  }
}
