import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// UIKit's animator and timing-parameter names make the library's animators: the curve
// written out here, and the spring the library's own cases make.

@MainActor
@Suite("UIKit's animator names", .resetEngineAfterEachTest)
struct AnimationNameTests {
  @Test(
    "timing-function-is-a-cubic-bezier: UIViewPropertyAnimator(duration:timingParameters: UICubicTimingParameters(animationCurve: .easeIn)) moves a view along cubic-bezier(0.42, 0, 1, 1) computed here, as the library's .curve(.easeIn) animator does"
  )
  func cubicParameters() {
    let engine = AnimationEngine.reset()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let animator = UIViewPropertyAnimator(
      duration: 2, timingParameters: UICubicTimingParameters(animationCurve: .easeIn))
    #expect(animator.timingParameters == TimingParameters.curve(.easeIn))
    animator.addAnimations { view.center = CGPoint(x: 105, y: 5) }
    animator.startAnimation()
    for t in [0.5, 1.0, 1.5] {
      engine.advance(to: t)
      let x = view.layer.presentationSnapshot().position.x
      #expect(abs(x - (5 + 100 * bezier(0.42, 0, 1, 1, at: t / 2))) < 1e-4, "t = \(t)")
    }
    let points = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.3, y: 1))
    #expect(points == TimingParameters.cubic(TimingFunction(controlPoints: 0.2, 0.8, 0.3, 1)))
  }

  @Test(
    "spring-timing-parameters: UISpringTimingParameters(dampingRatio:) and (dampingRatio:initialVelocity:) are the library's spring solved for the duration, (mass:stiffness:damping:initialVelocity:) its physical spring; spring-velocity-is-one-number: a velocity along one axis, or with equal components, is the spring's one velocity"
  )
  func springParameters() {
    let engine = AnimationEngine.reset()
    #expect(UISpringTimingParameters(dampingRatio: 0.7) == TimingParameters.dampingRatio(0.7, initialVelocity: 0))
    #expect(
      UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: 0, dy: 2))
        == TimingParameters.dampingRatio(0.7, initialVelocity: 2))
    #expect(
      UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: -1.5, dy: 0))
        == TimingParameters.dampingRatio(0.7, initialVelocity: -1.5))
    #expect(
      UISpringTimingParameters(mass: 2, stiffness: 300, damping: 20, initialVelocity: CGVector(dx: 1, dy: 1))
        == TimingParameters.spring(Spring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 1)))
    #expect(engine.diagnostics.isEmpty)
  }

  @Test(
    "spring-velocity-is-one-number: a spring velocity with two different non-zero components cannot be one velocity: it is reported, naming the vector"
  )
  func springVelocityReported() {
    let engine = AnimationEngine.reset()
    _ = UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: 1, dy: 3))
    #expect(engine.diagnostics.count == 1 && engine.diagnostics[0].contains("(1.0, 3.0)"))
  }

  @Test(
    "UIViewPropertyAnimator(duration:dampingRatio:animations:) ends where the library's does at every frame: the same spring, the same completion position"
  )
  func propertyAnimatorSpring() {
    let engine = AnimationEngine.reset()
    let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let b = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    var ends: [UIViewAnimatingPosition] = []
    let uikit = UIViewPropertyAnimator(duration: 0.8, dampingRatio: 0.4) { a.alpha = 0 }
    uikit.addCompletion { ends.append($0) }
    let library = PropertyAnimator(duration: 0.8, timingParameters: .dampingRatio(0.4))
    library.addAnimations { b.alpha = 0 }
    library.addCompletion { ends.append($0) }
    uikit.startAnimation()
    library.startAnimation()
    for t in stride(from: 0.1, through: 0.8, by: 0.1) {
      engine.advance(to: t)
      #expect(a.layer.presentationSnapshot().opacity == b.layer.presentationSnapshot().opacity)
    }
    engine.advance(to: 1)
    #expect(ends == [.end, .end])
  }
}
