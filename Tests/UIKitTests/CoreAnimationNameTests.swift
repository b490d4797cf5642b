import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// Core Animation's names mean the library's values: CATransform3D's functions against the
// library's functions of the same name without "CA" and against the matrices written out here
// (docs/core-animation.md#points-are-row-vectors, #concat-applies-a-first, #rotation-matrix).

@MainActor
@Suite("Core Animation's names", .resetEngineAfterEachTest)
struct CoreAnimationNameTests {
  let angle: CGFloat = 0.7

  @Test(
    "rotation-matrix: CATransform3DMakeRotation(a, 0, 1, 0) equals Transform3DMakeRotation(a, 0, 1, 0) entry by entry, and both are [cos a, 0, −sin a, 0; 0, 1, 0, 0; sin a, 0, cos a, 0; 0, 0, 0, 1]"
  )
  func rotation() {
    let c = cos(Double(angle)), s = sin(Double(angle))
    let written: [Double] = [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]
    let uikit = CATransform3DMakeRotation(angle, 0, 1, 0)
    #expect(uikit.entries == Transform3DMakeRotation(Double(angle), 0, 1, 0).entries)
    #expect(agree(uikit.entries, written))
  }

  @Test(
    "CATransform3DMakeTranslation, MakeScale and Identity are the library's, and the matrices written out: translation in m41 m42 m43, scale on the diagonal"
  )
  func makers() {
    let t = CATransform3DMakeTranslation(3, -4, 5)
    #expect(t == Transform3DMakeTranslation(3, -4, 5))
    #expect(t.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1])
    let s = CATransform3DMakeScale(2, 0.5, 3)
    #expect(s == Transform3DMakeScale(2, 0.5, 3))
    #expect(s.entries == [2, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1])
    #expect(CATransform3DIdentity == Transform3D.identity && CATransform3DIsIdentity(CATransform3DIdentity))
    #expect(!CATransform3DIsIdentity(t) && CATransform3DEqualToTransform(t, Transform3DMakeTranslation(3, -4, 5)))
  }

