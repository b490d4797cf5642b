import Foundation
/// Which side of a transition: the view controller shown at the start (`.from`) or at the end
/// (`.to`). UIKit's UITransitionContextViewControllerKey and UITransitionContextViewKey.
public enum TransitionContextKey: Sendable, Hashable {
  /// The side shown at the start, and again at the end of a cancelled transition: the presenter
  /// when presenting, the presented view controller when dismissing.
  case from
  /// The side shown at the end of a completed transition.
  case to
}
/// UIKit's name for the key of `viewController(forKey:)`: the same type as
/// `TransitionContextViewKey`, one key serves both lookups.
public typealias TransitionContextViewControllerKey = TransitionContextKey
/// UIKit's name for the key of `view(forKey:)`: the same `.from` / `.to` as for view controllers.
public typealias TransitionContextViewKey = TransitionContextKey

/// UIView.AnimationCurve.
public enum AnimationCurve: Int, Sendable {
  /// Slow at both ends (`TimingFunction.easeInEaseOut`), raw value 0: the default completion curve.
  case easeInOut = 0
  /// Slow start (`TimingFunction.easeIn`), raw value 1.
  case easeIn
  /// Slow end (`TimingFunction.easeOut`), raw value 2.
  case easeOut
  /// Constant speed, raw value 3.
  case linear
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
  /// True for every context made here: a change without animation runs at once and makes no
  /// context.
  var isAnimated: Bool { get }
  /// True while an interaction controller drives the transition: from the start when one was
  /// vended, false once it finishes or cancels, true again if it pauses.
  var isInteractive: Bool { get }
  /// True once the interaction controller has cancelled; a non-interactive transition never
  /// cancels. The animator completes with its negation (docs/uikit-transitions.md#complete-transition-once).
  var transitionWasCancelled: Bool { get }
  /// The presented view controller's style in effect for a presentation or dismissal;
  /// `.fullScreen` for navigation and tab transitions.
  var presentationStyle: ModalPresentationStyle { get }
  /// The view controller shown at the start (`.from`) or at the end (`.to`); nil only once the
  /// transition has completed and nothing else holds that view controller.
  func viewController(forKey key: TransitionContextKey) -> ViewController?
  /// nil means the animator must not touch that view (e.g. the presenter of a custom presentation).
  func view(forKey key: TransitionContextKey) -> View?
  /// `.zero` when unknown.
  func initialFrame(for vc: ViewController) -> Rect
  /// `.zero` when the view will be removed at the end; otherwise it must be respected.
  func finalFrame(for vc: ViewController) -> Rect
  /// For the interaction controller, never the animator: records the percent done (0...1). It
  /// moves no clock; `PercentDrivenInteractiveTransition` scrubs (docs/uikit-transitions.md#percent-driven-scrubbing).
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  /// For the interaction controller, never the animator: the interaction ends towards the end;
  /// `isInteractive` becomes false.
  func finishInteractiveTransition()
  /// For the interaction controller, never the animator: sets `transitionWasCancelled` and clears
  /// `isInteractive`; the animator restores its changes (docs/uikit-transitions.md#cancel-restores-the-model).
  func cancelInteractiveTransition()
  /// For the interaction controller, never the animator: the user takes over again;
  /// `isInteractive` becomes true.
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
  /// How much faster than the animator's duration the part after release plays (> 0; the
  /// percent-driven controller takes 0 or less as 1). Default 1 (docs/uikit-transitions.md#finish-and-cancel-timing).
  var completionSpeed: CGFloat { get }
  /// The curve of the part after release, finishing or cancelling. Default `.easeInOut`.
  var completionCurve: AnimationCurve { get }
  /// False makes `PercentDrivenInteractiveTransition` finish as soon as it has started, without
  /// waiting for `update`; other controllers decide for themselves. Default true.
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
  /// The animator presenting `presented` from `presenting` (`source`: where `present` was called).
  /// nil, the default, runs the system transition (docs/uikit-transitions.md#which-animator-runs).
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  /// The animator dismissing `dismissed`; nil, the default, runs the system transition
  /// (docs/uikit-transitions.md#which-animator-runs).
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
  /// Asked only after `animationController(forPresented:...)` returned `animator`; nil, the
  /// default, runs the presentation without interaction.
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  /// Asked only after `animationController(forDismissed:)` returned `animator`; nil, the default,
  /// runs the dismissal without interaction.
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
  /// No stack change; never passed by the navigation controller here.
  case none
  /// A view controller is pushed: `.to` is the new top.
  case push
  /// The top view controller is popped: `.to` is the one beneath it.
  case pop
}

/// UINavigationControllerDelegate.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
  /// The animator of an animated push or pop; nil, the default, runs the moving view controller's
  /// `preferredTransition`, else the standard slide (docs/uikit-transitions.md#which-animator-runs).
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning?
  /// Asked only after the method above returned `animationController`; nil, the default, runs
  /// the transition without interaction.
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning?
  /// Before `viewController` is shown, animated or not; when animated, the transition's context
  /// exists already, so `transitionCoordinator` answers. The default does nothing.
  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
  /// Once `viewController` is shown: after the transition completed, never when it was
  /// cancelled. The default does nothing.
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
  /// Asked for a tap on the tab bar only (not for `selectedIndex`); false keeps the current tab.
  /// Default true.
  func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
  /// After a tap's switch has started, also when the tab was already selected; never for a change
  /// made in code. The default does nothing.
  func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
  /// The animator for a switch between tabs; nil, the default, switches at once without
  /// animation (docs/uikit-transitions.md#tab-bar-controller).
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning?
  /// Asked only after the method above returned `animationController`; nil, the default, runs
  /// the switch without interaction.
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
/// Short name for `ViewControllerContextTransitioning`.
public typealias ContextTransitioning = ViewControllerContextTransitioning
