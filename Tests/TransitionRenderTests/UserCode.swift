import TransitionRender

// What an app's own code looks like: view controllers whose views are built in viewDidLoad,
// NSObject animators and delegates, wired as in UIKit. The tests record it with nothing but
// `import TransitionRender`.

let red = Color(red: 1, green: 0, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)
let green = Color(red: 0, green: 1, blue: 0)

/// A screen of one color.
final class ColorViewController: ViewController {
  let color: Color
  init(_ title: String, _ color: Color) {
    self.color = color
    super.init()
    self.title = title
  }
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
  }
}

/// Brings the new screen in from the right edge, linearly, over `duration`; going back, takes
/// the old one out to the right.
final class SlideAnimator: NSObject, ViewControllerAnimatedTransitioning {
  var reverse = false
  let duration: Double
  init(duration: Double = 0.5) { self.duration = duration }

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval { duration }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let toView = transitionContext.viewController(forKey: .to)!.view!
    let fromView = transitionContext.viewController(forKey: .from)!.view!
    let width = container.bounds.width
    if reverse {
      container.insertSubview(toView, belowSubview: fromView)
    } else {
      container.addSubview(toView)
      toView.transform = AffineTransform(translationX: width, y: 0)
    }
    let moving = reverse ? fromView : toView
    View.animate(
      withDuration: duration, delay: 0, options: .curveLinear,
      animations: {
        moving.transform = self.reverse ? AffineTransform(translationX: width, y: 0) : .identity
      },
      completion: { _ in
        moving.transform = .identity
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

/// A navigation delegate that vends `animator` (nil: UIKit's standard push and pop).
final class NavigationTransitions: NSObject, NavigationControllerDelegate {
  var animator: SlideAnimator?
  var interaction: PercentDrivenInteractiveTransition?
  init(animator: SlideAnimator?) { self.animator = animator }

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    animator?.reverse = operation == .pop
    return animator
  }

  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    interaction
  }
}

/// An animator that forgets to call completeTransition.
final class ForgetfulAnimator: NSObject, ViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let toView = transitionContext.view(forKey: .to)!
    transitionContext.containerView.addSubview(toView)
    toView.alpha = 0
    View.animate(withDuration: 0.3) { toView.alpha = 1 }
  }
}

/// An animator that calls completeTransition twice.
final class DoubleCompletingAnimator: NSObject, ViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    transitionContext.containerView.addSubview(transitionContext.view(forKey: .to)!)
    View.animate(withDuration: 0.2, animations: {}) { _ in
      transitionContext.completeTransition(true)
      transitionContext.completeTransition(true)
    }
  }
}

/// Vends one animator for everything, as a delegate of any container.
final class FixedTransitions: NSObject, NavigationControllerDelegate, ViewControllerTransitioningDelegate,
  TabBarControllerDelegate
{
  let animator: ViewControllerAnimatedTransitioning
  init(_ animator: ViewControllerAnimatedTransitioning) { self.animator = animator }
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { animator }
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  { animator }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { animator }
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { animator }
}

/// Seed 004's top-down modal, as the tutorial writes it (frames hard-coded to the screen):
/// presenting slides the new screen down from above; dismissing slides it back up.
final class TopDownTransitions: NSObject, ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
  var isPresented = false
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  {
    isPresented = true
    return self
  }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    isPresented = false
    return self
  }
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval { 1.0 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let bounds = Screen.main.bounds
    if isPresented {
      let presentedView = transitionContext.view(forKey: .to)!
      transitionContext.containerView.addSubview(presentedView)
      presentedView.frame = Rect(x: 0, y: -bounds.height, width: bounds.width, height: bounds.height)
      View.animate(
        withDuration: transitionDuration(using: transitionContext),
        animations: {
          presentedView.frame = bounds
        }, completion: { _ in transitionContext.completeTransition(true) })
    } else {
      let dismissedView = transitionContext.view(forKey: .from)!
      transitionContext.containerView.addSubview(dismissedView)
      View.animate(
        withDuration: transitionDuration(using: transitionContext),
        animations: {
          dismissedView.frame = Rect(x: 0, y: -bounds.height, width: bounds.width, height: bounds.height)
        }, completion: { _ in transitionContext.completeTransition(true) })
    }
  }
}