  @Test(
    "concat-applies-a-first: CATransform3DConcat(a, b) is the product a · b computed here; Translate, Scale and Rotate put their own matrix first (M · t), as the library's functions do"
  )
  func composition() {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    let a = CATransform3DMakeRotation(angle, 0, 1, 0)
    let b = CATransform3DTranslate(perspective, 10, 20, 30)
    let concat = CATransform3DConcat(a, b)
    #expect(concat == Transform3DConcat(a, b))
    #expect(agree(concat.entries, product(rows(a.entries), rows(b.entries)).flatMap { $0 }))

    let translated = CATransform3DTranslate(perspective, 10, 20, 30)
    let scaled = CATransform3DScale(perspective, 2, 3, 4)
    let rotated = CATransform3DRotate(perspective, angle, 0, 1, 0)
    #expect(translated == Transform3DTranslate(perspective, 10, 20, 30))
    #expect(scaled == Transform3DScale(perspective, 2, 3, 4))
    #expect(rotated == Transform3DRotate(perspective, Double(angle), 0, 1, 0))
    let p = rows(perspective.entries)
    #expect(
      agree(translated.entries, product(rows(CATransform3DMakeTranslation(10, 20, 30).entries), p).flatMap { $0 }))
    #expect(agree(scaled.entries, product(rows(CATransform3DMakeScale(2, 3, 4).entries), p).flatMap { $0 }))
    #expect(agree(rotated.entries, product(rows(a.entries), p).flatMap { $0 }))
  }

  @Test(
    "invert-keeps-a-singular-matrix: CATransform3DInvert is the library's inverse (its product with the matrix is the identity) and leaves a singular matrix as it is"
  )
  func inversion() {
    var m = CATransform3DRotate(CATransform3DMakeTranslation(4, 5, 6), angle, 1, 1, 0)
    m.m34 = -0.002
    let inverse = CATransform3DInvert(m)
    #expect(inverse == Transform3DInvert(m))
    #expect(
      agree(product(rows(m.entries), rows(inverse.entries)).flatMap { $0 }, Transform3D.identity.entries, within: 1e-12)
    )
    let flat = CATransform3DMakeScale(1, 0, 1)
    #expect(CATransform3DInvert(flat) == flat)
  }

  @Test(
    "CATransform3DMakeAffineTransform puts a, b, c, d, tx, ty in m11, m12, m21, m22, m41, m42; IsAffine and GetAffineTransform read them back as the library's functions do"
  )
  func affineBridge() {
    let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let m = CATransform3DMakeAffineTransform(affine)
    #expect(m == Transform3DMakeAffineTransform(affine))
    #expect(m.entries == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
    #expect(CATransform3DIsAffine(m) && CATransform3DGetAffineTransform(m) == affine)
    var perspective = m
    perspective.m34 = -0.01
    #expect(!CATransform3DIsAffine(perspective) && Transform3DIsAffine(perspective) == false)
  }

  @Test(
    "timing-function-is-a-cubic-bezier: CAMediaTimingFunction(name:) gives Core Animation's control points: linear (0, 0, 1, 1), easeIn (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1), easeInEaseOut (0.42, 0, 0.58, 1), default (0.25, 0.1, 0.25, 1)"
  )
  func namedTimingFunctions() {
    let written: [(CAMediaTimingFunctionName, [Double])] = [
      (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
      (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
    ]
    for (name, points) in written {
      let f = CAMediaTimingFunction(name: name)
      #expect([f.c1x, f.c1y, f.c2x, f.c2y] == points, "\(name)")
      #expect(f == TimingFunction(controlPoints: points[0], points[1], points[2], points[3]))
      #expect(abs(f.value(at: 0.3) - bezier(points[0], points[1], points[2], points[3], at: 0.3)) < 1e-6)
    }
  }

  @Test(
    "transactions-change-nothing: CATransaction: a layer changed under begin / setDisableActions(true) / commit shows its new value at once, as on iOS; setDisableActions(false), or true inside an animation block, asks for what layers here never do and is reported"
  )
  func transactions() {
    let engine = AnimationEngine.reset()
    let layer = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.opacity = 0.25
    layer.position = CGPoint(x: 40, y: 50)
    CATransaction.commit()
    #expect(
      layer.presentationSnapshot().opacity == 0.25 && layer.presentationSnapshot().position == CGPoint(x: 40, y: 50))
    #expect(CATransaction.disableActions() && engine.diagnostics.isEmpty)

    CATransaction.setDisableActions(false)
    #expect(engine.diagnostics.count == 1 && engine.diagnostics[0].contains("setDisableActions(false)"))
    UIView.animate(withDuration: 0.3) { CATransaction.setDisableActions(true) }
    #expect(engine.diagnostics.count == 2 && engine.diagnostics[1].contains("inside an animation block"))
  }

  @Test("A layer's corners are circular arcs: cornerCurve reads .circular, and setting .circular keeps it")
  func cornerCurve() {
    let layer = CALayer()
    #expect(layer.cornerCurve == .circular)
    layer.cornerCurve = .circular
    #expect(layer.cornerCurve == .circular)
  }

  @Test(
    "UIView.inheritedAnimationDuration is the innermost animation block's duration, 0 outside one and under performWithoutAnimation"
  )
  func inheritedDuration() {
    AnimationEngine.reset()
    var seen: [TimeInterval] = []
    seen.append(UIView.inheritedAnimationDuration)
    UIView.animate(withDuration: 0.3) {
      seen.append(UIView.inheritedAnimationDuration)
      UIView.animate(withDuration: 0.7) { seen.append(UIView.inheritedAnimationDuration) }
      UIView.performWithoutAnimation { seen.append(UIView.inheritedAnimationDuration) }
    }
    #expect(seen == [0, 0.3, 0.7, 0])
  }
}
