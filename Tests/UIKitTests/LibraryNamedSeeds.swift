import TransitionRender

// The seed transitions of Seeds/ written with the library's own names (`View`,
// `Transform3DMakeRotation`, `AffineTransform`, `Screen.main`, `Double`): the oracle the
// UIKit-spelled files are recorded against. A port with renames only, as Examples/ ports them.

@MainActor
func libraryBuildPage(in view: View, color: Color, rows: Int, accent: Color) {
  view.backgroundColor = color
  let width = view.bounds.width
  let bar = View(frame: Rect(x: 0, y: 0, width: width, height: 64))
  bar.backgroundColor = Color(white: 0.97, alpha: 1)
  view.addSubview(bar)
  for i in 0..<rows {
    let row = View(frame: Rect(x: 16, y: 88 + Double(i) * 72, width: width - 32, height: 56))
    row.backgroundColor = accent
    row.layer.cornerRadius = 10
    view.addSubview(row)
  }
}

final class LibraryHomeViewController: ViewController, NavigationControllerDelegate, ViewControllerAnimatedTransitioning
{
  var navigationOperation: NavigationOperation?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    libraryBuildPage(in: view, color: .white, rows: 5, accent: Color(red: 1, green: 0.58, blue: 0, alpha: 1))
    navigationController?.delegate = self
  }

  func showDetails() { navigationController?.pushViewController(LibraryDetailViewController(), animated: true) }

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    navigationOperation = operation
    return self
  }

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: .to)!
    let fromViewController = transitionContext.viewController(forKey: .from)!
    var destView: View!
    var destTransform: AffineTransform!
    if navigationOperation == .push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = AffineTransformMakeScale(0.1, 0.1)
      destTransform = AffineTransformMakeScale(1, 1)
    } else if navigationOperation == .pop {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = AffineTransformMakeScale(0.1, 0.1)
    }
    View.animate(
      withDuration: transitionDuration(using: transitionContext), animations: { destView.transform = destTransform },
      completion: { _ in transitionContext.completeTransition(true) })
  }
}

final class LibraryDetailViewController: ViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    libraryBuildPage(in: view, color: .systemTeal, rows: 3, accent: .systemIndigo)
    view.backgroundColor = .systemBlue
  }
}

final class LibraryPresentAnimator: NSObject, ViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 2.5 }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let fromViewController = transitionContext.viewController(forKey: .from)!
    let toViewController = transitionContext.viewController(forKey: .to)!
    let finalFrameForVC = transitionContext.finalFrame(for: toViewController)
    let containerView = transitionContext.containerView
    let bounds = Screen.main.bounds
    toViewController.view.frame = RectOffset(finalFrameForVC, 0, bounds.size.height)
    containerView.addSubview(toViewController.view)
    View.animate(
      withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.5,
      initialSpringVelocity: 0, options: .curveLinear,
      animations: {
        fromViewController.view.alpha = 0.5
        toViewController.view.frame = finalFrameForVC
      },
      completion: { _ in
        transitionContext.completeTransition(true)
        fromViewController.view.alpha = 1
      })
  }
}

final class LibraryCubeAnimator: NSObject, ViewControllerAnimatedTransitioning {
  var reverse = false

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 1.5 }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toView = transitionContext.viewController(forKey: .to)!.view!
    let fromView = transitionContext.viewController(forKey: .from)!.view!
    let direction: Double = reverse ? -1 : 1
    toView.layer.anchorPoint = PointMake(direction == 1 ? 0 : 1, 0.5)
    fromView.layer.anchorPoint = PointMake(direction == 1 ? 1 : 0, 0.5)
    var viewFromTransform = Transform3DMakeRotation(direction * Double.pi / 2, 0, 1, 0)
    var viewToTransform = Transform3DMakeRotation(-direction * Double.pi / 2, 0, 1, 0)
    viewFromTransform.m34 = -0.005
    viewToTransform.m34 = -0.005
    containerView.transform = AffineTransformMakeTranslation(direction * containerView.frame.size.width / 2, 0)
    toView.layer.transform = viewToTransform
    containerView.addSubview(toView)
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        containerView.transform = AffineTransformMakeTranslation(-direction * containerView.frame.size.width / 2, 0)
        fromView.layer.transform = viewFromTransform
        toView.layer.transform = Transform3DIdentity
      },
      completion: { _ in
        containerView.transform = AffineTransformIdentity
        fromView.layer.transform = Transform3DIdentity
        toView.layer.transform = Transform3DIdentity
        fromView.layer.anchorPoint = PointMake(0.5, 0.5)
        toView.layer.anchorPoint = PointMake(0.5, 0.5)
        if transitionContext.transitionWasCancelled {
          toView.removeFromSuperview()
        } else {
          fromView.removeFromSuperview()
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

final class LibraryInteractionController: PercentDrivenInteractiveTransition {
  var navigationController: NavigationController!
  var shouldCompleteTransition = false
  var transitionInProgress = false

  override var completionSpeed: CGFloat {
    get { 1 - percentComplete }
    set {}
  }

  func attach(to viewController: ViewController) {
    navigationController = viewController.navigationController
    viewController.view.addGestureRecognizer(
      PanGestureRecognizer(target: self, action: LibraryInteractionController.handlePanGesture))
  }

  func handlePanGesture(_ gestureRecognizer: PanGestureRecognizer) {
    let viewTranslation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
    switch gestureRecognizer.state {
    case .began:
      transitionInProgress = true
      navigationController.popViewController(animated: true)
    case .changed:
      let progress = min(max(viewTranslation.x / 200.0, 0.0), 1.0)
      shouldCompleteTransition = progress > 0.5
      update(progress)
    case .cancelled, .ended:
      if !shouldCompleteTransition || gestureRecognizer.state == .cancelled { cancel() } else { finish() }
    default:
      break
    }
  }

  override func finish() {
    super.finish()
    transitionInProgress = false
  }

  override func cancel() {
    super.cancel()
    transitionInProgress = false
  }
}

final class LibraryItemsViewController: ViewController, ViewControllerTransitioningDelegate,
  NavigationControllerDelegate
{
  let presentAnimator = LibraryPresentAnimator()
  let cubeAnimator = LibraryCubeAnimator()
  let interaction = LibraryInteractionController()

  override func viewDidLoad() {
    super.viewDidLoad()
    libraryBuildPage(
      in: view, color: Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), rows: 6,
      accent: Color(red: 0.19, green: 0.69, blue: 0.78, alpha: 1))
    navigationController?.delegate = self
  }

  func showAction() {
    let toViewController = LibraryActionViewController()
    toViewController.transitioningDelegate = self
    present(toViewController, animated: true)
  }

  func showItem() { navigationController?.pushViewController(LibraryItemViewController(), animated: true) }

  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  { presentAnimator }

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    if operation == .push { interaction.attach(to: toVC) }
    cubeAnimator.reverse = operation == .pop
    return cubeAnimator
  }

  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    interaction.transitionInProgress ? interaction : nil
  }
}

final class LibraryActionViewController: ViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    libraryBuildPage(
      in: view, color: Color(red: 1, green: 0.18, blue: 0.33, alpha: 1), rows: 2, accent: Color(white: 1, alpha: 0.85))
  }
}

final class LibraryItemViewController: ViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    libraryBuildPage(
      in: view, color: Color(red: 1, green: 0.58, blue: 0, alpha: 1), rows: 3,
      accent: Color(red: 0.35, green: 0.34, blue: 0.84, alpha: 1))
  }
}
