import AnimatorTestSupport
import Testing
@testable import Animator

/// Tests run on the main actor and never suspend, so each owns the global engine while it runs.
@MainActor
@Suite("Animation engine on the virtual clock", .resetEngineAfterEachTest)
struct AnimationEngineTests {
  func square() -> View {
    AnimationEngine.reset()
    return View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
  }

  @Test("model-and-presentation: model values change at once, the presentation interpolates")
  func modelAndPresentation() {
    let v = square()
    View.animate(withDuration: 1) { v.center = Point(x: 250, y: 50) }
    #expect(v.center == Point(x: 250, y: 50))
    #expect(v.layer.presentationSnapshot().position == Point(x: 50, y: 50))
    AnimationEngine.current.advance(to: 1)
    #expect(v.layer.presentationSnapshot().position == Point(x: 250, y: 50))
  }

  @Test(
    "default-curve-is-ease-in-ease-out: the default curve of animate is easeInEaseOut (0.42,0,0.58,1): 12.92 % at a quarter"
  )
  func defaultCurve() {
    let v = square()
    View.animate(withDuration: 1) { v.alpha = 0 }
    AnimationEngine.current.advance(to: 0.25)
    #expect(abs(v.layer.presentationSnapshot().opacity - (1 - 0.1292)) < 1e-3)
    AnimationEngine.current.advance(to: 0.75)
    #expect(abs(v.layer.presentationSnapshot().opacity - (1 - 0.8708)) < 1e-3)
  }

