import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// UIKit's controller and transition names drive the library's transitions: identity equality
// through the aliases, UIKit's non-optional interruptibleAnimator, a UIPercentDrivenInteractive-
// Transition subclass's overrides (docs/uikit-transitions.md).

/// Seed 002's tab delegate in UIKit's spelling: the direction from the two tabs' indexes.
final class TabDirections: NSObject, UITabBarControllerDelegate {
  var seen: [(from: Int?, to: Int?)] = []
  func tabBarController(
    _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
    to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    seen.append(
      (tabBarController.viewControllers?.firstIndex(of: fromVC), tabBarController.viewControllers?.firstIndex(of: toVC))
    )
    return nil
  }
}

/// A fade driven by a property animator, vended the way UIKit's Swift API spells it:
/// `interruptibleAnimator(using:) -> UIViewImplicitlyAnimating`, not optional.
/// With `startsItself` false its animateTransition is empty: UIKit starts the animator it vends.
final class InterruptibleFade: NSObject, UIViewControllerAnimatedTransitioning {
  private(set) var animator: UIViewImplicitlyAnimating?
  var startsItself = true
  var positions: [UIViewAnimatingPosition] = []

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    guard startsItself else { return }
    let animator = interruptibleAnimator(using: transitionContext)
    animator.startAnimation()
  }

  func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
  {
    if let animator { return animator }
    let fromView = transitionContext.view(forKey: .from)!
    let toView = transitionContext.view(forKey: .to)!
    transitionContext.containerView.insertSubview(toView, belowSubview: fromView)
    let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), curve: .linear) {
      fromView.alpha = 0
    }
    animator.addCompletion { position in
      self.positions.append(position)
      fromView.alpha = 1
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    self.animator = animator
    return animator
  }

  func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

/// Vends `animator` and `interaction` for every push and pop.
final class Vendor: NSObject, UINavigationControllerDelegate {
  let animator: UIViewControllerAnimatedTransitioning
  var interaction: UIViewControllerInteractiveTransitioning?
  init(_ animator: UIViewControllerAnimatedTransitioning) { self.animator = animator }

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? { animator }

  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning? { interaction }
}

@MainActor
@Suite("UIKit's controller and transition names", .resetEngineAfterEachTest)
struct ControllerNameTests {
  /// A navigation stack whose delegate is `vendor`, in a window, with a second screen pushed
  /// without animation and then popped with animation: what `body` looks at.
  func popping(
    through vendor: Vendor,
    _ body: (_ engine: AnimationEngine, _ nav: UINavigationController, _ top: UIViewController) -> Void
  ) {
    let engine = AnimationEngine.reset()
    UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    let window = UIWindow()
    let nav = UINavigationController(rootViewController: UIViewController())
    nav.delegate = vendor
    window.rootViewController = nav
    let top = UIViewController()
    nav.pushViewController(top, animated: false)
    engine.settle()
    nav.popViewController(animated: true)
    withExtendedLifetime(window) { body(engine, nav, top) }
  }

  @Test(
    "UIViewControllers are equal only to themselves through their UIKit name: viewControllers?.firstIndex(of: fromVC) picks a tab delegate's direction, and two look-alike controllers are two elements of a Set"
  )
  func identityEquality() {
    AnimationEngine.reset()
    let tabs = UITabBarController()
    let pages = (0..<3).map { _ in UIViewController() }
    tabs.viewControllers = pages
    let window = UIWindow()
    window.rootViewController = tabs
    let directions = TabDirections()
    tabs.delegate = directions
    tabs.selectedIndex = 2
    tabs.selectedIndex = 0
    #expect(directions.seen.map(\.from) == [0, 2] && directions.seen.map(\.to) == [2, 0])
    #expect(pages[0] != pages[1] && Set(pages).count == 3 && pages[1] == pages[1])
    let views = [UIView(), UIView()]
    #expect(views.firstIndex(of: views[1]) == 1)
  }

