import AnimatorTestSupport
import Testing
@testable import Animator

// Ownership as in UIKit (docs/uikit-transitions.md#ownership): what owns what, and what a finished
// transition leaves behind — nothing, once the app lets go of its window and the engine is reset.
// Each scenario keeps its strong references in its own locals and hands weak ones to a `Survivors`;
// a reference cycle shows up as a name in `alive`.

/// Wraps an animation controller to watch every context it is given, and the property
/// animator it vends.
@MainActor
final class WatchedAnimator: ViewControllerAnimatedTransitioning {
  let inner: ViewControllerAnimatedTransitioning
  let survivors: Survivors
  init(_ inner: ViewControllerAnimatedTransitioning, _ survivors: Survivors) {
    self.inner = inner
    self.survivors = survivors
  }
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    inner.transitionDuration(using: transitionContext)
  }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    survivors.watch(transitionContext, "transition context")
    survivors.watch(transitionContext.containerView, "container view")
    inner.animateTransition(using: transitionContext)
  }
  func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator? {
    survivors.watch(transitionContext, "transition context")
    let animator: PropertyAnimator? = inner.interruptibleAnimator(using: transitionContext)
    if let animator { survivors.watch(animator, "property animator") }
    return animator
  }
  func animationEnded(_ transitionCompleted: Bool) { inner.animationEnded(transitionCompleted) }
}

