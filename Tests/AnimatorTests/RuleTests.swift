import AnimatorTestSupport
import Foundation
import Testing
@testable import Animator

/// The rules of docs/core-animation.md and docs/uikit-transitions.md that are easiest to get
/// wrong, checked on model values, `layer.presentationSnapshot()` and snapshot text. Expected numbers
/// come from the documented vectors, formulas and tables (positive-rotations-on-screen,
/// layer-geometry-properties, timing-function-is-a-cubic-bezier, finish-and-cancel-timing),
/// never from the code under test.
@MainActor
@Suite("Core Animation and UIKit rules, animator side", .resetEngineAfterEachTest)
struct AnimatorRuleTests {
  func near(_ a: Double, _ b: Double, _ tol: Double = 1e-2) -> Bool { abs(a - b) <= tol }

  // MARK: positive-rotations-on-screen

  @Test(
    "positive-rotations-on-screen: at +30°, z sends (100,0,0) to (86.60, 50, 0) (clockwise, y down), y sends it to (86.60, 0, −50) (right edge away), x sends (0,100,0) to (0, 86.60, 50) (bottom edge toward)"
  )
  func rotationSigns() {
    let a = 30 * Double.pi / 180
    let z = Transform3D(rotationAngle: a, x: 0, y: 0, z: 1).apply(x: 100, y: 0, z: 0)
    #expect(near(z.x, 86.60) && near(z.y, 50.00) && near(z.z, 0) && z.w == 1)
    let y = Transform3D(rotationAngle: a, x: 0, y: 1, z: 0).apply(x: 100, y: 0, z: 0)
    #expect(near(y.x, 86.60) && near(y.y, 0) && near(y.z, -50.00))
    let x = Transform3D(rotationAngle: a, x: 1, y: 0, z: 0).apply(x: 0, y: 100, z: 0)
    #expect(near(x.x, 0) && near(x.y, 86.60) && near(x.z, 50.00))
    // The affine rotation and a view's transform agree with the z rotation: +x turns toward +y
    // (down the screen), i.e. clockwise.
    #expect(AffineTransform(rotationAngle: a).apply(Point(x: 100, y: 0)).y > 49.99)
    AnimationEngine.reset()
    let v = View(frame: Rect(x: 0, y: 0, width: 200, height: 20))
    v.transform = AffineTransform(rotationAngle: a)
    let t = v.layer.presentationSnapshot().transform
    let p = t.apply(x: 100, y: 0, z: 0)
    #expect(near(p.x, 86.60) && near(p.y, 50.00))
    // The same rotation built through the CATransform3DRotate-style helper.
    let r = Transform3D.identity.rotated(by: a, x: 0, y: 1, z: 0).apply(x: 100, y: 0, z: 0)
    #expect(near(r.z, -50.00))
  }

  // MARK: cancel-restores-the-model, complete-transition-once

  /// A full-screen presentation animator that shrinks and fades the presenter's view and, as
  /// cancel-restores-the-model asks, restores them on cancel before calling
  /// completeTransition(!cancelled).
  final class ShrinkAnimator: ViewControllerAnimatedTransitioning, ViewControllerTransitioningDelegate {
    let restores: Bool
    var interaction: PercentDrivenInteractiveTransition?
    var completedWith: [Bool] = []
    var ended: [Bool] = []
    /// What the completion saw: transitionWasCancelled, the from view's model alpha and scale.
    var seenAtCompletion: (cancelled: Bool, alpha: Double, scale: Double)?
    init(restores: Bool) { self.restores = restores }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 1 }
    func animateTransition(using ctx: ViewControllerContextTransitioning) {
      let from = ctx.view(forKey: .from)!, to = ctx.view(forKey: .to)!
      ctx.containerView.addSubview(to)
      to.alpha = 0
      View.animate(
        withDuration: 1, options: .curveLinear,
        animations: {
          from.alpha = 0.5
          from.transform = AffineTransform(scaleX: 0.9, y: 0.9)
          to.alpha = 1
        },
        completion: { _ in
          self.seenAtCompletion = (ctx.transitionWasCancelled, from.alpha, from.transform.a)
          if ctx.transitionWasCancelled && self.restores {
            from.alpha = 1
            from.transform = .identity
          }
          let done = !ctx.transitionWasCancelled
          self.completedWith.append(done)
          ctx.completeTransition(done)
        })
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
      -> ViewControllerAnimatedTransitioning?
    { self }
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
      -> ViewControllerInteractiveTransitioning?
    { interaction }
  }

