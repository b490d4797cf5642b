import TransitionRender

// Seed 000, "iOS custom page switching animation and interactive animation": the home page
// is the navigation controller's delegate, its animator and (second version) its interaction
// controller; the details page is the transitioning delegate and animator of a modal page.
// Ported from the tutorial's Swift 1 with renames only (README.md lists the rest).

/// The home page: scale push and pop, with itself as the navigation delegate, and an edge pan
/// that pops the details page through a UIPercentDrivenInteractiveTransition.
public final class HomeViewController: ViewController, NavigationControllerDelegate, ViewControllerAnimatedTransitioning {
  var navigationOperation: NavigationOperation?
  var interactivePopTransition: PercentDrivenInteractiveTransition?

  public override init() {
    super.init()
    title = "home"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: paper, rows: 5, accent: orange)
    self.navigationController!.delegate = self
    let popRecognizer = ScreenEdgePanGestureRecognizer(target: self, action: HomeViewController.handlePopRecognizer)
    popRecognizer.edges = RectEdge.left
    self.navigationController!.view.addGestureRecognizer(popRecognizer)
  }

  /// The button that enters the details page.
  public func showDetails() {
    navigationController!.pushViewController(DetailViewController(), animated: true)
  }

  public func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
    navigationOperation = operation
    return self
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.4
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    var destView: View!
    var destTransform: AffineTransform!
    if navigationOperation == NavigationOperation.push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = AffineTransformMakeScale(0.1, 0.1)
      destTransform = AffineTransformMakeScale(1, 1)
    } else if navigationOperation == NavigationOperation.pop {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = AffineTransformMakeScale(0.1, 0.1)
    }
    View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      destView.transform = destTransform
    }, completion: ({ completed in
      transitionContext.completeTransition(true)
    }))
  }

  func handlePopRecognizer(_ popRecognizer: ScreenEdgePanGestureRecognizer) {
    var progress = popRecognizer.translation(in: navigationController!.view).x / navigationController!.view.bounds.size.width
    progress = min(1.0, max(0.0, progress))
    if popRecognizer.state == GestureRecognizer.State.began {
      self.interactivePopTransition = PercentDrivenInteractiveTransition()
      self.navigationController!.popViewController(animated: true)
    } else if popRecognizer.state == GestureRecognizer.State.changed {
      self.interactivePopTransition?.update(progress)
    } else if popRecognizer.state == GestureRecognizer.State.ended || popRecognizer.state == GestureRecognizer.State.cancelled {
      if progress > 0.5 {
        self.interactivePopTransition?.finish()
      } else {
        self.interactivePopTransition?.cancel()
      }
      self.interactivePopTransition = nil
    }
  }

  public func navigationController(_ navigationController: NavigationController, interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
    return self.interactivePopTransition
  }
}

enum ModalPresentingType {
  case present, dismiss
}

/// The details page: presents the modal page with a spring from the bottom, being its
/// transitioning delegate and animator.
public final class DetailViewController: ViewController, ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
  var modalPresentingType: ModalPresentingType?

  public override init() {
    super.init()
    title = "details"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: teal, rows: 3, accent: indigo)
  }

  /// The segue to the modal page (the tutorial's storyboard segue, `prepareForSegue`).
  public func showModal() {
    let modal = ModalViewController()
    modal.modalPresentationStyle = ModalPresentationStyle.fullScreen
    modal.transitioningDelegate = self
    present(modal, animated: true)
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.6
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    var destView: View!
    var destTransfrom = AffineTransformIdentity
    let screenHeight = Screen.main.bounds.size.height
    if modalPresentingType == ModalPresentingType.present {
      destView = toViewController.view
      destView.transform = AffineTransformMakeTranslation(0, screenHeight)
      containerView.addSubview(toViewController.view)
    } else if modalPresentingType == ModalPresentingType.dismiss {
      destView = fromViewController.view
      destTransfrom = AffineTransformMakeTranslation(0, screenHeight)
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
    }
    View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
      options: AnimationOptions.curveLinear, animations: {
        destView.transform = destTransfrom
      }, completion: { completed in
        transitionContext.completeTransition(true)
      })
  }

  public func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> ViewControllerAnimatedTransitioning? {
    modalPresentingType = ModalPresentingType.present
    return self
  }

  public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    modalPresentingType = ModalPresentingType.dismiss
    return self
  }
}

