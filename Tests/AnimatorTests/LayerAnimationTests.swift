import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// Records what an animation delegate is told, with the virtual time.
@MainActor
final class DelegateLog: LayerAnimationDelegate {
  var events: [(String, Double)] = []
  func animationDidStart(_ anim: LayerAnimation) { events.append(("start", AnimationEngine.current.now)) }
  func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) {
    events.append((flag ? "stop finished" : "stop unfinished", AnimationEngine.current.now))
  }
  var names: [String] { events.map(\.0) }
}

@MainActor
@Suite("Explicit layer animations on the virtual clock", .resetEngineAfterEachTest)
struct LayerAnimationTests {
  /// A 100 × 100 layer at (50, 50).
  func layer() -> Layer {
    let l = Layer()
    l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    l.position = Point(x: 50, y: 50)
    return l
  }

  func position(_ l: Layer) -> Point { l.presentationSnapshot().position }

  func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double = 2) -> BasicAnimation {
    let a = BasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.duration = duration
    return a
  }

  @Test(
    "explicit-animations-leave-the-model: a linear basic animation of position shows the midpoint at half its duration while the model keeps its value, and is removed at its end (the model shows again, its key is gone)"
  )
  func midpointAndModel() {
    AnimationEngine.reset()
    let l = layer()
    l.add(basic("position", from: Point(x: 0, y: 0), to: Point(x: 100, y: 40)), forKey: "move")
    #expect(l.animationKeys() == ["move"])
    AnimationEngine.current.advance(to: 1)
    #expect(position(l) == Point(x: 50, y: 20))
    #expect(l.position == Point(x: 50, y: 50))
    AnimationEngine.current.advance(to: 1.999)
    #expect(abs(position(l).x - 99.95) < 1e-9)
    AnimationEngine.current.advance(to: 2)
    #expect(position(l) == Point(x: 50, y: 50))
    #expect(l.animationKeys() == nil && l.animation(forKey: "move") == nil)
    #expect(AnimationEngine.current.isIdle && AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "explicit-animations-fill: fillMode forwards with isRemovedOnCompletion false holds the end value after the end (the animation stays on the layer); with isRemovedOnCompletion true it is removed whatever the fill"
  )
  func fillForwards() {
    AnimationEngine.reset()
    let l = layer()
    let held = basic("opacity", from: 1.0, to: 0.2)
    held.fillMode = .forwards
    held.isRemovedOnCompletion = false
    l.add(held, forKey: "held")
    let other = layer()
    let removed = basic("opacity", from: 1.0, to: 0.2)
    removed.fillMode = .forwards
    other.add(removed, forKey: "removed")
    let engine = AnimationEngine.current
    engine.advance(to: 5)
    #expect(abs(l.presentationSnapshot().opacity - 0.2) < 1e-12 && l.opacity == 1)
    #expect(l.animationKeys() == ["held"])
    #expect(other.presentationSnapshot().opacity == 1 && other.animationKeys() == nil)
    l.removeAnimation(forKey: "held")
    #expect(l.presentationSnapshot().opacity == 1)
  }

  @Test(
    "explicit-animation-timing: a beginTime in the future waits that long on the clock CACurrentMediaTime() reads; before it only fillMode backwards shows the first value; the delegate is told of the start at the begin time and of the stop at the end"
  )
  func beginTimeAndBackwardsFill() {
    AnimationEngine.reset()
    let l = layer()
    let engine = AnimationEngine.current
    engine.advance(to: 3)
    let log = DelegateLog()
    let a = basic("position.x", from: 0.0, to: 40.0, duration: 1)
    a.beginTime = engine.now + 0.5
    a.delegate = log
    l.add(a, forKey: nil)
    let b = basic("position.y", from: 0.0, to: 100.0, duration: 1)
    b.beginTime = engine.now + 0.5
    b.fillMode = .backwards
    l.add(b, forKey: nil)
    engine.advance(to: 3.25)
    #expect(position(l) == Point(x: 50, y: 0))
    engine.advance(to: 4)
    #expect(position(l) == Point(x: 20, y: 50))
    engine.advance(to: 5)
    #expect(log.names == ["start", "stop finished"])
    #expect(log.events.map(\.1) == [3.5, 4.5])
  }

  @Test(
    "explicit-animation-timing: autoreverses and repeatCount 2 make four seconds of a one-second animation, forward then back each time; speed 2 halves them"
  )
  func repeatAndAutoreverse() {
    let e = AnimationEngine.reset()
    let l = layer()
    let a = basic("position.x", from: 0.0, to: 100.0, duration: 1)
    a.autoreverses = true
    a.repeatCount = 2
    l.add(a, forKey: "a")
    let fast = layer()
    let f = basic("position.x", from: 0.0, to: 100.0, duration: 1)
    f.repeatCount = 2
    f.speed = 2
    fast.add(f, forKey: "f")
    let expected: [(Double, Double)] = [(0.25, 25), (1.5, 50), (2.25, 25), (3.75, 25)]
    for (t, x) in expected {
      e.advance(to: t)
      #expect(abs(position(l).x - x) < 1e-9, "t = \(t)")
    }
    #expect(position(fast).x == 50, "the fast one ended at 1 s")
    e.advance(to: 4)
    #expect(position(l).x == 50 && l.animationKeys() == nil)
  }

  @Test(
    "explicit-animation-timing: a timing function paces each iteration: easeInEaseOut reaches cubic-bezier(0.42, 0, 0.58, 1) at a quarter, computed here"
  )
  func timingFunction() {
    AnimationEngine.reset()
    let l = layer()
    let a = basic("opacity", from: 0.0, to: 1.0, duration: 2)
    a.timingFunction = .easeInEaseOut
    l.add(a, forKey: nil)
    AnimationEngine.current.advance(to: 0.5)
    #expect(abs(l.presentationSnapshot().opacity - bezier(0.42, 0, 0.58, 1, at: 0.25)) < 1e-9)
  }

  @Test(
    "basic-animation-ends: toValue alone starts from the value beneath (the model), byValue alone goes from it by that much, fromValue with byValue from there by that much; additive-animations: an additive animation adds its value to the model"
  )
  func endsAndAdditive() {
    let e = AnimationEngine.reset()
    let l = layer()
    l.add(basic("position.x", from: nil, to: 150.0), forKey: nil)
    let by = BasicAnimation(keyPath: "position.y")
    by.byValue = 30.0
    by.duration = 2
    l.add(by, forKey: nil)
    let m = layer()
    let fromBy = BasicAnimation(keyPath: "cornerRadius")
    fromBy.fromValue = 10.0
    fromBy.byValue = 20.0
    fromBy.duration = 2
    let additive = basic("position", from: Point(x: 0, y: 0), to: Point(x: 40, y: -20))
    additive.isAdditive = true
    m.add(fromBy, forKey: nil)
    m.add(additive, forKey: nil)
    e.advance(to: 1)
    #expect(position(l) == Point(x: 100, y: 65))
    #expect(m.presentationSnapshot().cornerRadius == 20)
    #expect(position(m) == Point(x: 70, y: 40))
    #expect(e.diagnostics.isEmpty)
  }

  @Test(
    "keyframe-calculation-modes: a keyframe animation is at its values at its key times and linear between them; discrete holds each value for its step"
  )
  func keyframes() {
    AnimationEngine.reset()
    let l = layer()
    let k = KeyframeAnimation(keyPath: "position.x")
    k.values = [0.0, 100.0, 40.0]
    k.keyTimes = [0, 0.25, 1]
    k.duration = 2
    l.add(k, forKey: nil)
    let d = KeyframeAnimation(keyPath: "opacity")
    d.values = [0.1, 0.5, 0.9]
    d.calculationMode = .discrete
    d.duration = 3
    l.add(d, forKey: nil)
    let e = AnimationEngine.current
    let expected: [(t: Double, x: Double, opacity: Double)] = [
      (0.25, 50, 0.1), (0.5, 100, 0.1), (1.25, 70, 0.5), (1.75, 50, 0.5), (2.5, 50, 0.9),
    ]
    for row in expected {
      e.advance(to: row.t)
      let s = l.presentationSnapshot()
      #expect(abs(s.position.x - row.x) < 1e-9, "x at \(row.t)")
      #expect(s.opacity == row.opacity, "opacity at \(row.t)")
    }
  }

  @Test(
    "spring-closed-forms: a spring animation moves along the damped oscillator written out here (m 1, k 100, c 10: ζ 0.5, ω0 10), from its fromValue to its toValue, for its duration"
  )
  func spring() {
    AnimationEngine.reset()
    let l = layer()
    let s = SpringAnimation(keyPath: "position.x")
    s.fromValue = 0.0
    s.toValue = 200.0
    s.duration = s.settlingDuration
    l.add(s, forKey: nil)
    let zeta = 0.5, omega = 10.0, wd = omega * (1 - zeta * zeta).squareRoot()
    for t in [0.05, 0.2, 0.35, 0.6] {
      AnimationEngine.current.advance(to: t)
      let x = exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
      #expect(abs(position(l).x - 200 * (1 - x)) < 1e-9, "t = \(t)")
    }
  }

  @Test(
    "explicit-animation-timing: a group's animations run on the group's time (beginTime from its start), fill as each says, and are cut off at the group's duration; the group's delegate is told, the inner ones are not"
  )
  func group() {
    AnimationEngine.reset()
    let l = layer()
    let log = DelegateLog(), inner = DelegateLog()
    let fade = basic("opacity", from: 1.0, to: 0.0, duration: 1)
    fade.delegate = inner
    let move = basic("position.x", from: 0.0, to: 100.0, duration: 2)
    move.beginTime = 1
    move.fillMode = .backwards
    let g = LayerAnimationGroup()
    g.animations = [fade, move]
    g.duration = 2
    g.delegate = log
    l.add(g, forKey: "group")
    let e = AnimationEngine.current
    e.advance(to: 0.5)
    #expect(l.presentationSnapshot().opacity == 0.5 && position(l).x == 0)
    e.advance(to: 1.5)
    #expect(l.presentationSnapshot().opacity == 1 && position(l).x == 25)
    e.advance(to: 2)
    #expect(position(l).x == 50 && log.names == ["start", "stop finished"] && inner.events.isEmpty)
  }

  @Test(
    "explicit-animations: add(_:forKey:) attaches a copy (changing the object afterwards changes nothing); the same key replaces the running animation, whose delegate is told it stopped unfinished; removeAllAnimations removes the rest"
  )
  func copyAndReplace() {
    AnimationEngine.reset()
    let l = layer()
    let log = DelegateLog()
    let a = basic("position.x", from: 0.0, to: 100.0)
    a.delegate = log
    l.add(a, forKey: "x")
    a.toValue = 1000.0
    #expect(l.animation(forKey: "x") !== a)
    let e = AnimationEngine.current
    e.advance(to: 1)
    #expect(position(l).x == 50)
    l.add(basic("position.x", from: 0.0, to: 10.0), forKey: "x")
    e.advance(to: 1.5)
    #expect(log.names == ["start", "stop unfinished"] && log.events[1].1 == 1)
    #expect(position(l).x == 2.5)
    l.removeAllAnimations()
    #expect(position(l).x == 50 && l.animationKeys() == nil)
  }

  @Test(
    "transaction-completion: the completion block set in a transaction runs when every animation added after it has stopped, explicit or UIView's; with none, after the running code returns"
  )
  func transactionCompletion() {
    AnimationEngine.reset()
    let l = layer()
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let e = AnimationEngine.current
    var ran: [Double] = []
    LayerTransaction.begin()
    LayerTransaction.setCompletionBlock { ran.append(e.now) }
    l.add(basic("opacity", from: 0.0, to: 1.0, duration: 1), forKey: nil)
    View.animate(withDuration: 1.5) { view.alpha = 0 }
    LayerTransaction.commit()
    var empty: [Double] = []
    e.advance(to: 0.25)
    LayerTransaction.begin()
    LayerTransaction.setCompletionBlock { empty.append(e.now) }
    LayerTransaction.commit()
    #expect(empty.isEmpty)
    e.advance(to: 1.4)
    #expect(ran.isEmpty && empty == [0.25])
    e.advance(to: 2)
    #expect(ran == [1.5])
  }

  @Test(
    "explicit-animation-problems: a value of the wrong type for the key path, an unknown key path, keyframe times that do not fit and a spring that is none are each one line of diagnostics, and change nothing"
  )
  func problems() {
    AnimationEngine.reset()
    let l = layer()
    let e = AnimationEngine.current
    l.add(basic("opacity", from: Point(x: 1, y: 2), to: 0.5), forKey: nil)
    l.add(basic("frame", from: 0.0, to: 1.0), forKey: nil)
    let k = KeyframeAnimation(keyPath: "position.x")
    k.values = [0.0, 100.0]
    k.keyTimes = [0, 0.5, 1]
    l.add(k, forKey: nil)
    let s = SpringAnimation(keyPath: "cornerRadius")
    s.toValue = 10.0
    s.mass = 0
    l.add(s, forKey: nil)
    e.advance(to: 0.125)
    #expect(e.diagnostics.count == 4)
    #expect(e.diagnostics[0].contains("\"opacity\"") && e.diagnostics[0].contains("not a number"))
    #expect(e.diagnostics[1].contains("\"frame\""))
    #expect(e.diagnostics[2].contains("3 keyTimes for 2 values"))
    #expect(e.diagnostics[3].contains("mass"))
    let shown = l.presentationSnapshot()
    #expect(shown.opacity == 1 && shown.cornerRadius == 0)
    #expect(shown.position.x == 50, "the keyframes run evenly spaced, over the default 0.25 s")
  }

  @Test(
    "explicit-animation-key-paths: transform.rotation.z animates the angle (a whole turn shows a quarter turn at a quarter), transform.rotation.y keeps the perspective of the model's m34 (the rotation acts first), transform.scale scales x and y"
  )
  func transformParts() {
    AnimationEngine.reset()
    let l = layer()
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    l.transform = perspective
    l.add(basic("transform.rotation.y", from: 0.0, to: Double.pi / 2, duration: 1), forKey: nil)
    let spin = layer()
    spin.add(basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi, duration: 1), forKey: nil)
    let grow = layer()
    grow.add(basic("transform.scale", from: 1.0, to: 3.0, duration: 1), forKey: nil)
    AnimationEngine.current.advance(to: 0.25)
    // A quarter of π/2: Ry(π/8) · P, the rotation's rows times the perspective matrix.
    let c = cos(Double.pi / 8), s = sin(Double.pi / 8)
    let ry: [Double] = [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]
    let p: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.0 / 500, 0, 0, 0, 1]
    var expected = [Double](repeating: 0, count: 16)
    for row in 0..<4 {
      for column in 0..<4 {
        for j in 0..<4 { expected[row * 4 + column] += ry[row * 4 + j] * p[j * 4 + column] }
      }
    }
    let shown = l.presentationSnapshot().transform.entries
    #expect(zip(shown, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(shown)")
    let quarter = spin.presentationSnapshot().transform
    #expect(abs(quarter.m11) < 1e-12 && abs(quarter.m12 - 1) < 1e-12 && abs(quarter.m21 + 1) < 1e-12)
    let scaled = grow.presentationSnapshot().transform
    #expect(abs(scaled.m11 - 1.5) < 1e-12 && abs(scaled.m22 - 1.5) < 1e-12)
    #expect(l.transform == perspective)
  }

  @Test(
    "explicit-animation-key-paths: bounds.size animates the size and keeps the origin; shadowOffset, backgroundColor, borderColor and borderWidth take their own types"
  )
  func otherKeyPaths() {
    AnimationEngine.reset()
    let l = layer()
    l.add(basic("bounds.size", from: Size(width: 100, height: 100), to: Size(width: 200, height: 50)), forKey: nil)
    l.add(basic("shadowOffset", from: Size(width: 0, height: 0), to: Size(width: 10, height: 20)), forKey: nil)
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    l.add(basic("backgroundColor", from: red, to: blue), forKey: nil)
    l.add(basic("borderColor", from: blue, to: red), forKey: nil)
    l.add(basic("borderWidth", from: 0.0, to: 4.0), forKey: nil)
    AnimationEngine.current.advance(to: 1)
    let s = l.presentationSnapshot()
    #expect(s.bounds == Rect(x: 0, y: 0, width: 150, height: 75))
    #expect(s.shadow?.offset == Size(width: 5, height: 10))
    #expect(s.backgroundColor == Color(red: 0.5, green: 0, blue: 0.5))
    #expect(s.borderColor == Color(red: 0.5, green: 0, blue: 0.5) && s.borderWidth == 2)
    #expect(AnimationEngine.current.diagnostics.isEmpty)
  }
}