/// A cross-fade for any transition: the `.to` view goes in below the `.from` view, which fades
/// out and is restored at the end.
@MainActor
final class FadeAnimator: ViewControllerAnimatedTransitioning {
  var ended: [Bool] = []
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.3 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let fromView = transitionContext.view(forKey: .from)
    if let toView = transitionContext.view(forKey: .to),
      let toViewController = transitionContext.viewController(forKey: .to)
    {
      toView.frame = transitionContext.finalFrame(for: toViewController)
      transitionContext.containerView.insertSubview(toView, at: 0)
    }
    View.animate(
      withDuration: 0.3,
      animations: {
        fromView?.alpha = 0
      },
      completion: { _ in
        fromView?.alpha = 1
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
  func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// The transitions object an app keeps in a stored property of the view controller that sets
/// it as a (weak) delegate: vends fades for every kind of container, and `interaction` while set.
@MainActor
final class Transitions: NavigationControllerDelegate, TabBarControllerDelegate, ViewControllerTransitioningDelegate {
  let animator = FadeAnimator()
  var interaction: ViewControllerInteractiveTransitioning?
  /// When set, every context and property animator is watched.
  var survivors: Survivors?

  private func vend() -> ViewControllerAnimatedTransitioning {
    survivors.map { WatchedAnimator(animator, $0) } ?? animator
  }
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { vend() }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { interaction }
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { vend() }
  func tabBarController(
    _ tabBarController: TabBarController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { interaction }
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  { vend() }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { vend() }
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { interaction }
  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { interaction }
}

/// A view controller that owns the transitions object it installs as a delegate, as an app does.
@MainActor
final class OwningController: ViewController {
  let transitions = Transitions()
}

/// A tab bar controller that owns its delegate.
@MainActor
final class OwningTabBarController: TabBarController {
  let transitions = Transitions()
}

/// Seed 000's home screen written as the seed writes it: the navigation controller's delegate
/// and animation controller is the home view controller itself (`delegate = self`), and the
/// back swipe of the detail screen (UIKit target-action, `self` as the target) drives a
/// percent-driven transition that the home screen keeps in a property — here kept after the
/// gesture, for the next one, as VCTransitionsLibrary's controllers are.
@MainActor
final class SeedHomeController: ViewController, NavigationControllerDelegate, ViewControllerAnimatedTransitioning {
  var operation: NavigationOperation = .push
  var interactivePopTransition: PercentDrivenInteractiveTransition?
  var interactionInProgress = false
  var ended: [Bool] = []

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toView = transitionContext.viewController(forKey: .to)!.view!
    let fromView = transitionContext.viewController(forKey: .from)!.view!
    let destView = operation == .push ? toView : fromView
    if operation == .push {
      containerView.insertSubview(toView, aboveSubview: fromView)
      toView.transform = AffineTransform(scaleX: 0.1, y: 0.1)
    } else {
      containerView.insertSubview(toView, belowSubview: fromView)
    }
    let destTransform = operation == .push ? AffineTransform.identity : AffineTransform(scaleX: 0.1, y: 0.1)
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        destView.transform = destTransform
      },
      completion: { _ in
        destView.transform = .identity
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
  func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    self.operation = operation
    return self
  }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    interactionInProgress ? interactivePopTransition : nil
  }
}

@MainActor
final class SeedDetailController: ViewController {
  weak var home: SeedHomeController?
  override func viewDidLoad() {
    let edgePan = ScreenEdgePanGestureRecognizer(target: self, action: SeedDetailController.handlePan)
    edgePan.edges = .left
    view.addGestureRecognizer(edgePan)
  }
  func handlePan(_ recognizer: ScreenEdgePanGestureRecognizer) {
    guard let navigationView = navigationController?.view, let home else { return }
    let progress = min(1, max(0, recognizer.translation(in: navigationView).x / navigationView.bounds.width))
    switch recognizer.state {
    case .began:
      if home.interactivePopTransition == nil { home.interactivePopTransition = PercentDrivenInteractiveTransition() }
      home.interactionInProgress = true
      navigationController?.popViewController(animated: true)
    case .changed:
      home.interactivePopTransition?.update(progress)
    case .ended, .cancelled:
      home.interactionInProgress = false
      if progress > 0.5 { home.interactivePopTransition?.finish() } else { home.interactivePopTransition?.cancel() }
    default: break
    }
  }
}

@MainActor
@Suite("ownership: nothing outlives its owner", .resetEngineAfterEachTest)
struct OwnershipTests {
  func freshWorld() {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
  }

  // MARK: The rules

  @Test("A layer does not retain its superlayer, nor a view its superview: the parent owns its children")
  func parentsOwnChildren() {
    freshWorld()
    let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let sublayer = Layer()
    weak var parentView: View?
    weak var parentLayer: Layer?
    do {
      let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      view.addSubview(child)
      let layer = Layer()
      layer.addSublayer(sublayer)
      parentView = view
      parentLayer = layer
      #expect(child.superview === view && sublayer.superlayer === layer)
    }
    #expect(parentView == nil && parentLayer == nil)
    #expect(child.superview == nil && sublayer.superlayer == nil)

    weak var ownedChild: View?
    let parent = View(frame: .zero)
    do {
      let view = View(frame: .zero)
      parent.addSubview(view)
      ownedChild = view
    }
    #expect(ownedChild != nil, "a superview owns its subviews")
    ownedChild?.removeFromSuperview()
    #expect(ownedChild == nil)
  }

  @Test("Delegates are weak, as in UIKit: navigation, tab bar and transitioning delegates are not retained")
  func delegatesAreWeak() {
    freshWorld()
    let nav = NavigationController(rootViewController: ViewController())
    let tabs = TabBarController(viewControllers: [ViewController(), ViewController()])
    let presented = ViewController()
    do {
      let transitions = Transitions()
      nav.delegate = transitions
      tabs.delegate = transitions
      presented.transitioningDelegate = transitions
      #expect(nav.delegate != nil && tabs.delegate != nil && presented.transitioningDelegate != nil)
    }
    #expect(nav.delegate == nil && tabs.delegate == nil && presented.transitioningDelegate == nil)
  }

  @Test("A presented view controller does not retain its presenter; the presenter owns what it presents")
  func presenterOwnsPresented() {
    freshWorld()
    weak var presented: ViewController?
    let presenter = ViewController()
    do {
      let window = Window()
      window.rootViewController = presenter
      let vc = ViewController()
      vc.modalPresentationStyle = .fullScreen
      presenter.present(vc, animated: false)
      AnimationEngine.current.settle()
      presented = vc
    }
    #expect(presented != nil && presenter.presentedViewController === presented)

    let orphan: ViewController
    weak var gone: ViewController?
    do {
      let window = Window()
      let owner = ViewController()
      window.rootViewController = owner
      orphan = ViewController()
      orphan.modalPresentationStyle = .fullScreen
      owner.present(orphan, animated: false)
      AnimationEngine.current.settle()
      gone = owner
    }
    #expect(gone == nil, "holding the presented controller does not keep its presenter")
    #expect(orphan.presentingViewController == nil)
  }

  @Test("A gesture recognizer does not retain its target (UIKit target-action); its view owns it")
  func recognizersDoNotRetainTargets() {
    freshWorld()
    let window = Window()
    weak var target: SeedDetailController?
    weak var recognizer: GestureRecognizer?
    do {
      let detail = SeedDetailController()
      window.addSubview(detail.view)
      target = detail
      recognizer = detail.view.gestureRecognizers.first
      #expect(recognizer != nil)
      detail.view.removeFromSuperview()
    }
    #expect(target == nil && recognizer == nil)

    // A recognizer whose target is gone does nothing.
    final class Counter {
      var count = 0
      func handle(_ recognizer: PanGestureRecognizer) { count += 1 }
    }
    var counter: Counter? = Counter()
    let pan = PanGestureRecognizer(target: counter!, action: Counter.handle)
    window.addGestureRecognizer(pan)
    let player = TouchPlayer(
      script: .drag(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.1), window: window)
    player.start()
    AnimationEngine.current.advance(to: 0.05)
    #expect((counter?.count ?? 0) > 0)
    weak let released = counter
    counter = nil
    #expect(released == nil)
    AnimationEngine.current.advance(to: 1)
  }

  @Test("The engine drops a finished animation's completion at once: what it captured is released without a reset")
  func finishedCompletionsAreReleased() {
    freshWorld()
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    weak var captured: View?
    weak var animatorCaptured: View?
    do {
      let token = View(frame: .zero)
      captured = token
      View.animate(withDuration: 0.5, animations: { view.alpha = 0 }, completion: { _ in _ = token.alpha })
      let other = View(frame: .zero)
      animatorCaptured = other
      let animator = PropertyAnimator(duration: 0.5, curve: .linear) { view.center = Point(x: 10, y: 10) }
      animator.addCompletion { _ in _ = other.alpha }
      animator.startAnimation()
    }
    AnimationEngine.current.advance(to: 0.25)
    #expect(captured != nil && animatorCaptured != nil, "a running animation keeps its completion")
    AnimationEngine.current.advance(to: 1)
    #expect(captured == nil && animatorCaptured == nil)
    #expect(view.layer.animations.isEmpty)
  }

  // MARK: Finished transitions

  @Test(
    "After a push and a pop have completed and the engine is reset, nothing survives: window, navigation controller, view controllers, views, delegate, animator, transition contexts"
  )
  func pushPop() {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let home = s.watch(OwningController(), "home")
      s.watch(home.view, "home view")
      let nav = s.watch(NavigationController(rootViewController: home), "navigation controller")
      nav.delegate = home.transitions
      home.transitions.survivors = s
      s.watch(home.transitions, "delegate")
      s.watch(home.transitions.animator, "animator")
      window.rootViewController = nav
      let detail = s.watch(ViewController(), "detail")
      s.watch(detail.view, "detail view")
      nav.pushViewController(detail, animated: true)
      AnimationEngine.current.advance(to: 1)
      #expect(nav.topViewController === detail)
      nav.popViewController(animated: true)
      AnimationEngine.current.advance(to: 2)
      #expect(nav.viewControllers.count == 1 && home.transitions.animator.ended == [true, true])
    }
    #expect(alive == [])
  }

  @Test("A completed transition is released by the engine at once: its context and container are gone before any reset")
  func completedTransitionIsReleased() {
    freshWorld()
    let s = Survivors()
    let window = Window()
    let presenter = OwningController()
    window.rootViewController = presenter
    presenter.transitions.survivors = s
    let presented = ViewController()
    presented.modalPresentationStyle = .fullScreen
    presented.transitioningDelegate = presenter.transitions
    presenter.present(presented, animated: true)
    AnimationEngine.current.advance(to: 0.1)
    #expect(s.alive == ["transition context", "container view"])
    AnimationEngine.current.advance(to: 1)
    #expect(s.alive == ["container view"], "the container stays while it shows the presented view")
    presented.dismiss(animated: true)
    AnimationEngine.current.advance(to: 2)
    #expect(presenter.view.window === window && presenter.transitions.animator.ended == [true, true])
    #expect(s.alive == [])
  }

  @Test(
    "After a present and a dismiss have completed and the engine is reset, nothing survives: presenter, presented, views, container, delegate, animator, contexts"
  )
  func presentDismiss() {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let presenter = s.watch(OwningController(), "presenter")
      s.watch(presenter.view, "presenter view")
      s.watch(presenter.transitions, "delegate")
      s.watch(presenter.transitions.animator, "animator")
      presenter.transitions.survivors = s
      window.rootViewController = presenter
      let presented = s.watch(ViewController(), "presented")
      s.watch(presented.view, "presented view")
      presented.modalPresentationStyle = .fullScreen
      presented.transitioningDelegate = presenter.transitions
      presenter.present(presented, animated: true)
      AnimationEngine.current.advance(to: 1)
      #expect(presented.presentingViewController === presenter)
      presented.dismiss(animated: true)
      AnimationEngine.current.advance(to: 2)
      #expect(presenter.presentedViewController == nil && presenter.transitions.animator.ended == [true, true])
    }
    #expect(alive == [])
  }

