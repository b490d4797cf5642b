import TransitionRender

// Seed 004, "easy steps to implement custom transitions": a `.custom` presentation whose
// presenting screen is the transitioning delegate and the animator of both directions,
// telling them apart with `isPresnted` (sic) — the modal from the top down, and a system-like
// fade. With `.custom` the presenting screen stays in the window: the dismissal shows it
// behind. Ported from the tutorial's Objective-C with renames only (README.md lists the rest).

/// The presenting screen, with the top-down animation.
public final class TopDownViewController: ViewController, ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
  var isPresnted = false
  public let detailVC = DetailScreenViewController()

  public override init() {
    super.init()
    title = "list"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: paper, rows: 6, accent: pink)
  }

  /// The button that shows the detail screen.
  public func showDetail() {
    detailVC.modalPresentationStyle = ModalPresentationStyle.custom
    detailVC.transitioningDelegate = self
    self.present(detailVC, animated: true)
  }

  public func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> ViewControllerAnimatedTransitioning? {
    self.isPresnted = true
    return self
  }

  public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    self.isPresnted = false
    return self
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 1.0
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    if self.isPresnted == true {
      // 1. Remove view
      let presentedView = transitionContext.view(forKey: TransitionContextViewKey.to)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(presentedView)
      // 3. Set basic properties
      presentedView.frame = RectMake(0, -667, 375, 667)
      // 4. Animation
      View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
        presentedView.frame = RectMake(0, 0, 375, 667)
      }, completion: { finished in
        transitionContext.completeTransition(true)
      })
    } else {
      // 1. Remove view
      let dismissedView = transitionContext.view(forKey: TransitionContextViewKey.from)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(dismissedView)
      // 3. Animation
      View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
        dismissedView.frame = RectMake(0, -667, 375, 667)
      }, completion: { finished in
        transitionContext.completeTransition(true)
      })
    }
  }
}

/// The presenting screen, with the fade that simulates the system's.
public final class FadeViewController: ViewController, ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
  var isPresnted = false
  public let detailVC = DetailScreenViewController()

  public override init() {
    super.init()
    title = "list"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: paper, rows: 6, accent: green)
  }

  /// The button that shows the detail screen.
  public func showDetail() {
    detailVC.modalPresentationStyle = ModalPresentationStyle.custom
    detailVC.transitioningDelegate = self
    self.present(detailVC, animated: true)
  }

  public func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> ViewControllerAnimatedTransitioning? {
    self.isPresnted = true
    return self
  }

  public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    self.isPresnted = false
    return self
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 1.0
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    if self.isPresnted == true {
      // 1. Remove view
      let presentedView = transitionContext.view(forKey: TransitionContextViewKey.to)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(presentedView)
      // 3. Set the basic property
      presentedView.alpha = 0
      // 4. Animation
      View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
        presentedView.alpha = 1.0
      }, completion: { finished in
        transitionContext.completeTransition(true)
      })
    } else {
      // 1. Remove view
      let dismissedView = transitionContext.view(forKey: TransitionContextViewKey.from)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(dismissedView)
      // 3. Set the basic property
      dismissedView.alpha = 1
      // 4. Animation
      View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
        dismissedView.alpha = 0
      }, completion: { finished in
        transitionContext.completeTransition(true)
      })
    }
  }
}

/// The detail screen both present.
public final class DetailScreenViewController: ViewController {
  public override init() {
    super.init()
    title = "detail"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: indigo, rows: 3, accent: orange)
  }
}
