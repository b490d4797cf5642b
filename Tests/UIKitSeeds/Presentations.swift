import UIKit

// UIKit's own presentation machinery as an app uses it today: a presentation controller that
// shows a card over the lower half of the screen above a dimming view faded in alongside the
// transition, a one-line system transition style, and a tab bar controller that watches its
// tabs. Written for iOS and compiled here unchanged, in Swift 5 mode (UIKitSeedsSwift5) and in
// Swift 6 mode (UIKitTests links it).

/// A card over the lower half of the container; the rest of the screen dims as the card comes
/// up and clears as it goes.
class HalfHeightPresentationController: UIPresentationController {
  let dimmingView = UIView()

  override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.5)
    dimmingView.alpha = 0
  }

  override var frameOfPresentedViewInContainerView: CGRect {
    guard let containerView = containerView else { return .zero }
    let bounds = containerView.bounds
    return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
  }

  override func presentationTransitionWillBegin() {
    guard let containerView = containerView else { return }
    dimmingView.frame = containerView.bounds
    containerView.insertSubview(dimmingView, at: 0)
    guard let coordinator = presentedViewController.transitionCoordinator else {
      dimmingView.alpha = 1
      return
    }
    coordinator.animate(alongsideTransition: { _ in
      self.dimmingView.alpha = 1
    })
  }

  override func presentationTransitionDidEnd(_ completed: Bool) {
    if !completed { dimmingView.removeFromSuperview() }
  }

  override func dismissalTransitionWillBegin() {
    guard let coordinator = presentedViewController.transitionCoordinator else {
      dimmingView.alpha = 0
      return
    }
    coordinator.animate(alongsideTransition: { _ in
      self.dimmingView.alpha = 0
    })
  }

  override func dismissalTransitionDidEnd(_ completed: Bool) {
    if completed { dimmingView.removeFromSuperview() }
  }

  override func containerViewWillLayoutSubviews() {
    super.containerViewWillLayoutSubviews()
    presentedView?.frame = frameOfPresentedViewInContainerView
  }
}

/// Vends the half-height presentation controller; the system's cover-vertical slide moves the
/// card.
class HalfHeightTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    return HalfHeightPresentationController(presentedViewController: presented, presenting: presenting)
  }
}

/// A screen of one colour.
class ColorPageViewController: UIViewController {
  var color = UIColor.white

  convenience init(color: UIColor) {
    self.init()
    self.color = color
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
  }
}

/// The card, presented over the lower half of the screen.
class CardViewController: ColorPageViewController {
  let cardTransitions = HalfHeightTransitioningDelegate()

  /// Sets up the custom presentation, as apps do where they make the card.
  func prepareCustomPresentation() {
    modalPresentationStyle = .custom
    transitioningDelegate = cardTransitions
  }
}

/// Presents `page` with the system flip: one line on iOS.
@MainActor
func presentFlipped(_ page: UIViewController, from presenter: UIViewController) {
  page.modalTransitionStyle = .flipHorizontal
  presenter.present(page, animated: true, completion: nil)
}

/// Pushes `page` with iOS 18's preferred cross-dissolve.
@MainActor
func pushDissolving(_ page: UIViewController, on navigationController: UINavigationController) {
  page.preferredTransition = .crossDissolve
  navigationController.pushViewController(page, animated: true)
}

/// A tab bar controller that is its own delegate, keeps the last tab from being selected and
/// notes each tab shown through an override of `selectedViewController` (where an app on iOS
/// would observe it).
class GuardedTabBarController: UITabBarController, UITabBarControllerDelegate {
  var shownTitles: [String] = []
  var tappedTitles: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    delegate = self
  }

  override var selectedViewController: UIViewController? {
    didSet { shownTitles.append(selectedViewController?.title ?? "") }
  }

  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
    return viewController !== tabBarController.viewControllers?.last
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    tappedTitles.append(viewController.title ?? "")
  }
}