  struct Presentation {
    let window: Window
    let presenter: ViewController
    let presented: ViewController
  }

  func presentInteractively(_ animator: ShrinkAnimator) -> Presentation {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 200, height: 300)
    let window = Window()
    let presenter = ViewController()
    presenter.title = "presenter"
    window.rootViewController = presenter
    let presented = ViewController()
    presented.title = "presented"
    presented.modalPresentationStyle = .fullScreen
    presented.transitioningDelegate = animator
    animator.interaction = PercentDrivenInteractiveTransition()
    presenter.present(presented, animated: true)
    return Presentation(window: window, presenter: presenter, presented: presented)
  }

  @Test(
    "cancel-restores-the-model: a cancelled interactive transition leaves model values at their animated-to values; the animator restores them and calls completeTransition(!transitionWasCancelled) = false"
  )
  func cancelRestores() {
    let animator = ShrinkAnimator(restores: true)
    let s = presentInteractively(animator)
    let before = s.presenter.view.layer.presentationSnapshot()
    let interaction = animator.interaction!
    interaction.update(0.4)
    // Scrubbed: the presentation is 40 % of the way, the model is already at the end.
    #expect(abs(s.presenter.view.layer.presentationSnapshot().opacity - 0.8) < 1e-9)
    #expect(s.presenter.view.alpha == 0.5)
    interaction.cancel()
    AnimationEngine.current.advance(to: 2)
    // When the completion ran, the context said "cancelled" and nothing had rolled the model back.
    #expect(animator.seenAtCompletion?.cancelled == true)
    #expect(animator.seenAtCompletion?.alpha == 0.5)
    #expect(animator.seenAtCompletion?.scale == 0.9)
    #expect(animator.completedWith == [false])
    #expect(animator.ended == [false])
    // The hierarchy is back to the "from" state and the restored properties show.
    #expect(s.presenter.presentedViewController == nil)
    #expect(s.presented.view.window == nil)
    #expect(s.presenter.view.window === s.window)
    #expect(s.presenter.view.alpha == 1 && s.presenter.view.transform.isIdentity)
    #expect(s.presenter.view.layer.presentationSnapshot() == before)
  }

  @Test(
    "cancel-restores-the-model: without the restore a cancelled transition keeps the animated-to model values (scrubbing never rolls them back)"
  )
  func cancelWithoutRestoreKeepsEndValues() {
    let animator = ShrinkAnimator(restores: false)
    let s = presentInteractively(animator)
    animator.interaction!.update(0.4)
    animator.interaction!.cancel()
    AnimationEngine.current.advance(to: 2)
    #expect(animator.completedWith == [false])
    #expect(s.presenter.view.layer.presentationSnapshot().opacity == 0.5)
    #expect(s.presenter.view.layer.presentationSnapshot().transform.m11 == 0.9)
  }

  @Test(
    "complete-transition-once: a finished interactive transition reports transitionWasCancelled = false and calls completeTransition(true)"
  )
  func finishCompletes() {
    let animator = ShrinkAnimator(restores: true)
    let s = presentInteractively(animator)
    animator.interaction!.update(0.7)
    animator.interaction!.finish()
    AnimationEngine.current.advance(to: 2)
    #expect(animator.seenAtCompletion?.cancelled == false)
    #expect(animator.completedWith == [true] && animator.ended == [true])
    #expect(s.presenter.presentedViewController === s.presented)
    #expect(s.presented.view.window === s.window)
  }

  // MARK: percent-driven-scrubbing, finish-and-cancel-timing

  /// Animates the presented view's center.x with the default curve (ease-in-out) and the
  /// presenter's alpha linearly, both over D = 1 s, on the transition's clock.
  final class TwoCurveAnimator: ViewControllerAnimatedTransitioning, ViewControllerTransitioningDelegate {
    let interaction = PercentDrivenInteractiveTransition()
    var ended: [Bool] = []
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 1 }
    func animateTransition(using ctx: ViewControllerContextTransitioning) {
      let from = ctx.view(forKey: .from)!, to = ctx.view(forKey: .to)!
      ctx.containerView.addSubview(to)
      to.center = Point(x: 100 + 400, y: 150)
      View.animate(withDuration: 1) { to.center = Point(x: 100, y: 150) }
      View.animate(
        withDuration: 1, options: .curveLinear, animations: { from.alpha = 0 },
        completion: { _ in
          if ctx.transitionWasCancelled { from.alpha = 1 }
          ctx.completeTransition(!ctx.transitionWasCancelled)
        })
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
      -> ViewControllerAnimatedTransitioning?
    { self }
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
      -> ViewControllerInteractiveTransitioning?
    { interaction }
  }

  func presentTwoCurves(_ animator: TwoCurveAnimator) -> Presentation {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 200, height: 300)
    let window = Window()
    let presenter = ViewController()
    window.rootViewController = presenter
    let presented = ViewController()
    presented.modalPresentationStyle = .fullScreen
    presented.transitioningDelegate = animator
    presenter.present(presented, animated: true)
    return Presentation(window: window, presenter: presenter, presented: presented)
  }

  /// Fraction of the way the presented view has slid (0 at x = 500, 1 at x = 100).
  func slid(_ s: Presentation) -> Double { (500 - s.presented.view.layer.presentationSnapshot().position.x) / 400 }
  func faded(_ s: Presentation) -> Double { 1 - s.presenter.view.layer.presentationSnapshot().opacity }

  @Test(
    "percent-driven-scrubbing: scrubbing maps percent linearly to time but each animation keeps its own curve — at 25 % the ease-in-out one shows 12.92 %, the linear one 25 %"
  )
  func scrubKeepsCurves() {
    let animator = TwoCurveAnimator()
    let s = presentTwoCurves(animator)
    for (p, eased) in [(0.1, 0.0197), (0.25, 0.1292), (0.5, 0.5), (0.75, 0.8708), (0.9, 0.9803)] {
      animator.interaction.update(p)
      #expect(abs(slid(s) - eased) < 1e-3, "ease-in-out at \(p)")
      #expect(abs(faded(s) - p) < 1e-9, "linear at \(p)")
    }
    // Scrubbing, even to 100 %, completes nothing: time is frozen until finish or cancel.
    animator.interaction.update(1)
    AnimationEngine.current.advance(to: 5)
    #expect(animator.ended.isEmpty)
  }

  @Test(
    "finish-and-cancel-timing: finish plays the rest in (1 − p)·D/completionSpeed along easeInOut — from 50 % at speed 2 it ends 0.25 s later, a quarter in it shows τ = 0.5 + 0.5·0.1292"
  )
  func finishTiming() {
    let animator = TwoCurveAnimator()
    let s = presentTwoCurves(animator)
    AnimationEngine.current.advance(to: 1)
    animator.interaction.update(0.5)
    animator.interaction.completionSpeed = 2
    animator.interaction.finish()
    AnimationEngine.current.advance(to: 1 + 0.25 / 4)
    // τ / D for the linear animation.
    #expect(abs(faded(s) - (0.5 + 0.5 * 0.1292)) < 1e-3)
    AnimationEngine.current.advance(to: 1.2)
    #expect(animator.ended.isEmpty)
    AnimationEngine.current.advance(to: 3)
    #expect(animator.ended == [true])
    let completedAt = AnimationEngine.current.lastTransitionCompletion ?? -1
    #expect(abs(completedAt - (1 + (1 - 0.5) * 1 / 2)) < 1e-6)
    #expect(slid(s) == 1 && faded(s) == 1)
  }

  @Test(
    "finish-and-cancel-timing: cancel runs back in p·D/completionSpeed — from 60 % at speed 1 it ends 0.6 s later, back at the start"
  )
  func cancelTiming() {
    let animator = TwoCurveAnimator()
    let s = presentTwoCurves(animator)
    AnimationEngine.current.advance(to: 1)
    animator.interaction.update(0.6)
    animator.interaction.cancel()
    // Halfway through the run-back (u = 0.5, curve 0.5): τ = 0.6·(1 − 0.5).
    AnimationEngine.current.advance(to: 1.3)
    #expect(abs(faded(s) - 0.3) < 1e-3)
    AnimationEngine.current.advance(to: 3)
    #expect(animator.ended == [false])
    let completedAt = AnimationEngine.current.lastTransitionCompletion ?? -1
    #expect(abs(completedAt - (1 + 0.6 * 1 / 1)) < 1e-6)
    #expect(s.presenter.view.layer.presentationSnapshot().opacity == 1)
  }

  // MARK: frame-is-undefined-under-a-transform

  @Test(
    "frame-is-undefined-under-a-transform: under a transform View.frame is the bounding box of the transformed bounds; bounds, center and the snapshot keep the model geometry"
  )
  func frameUnderTransform() {
    AnimationEngine.reset()
    let v = View(frame: Rect(x: 50, y: 50, width: 100, height: 50))
    v.name = "card"
    v.transform = AffineTransform(rotationAngle: .pi / 2)
    // A 100×50 box turned a quarter about its centre (100, 75): 50×100 around the same centre.
    let f = v.frame
    #expect(
      near(f.origin.x, 75, 1e-9) && near(f.origin.y, 25, 1e-9) && near(f.width, 50, 1e-9) && near(f.height, 100, 1e-9))
    #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(v.center == Point(x: 100, y: 75))
    // At 30°: w·cos + h·sin by w·sin + h·cos.
    v.transform = AffineTransform(rotationAngle: .pi / 6)
    let c = cos(Double.pi / 6), sn = sin(Double.pi / 6)
    #expect(near(v.frame.width, 100 * c + 50 * sn, 1e-9) && near(v.frame.height, 100 * sn + 50 * c, 1e-9))
    #expect(near(v.frame.midX, 100, 1e-9) && near(v.frame.midY, 75, 1e-9))
    // What the compositor receives: bounds, position and the transform — no frame.
    #expect(
      v.layer.presentationSnapshot().description
        == "card bounds=(0,0,100,50) position=(100,75) transform=affine[0.866 0.5 -0.5 0.866 0 0]\n")
  }

  // MARK: anchor-point-moves-the-layer

  @Test(
    "anchor-point-moves-the-layer: anchorPoint (0,0) is the top-left corner; changing it without changing position moves the view by ((0.5 − ax)·w, (0.5 − ay)·h)"
  )
  func anchorPointMovesView() {
    AnimationEngine.reset()
    let (w, h) = (80.0, 40.0)
    for (ax, ay) in [(0.0, 0.0), (1.0, 1.0), (0.25, 0.75), (1.0, 0.0)] {
      let v = View(frame: Rect(x: 100, y: 100, width: w, height: h))
      let center = v.center
      #expect(center == Point(x: 140, y: 120))
      v.layer.anchorPoint = Point(x: ax, y: ay)
      #expect(v.center == center)  // position is not touched
      let f = v.frame
      #expect(
        near(f.origin.x, 100 + (0.5 - ax) * w, 1e-9) && near(f.origin.y, 100 + (0.5 - ay) * h, 1e-9),
        "anchor (\(ax), \(ay))")
      #expect(f.size == Size(width: w, height: h))
    }
    // (0,0) pins the top-left corner to position: the frame starts at the position.
    let v = View(frame: .zero)
    v.layer.anchorPoint = .zero
    v.bounds = Rect(x: 0, y: 0, width: w, height: h)
    v.center = Point(x: 10, y: 20)
    #expect(v.frame == Rect(x: 10, y: 20, width: w, height: h))
    #expect(v.layer.presentationSnapshot().description.contains("anchor=(0,0)"))
    // A transform acts about that corner: a quarter turn keeps the corner at (10, 20) and
    // swings the box to the left of it (clockwise on screen).
    v.transform = AffineTransform(rotationAngle: .pi / 2)
    let r = v.frame
    #expect(
      near(r.origin.x, 10 - h, 1e-9) && near(r.origin.y, 20, 1e-9) && near(r.width, h, 1e-9) && near(r.height, w, 1e-9))
  }
}
