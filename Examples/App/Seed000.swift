import UIKit

// Seed 000, "iOS custom page switching animation and interactive animation": the home page
// is the navigation controller's delegate, its animator and (second version) its interaction
// controller; the details page is the transitioning delegate and animator of a modal page.
// The tutorial's Swift 1 as it is written today. The selector and `@objc` of each edge-pan
// wiring, which Swift on Linux cannot compile, are kept for iOS under `#if canImport(ObjectiveC)`
// with the Linux form beside them, so that this one file builds for both
// (../README.md#the-uikit-target).

/// The home page: scale push and pop, with itself as the navigation delegate, and an edge pan
/// that pops the details page through a UIPercentDrivenInteractiveTransition.
class HomeViewController: UIViewController, UINavigationControllerDelegate, UIViewControllerAnimatedTransitioning {
  var navigationOperation: UINavigationController.Operation?
  var interactivePopTransition: UIPercentDrivenInteractiveTransition?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "home"
    buildPage(in: view, color: .systemGroupedBackground, rows: 5, accent: .systemOrange)
    self.navigationController!.delegate = self
    // Swift on Linux has no selectors: there the action is the method itself.
    #if canImport(ObjectiveC)
      let popRecognizer = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handlePopRecognizer(_:)))
    #else
      let popRecognizer = UIScreenEdgePanGestureRecognizer(target: self, action: HomeViewController.handlePopRecognizer)
    #endif
    popRecognizer.edges = UIRectEdge.left
    self.navigationController!.view.addGestureRecognizer(popRecognizer)
  }

  /// The button that enters the details page.
  func showDetails() {
    navigationController!.pushViewController(DetailViewController(), animated: true)
  }

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    navigationOperation = operation
    return self
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.4
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    var destView: UIView!
    var destTransform: CGAffineTransform!
    if navigationOperation == UINavigationController.Operation.push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
      destTransform = CGAffineTransform(scaleX: 1, y: 1)
    } else if navigationOperation == UINavigationController.Operation.pop {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = CGAffineTransform(scaleX: 0.1, y: 0.1)
    }
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        destView.transform = destTransform
      },
      completion: ({ completed in
        transitionContext.completeTransition(true)
      }))
  }

  #if canImport(ObjectiveC)
    @objc
  #endif
  func handlePopRecognizer(_ popRecognizer: UIScreenEdgePanGestureRecognizer) {
    var progress =
      popRecognizer.translation(in: navigationController!.view).x / navigationController!.view.bounds.size.width
    progress = min(1.0, max(0.0, progress))
    if popRecognizer.state == UIGestureRecognizer.State.began {
      self.interactivePopTransition = UIPercentDrivenInteractiveTransition()
      self.navigationController!.popViewController(animated: true)
    } else if popRecognizer.state == UIGestureRecognizer.State.changed {
      self.interactivePopTransition?.update(progress)
    } else if popRecognizer.state == UIGestureRecognizer.State.ended
      || popRecognizer.state == UIGestureRecognizer.State.cancelled
    {
      if progress > 0.5 {
        self.interactivePopTransition?.finish()
      } else {
        self.interactivePopTransition?.cancel()
      }
      self.interactivePopTransition = nil
    }
  }

  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning? {
    return self.interactivePopTransition
  }
}

enum ModalPresentingType {
  case present, dismiss
}

/// The details page: presents the modal page with a spring from the bottom, being its
/// transitioning delegate and animator.
class DetailViewController: UIViewController, UIViewControllerTransitioningDelegate,
  UIViewControllerAnimatedTransitioning
{
  var modalPresentingType: ModalPresentingType?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "details"
    buildPage(in: view, color: .systemTeal, rows: 3, accent: .systemIndigo)
  }

  /// The segue to the modal page (the tutorial's storyboard segue, `prepareForSegue`).
  func showModal() {
    let modal = ModalViewController()
    modal.modalPresentationStyle = .fullScreen
    modal.transitioningDelegate = self
    present(modal, animated: true, completion: nil)
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.6
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    var destView: UIView!
    var destTransfrom = CGAffineTransform.identity
    let screenHeight = UIScreen.main.bounds.size.height
    if modalPresentingType == ModalPresentingType.present {
      destView = toViewController.view
      destView.transform = CGAffineTransform(translationX: 0, y: screenHeight)
      containerView.addSubview(toViewController.view)
    } else if modalPresentingType == ModalPresentingType.dismiss {
      destView = fromViewController.view
      destTransfrom = CGAffineTransform(translationX: 0, y: screenHeight)
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
    }
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.6,
      initialSpringVelocity: 0, options: UIView.AnimationOptions.curveLinear,
      animations: {
        destView.transform = destTransfrom
      },
      completion: { completed in
        transitionContext.completeTransition(true)
      })
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    modalPresentingType = ModalPresentingType.present
    return self
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    modalPresentingType = ModalPresentingType.dismiss
    return self
  }
}

