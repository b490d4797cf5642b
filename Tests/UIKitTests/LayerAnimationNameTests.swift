import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// Core Animation's explicit-animation, corner-mask and path names mean the library's: the same
// presentation values as the library's classes give, against values computed here.

/// An animation delegate written as an iOS file writes it.
final class AnimationLog: NSObject, CAAnimationDelegate {
  var events: [String] = []
  func animationDidStart(_ anim: CAAnimation) { events.append("start \(anim.value(forKey: "name") ?? "")") }
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    events.append("stop \(anim.value(forKey: "name") ?? "") \(flag) at \(CACurrentMediaTime())")
  }
}

@MainActor
@Suite("Core Animation's explicit animation names", .resetEngineAfterEachTest)
struct LayerAnimationNameTests {
  func square() -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.position = CGPoint(x: 50, y: 50)
    return layer
  }

  @Test(
    "explicit-animations-leave-the-model: CABasicAnimation(keyPath:) on a CALayer is the library's BasicAnimation: the same presentation at every time (linear: the midpoint at half the duration), the model unchanged; CACurrentMediaTime() is the virtual clock and beginTime counts on it"
  )
  func basicAnimation() {
    let engine = AnimationEngine.reset()
    engine.advance(to: 2)
    let uikit = square(), library = square()
    let a = CABasicAnimation(keyPath: "position")
    a.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
    a.toValue = CGPoint(x: 100, y: 40)
    a.duration = 1
    a.beginTime = CACurrentMediaTime() + 0.5
    a.fillMode = .backwards
    uikit.add(a, forKey: "move")
    let b = BasicAnimation(keyPath: "position")
    b.fromValue = Point(x: 0, y: 0)
    b.toValue = Point(x: 100, y: 40)
    b.duration = 1
    b.beginTime = engine.now + 0.5
    b.fillMode = FillMode.backwards
    library.add(b, forKey: "move")
    #expect(type(of: uikit.animation(forKey: "move")!) == BasicAnimation.self)
    for t in [2.25, 3.0, 3.25, 3.5] {
      engine.advance(to: t)
      #expect(CACurrentMediaTime() == t)
      #expect(uikit.presentationSnapshot().position == library.presentationSnapshot().position, "t = \(t)")
      if t == 3 { #expect(uikit.presentationSnapshot().position == CGPoint(x: 50, y: 20)) }
    }
    #expect(uikit.position == CGPoint(x: 50, y: 50) && engine.diagnostics.isEmpty)
  }

  @Test(
    "spring-closed-forms: CASpringAnimation is the library's spring animation: its settlingDuration is Spring(mass:stiffness:damping:).settlingDuration, and transform.scale follows the damped oscillator written out here"
  )
  func springAnimation() {
    let engine = AnimationEngine.reset()
    let layer = square()
    let s = CASpringAnimation(keyPath: "transform.scale")
    s.fromValue = 1
    s.toValue = 0.5
    s.stiffness = 200
    s.damping = 12
    s.duration = s.settlingDuration
    #expect(s.settlingDuration == Spring(mass: 1, stiffness: 200, damping: 12).settlingDuration)
    layer.add(s, forKey: nil)
    let lambda = 6.0, wd = (200.0 - 36).squareRoot()
    for t in [0.1, 0.3, 0.5] {
      engine.advance(to: t)
      let x = exp(-lambda * t) * (cos(wd * t) + lambda / wd * sin(wd * t))
      let scale = 1 - 0.5 * (1 - x)
      #expect(abs(layer.presentationSnapshot().transform.m11 - scale) < 1e-9, "t = \(t)")
    }
  }

  @Test(
    "keyframe-calculation-modes: CAKeyframeAnimation with NSNumber key times and CGFloat values, calculationMode .discrete as CAAnimationCalculationMode, is at its values at its key times"
  )
  func keyframeAnimation() {
    let engine = AnimationEngine.reset()
    let layer = square()
    let k = CAKeyframeAnimation(keyPath: "position.x")
    k.values = [CGFloat(0), CGFloat(80), CGFloat(20)]
    k.keyTimes = [0, 0.5, 1]
    k.duration = 2
    layer.add(k, forKey: nil)
    let d = CAKeyframeAnimation(keyPath: "opacity")
    d.values = [0.2, 0.6]
    d.calculationMode = CAAnimationCalculationMode.discrete
    d.duration = 2
    layer.add(d, forKey: nil)
    engine.advance(to: 1)
    #expect(layer.presentationSnapshot().position.x == 80 && layer.presentationSnapshot().opacity == 0.6)
    engine.advance(to: 1.5)
    #expect(layer.presentationSnapshot().position.x == 50)
  }

  @Test(
    "explicit-animation-timing: a CAAnimationGroup runs its animations on its time and tells its NSObject CAAnimationDelegate when it starts and stops; setValue(_:forKey:) tags the animation the delegate gets; removeAnimation(forKey:) stops one unfinished"
  )
  func groupAndDelegate() {
    let engine = AnimationEngine.reset()
    let layer = square()
    let log = AnimationLog()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    let group = CAAnimationGroup()
    group.animations = [fade]
    group.duration = 1
    group.delegate = log
    group.setValue("group", forKey: "name")
    layer.add(group, forKey: "group")
    let removed = CABasicAnimation(keyPath: "cornerRadius")
    removed.toValue = 20
    removed.duration = 5
    removed.delegate = log
    removed.setValue("removed", forKey: "name")
    layer.add(removed, forKey: "removed")
    #expect(layer.animationKeys() == ["group", "removed"])
    engine.advance(to: 0.125)
    #expect(layer.presentationSnapshot().opacity == 0.5, "the inner fade lasts CA's default 0.25 s")
    layer.removeAnimation(forKey: "removed")
    engine.advance(to: 2)
    #expect(log.events == ["start group", "start removed", "stop removed false at 0.125", "stop group true at 1.0"])
  }

  @Test(
    "transaction-completion: CATransaction.setCompletionBlock is the library's LayerTransaction's: it runs when the explicit animations added after it have stopped"
  )
  func transactionCompletion() {
    let engine = AnimationEngine.reset()
    let layer = square()
    var finished: [Double] = []
    CATransaction.begin()
    CATransaction.setCompletionBlock { finished.append(CACurrentMediaTime()) }
    #expect(CATransaction.completionBlock() != nil)
    let a = CABasicAnimation(keyPath: "opacity")
    a.toValue = 0
    a.duration = 0.75
    layer.add(a, forKey: nil)
    CATransaction.commit()
    engine.advance(to: 1)
    #expect(finished == [0.75])
  }

  @Test(
    "masked-corners and shadow paths: CACornerMask's and UIRectCorner's names are the library's corners; maskedCorners reaches the snapshot; UIBezierPath(rect:), (ovalIn:), (roundedRect:cornerRadius:), (roundedRect:byRoundingCorners:cornerRadii:) are the library's shapes (radius cornerRadii.width) and .cgPath what shadowPath takes"
  )
  func cornersAndPaths() {
    AnimationEngine.reset()
    let layer = square()
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
    #expect(layer.presentationSnapshot().maskedCorners == [CornerMask.minXMinY, CornerMask.maxXMaxY])
    #expect(UIRectCorner.allCorners == CornerMask.all && UIRectCorner.topRight == CornerMask.maxXMinY)
    #expect(CACornerMask.layerMinXMaxYCorner == UIRectCorner.bottomLeft)
    let r = CGRect(x: 1, y: 2, width: 30, height: 40)
    #expect(UIBezierPath(rect: r).cgPath == ShapePath.rect(r))
    #expect(UIBezierPath(ovalIn: r).cgPath == ShapePath.ellipse(r))
    #expect(UIBezierPath(roundedRect: r, cornerRadius: 6).cgPath == ShapePath.roundedRect(r, radius: 6, corners: .all))
    let some = UIBezierPath(
      roundedRect: r, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 8, height: 3))
    #expect(some.cgPath == ShapePath.roundedRect(r, radius: 8, corners: [.minXMinY, .maxXMaxY]))
    layer.shadowPath = some.cgPath
    #expect(layer.presentationSnapshot().shadowPath == some.cgPath)
  }
}
