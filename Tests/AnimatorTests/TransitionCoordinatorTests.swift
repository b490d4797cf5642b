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