/// The modal page.
class ModalViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "modal"
    buildPage(in: view, color: .systemIndigo, rows: 2, accent: .systemPink)
  }
}

/// The tutorial's second version of the home page: its own interaction controller
/// (UIViewControllerInteractiveTransitioning) instead of UIPercentDrivenInteractiveTransition.
class InteractiveHomeViewController: UIViewController, UINavigationControllerDelegate,
  UIViewControllerAnimatedTransitioning, UIViewControllerInteractiveTransitioning
{
  var navigationOperation: UINavigationController.Operation?
  var transitionContext: UIViewControllerContextTransitioning?
  var transitingView: UIView?
  var isTransiting = false

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "home"
    buildPage(in: view, color: .systemGroupedBackground, rows: 5, accent: .systemGreen)
    self.navigationController!.delegate = self
    // Swift on Linux has no selectors: there the action is the method itself.
    #if canImport(ObjectiveC)
      let popRecognizer = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handlePopRecognizer(_:)))
    #else
      let popRecognizer = UIScreenEdgePanGestureRecognizer(
        target: self, action: InteractiveHomeViewController.handlePopRecognizer)
    #endif
    popRecognizer.edges = UIRectEdge.left
    self.navigationController!.view.addGestureRecognizer(popRecognizer)
  }

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    navigationOperation = operation
    return self
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.4
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    var destView: UIView!
    var destTransform: CGAffineTransform!
    if navigationOperation == UINavigationController.Operation.push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
      destTransform = CGAffineTransform(scaleX: 1, y: 1)
    } else if navigationOperation == UINavigationController.Operation.pop {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = CGAffineTransform(scaleX: 0.1, y: 0.1)
    }
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        destView.transform = destTransform
      },
      completion: ({ completed in
        transitionContext.completeTransition(true)
      }))
  }

  func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
    self.transitionContext = transitionContext
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
    containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
    self.transitingView = fromViewController.view
  }

  func updateWithPercent(_ percent: CGFloat) {
    let scale = CGFloat(fabsf(Float(percent - CGFloat(1.0))))
    transitingView?.transform = CGAffineTransform(scaleX: scale, y: scale)
    transitionContext?.updateInteractiveTransition(percent)
  }

  func finishBy(_ cancelled: Bool) {
    if cancelled {
      UIView.animate(
        withDuration: 0.4,
        animations: {
          self.transitingView!.transform = CGAffineTransform.identity
        },
        completion: { completed in
          self.transitionContext!.cancelInteractiveTransition()
          self.transitionContext!.completeTransition(false)
        })
    } else {
      UIView.animate(
        withDuration: 0.4,
        animations: {
          self.transitingView!.transform = CGAffineTransform(scaleX: 0, y: 0)
        },
        completion: { completed in
          self.transitionContext!.finishInteractiveTransition()
          self.transitionContext!.completeTransition(true)
        })
    }
  }

  #if canImport(ObjectiveC)
    @objc
  #endif
  func handlePopRecognizer(_ popRecognizer: UIScreenEdgePanGestureRecognizer) {
    var progress =
      popRecognizer.translation(in: navigationController!.view).x / navigationController!.view.bounds.size.width
    progress = min(1.0, max(0.0, progress))
    if popRecognizer.state == UIGestureRecognizer.State.began {
      isTransiting = true
      self.navigationController!.popViewController(animated: true)
    } else if popRecognizer.state == UIGestureRecognizer.State.changed {
      updateWithPercent(progress)
    } else if popRecognizer.state == UIGestureRecognizer.State.ended
      || popRecognizer.state == UIGestureRecognizer.State.cancelled
    {
      finishBy(progress < 0.5)
      isTransiting = false
    }
  }

  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning? {
    if !self.isTransiting {
      return nil
    }
    return self
  }
}
