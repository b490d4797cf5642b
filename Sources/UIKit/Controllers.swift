// UIKit's view controllers, containers and every transition protocol.

/// UIViewController.
public typealias UIViewController = ViewController
/// UINavigationController (`UINavigationController.Operation` is `.push`, `.pop`, `.none`).
public typealias UINavigationController = NavigationController
/// UITabBarController.
public typealias UITabBarController = TabBarController
/// UIModalPresentationStyle: every case; `.fullScreen`, `.overFullScreen` and `.custom` are
/// rendered, the others reported when presented (docs/uikit-transitions.md#presentation-styles).
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

/// UIModalTransitionStyle: `.coverVertical`, `.flipHorizontal`, `.crossDissolve`, `.partialCurl`.
public typealias UIModalTransitionStyle = ModalTransitionStyle
/// UIPresentationController.
public typealias UIPresentationController = PresentationController
/// UITabBar.
public typealias UITabBar = TabBar
/// UITabBarItem.
public typealias UITabBarItem = TabBarItem

extension ViewController.Transition {
  /// UIViewController.Transition.ZoomOptions: not rendered yet.
  @available(
    *, unavailable,
    message: "the zoom transition is not rendered yet: .coverVertical, .crossDissolve, .flipHorizontal or .partialCurl"
  )
  public final class ZoomOptions {
    public init() {}
  }

  /// UIViewController.Transition.ZoomSourceViewProviderContext: not rendered yet.
  @available(
    *, unavailable,
    message: "the zoom transition is not rendered yet: .coverVertical, .crossDissolve, .flipHorizontal or .partialCurl"
  )
  public final class ZoomSourceViewProviderContext {
    public var sourceViewController: ViewController { fatalError() }
    public var zoomedViewController: ViewController { fatalError() }
  }

  @available(
    *, unavailable,
    message: "the zoom transition is not rendered yet: .coverVertical, .crossDissolve, .flipHorizontal or .partialCurl"
  )
  public static func zoom(
    options: ZoomOptions? = nil, sourceViewProvider: @escaping (ZoomSourceViewProviderContext) -> View?
  ) -> ViewController.Transition { fatalError() }
}

extension NavigationController {
  @available(
    *, unavailable,
    message:
      "the system back swipe is not modelled as a recognizer: add your own UIScreenEdgePanGestureRecognizer driving a UIPercentDrivenInteractiveTransition (or use EdgePanInteractionController)"
  )
  public var interactivePopGestureRecognizer: GestureRecognizer? { nil }
}
