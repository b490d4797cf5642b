import Foundation
import Testing

@testable import Animator

/// Foundation also declares an `AffineTransform`.
private typealias Affine = Animator.AffineTransform

/// Helpers shared by the transform interpolation tests.
private func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
  zip(a.entries, b.entries).map { abs($0 - $1) }.max()!
}

private func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
  Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

private func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
  Transform3D(translationX: x, y: y, z: z)
}

/// A deterministic pseudo-random sequence in -1...1 (no global state, no seeding API).
private struct Sequence {
  var state: UInt64
  mutating func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53) * 2 - 1
  }
}

@Suite("Transform interpolation: decomposition the way Core Animation animates transforms")
struct TransformInterpolationTests {
  // MARK: Decomposition

  static let roundTripCases: [(String, Transform3D)] = [
    ("identity", .identity),
    ("rotation 0.7 about (1,2,3)", rotation(0.7, 1, 2, 3)),
    ("rotation 170° about (−1,0.3,0.2)", rotation(170 * .pi / 180, -1, 0.3, 0.2)),
    ("half turn about x", rotation(.pi, 1, 0, 0)),
    ("half turn about y", rotation(.pi, 0, 1, 0)),
    ("half turn about z", rotation(.pi, 0, 0, 1)),
    ("rotation 5 rad about z", rotation(5, 0, 0, 1)),
    ("non-uniform scale", Transform3D(scaleX: 2, y: 0.5, z: 3)),
    ("mirroring scale", Transform3D(scaleX: -1, y: 2, z: 1)),
    ("translation", translation(10, -20, 30)),
    ("skew", Transform3D(entries: [1, 0, 0, 0, 0.4, 1, 0, 0, -0.3, 0.25, 1, 0, 0, 0, 0, 1])),
    ("perspective", Transform3D.perspective(distance: 500)),
    (
      "perspective rotation (perspective-acts-last)",
      Transform3D.perspective(distance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
    ),
    (
      "m34 written into a rotation (Cube)",
      {
        var t = rotation(.pi / 2, 0, 1, 0)
        t.m34 = -1.0 / 200
        return t
      }()
    ),
    (
      "scale, skew, rotation, translation, perspective",
      Transform3D(scaleX: 1.5, y: 0.8, z: 1.2)
        .concatenating(Transform3D(entries: [1, 0, 0, 0, 0.2, 1, 0, 0, 0.1, -0.3, 1, 0, 0, 0, 0, 1]))
        .concatenating(rotation(1.1, 0.3, -0.5, 0.8)).concatenating(translation(12, 34, -5))
        .concatenating(Transform3D(entries: [1, 0, 0, 0.001, 0, 1, 0, -0.002, 0, 0, 1, -0.003, 0, 0, 0, 1]))
    ),
  ]

  @Test("decompose → recompose returns the matrix within 1e-9 (rotations, scales, skews, translations, perspective)")
  func roundTrip() throws {
    for (name, m) in Self.roundTripCases {
      let parts = try #require(DecomposedTransform(m), "\(name) must decompose")
      let n = m.m44
      let expected = Transform3D(entries: m.entries.map { $0 / n })
      #expect(maxDifference(parts.recomposed, expected) < 1e-9, "\(name)")
    }
  }

  @Test("CSS normalises by m44: recomposed is M / m44, the same projective transform")
  func roundTripNormalisesByM44() throws {
    // Translate toward the viewer, then perspective: m44 = 1 − 150/500 = 0.7.
    let m = rotation(0.3, 0, 1, 0).concatenating(translation(40, -10, 150))
      .concatenating(.perspective(distance: 500))
    #expect(abs(m.m44 - 0.7) < 1e-12)
    let r = try #require(DecomposedTransform(m)).recomposed
    #expect(maxDifference(r, Transform3D(entries: m.entries.map { $0 / 0.7 })) < 1e-9)
    for p in [Point(x: -160, y: -284), Point(x: 160, y: 100), Point(x: 0, y: 284)] {
      let a = m.project(p)
      let b = r.project(p)
      #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }
  }

  @Test("A rotation of a about an axis decomposes to the quaternion (axis·sin(a/2), cos(a/2))")
  func quaternionConvention() throws {
    let a = 0.9
    let axis = SIMD3<Double>(1, -2, 2) / 3
    let q = try #require(DecomposedTransform(rotation(a, axis.x, axis.y, axis.z))).rotation
    let sign = q.w < 0 ? -1.0 : 1.0
    let expected = SIMD4(axis.x * sin(a / 2), axis.y * sin(a / 2), axis.z * sin(a / 2), cos(a / 2))
    for i in 0..<4 { #expect(abs(sign * q[i] - expected[i]) < 1e-12) }
  }

  @Test(
    "perspective-written-into-a-rotation: Ry(θe) with m34 = p written in decomposes to rotation θe and perspective p·(sin θe, 0, cos θe)"
  )
  func smuggledPerspective() throws {
    let p = -1.0 / 200
    for thetaE in [Double.pi / 2, -Double.pi / 2, 0.6] {
      var m = rotation(thetaE, 0, 1, 0)
      m.m34 = p
      let parts = try #require(DecomposedTransform(m))
      #expect(abs(parts.perspective.x - p * sin(thetaE)) < 1e-12)
      #expect(abs(parts.perspective.y) < 1e-12)
      #expect(abs(parts.perspective.z - p * cos(thetaE)) < 1e-12)
      #expect(abs(parts.perspective.w - 1) < 1e-12)
      #expect(
        maxDifference(
          DecomposedTransform(rotation(thetaE, 0, 1, 0))!.recomposed,
          DecomposedTransform(
            translation: .zero, scale: parts.scale, skew: parts.skew,
            rotation: parts.rotation, perspective: SIMD4(0, 0, 0, 1)
          ).recomposed) < 1e-12)
    }
  }

  @Test("Matrices with a zero scale or m44 = 0 cannot be decomposed (nil)")
  func undecomposable() {
    #expect(DecomposedTransform(Transform3D(scaleX: 0, y: 0, z: 1)) == nil)
    #expect(DecomposedTransform(Transform3D(scaleX: 1, y: 1, z: 0)) == nil)
    var m = Transform3D.identity
    m.m44 = 0
    #expect(DecomposedTransform(m) == nil)
  }

  // MARK: Interpolation rules

  @Test("transforms-interpolate-decomposed: a 0→2π rotation does not animate (start and end matrices are equal)")
  func fullTurnDoesNotAnimate() {
    for axis in [(0.0, 0.0, 1.0), (0.0, 1.0, 0.0), (1.0, 1.0, 0.0)] {
      let end = rotation(2 * .pi, axis.0, axis.1, axis.2)
      for u in [0.25, 0.5, 0.75] {
        #expect(maxDifference(Transform3D.interpolate(from: .identity, to: end, progress: u), .identity) < 1e-12)
      }
    }
  }

  @Test("transforms-interpolate-decomposed: a rotation of more than π goes the short way (1.5π animates as −π/2)")
  func spinsGoTheShortWay() {
    // Affine (2D path) and about y (3D path).
    let mid2D = Transform3D.interpolate(from: .identity, to: rotation(1.5 * .pi, 0, 0, 1), progress: 0.5)
    #expect(maxDifference(mid2D, rotation(-.pi / 4, 0, 0, 1)) < 1e-12)
    let mid3D = Transform3D.interpolate(from: .identity, to: rotation(1.5 * .pi, 0, 1, 0), progress: 0.5)
    #expect(maxDifference(mid3D, rotation(-.pi / 4, 0, 1, 0)) < 1e-12)
  }

  @Test("transforms-interpolate-decomposed: Explode's ±10 rad spin animates as 10 − 4π wrapped into (−π, π]")
  func explodeSpinWraps() {
    let wrapped = 10 - 4 * Double.pi  // −2.566 rad
    for spin in [10.0, -10.0] {
      let end = Transform3D(scaleX: 0.01, y: 0.01, z: 1).concatenating(rotation(spin, 0, 0, 1))
      let mid = Transform3D.interpolate(from: .identity, to: end, progress: 0.5)
      let expected = Transform3D(scaleX: 0.505, y: 0.505, z: 1)
        .concatenating(rotation(spin > 0 ? wrapped / 2 : -wrapped / 2, 0, 0, 1))
      #expect(maxDifference(mid, expected) < 1e-12)
    }
  }

  @Test(
    "transforms-interpolate-decomposed: a half-turn goes through a quarter-turn at full size (no matrix blending through zero)"
  )
  func halfTurn() throws {
    for axis in [(0.0, 0.0, 1.0), (0.0, 1.0, 0.0)] {
      let mid = Transform3D.interpolate(from: .identity, to: rotation(.pi, axis.0, axis.1, axis.2), progress: 0.5)
      let parts = try #require(DecomposedTransform(mid))
      for i in 0..<3 { #expect(abs(parts.scale[i] - 1) < 1e-12) }
      let angle = 2 * acos(min(abs(parts.rotation.w), 1))
      #expect(abs(angle - .pi / 2) < 1e-9)
    }
  }

  @Test(
    "transforms-interpolate-decomposed: translation + rotation round-trips — ends exact, the anchor moves in a straight line"
  )
  func translationAndRotation() {
    let from = rotation(0.2, 0, 0, 1).concatenating(translation(10, 20, 0))
    let to = rotation(1.4, 0, 1, 0).concatenating(translation(-50, 80, 30))
    #expect(maxDifference(Transform3D.interpolate(from: from, to: to, progress: 0), from) < 1e-9)
    #expect(maxDifference(Transform3D.interpolate(from: from, to: to, progress: 1), to) < 1e-9)
    for u in [0.25, 0.5, 0.8] {
      let m = Transform3D.interpolate(from: from, to: to, progress: u)
      #expect(abs(m.m41 - (10 + (-60) * u)) < 1e-9)
      #expect(abs(m.m42 - (20 + 60 * u)) < 1e-9)
      #expect(abs(m.m43 - 30 * u) < 1e-9)
    }
  }

  @Test("transforms-interpolate-decomposed: interpolating a matrix with itself returns it at every progress")
  func selfInterpolation() throws {
    for (name, m) in Self.roundTripCases {
      for u in [-0.3, 0, 0.37, 0.5, 1, 1.4] {
        #expect(Transform3D.interpolate(from: m, to: m, progress: u) == m, "\(name)")
        let parts = try #require(DecomposedTransform(m))
        let n = m.m44
        let expected = Transform3D(entries: m.entries.map { $0 / n })
        #expect(maxDifference(parts.interpolated(to: parts, amount: u).recomposed, expected) < 1e-9, "\(name) at \(u)")
      }
    }
  }

  @Test("Progress is not clamped: a spring's overshoot extrapolates every part")
  func extrapolation() {
    let to = Transform3D(scaleX: 2, y: 2, z: 1).concatenating(rotation(0.5, 0, 0, 1))
      .concatenating(translation(100, 0, 0))
    let m = Transform3D.interpolate(from: .identity, to: to, progress: 1.2)
    let expected = Transform3D(scaleX: 2.2, y: 2.2, z: 1).concatenating(rotation(0.6, 0, 0, 1))
      .concatenating(translation(120, 0, 0))
    #expect(maxDifference(m, expected) < 1e-9)
    let under = Transform3D.interpolate(from: .identity, to: rotation(0.5, 1, 0, 0), progress: -0.2)
    #expect(maxDifference(under, rotation(-0.1, 1, 0, 0)) < 1e-12)
  }

  @Test("Fallback: a matrix with scale 0 cannot be decomposed, so the value switches at 0.5 (CSS rule)")
  func singularSwitchesAtHalf() {
    let zero = Transform3D(scaleX: 0, y: 0, z: 1).concatenating(rotation(1, 0, 0, 1))
    #expect(Transform3D.interpolate(from: .identity, to: zero, progress: 0.49) == .identity)
    #expect(Transform3D.interpolate(from: .identity, to: zero, progress: 0.5) == zero)
    #expect(Transform3D.interpolate(from: zero, to: .identity, progress: 0.2) == zero)
    var flat = rotation(0.4, 0, 1, 0)
    flat.m33 = 0
    flat.m31 = 0
    flat.m13 = 0
    flat.m34 = -0.002
    #expect(Transform3D.interpolate(from: .identity, to: flat, progress: 0.7) == flat)
    // Explode's fix: scale 0.01 decomposes and shrinks smoothly.
    let small = Transform3D(scaleX: 0.01, y: 0.01, z: 1)
    #expect(abs(Transform3D.interpolate(from: .identity, to: small, progress: 0.5).m11 - 0.505) < 1e-12)
  }

  @Test(
    "transforms-interpolate-decomposed: the 2D fast path (translation, angle, scale, skew) agrees with the 3D decomposition"
  )
  func affineFastPathAgrees() throws {
    var random = Sequence(state: 42)
    for _ in 0..<200 {
      func randomAffine() -> Affine {
        let scale = Affine(scaleX: 0.2 + 1.5 * abs(random.next()), y: 0.2 + 1.5 * abs(random.next()))
        let skew = Affine(a: 1, b: 0, c: random.next(), d: 1, tx: 0, ty: 0)
        let turn = Affine(rotationAngle: 3 * random.next())
        let move = Affine(translationX: 200 * random.next(), y: 200 * random.next())
        return scale.concatenating(skew).concatenating(turn).concatenating(move)
      }
      let a = randomAffine()
      let b = randomAffine()
      let u = 1.4 * random.next() + 0.5
      let fast = Transform3D.interpolate(from: Transform3D(a), to: Transform3D(b), progress: u)
      let partsA = try #require(DecomposedTransform(Transform3D(a)))
      let partsB = try #require(DecomposedTransform(Transform3D(b)))
      let full = partsA.interpolated(to: partsB, amount: u).recomposed
      #expect(maxDifference(fast, full) < 1e-9)
      #expect(fast.isAffine || maxDifference(fast, Transform3D(fast.affine)) < 1e-12)
      let affine = Affine.interpolate(from: a, to: b, progress: u)
      #expect(maxDifference(Transform3D(affine), fast) < 1e-12)
    }
  }

  @Test("A 2D mirror animates in the plane: identity → scaleX −1 squeezes x through 0")
  func mirrorStaysInPlane() {
    let flip = Transform3D(scaleX: -1, y: 1, z: 1)
    let mid = Transform3D.interpolate(from: .identity, to: flip, progress: 0.5)
    #expect(maxDifference(mid, Transform3D(scaleX: 0, y: 1, z: 1)) < 1e-12)
    let quarter = Transform3D.interpolate(from: .identity, to: Transform3D(scaleX: 1, y: -1, z: 1), progress: 0.25)
    #expect(maxDifference(quarter, Transform3D(scaleX: 1, y: 0.5, z: 1)) < 1e-12)
  }

  // MARK: Effects checkpoints

  /// The Cube's old face (docs/effects.md#cube, reverse — the direction the library screenshots
  /// show): a 320×568 view, anchor on its right edge at x = 160 in the container, rotating
  /// identity → Ry(+90°) with m34 = −1/200 written into the rotation matrix; the container
  /// translation moves the hinge to x = (1 − u)·320.
  private func cubeOldFace(u: Double, local: Point) -> Point {
    var end = rotation(.pi / 2, 0, 1, 0)
    end.m34 = -1.0 / 200  // set after building the rotation: the Cube's "smuggled" perspective
    let m = Transform3D.interpolate(from: .identity, to: end, progress: u)
    let p = m.project(Point(x: local.x - 320, y: local.y - 284))  // relative to the anchor (320, 284)
    let hinge = 160 + (160 - 320 * u)  // position.x + container translation
    return Point(x: hinge + p.x, y: 284 + p.y)
  }

  /// The Cube's new face in reverse: anchor on its left edge, from Ry(−90°) (m34 written in)
  /// to identity, sharing the hinge.
  private func cubeNewFace(u: Double, local: Point) -> Point {
    var start = rotation(-.pi / 2, 0, 1, 0)
    start.m34 = -1.0 / 200
    let m = Transform3D.interpolate(from: start, to: .identity, progress: u)
    let p = m.project(Point(x: local.x, y: local.y - 284))
    let hinge = 160 + (160 - 320 * u)
    return Point(x: hinge + p.x, y: 284 + p.y)
  }

  @Test(
    "perspective-written-into-a-rotation, Cube checkpoint: at u = 0.369 (hinge x ≈ 202) the old face's far edge is at x ≈ 22.7, top y ≈ 93.9"
  )
  func cubeCheckpoint() {
    let u = 0.369
    let hinge = cubeOldFace(u: u, local: Point(x: 320, y: 284))
    #expect(abs(hinge.x - 202) < 0.5)
    let farTop = cubeOldFace(u: u, local: Point(x: 0, y: 0))
    #expect(abs(farTop.x - 22.7) < 0.5, "far edge x \(farTop.x)")
    #expect(abs(farTop.y - 93.9) < 0.5, "top y \(farTop.y)")
    // The closed form of docs/effects.md#perspective-written-into-a-rotation:
    // w = 1 + u·s·cos(uπ/2)/200, distance s·cos(uπ/2)/w.
    for s in [80.0, 200, 320] {
      let c = cos(u * .pi / 2)
      let w = 1 + u * s * c / 200
      let point = cubeOldFace(u: u, local: Point(x: 320 - s, y: 0))
      #expect(abs((hinge.x - point.x) - s * c / w) < 1e-9)
      #expect(abs((284 - point.y) - 284 / w) < 1e-9)
    }
  }

  @Test(
    "cube sanity values: at u = 0.5 both far edges are 144.5 pt from the hinge (x 15.5, 304.5) and 64 % tall")
  func cubeHalfway() {
    let oldFar = cubeOldFace(u: 0.5, local: Point(x: 0, y: 0))
    let oldFarBottom = cubeOldFace(u: 0.5, local: Point(x: 0, y: 568))
    #expect(abs(oldFar.x - 15.5) < 0.05)
    #expect(abs((oldFarBottom.y - oldFar.y) / 568 - 0.64) < 0.005)
    let newFar = cubeNewFace(u: 0.5, local: Point(x: 320, y: 0))
    let newFarBottom = cubeNewFace(u: 0.5, local: Point(x: 320, y: 568))
    #expect(abs(newFar.x - 304.5) < 0.05)
    #expect(abs((newFarBottom.y - newFar.y) / 568 - 0.64) < 0.005)
  }

  /// NatGeo's destination-first transform (docs/effects.md#natgeo), acting first Rx(+10°), then
  /// Ry(−45°), then translate (320, −40, 150), then Rz(+5°), then perspective d = 500.
  private static let natGeoDestinationFirst = rotation(10 * .pi / 180, 1, 0, 0)
    .concatenating(rotation(-45 * .pi / 180, 0, 1, 0))
    .concatenating(translation(320, -40, 150))
    .concatenating(rotation(5 * .pi / 180, 0, 0, 1))
    .concatenating(.perspective(distance: 500))

  /// A corner of the 320×568 view whose anchor is its centre, positioned at (160, 284).
  private func corner(_ m: Transform3D, _ x: Double, _ y: Double) -> Point {
    let p = m.project(Point(x: x - 160, y: y - 284))
    return Point(x: 160 + p.x, y: 284 + p.y)
  }

  @Test("natgeo: destination-first start quad TL (430,−15) TR (1069,−227) BR (1090,961) BL (336,580)")
  func natGeoStartQuad() {
    let m = Self.natGeoDestinationFirst
    let expected: [(Double, Double, Double, Double)] = [
      (0, 0, 430, -15), (320, 0, 1069, -227), (320, 568, 1090, 961), (0, 568, 336, 580),
    ]
    for (x, y, ex, ey) in expected {
      let p = corner(m, x, y)
      #expect(abs(p.x - ex) < 1 && abs(p.y - ey) < 1, "(\(x),\(y)) → \(p)")
    }
  }

  @Test(
    "natgeo sanity quads: destination-first → destination-last (perspective only) at u = 0.5 and 0.75, within 2 pt"
  )
  func natGeoSanityPositions() {
    // "All ending in perspective d = 500": the flat end value is the identity with m34 = −1/500.
    // (With a plain identity end the numbers do not match; see the report.)
    let last = Transform3D.perspective(distance: 500)
    let checks: [(Double, [(Double, Double, Double, Double)])] = [
      (0.5, [(0, 0, 229, -16), (320, 0, 646, -90), (320, 568, 635, 717), (0, 568, 177, 580)]),
      (0.75, [(0, 0, 119, -11), (320, 568, 465, 633), (0, 568, 91, 576)]),
    ]
    for (u, corners) in checks {
      let m = Transform3D.interpolate(from: Self.natGeoDestinationFirst, to: last, progress: u)
      for (x, y, ex, ey) in corners {
        let p = corner(m, x, y)
        #expect(abs(p.x - ex) <= 2 && abs(p.y - ey) <= 2, "u \(u) corner (\(x),\(y)) → \(p)")
      }
    }
  }
}
