import AnimatorTestSupport
import Foundation
import Testing
@testable import Animator

/// UIViewPropertyAnimator semantics (docs/core-animation.md#property-animator,
/// spring-duration-is-a-settling-time, spring-timing-parameters). Expected values come from the
/// documented tables (easeInEaseOut: 0.1292 at 0.25, 0.5 at 0.5, 0.8708 at 0.75; the
/// spring-duration-is-a-settling-time goldens) or closed forms written out here.
///
/// Each test builds its `Fixture` in its body: a fresh engine and a 100 × 100 view centred at
/// (50, 50) (suite initialisers may interleave with other tests on the main actor).
@MainActor
final class Fixture {
  let engine = AnimationEngine.reset()
  let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))

  var alpha: Double { view.layer.presentationSnapshot().opacity }
  var x: Double { view.layer.presentationSnapshot().position.x }

  /// An animator that fades `view` to 0 and moves its centre from x 50 to 150.
  func fadeAndMove(duration: Double = 1, curve: AnimationCurve = .easeInOut) -> PropertyAnimator {
    PropertyAnimator(duration: duration, curve: curve) {
      self.view.alpha = 0
      self.view.center = Point(x: 150, y: 50)
    }
  }
}

@MainActor
@Suite("Property animator", .resetEngineAfterEachTest)
struct PropertyAnimatorTests {

  @Test("scrubsLinearly (the default): a paused animator scrubbed to f shows the values at f whatever its curve")
  func scrubLinear() {
    let f = Fixture()
    let animator = f.fadeAndMove()
    #expect(animator.scrubsLinearly)
    animator.pauseAnimation()
    animator.fractionComplete = 0.25
    #expect(abs(f.alpha - 0.75) < 1e-9 && abs(f.x - 75) < 1e-9)
    animator.fractionComplete = 0.75
    #expect(abs(f.alpha - 0.25) < 1e-9 && abs(f.x - 125) < 1e-9)
    #expect(animator.fractionComplete == 0.75)
  }

  @Test(
    "scrubsLinearly false: fraction maps linearly to time and the animations keep their curve (easeInEaseOut 12.92 % at a quarter)"
  )
  func scrubAlongCurve() {
    let f = Fixture()
    let animator = f.fadeAndMove()
    animator.scrubsLinearly = false
    animator.pauseAnimation()
    animator.fractionComplete = 0.25
    #expect(abs(f.alpha - (1 - 0.1292)) < 1e-4)
    #expect(abs(f.x - (50 + 100 * 0.1292)) < 1e-2)
    animator.fractionComplete = 0.75
    #expect(abs(f.alpha - (1 - 0.8708)) < 1e-4)
  }

