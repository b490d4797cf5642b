import Testing
@testable import Animator

@Suite("Transform3D: CATransform3D semantics")
struct Transform3DTests {
  @Test("concat-applies-a-first: Concat(a, b) applies a first — Concat(Scale 2, Translate 10) has m41 = 10")
  func concatOrder() {
    let t = Transform3D(scaleX: 2, y: 2, z: 1).concatenating(Transform3D(translationX: 10, y: 0, z: 0))
    #expect(t.m41 == 10)
    let swapped = Transform3D(translationX: 10, y: 0, z: 0).concatenating(Transform3D(scaleX: 2, y: 2, z: 1))
    #expect(swapped.m41 == 20)
  }

  @Test("perspective-acts-last: golden corners of a 200 pt layer rotated 45° about y under m34 = -1/500")
  func goldenPerspectiveCorners() {
    let t = Transform3D.perspective(distance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
    // The layer: 200x200, anchor at its centre, positioned at (200, 200).
    func screen(_ x: Double, _ y: Double) -> Point {
      let h = t.apply(x: x - 100, y: y - 100, z: 0)
      return Point(x: h.x / h.w + 200, y: h.y / h.w + 200)
    }
    let expected: [(Double, Double, Point)] = [
      (0, 0, Point(x: 117.642, y: 83.528)), (200, 0, Point(x: 261.950, y: 112.390)),
      (200, 200, Point(x: 261.950, y: 287.610)), (0, 200, Point(x: 117.642, y: 316.472)),
    ]
    for (x, y, p) in expected {
      let s = screen(x, y)
      #expect(abs(s.x - p.x) < 5e-4 && abs(s.y - p.y) < 5e-4, "corner (\(x),\(y)) -> \(s)")
    }
  }

  @Test("Inverting a singular matrix returns it unchanged (CATransform3DInvert)")
  func singularInvert() {
    let s = Transform3D(scaleX: 0, y: 1, z: 1)
    #expect(s.inverted == s)
    let r = Transform3D.perspective(distance: 500).rotated(by: 0.3, x: 1, y: 1, z: 0)
    let product = r.concatenating(r.inverted)
    for (a, b) in zip(product.entries, Transform3D.identity.entries) { #expect(abs(a - b) < 1e-12) }
  }
}
