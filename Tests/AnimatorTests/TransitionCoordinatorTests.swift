import AnimatorTestSupport
import Animator
import Testing

/// A view controller that, as apps do in viewWillAppear, fades a badge in alongside the
/// transition and records what the coordinator said.
@MainActor
final class BadgeViewController: ViewController {
  let badge = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
  var coordinatorInWillAppear = false
  var completions: [Bool] = []  // isCancelled, per completion
  override func viewDidLoad() {
    badge.alpha = 0
    view.addSubview(badge)
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard let coordinator = transitionCoordinator else { return }
    coordinatorInWillAppear = true
    coordinator.animate(
      alongsideTransition: { _ in self.badge.alpha = 1 },
      completion: { context in
        self.completions.append(context.isCancelled)
        if context.isCancelled { self.badge.alpha = 0 }
      })
  }
}

@MainActor
@Suite("Transition coordinator (animate alongside)", .resetEngineAfterEachTest)
struct TransitionCoordinatorTests {
  func stack(root: ViewController = ViewController(), push detail: ViewController, animated: Bool = true) -> (
    Window, NavigationController, HomeDelegate
  ) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let nav = NavigationController(rootViewController: root)
    let delegate = HomeDelegate()
    nav.delegate = delegate
    window.rootViewController = nav
    nav.pushViewController(detail, animated: animated)
    return (window, nav, delegate)
  }

  @Test(
    "transitionCoordinator answers from viewWillAppear until the transition completes, for the view controllers and their container; nil afterwards and without animation"
  )
  func availability() {
    let detail = BadgeViewController()
    let (_, nav, _) = stack(push: detail)
    #expect(detail.coordinatorInWillAppear)
    #expect(nav.transitionCoordinator != nil && detail.transitionCoordinator === nav.transitionCoordinator)
    #expect(nav.transitionCoordinator?.transitionDuration == 0.4)
    AnimationEngine.current.advance(to: 1)
    #expect(nav.transitionCoordinator == nil && detail.transitionCoordinator == nil)
    #expect(detail.transitionCoordinator?.animate(alongsideTransition: nil) == nil)
    let plain = BadgeViewController()
    _ = stack(push: plain, animated: false)
    #expect(!plain.coordinatorInWillAppear && plain.transitionCoordinator == nil)
  }

  @Test(
    "Alongside animations run over the transition's duration with ease-in-out, and the completion runs once after it, not cancelled"
  )
  func alongsideFollowsTransition() {
    let detail = BadgeViewController()
    _ = stack(push: detail)
    AnimationEngine.current.advance(to: 0.2)  // half of 0.4 s: ease-in-out is at 0.5
    #expect(abs(detail.badge.layer.presentationSnapshot().opacity - 0.5) < 1e-6)
    #expect(detail.completions.isEmpty)
    AnimationEngine.current.advance(to: 1)
    #expect(detail.badge.layer.presentationSnapshot().opacity == 1)
    #expect(detail.completions == [false])
  }

  @Test(
    "An interactive pop scrubs alongside animations with the finger; a cancelled one reports isCancelled and its completion can undo them"
  )
  func alongsideIsScrubbed() throws {
    let home = BadgeViewController()
    let (window, nav, delegate) = stack(root: home, push: ViewController(), animated: false)
    defer { withExtendedLifetime(window) {} }
    let interaction = PercentDrivenInteractiveTransition()
    delegate.interactivePopTransition = interaction
    home.badge.alpha = 0
    nav.popViewController(animated: true)
    #expect(home.coordinatorInWillAppear)
    AnimationEngine.current.advance(to: 0.5)
    interaction.update(0.5)
    AnimationEngine.current.advance(to: 0.6)
    // Scrubbed to half of the timeline: the time stands still at 0.2 s of 0.4, whatever the clock says.
    #expect(abs(home.badge.layer.presentationSnapshot().opacity - 0.5) < 1e-6)
    AnimationEngine.current.advance(to: 5)
    #expect(abs(home.badge.layer.presentationSnapshot().opacity - 0.5) < 1e-6)
    interaction.cancel()
    AnimationEngine.current.advance(to: 10)
    #expect(home.completions == [true])
    #expect(home.badge.alpha == 0 && home.badge.layer.presentationSnapshot().opacity == 0)
    #expect(nav.viewControllers.count == 2)
  }
}

@MainActor
@Suite("Transition coordinator (UIKit's surface)", .resetEngineAfterEachTest)
struct TransitionCoordinatorSurfaceTests {
  /// A badge home screen with a second screen pushed without animation, popped interactively
  /// through the interaction controller `delegate` vends: what `body` looks at.
  func interactivePop(
    delegate: NavigationControllerDelegate,
    _ body: (NavigationController, BadgeViewController, ViewController) throws -> Void
  ) rethrows {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = BadgeViewController()
    let nav = NavigationController(rootViewController: home)
    nav.delegate = delegate
    window.rootViewController = nav
    let top = ViewController()
    nav.pushViewController(top, animated: false)
    nav.popViewController(animated: true)
    try withExtendedLifetime(window) { try body(nav, home, top) }
  }