  @Test("Setting fractionComplete on an inactive animator activates it paused, with the model at the end values")
  func fractionActivates() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = f.fadeAndMove()
    #expect(animator.state == .inactive && view.alpha == 1)
    animator.fractionComplete = 0.5
    #expect(animator.state == .active && !animator.isRunning)
    #expect(view.alpha == 0 && view.center == Point(x: 150, y: 50))
    #expect(abs(f.alpha - 0.5) < 1e-9)
    engine.advance(to: 5)
    #expect(abs(f.alpha - 0.5) < 1e-9)
  }

  @Test(
    "Pause freezes the values; starting again resumes the curve where it stopped and completes (1 − f)·D later at .end")
  func pauseAndContinue() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = f.fadeAndMove()
    var ended: [(PropertyAnimator.Position, Double)] = []
    animator.addCompletion { ended.append(($0, engine.now)) }
    animator.startAnimation()
    #expect(animator.state == .active && animator.isRunning)
    engine.advance(to: 0.25)
    #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
    animator.pauseAnimation()
    #expect(!animator.isRunning)
    engine.advance(to: 1)
    #expect(abs(f.alpha - (1 - 0.1292)) < 1e-4)
    #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
    animator.startAnimation()
    engine.advance(to: 1.25)
    // Time fraction 0.5 of the same curve.
    #expect(abs(f.alpha - 0.5) < 1e-9)
    engine.advance(to: 1.74)
    #expect(ended.isEmpty)
    engine.advance(to: 3)
    #expect(ended.count == 1 && ended[0].0 == .end && abs(ended[0].1 - 1.75) < 1e-12)
    #expect(animator.state == .inactive && view.layer.animations.isEmpty)
    #expect(view.alpha == 0)
  }

  @Test(
    "Reversing runs the curve back, completes at .start after the elapsed time, and sets the model back to the start values"
  )
  func reverse() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = f.fadeAndMove()
    var ended: [(PropertyAnimator.Position, Double)] = []
    animator.addCompletion { ended.append(($0, engine.now)) }
    animator.startAnimation()
    engine.advance(to: 0.75)
    #expect(abs(f.alpha - (1 - 0.8708)) < 1e-4)
    animator.isReversed = true
    engine.advance(to: 1)
    #expect(abs(f.alpha - 0.5) < 1e-9)
    engine.advance(to: 1.25)
    #expect(abs(f.alpha - (1 - 0.1292)) < 1e-4)
    #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
    engine.advance(to: 2)
    #expect(ended.count == 1 && ended[0].0 == .start && abs(ended[0].1 - 1.5) < 1e-12)
    #expect(view.alpha == 1 && view.center == Point(x: 50, y: 50))
    #expect(f.alpha == 1 && f.x == 50)
  }

  @Test(
    "pausesOnCompletion: at the end the animator stays active and paused without running its completion, and can be reversed"
  )
  func pausesOnCompletion() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = f.fadeAndMove(duration: 0.5, curve: .linear)
    animator.pausesOnCompletion = true
    var ended: [PropertyAnimator.Position] = []
    animator.addCompletion { ended.append($0) }
    animator.startAnimation()
    engine.advance(to: 2)
    #expect(ended.isEmpty)
    #expect(animator.state == .active && !animator.isRunning && animator.fractionComplete == 1)
    #expect(f.alpha == 0)
    animator.isReversed = true
    animator.startAnimation()
    engine.advance(to: 2.25)
    #expect(abs(f.alpha - 0.5) < 1e-9)
    engine.advance(to: 3)
    #expect(ended.isEmpty && animator.state == .active && animator.fractionComplete == 0 && f.alpha == 1)
    animator.stopAnimation(false)
    #expect(animator.state == .stopped)
    animator.finishAnimation(at: .start)
    #expect(ended == [.start] && animator.state == .inactive)
    #expect(view.alpha == 1)
  }

  @Test("continueAnimation with new timing runs a fresh curve from the value on screen over durationFactor × duration")
  func continueWithNewTiming() {
    let f = Fixture(), engine = f.engine
    let animator = f.fadeAndMove(duration: 2, curve: .linear)
    var endedAt: Double?
    animator.addCompletion { _ in endedAt = engine.now }
    animator.startAnimation()
    engine.advance(to: 0.5)
    animator.pauseAnimation()
    #expect(abs(f.alpha - 0.75) < 1e-9)
    animator.continueAnimation(withTimingParameters: .cubic(.easeInEaseOut), durationFactor: 0.5)
    // The remaining 0.75 of the distance over 0.5 × 2 s = 1 s along easeInEaseOut.
    engine.advance(to: 0.75)
    #expect(abs(f.alpha - (1 - (0.25 + 0.75 * 0.1292))) < 1e-4)
    engine.advance(to: 1)
    #expect(abs(f.alpha - (1 - 0.625)) < 1e-9)
    engine.advance(to: 3)
    #expect(endedAt.map { abs($0 - 1.5) < 1e-12 } == true)
  }

  @Test("continueAnimation without new timing and factor 0 keeps the curve and the remaining time")
  func continueKeepsTiming() {
    let f = Fixture(), engine = f.engine
    let animator = f.fadeAndMove()
    var endedAt: Double?
    animator.addCompletion { _ in endedAt = engine.now }
    animator.startAnimation()
    engine.advance(to: 0.25)
    animator.pauseAnimation()
    animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    engine.advance(to: 0.5)
    #expect(abs(f.alpha - 0.5) < 1e-9)
    engine.advance(to: 2)
    #expect(endedAt.map { abs($0 - 1) < 1e-12 } == true)
  }

  @Test(
    "runningPropertyAnimator shows what View.animate shows at every sampled time, delay and curve included, and ends at the same time"
  )
  func runningEqualsAnimate() {
    let f = Fixture(), engine = f.engine, view = f.view
    let other = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var animatorEnd: (PropertyAnimator.Position, Double)?
    var animateEnd: (Bool, Double)?
    PropertyAnimator.runningPropertyAnimator(
      withDuration: 0.8, delay: 0.2, options: .curveEaseOut,
      animations: {
        view.alpha = 0.2
        view.center = Point(x: 250, y: -30)
      }, completion: { animatorEnd = ($0, engine.now) })
    View.animate(
      withDuration: 0.8, delay: 0.2, options: .curveEaseOut,
      animations: {
        other.alpha = 0.2
        other.center = Point(x: 250, y: -30)
      }, completion: { animateEnd = ($0, engine.now) })
    #expect(view.alpha == 0.2)
    for i in 0...24 {
      engine.advance(to: Double(i) * 0.05)
      let a = view.layer.presentationSnapshot(), b = other.layer.presentationSnapshot()
      #expect(abs(a.opacity - b.opacity) < 1e-9)
      #expect(abs(a.position.x - b.position.x) < 1e-7 && abs(a.position.y - b.position.y) < 1e-7)
    }
    #expect(animatorEnd?.0 == .end && animateEnd?.0 == true)
    #expect(animatorEnd.map { abs($0.1 - 1) < 1e-12 } == true)
    #expect(animateEnd.map { abs($0.1 - 1) < 1e-12 } == true)
  }

  @Test(
    "Animations added after start run for the remaining (1 − fractionComplete)·D, after delayFactor of it, and end with the animator"
  )
  func addAfterStart() {
    let f = Fixture(), engine = f.engine
    let second = View(frame: .zero), third = View(frame: .zero)
    let animator = f.fadeAndMove(curve: .linear)
    var endedAt: Double?
    animator.addCompletion { _ in endedAt = engine.now }
    animator.startAnimation()
    engine.advance(to: 0.4)
    animator.addAnimations { second.alpha = 0 }
    animator.addAnimations({ third.alpha = 0 }, delayFactor: 0.5)
    #expect(second.alpha == 0 && second.layer.presentationSnapshot().opacity == 1)
    engine.advance(to: 0.7)
    #expect(abs(second.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
    #expect(third.layer.presentationSnapshot().opacity == 1)
    engine.advance(to: 0.85)
    #expect(abs(third.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
    engine.advance(to: 2)
    #expect(second.layer.presentationSnapshot().opacity == 0 && third.layer.presentationSnapshot().opacity == 0)
    #expect(endedAt.map { abs($0 - 1) < 1e-12 } == true)
  }

  @Test("Animations added before start with delayFactor start after delayFactor × D")
  func delayFactorBeforeStart() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = PropertyAnimator(duration: 1, curve: .linear)
    animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
    animator.startAnimation()
    engine.advance(to: 0.5)
    #expect(f.alpha == 1)
    engine.advance(to: 0.75)
    #expect(abs(f.alpha - 0.5) < 1e-9)
  }

  @Test(
    "UISpringTimingParameters(mass:stiffness:damping:) ignores the duration: the closed-form spring, overshoot included, ends at its settling time"
  )
  func physicalSpringIgnoresDuration() {
    let f = Fixture(), engine = f.engine, view = f.view
    let spring = Spring(mass: 1, stiffness: 100, damping: 5)
    // ζ = 5 / (2·√100) = 0.25, ω0 = 10, λ = ζ·ω0 = 2.5, ωd = ω0·√(1 − ζ²).
    let lambda = 2.5, wd = 10 * (1 - 0.0625).squareRoot()
    func progress(_ t: Double) -> Double { 1 - exp(-lambda * t) * (cos(wd * t) + lambda / wd * sin(wd * t)) }
    let other = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var ends: [Double] = []
    for (v, duration) in [(view, 0.5), (other, 5.0)] {
      let animator = PropertyAnimator(duration: duration, timingParameters: .spring(spring))
      animator.addAnimations { v.center = Point(x: 150, y: 50) }
      animator.addCompletion { _ in ends.append(engine.now) }
      animator.startAnimation()
    }
    for t in [0.1, 0.2, Double.pi / wd, 0.5, 1.0] {
      engine.advance(to: t)
      #expect(abs(f.x - (50 + 100 * progress(t))) < 1e-6)
      #expect(abs(other.layer.presentationSnapshot().position.x - f.x) < 1e-9)
    }
    // The first overshoot peak: 1 + e^(−λπ/ωd) ≈ 1.444.
    engine.advance(to: 10)
    #expect(ends.count == 2 && ends[0] == ends[1])
    // Apple: about 2.85 s for m 1, k 100, c 5; the 0.1 % envelope gives 2.76–2.78 s
    // (docs/core-animation.md#spring-settling-duration).
    #expect(ends[0] > 2.7 && ends[0] < 2.9)
  }

  @Test(
    "PropertyAnimator(duration:dampingRatio:) solves the spring for the duration (spring-duration-is-a-settling-time): ζ 0.5, T 0.5 s progress values"
  )
  func dampingRatioSpring() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = PropertyAnimator(duration: 0.5, dampingRatio: 0.5) { view.center = Point(x: 150, y: 50) }
    var endedAt: Double?
    animator.addCompletion { _ in endedAt = engine.now }
    animator.startAnimation()
    for (t, p) in [(0.05, 0.4878), (0.1, 1.0350), (0.15, 1.1603), (0.2, 1.0670), (0.3, 0.9751), (0.4, 1.0030)] {
      engine.advance(to: t)
      #expect(abs(f.x - (50 + 100 * p)) < 0.02)
    }
    engine.advance(to: 1)
    #expect(endedAt.map { abs($0 - 0.5) < 1e-12 } == true)
    #expect(f.x == 150)
  }

  @Test(
    "stopAnimation(true) keeps what is on screen as the model and runs no completion; stop(false) + finish(.current) reports .current"
  )
  func stopKeepsCurrentValues() {
    let f = Fixture(), engine = f.engine, view = f.view
    let animator = f.fadeAndMove(curve: .linear)
    var ended: [PropertyAnimator.Position] = []
    animator.addCompletion { ended.append($0) }
    animator.startAnimation()
    engine.advance(to: 0.3)
    animator.stopAnimation(true)
    #expect(animator.state == .inactive && ended.isEmpty)
    #expect(abs(view.alpha - 0.7) < 1e-9 && abs(view.center.x - 80) < 1e-9)
    #expect(view.layer.animations.isEmpty)
    engine.advance(to: 2)
    #expect(ended.isEmpty)

    let second = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
    second.addCompletion { ended.append($0) }
    second.startAnimation()
    engine.advance(to: 2.5)
    second.stopAnimation(false)
    #expect(second.state == .stopped && ended.isEmpty)
    second.finishAnimation(at: .current)
    #expect(ended == [.current] && abs(view.alpha - 0.35) < 1e-9)
  }

  @Test("Misuse is reported, not acted on: fractionComplete set while running, finishAnimation on an active animator")
  func misuse() {
    let f = Fixture(), engine = f.engine
    let animator = f.fadeAndMove(curve: .linear)
    animator.startAnimation()
    engine.advance(to: 0.5)
    animator.fractionComplete = 0.9
    animator.finishAnimation(at: .end)
    #expect(engine.diagnostics.count == 2)
    #expect(abs(f.alpha - 0.5) < 1e-9 && animator.isRunning)
  }
}