/// The modal page.
public final class ModalViewController: ViewController {
  public override init() {
    super.init()
    title = "modal"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: indigo, rows: 2, accent: pink)
  }
}

/// The tutorial's second version of the home page: its own interaction controller
/// (UIViewControllerInteractiveTransitioning) instead of UIPercentDrivenInteractiveTransition.
public final class InteractiveHomeViewController: ViewController, NavigationControllerDelegate, ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning {
  var navigationOperation: NavigationOperation?
  var transitionContext: ViewControllerContextTransitioning?
  var transitingView: View?
  var isTransiting = false

  public override init() {
    super.init()
    title = "home"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: paper, rows: 5, accent: green)
    self.navigationController!.delegate = self
    let popRecognizer = ScreenEdgePanGestureRecognizer(target: self, action: InteractiveHomeViewController.handlePopRecognizer)
    popRecognizer.edges = RectEdge.left
    self.navigationController!.view.addGestureRecognizer(popRecognizer)
  }

  public func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
    navigationOperation = operation
    return self
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.4
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    var destView: View!
    var destTransform: AffineTransform!
    if navigationOperation == NavigationOperation.push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = AffineTransformMakeScale(0.1, 0.1)
      destTransform = AffineTransformMakeScale(1, 1)
    } else if navigationOperation == NavigationOperation.pop {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = AffineTransformMakeScale(0.1, 0.1)
    }
    View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      destView.transform = destTransform
    }, completion: ({ completed in
      transitionContext.completeTransition(true)
    }))
  }

  public func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
    self.transitionContext = transitionContext
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.to)!
    let fromViewController = transitionContext.viewController(forKey: TransitionContextViewControllerKey.from)!
    containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
    self.transitingView = fromViewController.view
  }

  func updateWithPercent(_ percent: Double) {
    let scale = Double(fabsf(Float(percent - Double(1.0))))
    transitingView?.transform = AffineTransformMakeScale(scale, scale)
    transitionContext?.updateInteractiveTransition(percent)
  }

  func finishBy(_ cancelled: Bool) {
    if cancelled {
      View.animate(withDuration: 0.4, animations: {
        self.transitingView!.transform = AffineTransformIdentity
      }, completion: { completed in
        self.transitionContext!.cancelInteractiveTransition()
        self.transitionContext!.completeTransition(false)
      })
    } else {
      View.animate(withDuration: 0.4, animations: {
        self.transitingView!.transform = AffineTransformMakeScale(0, 0)
      }, completion: { completed in
        self.transitionContext!.finishInteractiveTransition()
        self.transitionContext!.completeTransition(true)
      })
    }
  }

  func handlePopRecognizer(_ popRecognizer: ScreenEdgePanGestureRecognizer) {
    var progress = popRecognizer.translation(in: navigationController!.view).x / navigationController!.view.bounds.size.width
    progress = min(1.0, max(0.0, progress))
    if popRecognizer.state == GestureRecognizer.State.began {
      isTransiting = true
      self.navigationController!.popViewController(animated: true)
    } else if popRecognizer.state == GestureRecognizer.State.changed {
      updateWithPercent(progress)
    } else if popRecognizer.state == GestureRecognizer.State.ended || popRecognizer.state == GestureRecognizer.State.cancelled {
      finishBy(progress < 0.5)
      isTransiting = false
    }
  }

  public func navigationController(_ navigationController: NavigationController, interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
    if !self.isTransiting {
      return nil
    }
    return self
  }
}
