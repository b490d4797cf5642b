import TransitionRender

// The documentation's getting-started example (Sources/TransitionRender/TransitionRender.docc,
// "Getting Started"), whole: an animator, two screens, a navigation delegate and the recording.
// The article holds the lines between the DOCS markers; a test keeps the two the same.

// DOCS: getting-started
/// Fades the new screen in over the old one while it grows from 90 % to full size.
final class FadeInAnimator: NSObject, ViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.5
  }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let toView = transitionContext.view(forKey: .to)!
    transitionContext.containerView.addSubview(toView)
    toView.alpha = 0
    toView.transform = AffineTransformMakeScale(0.9, 0.9)
    View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      toView.alpha = 1
      toView.transform = .identity
    }, completion: { _ in
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    })
  }
}

/// A screen of one color with a card in the middle.
final class CardViewController: ViewController {
  let color: Color
  init(color: Color) {
    self.color = color
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    let card = View(frame: RectInset(view.bounds, 40, 160))
    card.backgroundColor = .white
    card.layer.cornerRadius = 24
    view.addSubview(card)
  }
}

/// Vends the animator for every push and pop, as an app's navigation delegate does.
final class Transitions: NSObject, NavigationControllerDelegate {
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationController.Operation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    return FadeInAnimator()
  }
}

/// Records a push from a blue screen to an orange one and writes it as a GIF.
@MainActor
public func renderGettingStarted(to path: String) throws {
  let nav = NavigationController(rootViewController: CardViewController(color: Color(hex: 0x007AFF)))
  let transitions = Transitions()
  nav.delegate = transitions
  let recording = try Recorder(root: nav, size: Size(width: 390, height: 844), scale: 1)
    .record { nav.pushViewController(CardViewController(color: Color(hex: 0xFF9500)), animated: true) }
  try recording.write(to: path)
}
// DOCS: end
