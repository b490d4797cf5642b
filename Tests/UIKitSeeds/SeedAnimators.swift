import UIKit

// Three of the seed tutorials' transitions (000 and 001, docs/effects.md#the-tutorials) as an iOS
// developer writes them today: `import UIKit`, UIKit's names, CGFloat and CGRect. This file is
// not edited for Linux: it compiles as it would in an app, in Swift 5 mode (target
// UIKitSeedsSwift5) and in Swift 6 mode (UIKitTests links it), and the tests record it.

/// Builds a screen as an app's viewDidLoad does: a background, a bar and a few rows.
@MainActor
func buildPage(in view: UIView, color: UIColor, rows: Int, accent: UIColor) {
  view.backgroundColor = color
  let width = view.bounds.width
  let bar = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 64))
  bar.backgroundColor = UIColor(white: 0.97, alpha: 1)
  view.addSubview(bar)
  for i in 0..<rows {
    let row = UIView(frame: CGRect(x: 16, y: 88 + CGFloat(i) * 72, width: width - 32, height: 56))
    row.backgroundColor = accent
    row.layer.cornerRadius = 10
    view.addSubview(row)
  }
}

// MARK: Seed 000: the home page is its navigation controller's delegate and animator

class HomeViewController: UIViewController, UINavigationControllerDelegate, UIViewControllerAnimatedTransitioning {
  var navigationOperation: UINavigationController.Operation?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.white
    buildPage(in: view, color: UIColor.white, rows: 5, accent: UIColor(red: 1, green: 0.58, blue: 0, alpha: 1))
    navigationController?.delegate = self
  }

  /// The button that opens the details page.
  func showDetails() {
    navigationController?.pushViewController(DetailViewController(), animated: true)
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
    if navigationOperation == .push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
      destTransform = CGAffineTransform(scaleX: 1, y: 1)
    } else if navigationOperation == .pop {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = CGAffineTransform(scaleX: 0.1, y: 0.1)
    }
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        destView.transform = destTransform
      },
      completion: { completed in
        transitionContext.completeTransition(true)
      })
  }
}

class DetailViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: UIColor.systemTeal, rows: 3, accent: UIColor.systemIndigo)
    view.backgroundColor = UIColor.systemBlue
  }
}

// MARK: Seed 001: a spring presentation and the cube, vended by the items screen

class CustomPresentAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 2.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let fromViewController = transitionContext.viewController(forKey: .from)!
    let toViewController = transitionContext.viewController(forKey: .to)!
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
      completion: { finished in
        transitionContext.completeTransition(true)
        fromViewController.view.alpha = 1.0
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
    let toViewController = transitionContext.viewController(forKey: .to)!
    let fromViewController = transitionContext.viewController(forKey: .from)!
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
      completion: { finished in
        containerView.transform = .identity
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

/// The tutorial's table of items: the transitioning delegate of the screen it presents and the
/// delegate of its navigation controller.
class ItemsViewController: UIViewController, UIViewControllerTransitioningDelegate, UINavigationControllerDelegate {
  let customPresentAnimationController = CustomPresentAnimationController()
  let customNavigationAnimationController = CustomNavigationAnimationController()
  let customInteractionController = CustomInteractionController()

  override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(
      in: view, color: UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), rows: 6,
      accent: UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1))
    navigationController?.delegate = self
  }

  /// The "showAction" segue.
  func showAction() {
    let toViewController = ActionViewController()
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

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    if operation == .push {
      customInteractionController.attach(to: toVC)
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

class ActionViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(
      in: view, color: UIColor(red: 1, green: 0.18, blue: 0.33, alpha: 1), rows: 2,
      accent: UIColor(white: 1, alpha: 0.85))
  }
}

class ItemViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(
      in: view, color: UIColor(red: 1, green: 0.58, blue: 0, alpha: 1), rows: 3,
      accent: UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1))
  }
}
