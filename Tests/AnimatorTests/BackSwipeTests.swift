import AnimatorTestSupport
import Testing

@testable import Animator

/// A navigation controller of two screens on a 390 × 844 window, the second pushed.
@MainActor
struct BackSwipeStage {
  /// Made once the screen has its size: the navigation controller's view, its container and
  /// its bars follow the window's bounds.
  let window: Window
  let nav: NavigationController
  let first = ViewController()
  let second = ViewController()
  static let width = 390.0

  init(delegate: NavigationControllerDelegate? = nil) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: Self.width, height: 844)
    // No safe area: a navigation or tab bar controller lays its bars out by it, and other
    // suites leave theirs on the ambient screen.
    Screen.main.safeAreaInsets = .zero
    window = Window()
    first.title = "first"
    second.title = "second"
    nav = NavigationController(rootViewController: first)
    nav.delegate = delegate
    window.rootViewController = nav
    nav.pushViewController(second, animated: false)
    AnimationEngine.current.settle()
  }

  /// A drag from the left edge to `x`, 0.6 s, lifting at rest.
  func swipe(to x: Double) {
    TouchPlayer(
      script: TouchScript.drag(from: Point(x: 4, y: 400), to: Point(x: x, y: 400), duration: 0.6)
        .delayed(by: AnimationEngine.current.now), window: window
    ).start()
  }

  /// The horizontal translation of `vc`'s view on screen now.
  func offset(_ vc: ViewController) -> Double { vc.view.layer.presentationSnapshot().transform.m41 }
}

/// Vends a cross-fade animator of its own for every push and pop, and no interaction controller.
@MainActor
final class CustomPopDelegate: NavigationControllerDelegate {
  var asked = 0
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    asked += 1
    return CrossDissolveAnimator(presenting: operation == .push)
  }
}

@MainActor
@Suite("The back swipe (interactivePopGestureRecognizer)", .resetEngineAfterEachTest)
struct BackSwipeTests {
  @Test(
    "back-swipe: with no delegate, a drag from the left edge to 70 % of the width pops with the standard pop: the top screen follows the finger 12 pt behind it (halfway through the drag, at x = travel − 12), the screen below at −0.3 W × (1 − progress); released, the pop completes 0.22 s later"
  )
  func finishes() {
    let stage = BackSwipeStage()
    #expect(stage.nav.interactivePopGestureRecognizer?.view === stage.nav.view)
    let w = BackSwipeStage.width
    stage.swipe(to: 0.7 * w)
    AnimationEngine.current.advance(to: 0.3)
    let travel = (0.7 * w - 4) * smoothstep(0.5)
    let p = (travel - 12) / w
    #expect(near(stage.offset(stage.second), travel - 12, 0.5))
    #expect(near(stage.offset(stage.first), -0.3 * w * (1 - p), 0.5))
    #expect(stage.nav.transitionCoordinator?.isInteractive == true)
    AnimationEngine.current.advance(to: 0.6 + 0.22 - 0.01)
    #expect(stage.nav.viewControllers.count == 1, "the stack changed when the pop began")
    #expect(stage.nav.transitionCoordinator != nil, "still finishing just before 0.22 s")
    AnimationEngine.current.advance(to: 0.6 + 0.22 + 0.01)
    #expect(stage.nav.transitionCoordinator == nil)
    #expect(stage.second.view.superview == nil && stage.first.view.superview === stage.nav.transitionView)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "back-swipe: let go at rest before half the width (30 %), the pop cancels in 0.22 s: the stack and both screens are as before"
  )
  func cancels() {
    let stage = BackSwipeStage()
    let before = stage.window.layer.presentationSnapshot()
    stage.swipe(to: 0.3 * BackSwipeStage.width)
    AnimationEngine.current.advance(to: 0.3)
    #expect(stage.offset(stage.second) > 0)
    AnimationEngine.current.advance(to: 1.5)
    #expect(stage.nav.viewControllers.count == 2 && stage.nav.topViewController === stage.second)
    #expect(stage.window.layer.presentationSnapshot() == before)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "back-swipe: the release rule pops when the finger plus 0.12 s of its velocity passes half the width: 16 % at 1200 pt/s pops, 29 % at 400 pt/s springs back, 54 % at rest pops (the measured cases)"
  )
  func releaseRule() {
    let w = 402.0
    func pops(_ share: Double, _ v: Double) -> Bool {
      BackSwipeInteraction.shouldPop(progress: (share * w - 12) / w, velocity: v, width: w)
    }
    #expect(pops(0.16, 1200))
    #expect(!pops(0.29, 400))
    #expect(pops(0.54, 0))
  }

  @Test(
    "back-swipe: with a delegate that vends its own animator and no interaction controller the swipe does nothing (as on iOS): no transition, the stack unchanged, nothing reported; isEnabled false turns it off too"
  )
  func disabledByACustomAnimator() {
    let delegate = CustomPopDelegate()
    let stage = BackSwipeStage(delegate: delegate)
    stage.swipe(to: 0.7 * BackSwipeStage.width)
    AnimationEngine.current.advance(to: 0.3)
    #expect(stage.nav.transitionCoordinator == nil)
    AnimationEngine.current.advance(to: 1.5)
    #expect(stage.nav.viewControllers.count == 2)
    #expect(AnimationEngine.current.diagnostics == [])

    let plain = BackSwipeStage()
    plain.nav.interactivePopGestureRecognizer?.isEnabled = false
    plain.swipe(to: 0.7 * BackSwipeStage.width)
    AnimationEngine.current.advance(to: 1.5)
    #expect(plain.nav.viewControllers.count == 2)
  }

  @Test("back-swipe: at the root there is nothing to pop, and the swipe does nothing")
  func atTheRoot() {
    let stage = BackSwipeStage()
    stage.nav.popViewController(animated: false)
    stage.swipe(to: 0.7 * BackSwipeStage.width)
    AnimationEngine.current.advance(to: 1.5)
    #expect(stage.nav.viewControllers.count == 1)
    #expect(AnimationEngine.current.diagnostics == [])
  }
}