/// Seed 000's scale push/pop written the iOS 10 way: the transition is a property animator
/// vended by `interruptibleAnimator(using:)` (the same one for the life of the transition), whose
/// completion calls `completeTransition`. With `startsItself` false, `animateTransition` is empty.
@MainActor
final class InterruptibleScaleAnimator: ViewControllerAnimatedTransitioning {
  var operation: NavigationOperation = .push
  var startsItself = true
  var ended: [Bool] = []
  var positions: [PropertyAnimator.Position] = []
  private var running: PropertyAnimator?

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    if startsItself { interruptibleAnimator(using: transitionContext)?.startAnimation() }
  }

  func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator? {
    if let running { return running }
    let containerView = transitionContext.containerView
    let toView = transitionContext.viewController(forKey: .to)!.view!
    let fromView = transitionContext.viewController(forKey: .from)!.view!
    let destView: View
    let destTransform: Animator.AffineTransform
    if operation == .push {
      containerView.insertSubview(toView, aboveSubview: fromView)
      destView = toView
      destView.transform = Animator.AffineTransform(scaleX: 0.1, y: 0.1)
      destTransform = .identity
    } else {
      containerView.insertSubview(toView, belowSubview: fromView)
      destView = fromView
      destTransform = Animator.AffineTransform(scaleX: 0.1, y: 0.1)
    }
    let animator = PropertyAnimator(duration: transitionDuration(using: transitionContext), curve: .easeInOut) {
      destView.transform = destTransform
    }
    animator.addCompletion { position in
      self.positions.append(position)
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    running = animator
    return animator
  }

  func animationEnded(_ transitionCompleted: Bool) {
    ended.append(transitionCompleted)
    running = nil
  }
}