  @Test(
    "After tab switches have completed and the engine is reset, nothing survives: tab bar controller, tabs, views, delegate, animator, contexts"
  )
  func tabSwitches() {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let first = s.watch(ViewController(), "first tab")
      let second = s.watch(ViewController(), "second tab")
      let tabs = s.watch(OwningTabBarController(viewControllers: [first, second]), "tab bar controller")
      s.watch(first.view, "first view")
      s.watch(second.view, "second view")
      tabs.delegate = tabs.transitions
      tabs.transitions.survivors = s
      s.watch(tabs.transitions, "delegate")
      s.watch(tabs.transitions.animator, "animator")
      window.rootViewController = tabs
      tabs.selectedIndex = 1
      AnimationEngine.current.advance(to: 1)
      tabs.selectedIndex = 0
      AnimationEngine.current.advance(to: 2)
      #expect(tabs.selectedIndex == 0 && tabs.transitions.animator.ended == [true, true])
    }
    #expect(alive == [])
  }

  @Test(
    "After an interactive back swipe has finished or snapped back and the engine is reset, nothing survives — with seed 000's home screen as its own delegate keeping its percent-driven transition for the next swipe",
    arguments: [true, false])
  func interactivePop(finishing: Bool) {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let home = s.watch(SeedHomeController(), "home")
      let nav = s.watch(NavigationController(rootViewController: home), "navigation controller")
      nav.delegate = home
      window.rootViewController = nav
      let detail = s.watch(SeedDetailController(), "detail")
      detail.home = home
      s.watch(detail.view, "detail view")
      s.watch(detail.view.gestureRecognizers[0], "recognizer")
      nav.pushViewController(detail, animated: true)
      AnimationEngine.current.advance(to: 1)
      let end = Point(x: finishing ? 230 : 100, y: 300)
      let player = s.watch(
        TouchPlayer(script: .drag(from: Point(x: 5, y: 300), to: end, startTime: 1, duration: 0.5), window: window),
        "touch player")
      player.start()
      AnimationEngine.current.advance(to: 1.3)
      if let interaction = home.interactivePopTransition { s.watch(interaction, "interaction controller") }
      AnimationEngine.current.advance(to: 4)
      #expect(home.interactivePopTransition != nil, "kept for the next swipe")
      #expect(nav.viewControllers.count == (finishing ? 1 : 2) && home.ended == [true, finishing])
    }
    #expect(alive == [])
  }

  @Test(
    "After an interactive pop through an interruptible animator has finished or been cancelled and the engine is reset, nothing survives, the property animator included",
    arguments: [true, false])
  func interruptiblePop(finishing: Bool) {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let home = s.watch(ViewController(), "home")
      let nav = s.watch(NavigationController(rootViewController: home), "navigation controller")
      let delegate = s.watch(InterruptibleDelegate(), "delegate")
      s.watch(delegate.animator, "animator")
      nav.delegate = delegate
      window.rootViewController = nav
      let detail = s.watch(ViewController(), "detail")
      nav.pushViewController(detail, animated: true)
      AnimationEngine.current.advance(to: 1)
      let interaction = s.watch(PercentDrivenInteractiveTransition(), "interaction controller")
      delegate.interaction = interaction
      nav.popViewController(animated: true)
      interaction.update(0.3)
      if finishing { interaction.finish() } else { interaction.cancel() }
      AnimationEngine.current.advance(to: 2)
      #expect(delegate.animator.ended == [true, finishing])
    }
    #expect(alive == [])
  }

  @Test(
    "A completed context no longer owns its view controllers and animator: seed 000's custom interaction controller, which keeps the context in a property, closes no cycle",
    arguments: [true, false])
  func customInteractionKeepsContext(cancelled: Bool) {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let home = s.watch(ViewController(), "home")
      let detail = s.watch(ViewController(), "detail")
      let nav = s.watch(NavigationController(rootViewController: home), "navigation controller")
      window.rootViewController = nav
      nav.pushViewController(detail, animated: false)
      let controller = s.watch(CustomPopInteraction(), "interaction controller")
      nav.delegate = controller
      controller.isTransiting = true
      nav.popViewController(animated: true)
      controller.updateWithPercent(0.4)
      controller.finishBy(cancelled: cancelled)
      AnimationEngine.current.advance(to: 1)
      guard let context = controller.transitionContext as? TransitionContext else {
        Issue.record("the controller got no context")
        return
      }
      s.watch(context, "transition context")
      #expect(context.isComplete && nav.viewControllers.count == (cancelled ? 2 : 1))
      #expect(context.viewController(forKey: .from) === detail, "still answers while the controllers live")
    }
    #expect(alive == [])
  }

  @Test(
    "A container released in mid-transition is not needed by its completion: push, pop and tab switch finish without their navigation or tab bar controller"
  )
  func containerReleasedMidTransition() {
    freshWorld()
    weak var weakNav: NavigationController?
    weak var weakTabs: TabBarController?
    let home = OwningController(), first = ViewController(), second = ViewController()
    do {
      let window = Window()
      let nav = NavigationController(rootViewController: home)
      nav.delegate = home.transitions
      window.rootViewController = nav
      nav.pushViewController(ViewController(), animated: true)
      weakNav = nav
      let tabs = OwningTabBarController(viewControllers: [first, second])
      tabs.delegate = tabs.transitions
      Window().rootViewController = tabs
      tabs.selectedIndex = 1
      weakTabs = tabs
      AnimationEngine.current.advance(to: 0.1)
      #expect(home.transitions.animator.ended.isEmpty && tabs.transitions.animator.ended.isEmpty, "still running")
    }
    AnimationEngine.current.advance(to: 2)  // the completions run with their containers gone
    #expect(weakNav == nil && weakTabs == nil)
    #expect(home.transitions.animator.ended == [true])
  }

  @Test(
    "Resetting the engine releases a transition stopped half-way: its controllers, views, animator, context and pending completions"
  )
  func resetReleasesUnfinishedTransition() {
    let alive = survivors { s in
      freshWorld()
      let window = s.watch(Window(), "window")
      let home = s.watch(OwningController(), "home")
      let nav = s.watch(NavigationController(rootViewController: home), "navigation controller")
      nav.delegate = home.transitions
      home.transitions.survivors = s
      s.watch(home.transitions.animator, "animator")
      window.rootViewController = nav
      let detail = s.watch(ViewController(), "detail")
      s.watch(detail.view, "detail view")
      nav.pushViewController(detail, animated: true)
      AnimationEngine.current.advance(to: 0.1)
      #expect(home.transitions.animator.ended.isEmpty, "still running")
      let paused = PropertyAnimator(duration: 1, curve: .linear) { detail.view.alpha = 0.5 }
      paused.addCompletion { _ in _ = paused.state }
      paused.pauseAnimation()
      s.watch(paused, "paused property animator")
    }
    #expect(alive == [])
  }
}
