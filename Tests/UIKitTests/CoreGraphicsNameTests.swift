import Foundation
import Testing
import UIKit

// Core Graphics' names mean the library's values: CGAffineTransform is the library's affine
// transform (not Foundation's AffineTransform), checked against matrix products written out
// here (docs/core-animation.md#concat-applies-a-first, #positive-rotations-on-screen).

@Suite("Core Graphics' names")
struct CoreGraphicsNameTests {
  @Test(
    "concat-applies-a-first: CGAffineTransform(scaleX:y:).concatenating(CGAffineTransform(translationX:y:)) is the product [sx 0; 0 sy; 0 0] · [1 0; 0 1; tx ty] computed here, and the library's own transform"
  )
  func concatenation() {
    let scale = CGAffineTransform(scaleX: 2, y: 3)
    let move = CGAffineTransform(translationX: 10, y: -4)
    let both = scale.concatenating(move)
    #expect(both == AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 10, y: -4)))
    let written = product(affineRows(2, 0, 0, 3, 0, 0), affineRows(1, 0, 0, 1, 10, -4))
    #expect(agree([both.a, both.b, both.c, both.d, both.tx, both.ty], affineNumbers(written)))
    #expect(both.apply(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: -1))
  }

  @Test(
    "positive-rotations-on-screen: CGAffineTransform(rotationAngle:) is [cos sin; −sin cos], and rotated(by:), scaledBy(x:y:) and translatedBy(x:y:) put their own matrix first, as products computed here"
  )
  func members() {
    let a = 0.4
    let r = CGAffineTransform(rotationAngle: a)
    #expect(agree([r.a, r.b, r.c, r.d, r.tx, r.ty], [cos(a), sin(a), -sin(a), cos(a), 0, 0]))
    let t = CGAffineTransform(a: 1, b: 0.5, c: -0.25, d: 2, tx: 7, ty: 8)
    let base = affineRows(t.a, t.b, t.c, t.d, t.tx, t.ty)
    let cases: [(CGAffineTransform, [[Double]])] = [
      (t.rotated(by: a), product(affineRows(cos(a), sin(a), -sin(a), cos(a), 0, 0), base)),
      (t.scaledBy(x: 3, y: -1), product(affineRows(3, 0, 0, -1, 0, 0), base)),
      (t.translatedBy(x: 5, y: 6), product(affineRows(1, 0, 0, 1, 5, 6), base)),
    ]
    for (transform, written) in cases {
      #expect(
        agree([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty], affineNumbers(written)))
    }
  }

  @Test(
    "CGAffineTransform.inverted() is the library's inverse (its product with the transform is the identity), a singular transform inverts to itself, and .identity is isIdentity"
  )
  func inversion() {
    let t = CGAffineTransform(a: 1, b: 0.5, c: -0.25, d: 2, tx: 7, ty: 8)
    let inverse = t.inverted()
    #expect(inverse == AffineTransformInvert(t))
    let back = t.concatenating(inverse)
    #expect(agree([back.a, back.b, back.c, back.d, back.tx, back.ty], [1, 0, 0, 1, 0, 0], within: 1e-12))
    let flat = CGAffineTransform(scaleX: 0, y: 1)
    #expect(flat.inverted() == flat)
    #expect(CGAffineTransform.identity.isIdentity && !t.isIdentity)
  }

  @Test(
    "CGPoint, CGSize and CGRect .applying(_:) map through the transform: a point as the matrix does, a size by the linear part only, a rectangle to the bounding box of its corners"
  )
  func applying() {
    let turn = CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 100, y: 0))
    let p = CGPoint(x: 10, y: 20).applying(turn)
    #expect(abs(p.x - 80) < 1e-9 && abs(p.y - 10) < 1e-9)
    let size = CGSize(width: 10, height: 20).applying(CGAffineTransform(a: 2, b: 1, c: 0, d: 3, tx: 50, ty: 50))
    #expect(size == CGSize(width: 20, height: 70))
    let box = CGRect(x: 10, y: 20, width: 30, height: 40).applying(turn)
    // Corners (10, 20) … (40, 60) turn to x = 100 − y, y = x.
    #expect(abs(box.minX - 40) < 1e-9 && abs(box.maxX - 80) < 1e-9)
    #expect(abs(box.minY - 10) < 1e-9 && abs(box.maxY - 40) < 1e-9)
  }

  @Test(
    "UIColor.cgColor is the same colour (a system colour resolved with the current traits, light outside a recording), and UIColor(cgColor:) gives it back"
  )
  @MainActor
  func cgColor() {
    let color = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
    let cg: CGColor = color.cgColor
    #expect(cg == color && UIColor(cgColor: cg) == color)
    #expect(UIColor.white.cgColor == Color(white: 1))
    #expect(UIColor.systemBlue.cgColor == Color(red: 0, green: 122.0 / 255, blue: 1))
  }

  @Test("CGVector holds dx and dy; CGVector() and .zero are the zero vector")
  func vector() {
    let v = CGVector(dx: 1.5, dy: -2)
    #expect(Double(v.dx) == 1.5 && Double(v.dy) == -2)
    #expect(CGVector() == CGVector.zero && CGVector.zero == CGVector(dx: 0, dy: 0))
  }
}
