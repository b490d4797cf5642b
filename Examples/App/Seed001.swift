import UIKit

// Seed 001, "UIViewController transfer animation": a spring presentation from the bottom, a
// dismissal that shrinks a snapshot of the old screen into its centre, a cube navigation with
// m34 written into the rotations and a pan-driven pop (a UIPercentDrivenInteractiveTransition
// subclass), all vended by the items screen; plus the Objective-C TransitionAnimator from the
// tutorial's first part. The tutorial's code as it is written today. The selector and `@objc`
// of the pan wiring, which Swift on Linux cannot compile, are kept for iOS under
// `#if canImport(ObjectiveC)` with the Linux form beside them, so that this one file builds for
// both (../README.md#the-uikit-target).

class CustomPresentAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 2.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let finalFrameForVC = transitionContext.finalFrame(for: toViewController)
    let containerView = transitionContext.containerView
    let bounds = UIScreen.main.bounds
    toViewController.view.frame = finalFrameForVC.offsetBy(dx: 0, dy: bounds.size.height)
    containerView.addSubview(toViewController.view)
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext), delay: 0.0, usingSpringWithDamping: 0.5,
      initialSpringVelocity: 0.0, options: .curveLinear,
      animations: {
        fromViewController.view.alpha = 0.5
        toViewController.view.frame = finalFrameForVC
      },
      completion: {
        finished in
        transitionContext.completeTransition(true)
        fromViewController.view.alpha = 1.0
      })
  }
}

class CustomDismissAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 2
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let finalFrameForVC = transitionContext.finalFrame(for: toViewController)
    let containerView = transitionContext.containerView
    toViewController.view.frame = finalFrameForVC
    toViewController.view.alpha = 0.5
    containerView.addSubview(toViewController.view)
    containerView.sendSubviewToBack(toViewController.view)
    let snapshotView = fromViewController.view.snapshotView(afterScreenUpdates: false)!
    snapshotView.frame = fromViewController.view.frame
    containerView.addSubview(snapshotView)
    fromViewController.view.removeFromSuperview()
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        snapshotView.frame = fromViewController.view.frame.insetBy(
          dx: fromViewController.view.frame.size.width / 2, dy: fromViewController.view.frame.size.height / 2)
        toViewController.view.alpha = 1.0
      },
      completion: {
        finished in
        snapshotView.removeFromSuperview()
        transitionContext.completeTransition(true)
      })
  }
}

class CustomNavigationAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
  var reverse: Bool = false

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 1.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    let toView = toViewController.view!
    let fromView = fromViewController.view!
    let direction: CGFloat = reverse ? -1 : 1
    let const: CGFloat = -0.005
    toView.layer.anchorPoint = CGPoint(x: direction == 1 ? 0 : 1, y: 0.5)
    fromView.layer.anchorPoint = CGPoint(x: direction == 1 ? 1 : 0, y: 0.5)
    var viewFromTransform: CATransform3D = CATransform3DMakeRotation(direction * .pi / 2, 0.0, 1.0, 0.0)
    var viewToTransform: CATransform3D = CATransform3DMakeRotation(-direction * .pi / 2, 0.0, 1.0, 0.0)
    viewFromTransform.m34 = const
    viewToTransform.m34 = const
    containerView.transform = CGAffineTransform(translationX: direction * containerView.frame.size.width / 2.0, y: 0)
    toView.layer.transform = viewToTransform
    containerView.addSubview(toView)
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        containerView.transform = CGAffineTransform(
          translationX: -direction * containerView.frame.size.width / 2.0, y: 0)
        fromView.layer.transform = viewFromTransform
        toView.layer.transform = CATransform3DIdentity
      },
      completion: {
        finished in
        containerView.transform = CGAffineTransform.identity
        fromView.layer.transform = CATransform3DIdentity
        toView.layer.transform = CATransform3DIdentity
        fromView.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        toView.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        if transitionContext.transitionWasCancelled {
          toView.removeFromSuperview()
        } else {
          fromView.removeFromSuperview()
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

class CustomInteractionController: UIPercentDrivenInteractiveTransition {
  var navigationController: UINavigationController!
  var shouldCompleteTransition = false
  var transitionInProgress = false
  var completionSeed: CGFloat {
    return 1 - percentComplete
  }

  func attachToViewController(_ viewController: UIViewController) {
    navigationController = viewController.navigationController
    setupGestureRecognizer(viewController.view)
  }

  private func setupGestureRecognizer(_ view: UIView) {
    // Swift on Linux has no selectors: there the action is the method itself.
    #if canImport(ObjectiveC)
      view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePanGesture(_:))))
    #else
      view.addGestureRecognizer(
        UIPanGestureRecognizer(target: self, action: CustomInteractionController.handlePanGesture))
    #endif
  }

  #if canImport(ObjectiveC)
    @objc
  #endif
  func handlePanGesture(_ gestureRecognizer: UIPanGestureRecognizer) {
    let viewTranslation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
    switch gestureRecognizer.state {
    case .began:
      transitionInProgress = true
      navigationController.popViewController(animated: true)
    case .changed:
      let const = CGFloat(fminf(fmaxf(Float(viewTranslation.x / 200.0), 0.0), 1.0))
      shouldCompleteTransition = const > 0.5
      update(const)
    case .cancelled, .ended:
      transitionInProgress = false
      if !shouldCompleteTransition || gestureRecognizer.state == .cancelled {
        cancel()
      } else {
        finish()
      }
    default:
      print("Swift switch must be exhaustive, thus the default")
    }
  }
}

