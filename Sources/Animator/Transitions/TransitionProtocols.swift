import Foundation
/// Which side of a transition: the view controller shown at the start (`.from`) or at the end
/// (`.to`). UIKit's UITransitionContextViewControllerKey and UITransitionContextViewKey.
public enum TransitionContextKey: Sendable, Hashable {
  case from, to
}
public typealias TransitionContextViewControllerKey = TransitionContextKey
public typealias TransitionContextViewKey = TransitionContextKey

/// UIView.AnimationCurve.
public enum AnimationCurve: Int, Sendable {
  case easeInOut = 0, easeIn, easeOut, linear
  var timingFunction: TimingFunction {
    switch self {
    case .easeInOut: return .easeInEaseOut
    case .easeIn: return .easeIn
    case .easeOut: return .easeOut
    case .linear: return .linear
    }
  }
}

/// The context a transition runs in (UIViewControllerContextTransitioning).
@MainActor
public protocol ViewControllerContextTransitioning: AnyObject {
  /// The view in which the transition takes place; the `.from` view is already in it for
  /// navigation and full-screen transitions.
  var containerView: View { get }
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var transitionWasCancelled: Bool { get }
  var presentationStyle: ModalPresentationStyle { get }
  func viewController(forKey key: TransitionContextKey) -> ViewController?
  /// nil means the animator must not touch that view (e.g. the presenter of a custom presentation).
  func view(forKey key: TransitionContextKey) -> View?
  /// `.zero` when unknown.
  func initialFrame(for vc: ViewController) -> Rect
  /// `.zero` when the view will be removed at the end; otherwise it must be respected.
  func finalFrame(for vc: ViewController) -> Rect
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  func finishInteractiveTransition()
  func cancelInteractiveTransition()
  func pauseInteractiveTransition()
  /// Must be called exactly once, when the transition's animations are done (or cancelled):
  /// pass `!transitionWasCancelled`.
  func completeTransition(_ didComplete: Bool)
}

/// An animation controller (UIViewControllerAnimatedTransitioning).
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
  /// Seconds; percent-driven interaction scrubs over this duration.
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double
  /// Adds the `.to` view to the container, animates, and calls `completeTransition`.
  func animateTransition(using transitionContext: ViewControllerContextTransitioning)
  /// Called after `completeTransition`, with the same flag.
  func animationEnded(_ transitionCompleted: Bool)
  /// iOS 10's optional `interruptibleAnimator(using:)`: the property animator that runs the
  /// transition, whose completion calls `completeTransition`. It must return the same animator
  /// for the life of the transition. When it returns one, a `PercentDrivenInteractiveTransition`
  /// scrubs, continues and reverses that animator instead of the transition's clock, and a
  /// non-interactive transition starts it if `animateTransition` left it inactive.
  /// The default returns the non-optional form's animator if the controller implements that
  /// one, else nil (the transition's animations are the ones `animateTransition` makes).
  func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator?
  /// The same requirement as UIKit's Swift API spells it, returning the animator itself
  /// (`UIViewImplicitlyAnimating`, not optional): a controller written for UIKit implements this
  /// form, and the transition drives its animator exactly as one returned by the optional form.
  /// Implement one of the two; the optional form wins if both are.
  func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator
}

extension ViewControllerAnimatedTransitioning {
  public func animationEnded(_ transitionCompleted: Bool) {}

  /// The animator of the non-optional form when the controller implements that one, else nil.
  public func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator? {
    let vended: PropertyAnimator = interruptibleAnimator(using: transitionContext)
    return vended.isStandIn ? nil : vended
  }

  /// A stand-in that the optional form reads as "no interruptible animator". A requirement of
  /// its own (not left out): a method with a return type other than the requirement's would
  /// not implement it, and the default would silently be used instead.
  public func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator {
    let none = PropertyAnimator(duration: 0, timingParameters: .cubic(.linear))
    none.isStandIn = true
    return none
  }
}

/// An interaction controller (UIViewControllerInteractiveTransitioning).
@MainActor
public protocol ViewControllerInteractiveTransitioning: AnyObject {
  /// Called instead of the animator's `animateTransition`; the controller starts the animator.
  func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning)
  var completionSpeed: CGFloat { get }
  var completionCurve: AnimationCurve { get }
  var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
  public var completionSpeed: CGFloat { 1 }
  public var completionCurve: AnimationCurve { .easeInOut }
  public var wantsInteractiveStart: Bool { true }
}

/// Vends animators for present/dismiss (UIViewControllerTransitioningDelegate); set it on the
/// presented view controller.
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  /// The presentation controller of a `.custom` presentation of `presented` (asked before the
  /// animators); nil gets the system's. `presenting` is optional as in UIKit's signature, and is
  /// never nil when asked.
  func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
  public func animationController(
    forPresented presented: ViewController, presenting: ViewController, source: ViewController
  ) -> ViewControllerAnimatedTransitioning? { nil }
  public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    nil
  }
  public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { nil }
  public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { nil }
  public func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController? { nil }
}

/// UINavigationController.Operation.
public enum NavigationOperation: Sendable {
  case none, push, pop
}

/// UINavigationControllerDelegate.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning?
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning?
  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
  func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
  public func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { nil }
  public func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { nil }
  public func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
  ) {}
}

/// UITabBarControllerDelegate.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
  func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
  func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning?
  func tabBarController(
    _ tabBarController: TabBarController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning?
}

extension TabBarControllerDelegate {
  public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
    -> Bool
  { true }
  public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
  public func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { nil }
  public func tabBarController(
    _ tabBarController: TabBarController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { nil }
}

/// Short names for the two central protocols.
public typealias AnimatedTransitioning = ViewControllerAnimatedTransitioning
public typealias ContextTransitioning = ViewControllerContextTransitioning
