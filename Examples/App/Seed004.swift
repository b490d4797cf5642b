import UIKit

// Seed 004, "easy steps to implement custom transitions": a `.custom` presentation whose
// presenting screen is the transitioning delegate and the animator of both directions,
// telling them apart with `isPresnted` (sic) — the modal from the top down, and a system-like
// fade. With `.custom` the presenting screen stays in the window: the dismissal shows it
// behind. The tutorial's Objective-C as Swift writes it today.

/// The presenting screen, with the top-down animation.
class TopDownViewController: UIViewController, UIViewControllerTransitioningDelegate,
  UIViewControllerAnimatedTransitioning
{
  var isPresnted = false
  let detailVC = DetailScreenViewController()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "list"
    buildPage(in: view, color: .systemGroupedBackground, rows: 6, accent: .systemPink)
  }

  /// The button that shows the detail screen.
  func showDetail() {
    detailVC.modalPresentationStyle = UIModalPresentationStyle.custom
    detailVC.transitioningDelegate = self
    self.present(detailVC, animated: true, completion: nil)
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    self.isPresnted = true
    return self
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    self.isPresnted = false
    return self
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 1.0
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    if self.isPresnted == true {
      // 1. Remove view
      let presentedView = transitionContext.view(forKey: UITransitionContextViewKey.to)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(presentedView)
      // 3. Set basic properties
      presentedView.frame = CGRect(x: 0, y: -667, width: 375, height: 667)
      // 4. Animation
      UIView.animate(
        withDuration: self.transitionDuration(using: transitionContext),
        animations: {
          presentedView.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        },
        completion: { finished in
          transitionContext.completeTransition(true)
        })
    } else {
      // 1. Remove view
      let dismissedView = transitionContext.view(forKey: UITransitionContextViewKey.from)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(dismissedView)
      // 3. Animation
      UIView.animate(
        withDuration: self.transitionDuration(using: transitionContext),
        animations: {
          dismissedView.frame = CGRect(x: 0, y: -667, width: 375, height: 667)
        },
        completion: { finished in
          transitionContext.completeTransition(true)
        })
    }
  }
}

/// The presenting screen, with the fade that simulates the system's.
class FadeViewController: UIViewController, UIViewControllerTransitioningDelegate,
  UIViewControllerAnimatedTransitioning
{
  var isPresnted = false
  let detailVC = DetailScreenViewController()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "list"
    buildPage(in: view, color: .systemGroupedBackground, rows: 6, accent: .systemGreen)
  }

  /// The button that shows the detail screen.
  func showDetail() {
    detailVC.modalPresentationStyle = UIModalPresentationStyle.custom
    detailVC.transitioningDelegate = self
    self.present(detailVC, animated: true, completion: nil)
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    self.isPresnted = true
    return self
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    self.isPresnted = false
    return self
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 1.0
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    if self.isPresnted == true {
      // 1. Remove view
      let presentedView = transitionContext.view(forKey: UITransitionContextViewKey.to)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(presentedView)
      // 3. Set the basic property
      presentedView.alpha = 0
      // 4. Animation
      UIView.animate(
        withDuration: self.transitionDuration(using: transitionContext),
        animations: {
          presentedView.alpha = 1.0
        },
        completion: { finished in
          transitionContext.completeTransition(true)
        })
    } else {
      // 1. Remove view
      let dismissedView = transitionContext.view(forKey: UITransitionContextViewKey.from)!
      // 2. Put into containerView
      transitionContext.containerView.addSubview(dismissedView)
      // 3. Set the basic property
      dismissedView.alpha = 1
      // 4. Animation
      UIView.animate(
        withDuration: self.transitionDuration(using: transitionContext),
        animations: {
          dismissedView.alpha = 0
        },
        completion: { finished in
          transitionContext.completeTransition(true)
        })
    }
  }
}

/// The detail screen both present.
class DetailScreenViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "detail"
    buildPage(in: view, color: .systemIndigo, rows: 3, accent: .systemOrange)
  }
}
