// UIKit's view controllers, containers and every transition protocol.

/// UIViewController.
public typealias UIViewController = ViewController
/// UINavigationController (`UINavigationController.Operation` is `.push`, `.pop`, `.none`).
public typealias UINavigationController = NavigationController
/// UITabBarController.
public typealias UITabBarController = TabBarController
/// UIModalPresentationStyle: `.fullScreen`, `.custom`, `.overFullScreen`.
public typealias UIModalPresentationStyle = ModalPresentationStyle

/// UIViewControllerAnimatedTransitioning.
public typealias UIViewControllerAnimatedTransitioning = ViewControllerAnimatedTransitioning
/// UIViewControllerContextTransitioning.
public typealias UIViewControllerContextTransitioning = ViewControllerContextTransitioning
/// UIViewControllerInteractiveTransitioning.
public typealias UIViewControllerInteractiveTransitioning = ViewControllerInteractiveTransitioning
/// UIViewControllerTransitioningDelegate.
public typealias UIViewControllerTransitioningDelegate = ViewControllerTransitioningDelegate
/// UINavigationControllerDelegate.
public typealias UINavigationControllerDelegate = NavigationControllerDelegate
/// UITabBarControllerDelegate.
public typealias UITabBarControllerDelegate = TabBarControllerDelegate
/// UIPercentDrivenInteractiveTransition.
public typealias UIPercentDrivenInteractiveTransition = PercentDrivenInteractiveTransition
/// UITransitionContextViewControllerKey (`.from`, `.to`).
public typealias UITransitionContextViewControllerKey = TransitionContextViewControllerKey
/// UITransitionContextViewKey (`.from`, `.to`).
public typealias UITransitionContextViewKey = TransitionContextViewKey
/// UIViewControllerTransitionCoordinator: what `transitionCoordinator` returns, the running
/// transition's context.
public typealias UIViewControllerTransitionCoordinator = TransitionContext
/// UIViewControllerTransitionCoordinatorContext: what the coordinator's blocks receive.
public typealias UIViewControllerTransitionCoordinatorContext = TransitionContext

/// UIModalTransitionStyle (the type only; see `modalTransitionStyle`).
public enum UIModalTransitionStyle: Int, Sendable {
  case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

extension ViewController {
  @available(
    *, unavailable,
    message:
      "modal transition styles are not modelled as a property: vend CoverVerticalAnimator, FlipHorizontalAnimator, CrossDissolveAnimator or PartialCurlAnimator from a transitioningDelegate (a presentation with none covers vertically)"
  )
  public var modalTransitionStyle: UIModalTransitionStyle {
    get { .coverVertical }
    set {}
  }
}

extension NavigationController {
  @available(
    *, unavailable,
    message:
      "the system back swipe is not modelled as a recognizer: add your own UIScreenEdgePanGestureRecognizer driving a UIPercentDrivenInteractiveTransition (or use EdgePanInteractionController)"
  )
  public var interactivePopGestureRecognizer: GestureRecognizer? { nil }
}

extension ModalPresentationStyle {
  @available(
    *, unavailable,
    message: "sheets are not modelled: .fullScreen, .overFullScreen or .custom (with your own animator)"
  )
  public static var pageSheet: ModalPresentationStyle { .fullScreen }

  @available(
    *, unavailable,
    message: "sheets are not modelled: .fullScreen, .overFullScreen or .custom (with your own animator)"
  )
  public static var formSheet: ModalPresentationStyle { .fullScreen }

  @available(
    *, unavailable,
    message: "the automatic style is a sheet, which is not modelled: .fullScreen, .overFullScreen or .custom"
  )
  public static var automatic: ModalPresentationStyle { .fullScreen }

  @available(
    *, unavailable,
    message: "presentation contexts are not modelled (every presentation covers the window): .overFullScreen"
  )
  public static var overCurrentContext: ModalPresentationStyle { .overFullScreen }

  @available(
    *, unavailable,
    message: "presentation contexts are not modelled (every presentation covers the window): .fullScreen"
  )
  public static var currentContext: ModalPresentationStyle { .fullScreen }
}

/// UIPresentationController: not modelled.
@available(
  *, unavailable,
  message:
    "presentation controllers are not modelled: with .custom the presenter's view stays; add a dimming view in the animator"
)
open class UIPresentationController {
  public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {}
}