@MainActor
final class InterruptibleDelegate: NavigationControllerDelegate {
  let animator = InterruptibleScaleAnimator()
  var interaction: PercentDrivenInteractiveTransition?
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    animator.operation = operation
    return animator
  }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    interaction
  }
}

@MainActor
@Suite("Transitions through interruptibleAnimator(using:)", .resetEngineAfterEachTest)
struct InterruptibleTransitionTests {
  struct Stack {
    let engine: AnimationEngine
    let window: Window
    let nav: NavigationController
    let home: ViewController
    let detail: ViewController
    let delegate: InterruptibleDelegate
  }

  /// home → detail pushed (non-interactively) and settled by t = 1.
  func pushedStack(startsItself: Bool = true) -> Stack {
    let engine = AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = ViewController()
    let nav = NavigationController(rootViewController: home)
    let delegate = InterruptibleDelegate()
    delegate.animator.startsItself = startsItself
    nav.delegate = delegate
    window.rootViewController = nav
    let detail = ViewController()
    nav.pushViewController(detail, animated: true)
    engine.advance(to: 1)
    return Stack(engine: engine, window: window, nav: nav, home: home, detail: detail, delegate: delegate)
  }

  @Test(
    "A non-interactive transition whose animateTransition is empty: the context starts the interruptible animator (ease-in-out scale 0.1 → 1 over 0.4 s)"
  )
  func emptyAnimateTransitionStarts() {
    let engine = AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = ViewController()
    let nav = NavigationController(rootViewController: home)
    let delegate = InterruptibleDelegate()
    delegate.animator.startsItself = false
    nav.delegate = delegate
    window.rootViewController = nav
    let detail = ViewController()
    nav.pushViewController(detail, animated: true)
    engine.advance(to: 0.2)
    #expect(abs(detail.view.layer.presentationSnapshot().transform.m11 - (0.1 + 0.9 * 0.5)) < 1e-9)
    engine.advance(to: 0.399)
    #expect(home.view.superview === nav.transitionView)
    engine.advance(to: 0.4)
    #expect(home.view.superview == nil)
    #expect(delegate.animator.ended == [true] && delegate.animator.positions == [.end])
    #expect(engine.diagnostics.isEmpty)
  }

