import TransitionRender

// Seed 001, "UIViewController transfer animation": a spring presentation from the bottom, a
// dismissal that shrinks a snapshot of the old screen into its centre, a cube navigation with
// m34 written into the rotations and a pan-driven pop (a UIPercentDrivenInteractiveTransition
// subclass), all vended by the items screen; plus the Objective-C TransitionAnimator from the
// tutorial's first part. Ported with renames only (README.md lists the rest).

public final class CustomPresentAnimationController: NSObject, ViewControllerAnimatedTransitioning {
  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 2.5
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    let finalFrameForVC = transitionContext.finalFrame(for: toViewController)
    let containerView = transitionContext.containerView
    let bounds = Screen.main.bounds
    toViewController.view.frame = RectOffset(finalFrameForVC, 0, bounds.size.height)
    containerView.addSubview(toViewController.view)
    View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0.0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.0, options: .curveLinear, animations: {
      fromViewController.view.alpha = 0.5
      toViewController.view.frame = finalFrameForVC
    }, completion: {
      finished in
      transitionContext.completeTransition(true)
      fromViewController.view.alpha = 1.0
    })
  }
}

public final class CustomDismissAnimationController: NSObject, ViewControllerAnimatedTransitioning {
  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 2
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
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
    View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      snapshotView.frame = RectInset(fromViewController.view.frame, fromViewController.view.frame.size.width / 2, fromViewController.view.frame.size.height / 2)
      toViewController.view.alpha = 1.0
    }, completion: {
      finished in
      snapshotView.removeFromSuperview()
      transitionContext.completeTransition(true)
    })
  }
}

public final class CustomNavigationAnimationController: NSObject, ViewControllerAnimatedTransitioning {
  var reverse: Bool = false

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 1.5
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    let toView = toViewController.view!
    let fromView = fromViewController.view!
    let direction: Double = reverse ? -1 : 1
    let const: Double = -0.005
    toView.layer.anchorPoint = PointMake(direction == 1 ? 0 : 1, 0.5)
    fromView.layer.anchorPoint = PointMake(direction == 1 ? 1 : 0, 0.5)
    var viewFromTransform: Transform3D = Transform3DMakeRotation(direction * Double.pi / 2, 0.0, 1.0, 0.0)
    var viewToTransform: Transform3D = Transform3DMakeRotation(-direction * Double.pi / 2, 0.0, 1.0, 0.0)
    viewFromTransform.m34 = const
    viewToTransform.m34 = const
    containerView.transform = AffineTransformMakeTranslation(direction * containerView.frame.size.width / 2.0, 0)
    toView.layer.transform = viewToTransform
    containerView.addSubview(toView)
    View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      containerView.transform = AffineTransformMakeTranslation(-direction * containerView.frame.size.width / 2.0, 0)
      fromView.layer.transform = viewFromTransform
      toView.layer.transform = Transform3DIdentity
    }, completion: {
      finished in
      containerView.transform = AffineTransformIdentity
      fromView.layer.transform = Transform3DIdentity
      toView.layer.transform = Transform3DIdentity
      fromView.layer.anchorPoint = PointMake(0.5, 0.5)
      toView.layer.anchorPoint = PointMake(0.5, 0.5)
      if (transitionContext.transitionWasCancelled) {
        toView.removeFromSuperview()
      } else {
        fromView.removeFromSuperview()
      }
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    })
  }
}

public final class CustomInteractionController: PercentDrivenInteractiveTransition {
  var navigationController: NavigationController!
  var shouldCompleteTransition = false
  var transitionInProgress = false
  var completionSeed: Double {
    return 1 - percentComplete
  }

  func attachToViewController(_ viewController: ViewController) {
    navigationController = viewController.navigationController
    setupGestureRecognizer(viewController.view)
  }

  private func setupGestureRecognizer(_ view: View) {
    view.addGestureRecognizer(PanGestureRecognizer(target: self, action: CustomInteractionController.handlePanGesture))
  }