  @Test(
    "interruptible-animator-as-uikit-spells-it: an animator that vends its property animator as UIKit spells it (non-optional UIViewImplicitlyAnimating) is driven by UIPercentDrivenInteractiveTransition: paused at the start, update(0.5) sets fractionComplete 0.5 and the view halfway, finish runs the rest"
  )
  func uikitInterruptibleAnimator() {
    let fade = InterruptibleFade()
    let vendor = Vendor(fade)
    let interaction = UIPercentDrivenInteractiveTransition()
    vendor.interaction = interaction
    popping(through: vendor) { engine, nav, top in
      let animator = fade.animator
      #expect(animator?.state == .active && animator?.isRunning == false)
      interaction.update(0.5)
      #expect(animator?.fractionComplete == 0.5)
      #expect(abs(top.view.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
      interaction.finish()
      engine.advance(to: 0.49)
      #expect(top.view.superview != nil)
      engine.advance(to: 0.51)
      #expect(top.view.superview == nil && nav.viewControllers.count == 1 && engine.diagnostics.isEmpty)
    }
  }

  @Test(
    "interruptible-animator-as-uikit-spells-it: a non-interactive transition whose animateTransition is empty starts the animator vended as UIKit spells it: the fade completes at its 1 s duration, at .end"
  )
  func uikitInterruptibleAnimatorStarted() {
    let fade = InterruptibleFade()
    fade.startsItself = false
    popping(through: Vendor(fade)) { engine, nav, top in
      engine.advance(to: 0.5)
      #expect(abs(top.view.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
      engine.advance(to: 1)
      #expect(fade.positions == [.end] && top.view.superview == nil && engine.pendingTransitionProblems.isEmpty)
    }
  }

  @Test(
    "finish-and-cancel-timing: a UIPercentDrivenInteractiveTransition subclass's completionSpeed override is honoured: after update(0.75) of seed 001's 1.5 s cube, finish takes (1 − 0.75) × 1.5 / (1 − 0.75) = 1.5 s, not 0.375 s; its update, finish and cancel overrides run"
  )
  func completionSpeedOverride() throws {
    let items = ItemsViewController()
    let nav = UINavigationController(rootViewController: items)
    let recorder = try Recorder(root: nav, size: CGSize(width: 200, height: 300), scale: 0.1, fps: 10)
    nav.pushViewController(ItemViewController(), animated: false)
    let interaction = items.customInteractionController
    let recording = try recorder.record {
      interaction.attach(to: nav.topViewController!)
      interaction.transitionInProgress = true
      nav.popViewController(animated: true)
      interaction.update(0.75)
      interaction.finish()
    }
    #expect(interaction.lastUpdate == 0.75 && !interaction.transitionInProgress)
    #expect(recording.completions.count == 1)
    #expect(abs(recording.completions[0] - 1.5) < 1e-6)
    #expect(nav.viewControllers.count == 1)
  }

  @Test(
    "UITransitionContextViewControllerKey.from/.to and UITransitionContextViewKey hand over the transition's controllers and views; targetTransform is the identity (the interface never rotates); the coordinator is the running context"
  )
  func contextKeys() {
    final class Probe: NSObject, UIViewControllerAnimatedTransitioning {
      var seen: (UIViewController?, UIViewController?, UIView?, CGAffineTransform)?
      var coordinator: UIViewControllerTransitionCoordinator?
      func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }
      func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        seen = (
          transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from),
          transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to),
          transitionContext.view(forKey: UITransitionContextViewKey.to), transitionContext.targetTransform
        )
        coordinator = transitionContext.viewController(forKey: .to)?.transitionCoordinator
        transitionContext.containerView.addSubview(transitionContext.view(forKey: .to)!)
        transitionContext.completeTransition(true)
      }
    }
    let probe = Probe()
    popping(through: Vendor(probe)) { _, nav, top in
      let root = nav.viewControllers[0]
      #expect(probe.seen?.0 === top && probe.seen?.1 === root && probe.seen?.2 === root.view)
      #expect(probe.seen?.3 == CGAffineTransform.identity)
      #expect(probe.coordinator != nil)
    }
  }
}
