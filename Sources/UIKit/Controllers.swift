// UIKit's view controllers, containers and every transition protocol.

/// UIViewController.
public typealias UIViewController = ViewController
/// UINavigationController (`UINavigationController.Operation` is `.push`, `.pop`, `.none`).
public typealias UINavigationController = NavigationController
/// UITabBarController.
public typealias UITabBarController = TabBarController
/// UIModalPresentationStyle: every case, `.automatic` (a page sheet) the default
/// (docs/uikit-transitions.md#presentation-styles).
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

/// UISheetPresentationController (`UISheetPresentationController.Detent` and its `Identifier`
/// are its nested types).
public typealias UISheetPresentationController = SheetPresentationController
/// UISheetPresentationControllerDetentResolutionContext: what a custom detent's resolver gets.
public typealias UISheetPresentationControllerDetentResolutionContext = SheetDetentResolutionContext