/// A push whose animator slides the new screen in with an explicit animation and completes the
/// transition from a transaction completion block; the delegate vends `interaction` when set.
@MainActor
final class ExplicitSlideDelegate: NavigationControllerDelegate, ViewControllerAnimatedTransitioning {
  var interaction: PercentDrivenInteractiveTransition?

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { self }

  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { interaction }

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 1 }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let toView = transitionContext.view(forKey: .to)!
    transitionContext.containerView.addSubview(toView)
    let slide = BasicAnimation(keyPath: "position.x")
    slide.fromValue = toView.layer.position.x + 320
    slide.duration = 1
    LayerTransaction.begin()
    LayerTransaction.setCompletionBlock {
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    toView.layer.add(slide, forKey: "slide")
    LayerTransaction.commit()
  }
}

@MainActor
@Suite("Explicit layer animations in transitions", .resetEngineAfterEachTest)
struct LayerAnimationTransitionTests {
  @Test(
    "explicit-animations: an explicit animation added while a transition is set up joins its clock: a percent-driven interaction scrubs it (half way at 50 %), and finishing runs it to its end, where the transaction's block completes the transition"
  )
  func scrubbedByAnInteraction() {
    let engine = AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let nav = NavigationController(rootViewController: ViewController())
    let delegate = ExplicitSlideDelegate()
    let interaction = PercentDrivenInteractiveTransition()
    delegate.interaction = interaction
    nav.delegate = delegate
    window.rootViewController = nav
    let detail = ViewController()
    nav.pushViewController(detail, animated: true)
    interaction.update(0.5)
    engine.advance(to: 3)
    #expect(abs(detail.view.layer.presentationSnapshot().position.x - (160 + 160)) < 1e-9)
    #expect(engine.completedTransitions == 0)
    interaction.finish()
    engine.advance(to: 10)
    #expect(engine.completedTransitions == 1 && nav.topViewController === detail)
    #expect(detail.view.layer.presentationSnapshot().position.x == 160 && engine.diagnostics.isEmpty)
  }
}