  func handlePanGesture(_ gestureRecognizer: PanGestureRecognizer) {
    let viewTranslation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
    switch gestureRecognizer.state {
    case .began:
      transitionInProgress = true
      navigationController.popViewController(animated: true)
    case .changed:
      let const = Double(fminf(fmaxf(Float(viewTranslation.x / 200.0), 0.0), 1.0))
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
public final class ItemsViewController: ViewController, ViewControllerTransitioningDelegate, NavigationControllerDelegate {
  let customPresentAnimationController = CustomPresentAnimationController()
  let customDismissAnimationController = CustomDismissAnimationController()
  let customNavigationAnimationController = CustomNavigationAnimationController()
  let customInteractionController = CustomInteractionController()

  public override init() {
    super.init()
    title = "items"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: paper, rows: 6, accent: teal)
    navigationController?.delegate = self
  }

  /// The "showAction" segue (`prepareForSegue`).
  public func showAction() {
    let toViewController = ActionViewController()
    toViewController.modalPresentationStyle = ModalPresentationStyle.fullScreen
    toViewController.transitioningDelegate = self
    present(toViewController, animated: true)
  }

  /// A row's push segue.
  public func showItem() {
    navigationController?.pushViewController(ItemViewController(), animated: true)
  }

  public func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> ViewControllerAnimatedTransitioning? {
    return customPresentAnimationController
  }

  public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    return customDismissAnimationController
  }

  public func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
    if operation == .push {
      customInteractionController.attachToViewController(toVC)
    }
    customNavigationAnimationController.reverse = operation == .pop
    return customNavigationAnimationController
  }

  public func navigationController(_ navigationController: NavigationController, interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
    return customInteractionController.transitionInProgress ? customInteractionController : nil
  }
}

/// The screen the action segue presents.
public final class ActionViewController: ViewController {
  public override init() {
    super.init()
    title = "action"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: pink, rows: 2, accent: paper)
  }
}

/// An item's screen, pushed from the list.
public final class ItemViewController: ViewController {
  public override init() {
    super.init()
    title = "item"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: orange, rows: 3, accent: indigo)
  }
}

/// The tutorial's first part, in Objective-C there: a push animator that slides the new view
/// into a small frame over the old one, dimming the old one's tint, and a pop that slides it
/// out again.
public final class TransitionAnimator: NSObject, ViewControllerAnimatedTransitioning {
  public var presenting = false

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.5
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    // Grab the from and to view controllers from the context
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    // Set our ending frame. we'll modify this later if we have to
    var endFrame = RectMake(80, 280, 160, 100)
    if self.presenting {
      fromViewController.view.isUserInteractionEnabled = false
      transitionContext.containerView.addSubview(fromViewController.view)
      transitionContext.containerView.addSubview(toViewController.view)
      var startFrame = endFrame
      startFrame.origin.x += 320
      toViewController.view.frame = startFrame
      View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
        fromViewController.view.tintAdjustmentMode = ViewTintAdjustmentMode.dimmed
        toViewController.view.frame = endFrame
      }, completion: { finished in
        transitionContext.completeTransition(true)
      })
    } else {
      toViewController.view.isUserInteractionEnabled = true
      transitionContext.containerView.addSubview(toViewController.view)
      transitionContext.containerView.addSubview(fromViewController.view)
      endFrame.origin.x += 320
      View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
        toViewController.view.tintAdjustmentMode = ViewTintAdjustmentMode.automatic
        fromViewController.view.frame = endFrame
      }, completion: { finished in
        transitionContext.completeTransition(true)
      })
    }
  }
}

/// The navigation delegate of the first part: a new TransitionAnimator per transition.
public final class FirstPartNavigationDelegate: NSObject, NavigationControllerDelegate {
  public func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
    let animator = TransitionAnimator()
    animator.presenting = (operation == NavigationOperation.push)
    return animator
  }
}