  @Test("Curve options select UIKit's curves: curveLinear is linear, curveEaseOut is (0,0,0.58,1)")
  func curveOptions() {
    let v = square()
    View.animate(withDuration: 1, options: .curveLinear) { v.alpha = 0 }
    let w = View(frame: .zero)
    View.animate(withDuration: 1, options: .curveEaseOut) { w.alpha = 0 }
    AnimationEngine.current.advance(to: 0.25)
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.75) < 1e-9)
    #expect(abs(w.layer.presentationSnapshot().opacity - (1 - 0.3781)) < 1e-3)
  }

  @Test("delay-shows-the-old-value: during the delay the old value shows (fillMode both)")
  func delayShowsOldValue() {
    let v = square()
    View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.alpha = 0 })
    AnimationEngine.current.advance(to: 0.4)
    #expect(v.layer.presentationSnapshot().opacity == 1)
    AnimationEngine.current.advance(to: 1.0)
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
  }

  @Test("Completion fires once, at its exact virtual time, in the order the animations end")
  func completionTiming() {
    let v = square()
    var log: [(String, Double, Bool)] = []
    View.animate(
      withDuration: 0.3, animations: { v.alpha = 0.5 },
      completion: { f in log.append(("a", AnimationEngine.current.now, f)) })
    View.animate(
      withDuration: 0.1, animations: { v.center = Point(x: 0, y: 0) },
      completion: { f in log.append(("b", AnimationEngine.current.now, f)) })
    AnimationEngine.current.advance(to: 1)
    AnimationEngine.current.advance(to: 2)
    #expect(log.map(\.0) == ["b", "a"])
    #expect(abs(log[0].1 - 0.1) < 1e-12 && abs(log[1].1 - 0.3) < 1e-12)
    #expect(log.allSatisfy { $0.2 })
  }

  @Test("A completion that starts a new animation starts it at the exact end time, not at the next frame")
  func chainedAnimationStartsOnTime() {
    let v = square()
    View.animate(
      withDuration: 0.25, options: .curveLinear, animations: { v.alpha = 0.5 },
      completion: { _ in
        View.animate(withDuration: 0.5, options: .curveLinear) { v.alpha = 0 }
      })
    AnimationEngine.current.advance(to: 0.5)
    // 0.25 s into the second animation: halfway from 0.5 to 0.
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.25) < 1e-9)
  }

  @Test(
    "re-animating-is-additive: re-animating position mid-flight is additive (no jump) and both completions report finished"
  )
  func additiveReanimation() {
    let v = square()
    var finished: [Bool] = []
    View.animate(
      withDuration: 1, options: .curveLinear, animations: { v.center = Point(x: 150, y: 50) },
      completion: { finished.append($0) })
    AnimationEngine.current.advance(to: 0.5)
    let before = v.layer.presentationSnapshot().position
    View.animate(
      withDuration: 1, options: .curveLinear, animations: { v.center = Point(x: 50, y: 250) },
      completion: { finished.append($0) })
    let after = v.layer.presentationSnapshot().position
    #expect(abs(before.x - 100) < 1e-9 && before == after)
    AnimationEngine.current.advance(to: 2)
    #expect(v.layer.presentationSnapshot().position == Point(x: 50, y: 250))
    #expect(finished == [true, true])
  }

  @Test(
    "Re-animating a non-additive property replaces the animation from the on-screen value; the old completion reports unfinished"
  )
  func replacement() {
    let v = square()
    var finished: [Bool] = []
    View.animate(
      withDuration: 1, options: .curveLinear, animations: { v.alpha = 0 }, completion: { finished.append($0) })
    AnimationEngine.current.advance(to: 0.5)
    View.animate(
      withDuration: 1, options: .curveLinear, animations: { v.alpha = 1 }, completion: { finished.append($0) })
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
    AnimationEngine.current.advance(to: 1.0)
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.75) < 1e-9)
    AnimationEngine.current.advance(to: 2)
    #expect(finished == [false, true])
  }

  @Test("Setting a property to its current value creates no animation; the completion still runs at once")
  func noChangeNoAnimation() {
    let v = square()
    var done = false
    View.animate(withDuration: 1, animations: { v.alpha = 1 }, completion: { _ in done = true })
    #expect(v.layer.animations.isEmpty)
    AnimationEngine.current.settle()
    #expect(done)
  }

  @Test("Misuse: a negative duration applies the change at once and is reported as an error")
  func negativeDuration() {
    let v = square()
    View.animate(withDuration: -1) { v.alpha = 0.2 }
    #expect(v.layer.presentationSnapshot().opacity == 0.2)
    #expect(AnimationEngine.current.diagnostics.first?.contains("negative") == true)
  }

  @Test("keyframes-are-eased-as-a-whole: keyframe times are warped by the overall ease-in-ease-out curve")
  func keyframesEasedAsAWhole() {
    let v = square()
    View.animateKeyframes(
      withDuration: 1,
      animations: {
        View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0.5 }
        View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 0 }
      })
    // Wall fraction 0.310 is key time 0.2 (docs/effects.md#keyframe-wall-times): 40 % into the
    // first keyframe.
    AnimationEngine.current.advance(to: 0.310)
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.8) < 2e-3)
    AnimationEngine.current.advance(to: 0.5)
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
  }

  @Test("Keyframes hold the previous value until their start time")
  func keyframesHold() {
    let v = square()
    View.animateKeyframes(
      withDuration: 1, options: .curve(.curveLinear),
      animations: {
        View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { v.alpha = 0 }
      })
    AnimationEngine.current.advance(to: 0.4)
    #expect(v.layer.presentationSnapshot().opacity == 1)
    AnimationEngine.current.advance(to: 0.625)
    #expect(abs(v.layer.presentationSnapshot().opacity - 0.5) < 1e-9)
    AnimationEngine.current.advance(to: 0.9)
    #expect(v.layer.presentationSnapshot().opacity == 0)
  }

  @Test(
    "Spring (damping 0.6, 0.6 s): the top edge of a slide-up follows the analytic damped oscillator within 0.01 pt every 1/60 s"
  )
  func springMatchesOscillator() {
    let v = square()
    let h = 568.0
    v.frame = Rect(x: 0, y: h, width: 320, height: h)
    View.animate(
      withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
      animations: {
        v.frame = Rect(x: 0, y: 0, width: 320, height: h)
      })
    // Analytic: ω0 solves (ζω0/ωd)·e^(−ζω0·0.6) = 0.001
    // (docs/core-animation.md#spring-duration-is-a-settling-time).
    let zeta = 0.6
    var w0 = 5 / 0.6
    for _ in 0..<100 {
      func f(_ w: Double) -> Double {
        let wd = w * (1 - zeta * zeta).squareRoot()
        return zeta * w / wd * Foundation.exp(-zeta * w * 0.6) - 0.001
      }
      let d = (f(w0 + 1e-6) - f(w0 - 1e-6)) / 2e-6
      w0 -= f(w0) / d
    }
    #expect(abs(w0 - 18.39) < 0.01)
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    var maxOvershoot = 0.0
    for i in 0..<36 {
      let t = Double(i) / 60
      AnimationEngine.current.advance(to: t)
      let x = Foundation.exp(-zeta * w0 * t) * (Foundation.cos(wd * t) + zeta * w0 / wd * Foundation.sin(wd * t))
      let expectedTop = h * x
      let top = v.layer.presentationSnapshot().position.y - h / 2
      #expect(abs(top - expectedTop) < 0.01, "t=\(t): top \(top) vs \(expectedTop)")
      maxOvershoot = max(maxOvershoot, -top)
    }
    // docs/effects.md#slide-up-spring: it overshoots to ≈54 pt above the top of a 568-pt screen.
    #expect(abs(maxOvershoot - 54) < 1.5)
    // At its duration the animation ends on the model value (the 0.05 % residue is cut off).
    AnimationEngine.current.advance(to: 0.6)
    #expect(Double(v.layer.presentationSnapshot().position.y) == h / 2)
  }
}

import Foundation