  /// `interactivePop` with seed 000's scale animator driven by `interaction`.
  func scalePop(
    _ interaction: PercentDrivenInteractiveTransition,
    _ body: (NavigationController, BadgeViewController, ViewController) throws -> Void
  ) rethrows {
    let delegate = HomeDelegate()
    delegate.interactivePopTransition = interaction
    try interactivePop(delegate: delegate, body)
  }

  @Test(
    "transition-coordinator: the coordinator of an interactive pop answers UIKit's context — animated, .fullScreen, initially interactive, interactive until finish, percentComplete, the interaction's completionCurve and completionSpeed (completionVelocity), the duration, the view controllers, views, container and an identity targetTransform"
  )
  func surface() throws {
    let interaction = PercentDrivenInteractiveTransition()
    interaction.completionCurve = .linear
    interaction.completionSpeed = 2
    try scalePop(interaction) { nav, home, top in
      let c = try #require(home.transitionCoordinator)
      #expect(c.isAnimated && c.presentationStyle == .fullScreen && c.initiallyInteractive && c.isInteractive)
      #expect(!c.isInterruptible && !c.isCancelled && c.transitionDuration == 0.4)
      #expect(c.viewController(forKey: .from) === top && c.viewController(forKey: .to) === home)
      #expect(c.view(forKey: .from) === top.view && c.view(forKey: .to) === home.view)
      #expect(c.containerView === nav.transitionView && c.targetTransform == .identity)
      #expect(c.completionCurve == .linear && c.completionVelocity == 2)
      interaction.update(0.3)
      #expect(c.percentComplete == 0.3)
      var alongside = false
      #expect(c.animateAlongsideTransition(in: nav.view, animation: { _ in alongside = true }))
      #expect(alongside)
      interaction.finish()
      #expect(!c.isInteractive && c.initiallyInteractive)
      AnimationEngine.current.advance(to: 2)
      #expect(nav.viewControllers.count == 1)
    }
  }

  @Test(
    "notify-when-interaction-changes: the handler runs each time the transition stops or starts being interactive — finish (not interactive), pause (interactive again), finish — and a cancel reports isCancelled; a handler given after completion never runs"
  )
  func interactionChanges() throws {
    let interaction = PercentDrivenInteractiveTransition()
    try scalePop(interaction) { _, home, _ in
      let c = try #require(home.transitionCoordinator)
      var seen: [(interactive: Bool, cancelled: Bool)] = []
      c.notifyWhenInteractionChanges { seen.append(($0.isInteractive, $0.isCancelled)) }
      interaction.update(0.5)
      #expect(seen.isEmpty)
      interaction.finish()
      interaction.pause()
      interaction.cancel()
      AnimationEngine.current.advance(to: 2)
      #expect(seen.map(\.interactive) == [false, true, false] && seen.map(\.cancelled) == [false, false, true])
      c.notifyWhenInteractionChanges { _ in seen.append((true, true)) }
      #expect(seen.count == 3)
    }
  }

  @Test(
    "alongside-follows-the-interaction: cancelled at 50 % of a 0.4 s pop, an alongside fade plays back with the transition — halfway through the 0.2 s return the clock is at 0.1 s, so the badge shows ease-in-out(0.25) = 0.129 (docs/effects.md#timing-curves), then 0"
  )
  func alongsideReversesOnCancel() throws {
    let interaction = PercentDrivenInteractiveTransition()
    try scalePop(interaction) { _, home, _ in
      interaction.update(0.5)
      #expect(abs(home.badge.layer.presentationSnapshot().opacity - 0.5) < 1e-6)
      let start = AnimationEngine.current.now
      interaction.cancel()
      AnimationEngine.current.advance(to: start + 0.1)
      #expect(abs(home.badge.layer.presentationSnapshot().opacity - 0.1292) < 1e-3)
      AnimationEngine.current.advance(to: start + 1)
      #expect(home.badge.layer.presentationSnapshot().opacity == 0 && home.completions == [true])
    }
  }

  @Test(
    "alongside-follows-the-interaction, interruptible animator: alongside animations join the property animator that drives the transition, so scrubbed to 50 % the badge shows 0.5 however long the finger rests, then runs back to 0 on cancel"
  )
  func alongsideJoinsInterruptibleAnimator() throws {
    let delegate = InterruptibleDelegate()
    let interaction = PercentDrivenInteractiveTransition()
    delegate.interaction = interaction
    try interactivePop(delegate: delegate) { _, home, _ in
      let c = try #require(home.transitionCoordinator)
      #expect(c.isInterruptible)
      AnimationEngine.current.advance(to: 0.1)
      interaction.update(0.5)
      AnimationEngine.current.advance(to: 0.3)
      #expect(abs(home.badge.layer.presentationSnapshot().opacity - 0.5) < 1e-6)
      interaction.cancel()
      AnimationEngine.current.advance(to: 0.4)
      let halfway = home.badge.layer.presentationSnapshot().opacity
      #expect(halfway > 0 && halfway < 0.5)
      AnimationEngine.current.advance(to: 2)
      #expect(home.badge.layer.presentationSnapshot().opacity == 0 && home.completions == [true])
    }
  }
}