/// A detail screen that pops itself with its own edge-pan recognizer and a percent-driven
/// interaction, as seed 000's `handlePopRecognizer` does.
final class SwipeBackViewController: ViewController {
  let transitions: NavigationTransitions
  init(transitions: NavigationTransitions) {
    self.transitions = transitions
    super.init()
    title = "detail"
  }
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = blue
    let popRecognizer = ScreenEdgePanGestureRecognizer(
      target: self, action: SwipeBackViewController.handlePopRecognizer)
    popRecognizer.edges = .left
    view.addGestureRecognizer(popRecognizer)
  }
  func handlePopRecognizer(_ popRecognizer: ScreenEdgePanGestureRecognizer) {
    let progress = min(1, max(0, popRecognizer.translation(in: view).x / view.bounds.width))
    switch popRecognizer.state {
    case .began:
      transitions.interaction = PercentDrivenInteractiveTransition()
      navigationController?.popViewController(animated: true)
    case .changed:
      transitions.interaction?.update(progress)
    case .ended, .cancelled:
      if progress > 0.5 { transitions.interaction?.finish() } else { transitions.interaction?.cancel() }
      transitions.interaction = nil
    default:
      break
    }
  }
}

/// Seed 001's cube navigation animator, ported with renames only; `perspective` is the seed's
/// `const` (m34 −0.005).
final class CustomNavigationAnimationController: NSObject, ViewControllerAnimatedTransitioning {
  var reverse: Bool = false
  var perspective: Double = -0.005
  var duration: Double = 1.5

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval { duration }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: .to)!
    let fromViewController = transitionContext.viewController(forKey: .from)!
    let toView = toViewController.view!
    let fromView = fromViewController.view!
    let direction: Double = reverse ? -1 : 1
    let const: Double = perspective
    toView.layer.anchorPoint = Point(x: direction == 1 ? 0 : 1, y: 0.5)
    fromView.layer.anchorPoint = Point(x: direction == 1 ? 1 : 0, y: 0.5)
    var viewFromTransform: Transform3D = Transform3DMakeRotation(direction * .pi / 2, 0.0, 1.0, 0.0)
    var viewToTransform: Transform3D = Transform3DMakeRotation(-direction * .pi / 2, 0.0, 1.0, 0.0)
    viewFromTransform.m34 = const
    viewToTransform.m34 = const
    containerView.transform = AffineTransform(translationX: direction * containerView.frame.size.width / 2.0, y: 0)
    toView.layer.transform = viewToTransform
    containerView.addSubview(toView)
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        containerView.transform = AffineTransform(translationX: -direction * containerView.frame.size.width / 2.0, y: 0)
        fromView.layer.transform = viewFromTransform
        toView.layer.transform = Transform3DIdentity
      },
      completion: { finished in
        containerView.transform = .identity
        fromView.layer.transform = Transform3DIdentity
        toView.layer.transform = Transform3DIdentity
        fromView.layer.anchorPoint = Point(x: 0.5, y: 0.5)
        toView.layer.anchorPoint = Point(x: 0.5, y: 0.5)
        if transitionContext.transitionWasCancelled {
          toView.removeFromSuperview()
        } else {
          fromView.removeFromSuperview()
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

/// A screen with a band and a box, so that a cube face shows its perspective.
final class PatternViewController: ViewController {
  let color: Color
  init(_ title: String, _ color: Color) {
    self.color = color
    super.init()
    self.title = title
  }
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    let band = View(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 20))
    band.backgroundColor = Color(white: 0.95)
    view.addSubview(band)
    let box = View(frame: Rect(x: 10, y: 40, width: view.bounds.width - 20, height: 40))
    box.backgroundColor = Color(hex: 0x007AFF)
    box.layer.cornerRadius = 8
    view.addSubview(box)
  }
}

/// The seed's cube push between two patterned screens, at test size.
@MainActor
func cubePush(perspective: Double = -0.005, fps: Double = 10) throws -> Recording {
  final class Delegate: NSObject, NavigationControllerDelegate {
    let animator = CustomNavigationAnimationController()
    func navigationController(
      _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
      from fromVC: ViewController, to toVC: ViewController
    ) -> ViewControllerAnimatedTransitioning? {
      animator.reverse = operation == .pop
      return animator
    }
  }
  let delegate = Delegate()
  delegate.animator.perspective = perspective
  delegate.animator.duration = 1.0
  let nav = NavigationController(rootViewController: PatternViewController("items", Color(hex: 0xFF9500)))
  nav.delegate = delegate
  // The reference shows the cube alone, without the navigation bar's own transition.
  nav.isNavigationBarHidden = true
  return try withExtendedLifetime(delegate) {
    try Recorder(root: nav, size: Size(width: 80, height: 120), scale: 1, fps: fps)
      .record { nav.pushViewController(PatternViewController("detail", Color(hex: 0x34C759)), animated: true) }
  }
}