/// The items screen (the tutorial's ItemsTableViewController): the transitioning delegate of
/// the action screen it presents and the delegate of its navigation controller.
class ItemsViewController: UIViewController, UIViewControllerTransitioningDelegate, UINavigationControllerDelegate {
  let customPresentAnimationController = CustomPresentAnimationController()
  let customDismissAnimationController = CustomDismissAnimationController()
  let customNavigationAnimationController = CustomNavigationAnimationController()
  let customInteractionController = CustomInteractionController()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "items"
    buildPage(in: view, color: .systemGroupedBackground, rows: 6, accent: .systemTeal)
    navigationController?.delegate = self
  }

  /// The "showAction" segue (`prepareForSegue`).
  func showAction() {
    let toViewController = ActionViewController()
    toViewController.modalPresentationStyle = .fullScreen
    toViewController.transitioningDelegate = self
    present(toViewController, animated: true, completion: nil)
  }

  /// A row's push segue.
  func showItem() {
    navigationController?.pushViewController(ItemViewController(), animated: true)
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    return customPresentAnimationController
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    return customDismissAnimationController
  }

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    if operation == .push {
      customInteractionController.attachToViewController(toVC)
    }
    customNavigationAnimationController.reverse = operation == .pop
    return customNavigationAnimationController
  }

  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning? {
    return customInteractionController.transitionInProgress ? customInteractionController : nil
  }
}

/// The screen the action segue presents.
class ActionViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "action"
    buildPage(in: view, color: .systemPink, rows: 2, accent: .systemGray6)
  }
}

/// An item's screen, pushed from the list.
class ItemViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "item"
    buildPage(in: view, color: .systemOrange, rows: 3, accent: .systemIndigo)
  }
}

/// The tutorial's first part, in Objective-C there: a push animator that slides the new view
/// into a small frame over the old one, dimming the old one's tint, and a pop that slides it
/// out again.
class TransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  var presenting = false

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    // Grab the from and to view controllers from the context
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    // Set our ending frame. we'll modify this later if we have to
    var endFrame = CGRect(x: 80, y: 280, width: 160, height: 100)
    if self.presenting {
      fromViewController.view.isUserInteractionEnabled = false
      transitionContext.containerView.addSubview(fromViewController.view)
      transitionContext.containerView.addSubview(toViewController.view)
      var startFrame = endFrame
      startFrame.origin.x += 320
      toViewController.view.frame = startFrame
      UIView.animate(
        withDuration: self.transitionDuration(using: transitionContext),
        animations: {
          fromViewController.view.tintAdjustmentMode = UIView.TintAdjustmentMode.dimmed
          toViewController.view.frame = endFrame
        },
        completion: { finished in
          transitionContext.completeTransition(true)
        })
    } else {
      toViewController.view.isUserInteractionEnabled = true
      transitionContext.containerView.addSubview(toViewController.view)
      transitionContext.containerView.addSubview(fromViewController.view)
      endFrame.origin.x += 320
      UIView.animate(
        withDuration: self.transitionDuration(using: transitionContext),
        animations: {
          toViewController.view.tintAdjustmentMode = UIView.TintAdjustmentMode.automatic
          fromViewController.view.frame = endFrame
        },
        completion: { finished in
          transitionContext.completeTransition(true)
        })
    }
  }
}

/// The navigation delegate of the first part: a new TransitionAnimator per transition.
class FirstPartNavigationDelegate: NSObject, UINavigationControllerDelegate {
  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    let animator = TransitionAnimator()
    animator.presenting = (operation == UINavigationController.Operation.push)
    return animator
  }
}