  @Test(
    "Interactive pop through the interruptible animator: update scrubs fractionComplete linearly, finish completes after (1 − p)·D with the stack popped"
  )
  func interactiveFinish() {
    let s = pushedStack()
    let interaction = PercentDrivenInteractiveTransition()
    s.delegate.interaction = interaction
    s.nav.popViewController(animated: true)
    interaction.update(0.3)
    // scrubsLinearly: scale 1 → 0.1 at 30 %.
    #expect(abs(s.detail.view.layer.presentationSnapshot().transform.m11 - (1 - 0.9 * 0.3)) < 1e-9)
    #expect(s.detail.view.superview === s.nav.transitionView && s.home.view.superview === s.nav.transitionView)
    s.engine.advance(to: 2)
    #expect(s.delegate.animator.ended == [true])
    interaction.finish()
    // (1 − 0.3) × 0.4 s = 0.28 s.
    s.engine.advance(to: 2.279)
    #expect(s.detail.view.superview === s.nav.transitionView && s.delegate.animator.ended == [true])
    s.engine.advance(to: 2.28 + 1e-9)
    #expect(s.nav.viewControllers.count == 1)
    #expect(s.detail.view.superview == nil)
    #expect(s.delegate.animator.ended == [true, true] && s.delegate.animator.positions == [.end, .end])
    #expect(s.engine.diagnostics.isEmpty)
  }

