import UIKit

// A card presented and dismissed with Core Animation's explicit animations, as an iOS developer
// writes them: CABasicAnimation and CAKeyframeAnimation under a CATransaction completion block,
// a CASpringAnimation whose delegate completes the transition, and a card whose top corners
// alone are rounded (maskedCorners) with a shadow cast from a UIBezierPath. Not edited for
// Linux: compiled in Swift 5 mode (UIKitSeedsSwift5) and in Swift 6 mode (UIKitTests links it).

/// Slides the card up from below the screen while it fades in over the first 40 %.
class CardPresentAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: .to)!
    let cardView = toViewController.view!
    let finalFrame = transitionContext.finalFrame(for: toViewController)
    cardView.frame = CGRect(
      x: 0, y: finalFrame.height * 0.25, width: finalFrame.width, height: finalFrame.height * 0.75)
    containerView.addSubview(cardView)

    cardView.layer.cornerRadius = 24
    cardView.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    cardView.layer.shadowColor = UIColor.black.cgColor
    cardView.layer.shadowOpacity = 0.5
    cardView.layer.shadowRadius = 16
    cardView.layer.shadowOffset = CGSize(width: 0, height: -8)
    cardView.layer.shadowPath =
      UIBezierPath(
        roundedRect: cardView.bounds, byRoundingCorners: [.topLeft, .topRight],
        cornerRadii: CGSize(width: 24, height: 24)
      ).cgPath

    let slide = CABasicAnimation(keyPath: "position.y")
    slide.fromValue = cardView.layer.position.y + containerView.bounds.height
    slide.toValue = cardView.layer.position.y
    slide.duration = transitionDuration(using: transitionContext)
    slide.timingFunction = CAMediaTimingFunction(name: .easeOut)

    let fade = CAKeyframeAnimation(keyPath: "opacity")
    fade.values = [0, 1, 1]
    fade.keyTimes = [0, 0.4, 1]
    fade.duration = slide.duration

    CATransaction.begin()
    CATransaction.setCompletionBlock {
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    cardView.layer.add(slide, forKey: "slide")
    cardView.layer.add(fade, forKey: "fade")
    CATransaction.commit()
  }
}

/// Shrinks the card on a spring, held at its end until the transition completes.
class CardDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
  private var context: UIViewControllerContextTransitioning?

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.6
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    context = transitionContext
    let cardView = transitionContext.view(forKey: .from)!
    let shrink = CASpringAnimation(keyPath: "transform.scale")
    shrink.fromValue = 1
    shrink.toValue = 0.5
    shrink.stiffness = 200
    shrink.damping = 12
    shrink.duration = shrink.settlingDuration
    shrink.fillMode = .forwards
    shrink.isRemovedOnCompletion = false
    shrink.delegate = self
    cardView.layer.add(shrink, forKey: "shrink")
  }

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    context?.completeTransition(flag)
    context = nil
  }
}

/// The screen that presents the card: the card's transitioning delegate.
class CardsViewController: UIViewController, UIViewControllerTransitioningDelegate {
  let presentAnimator = CardPresentAnimator()
  let dismissAnimator = CardDismissAnimator()

  override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: UIColor.white, rows: 6, accent: UIColor.systemTeal)
  }

  func showCard() {
    let card = BouncingCardViewController()
    card.modalPresentationStyle = .custom
    card.transitioningDelegate = self
    present(card, animated: true, completion: nil)
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    return presentAnimator
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    return dismissAnimator
  }
}

class BouncingCardViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.systemIndigo
  }
}