  @Test(
    "Interactive pop cancelled through the interruptible animator: it reverses for p·D, completes at .start, and the hierarchy and presentation are as before"
  )
  func interactiveCancel() {
    let s = pushedStack(startsItself: false)
    let before = s.window.layer.presentationSnapshot()
    let interaction = PercentDrivenInteractiveTransition()
    s.delegate.interaction = interaction
    s.nav.popViewController(animated: true)
    interaction.update(0.3)
    s.engine.advance(to: 1.5)
    interaction.cancel()
    s.engine.advance(to: 1.55)
    let m11 = s.detail.view.layer.presentationSnapshot().transform.m11
    #expect(m11 > 0.73 && m11 < 1)
    // 0.3 × 0.4 s = 0.12 s back to the start.
    s.engine.advance(to: 1.619)
    #expect(s.delegate.animator.ended == [true])
    s.engine.advance(to: 1.62 + 1e-9)
    #expect(s.delegate.animator.ended == [true, false] && s.delegate.animator.positions == [.end, .start])
    #expect(s.nav.viewControllers.count == 2 && s.nav.topViewController === s.detail)
    #expect(s.home.view.superview == nil)
    #expect(s.detail.view.transform == .identity)
    #expect(s.window.layer.presentationSnapshot() == before)
    #expect(s.engine.diagnostics.isEmpty)
  }

  @Test(
    "Animators that return no interruptible animator keep the percent-driven clock: scrubbing keeps the ease-in-out curve (12.92 % at 25 %)"
  )
  func nilKeepsClock() {
    let engine = AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = ViewController()
    let nav = NavigationController(rootViewController: home)
    let delegate = HomeDelegate()
    nav.delegate = delegate
    window.rootViewController = nav
    let detail = ViewController()
    nav.pushViewController(detail, animated: true)
    engine.advance(to: 1)
    let interaction = PercentDrivenInteractiveTransition()
    delegate.interactivePopTransition = interaction
    nav.popViewController(animated: true)
    interaction.update(0.25)
    #expect(abs(detail.view.layer.presentationSnapshot().transform.m11 - (1 - 0.9 * 0.1292)) < 1e-4)
    interaction.finish()
    engine.advance(to: 2)
    #expect(nav.viewControllers.count == 1 && delegate.animator.ended == [true, true])
  }
}
