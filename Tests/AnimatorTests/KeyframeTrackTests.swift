import Foundation
import Testing

@testable import Animator

/// Foundation also declares an `AffineTransform`.
private typealias Affine = Animator.AffineTransform

private func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
  zip(a.entries, b.entries).map { abs($0 - $1) }.max()!
}

@Suite("Keyframes: calculation modes of CAKeyframeAnimation")
struct KeyframeTrackTests {
  @Test("keyframe-calculation-modes, linear: piecewise linear between the values at the key times")
  func linear() {
    let track = KeyframeTrack(values: [0.0, 10, 30], keyTimes: [0, 0.25, 1])
    #expect(track.value(at: 0) == 0)
    #expect(abs(track.value(at: 0.125) - 5) < 1e-12)
    #expect(track.value(at: 0.25) == 10)
    #expect(abs(track.value(at: 0.625) - 20) < 1e-12)
    #expect(track.value(at: 1) == 30)
  }

  @Test("keyframe-calculation-modes: without key times the values are evenly spaced")
  func evenlySpaced() {
    let track = KeyframeTrack(values: [0.0, 10, 30, 60])
    let expected: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
    #expect(track.resolvedKeyTimes == expected)
    #expect(abs(track.value(at: 0.5) - 20) < 1e-12)
  }

  @Test("keyframe-calculation-modes: the value holds before a keyframe's start and after its end")
  func holdsOutsideKeys() {
    // "From relative start 0.2 for relative duration 0.5".
    let track = KeyframeTrack(values: [0.0, 0, 1, 1], keyTimes: [0, 0.2, 0.7, 1])
    #expect(track.value(at: 0.1) == 0)
    #expect(abs(track.value(at: 0.45) - 0.5) < 1e-12)
    #expect(track.value(at: 0.85) == 1)
    let partial = KeyframeTrack(values: [5.0, 7], keyTimes: [0.2, 0.8])
    #expect(partial.value(at: 0) == 5)
    #expect(partial.value(at: -1) == 5)
    #expect(partial.value(at: 0.9) == 7)
    #expect(partial.value(at: 2) == 7)
  }

  @Test("keyframe-calculation-modes: a keyframe with relative duration 0 jumps at its start time")
  func zeroDurationJumps() {
    let track = KeyframeTrack(values: [0.0, 0, 1, 1], keyTimes: [0, 0.5, 0.5, 1])
    #expect(track.value(at: 0.4999) == 0)
    #expect(track.value(at: 0.5) == 1)
    #expect(track.value(at: 0.7) == 1)
  }

  @Test(
    "keyframe-calculation-modes: per-segment timing functions ease their own segment (easeIn at the segment midpoint = 0.3154)"
  )
  func perSegmentTimingFunctions() {
    let track = KeyframeTrack(values: [0.0, 1, 2], timingFunctions: [.easeIn, .linear])
    #expect(abs(track.value(at: 0.25) - 0.3154) < 1e-4)
    #expect(abs(track.value(at: 0.75) - 1.5) < 1e-12)
    // Missing entries are linear.
    let short = KeyframeTrack(values: [0.0, 1, 2], timingFunctions: [.easeIn])
    #expect(abs(short.value(at: 0.75) - 1.5) < 1e-12)
  }

  @Test("keyframe-calculation-modes, discrete: CA's rule — one more key time than values, value i held on [kᵢ, kᵢ₊₁)")
  func discreteCARule() {
    let track = KeyframeTrack(values: ["a", "b", "c"].map(Label.init), keyTimes: [0, 0.2, 0.7, 1], mode: .discrete)
    #expect(track.value(at: 0).name == "a")
    #expect(track.value(at: 0.19).name == "a")
    #expect(track.value(at: 0.2).name == "b")
    #expect(track.value(at: 0.69).name == "b")
    #expect(track.value(at: 0.7).name == "c")
    #expect(track.value(at: 1).name == "c")
  }

  @Test(
    "keyframe-calculation-modes, discrete: one key time per value holds the last value from its key time; none means n equal steps"
  )
  func discreteOtherForms() {
    let equal = KeyframeTrack(values: [1.0, 2, 3], keyTimes: [0, 0.5, 0.9], mode: .discrete)
    #expect(equal.value(at: 0.3) == 1)
    #expect(equal.value(at: 0.6) == 2)
    #expect(equal.value(at: 0.95) == 3)
    let even = KeyframeTrack(values: [1.0, 2, 3, 4], mode: .discrete)
    #expect(even.value(at: 0.2) == 1)
    #expect(even.value(at: 0.25) == 2)
    #expect(even.value(at: 0.74) == 3)
    #expect(even.value(at: 0.75) == 4)
    #expect(even.value(at: 1) == 4)
  }

  @Test(
    "keyframe-calculation-modes, paced: key times and timing functions are ignored; the value moves at constant speed")
  func paced() {
    let points = [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 10)]
    let track = KeyframeTrack(
      values: points, keyTimes: [0, 0.1, 1], timingFunctions: [.easeIn, .easeIn], mode: .paced)
    #expect(track.resolvedKeyTimes == [0, 0.75, 1])
    #expect(track.value(at: 0.5) == Point(x: 20, y: 0))
    #expect(track.value(at: 0.75) == Point(x: 30, y: 0))
    #expect(abs(track.value(at: 0.875).y - 5) < 1e-12)
  }

  @Test(
    "keyframe-calculation-modes, cubic: Catmull–Rom through the values — an inner segment's midpoint is (−P0 + 9P1 + 9P2 − P3)/16"
  )
  func catmullRom() {
    let values = [0.0, 1, 3, 2]
    let track = KeyframeTrack(values: values, mode: .cubic)
    for (i, v) in values.enumerated() { #expect(abs(track.value(at: Double(i) / 3) - v) < 1e-12) }
    #expect(abs(track.value(at: 0.5) - (-0 + 9 * 1 + 9 * 3 - 2) / 16) < 1e-12)
    // Catmull–Rom at u = 1/4 of the inner segment: tangents (P2 − P0)/2, (P3 − P1)/2.
    let u = 0.25
    let hermite =
      (2 * u * u * u - 3 * u * u + 1) * 1 + (u * u * u - 2 * u * u + u) * 1.5
      + (-2 * u * u * u + 3 * u * u) * 3 + (u * u * u - u * u) * 0.5
    #expect(abs(track.value(at: (1 + u) / 3) - hermite) < 1e-12)
  }

  @Test("keyframe-calculation-modes: a two-value cubic track equals the linear one (numbers and transforms)")
  func twoValueCubicIsLinear() {
    let numbers = KeyframeTrack(values: [2.0, 10], mode: .cubic)
    for u in stride(from: 0.0, through: 1.0, by: 0.125) { #expect(abs(numbers.value(at: u) - (2 + 8 * u)) < 1e-12) }
    let start = Transform3D(rotationAngle: 0.7, x: 1, y: 0.2, z: 0).concatenating(
      Transform3D(translationX: 40, y: 0, z: 90)
    )
    .concatenating(.perspective(distance: 500))
    let transforms = KeyframeTrack(values: [start, .perspective(distance: 500)], mode: .cubic)
    for u in [0.1, 0.5, 0.75] {
      #expect(
        maxDifference(
          transforms.value(at: u), Transform3D.interpolate(from: start, to: .perspective(distance: 500), progress: u))
          < 1e-12)
    }
  }

  @Test("keyframe-calculation-modes, cubic: tension 1 gives zero tangents — a smoothstep between keys")
  func tension() {
    let track = KeyframeTrack(values: [0.0, 1, 0, 1], mode: .cubic, tensions: [1, 1, 1, 1])
    let u = 0.3
    #expect(abs(track.value(at: (1 + u) / 3) - (1 - (3 * u * u - 2 * u * u * u))) < 1e-12)
  }

  @Test(
    "keyframe-calculation-modes, cubic: uneven key spacing keeps the curve C¹ in key time (Kochanek–Bartels time adjustment)"
  )
  func unevenSpacingIsSmooth() {
    let track = KeyframeTrack(values: [0.0, 1, 4, 2], keyTimes: [0, 0.1, 0.8, 1], mode: .cubic)
    for k in [0.1, 0.8] {
      let h = 1e-6
      let left = (track.value(at: k) - track.value(at: k - h)) / h
      let right = (track.value(at: k + h) - track.value(at: k)) / h
      #expect(abs(left - right) < 1e-3 * max(1, abs(left)), "slope at \(k): \(left) vs \(right)")
    }
  }

  @Test("keyframe-calculation-modes, cubic on transforms: decomposed components pass through every key at its key time")
  func cubicTransforms() {
    let keys = [
      Transform3D.identity,
      Transform3D(rotationAngle: 15 * .pi / 180, x: 1, y: 0, z: 0).concatenating(
        Transform3D(scaleX: 0.95, y: 0.95, z: 1)
      )
      .concatenating(.perspective(distance: 900)),
      Transform3D(scaleX: 0.8, y: 0.8, z: 1).concatenating(Transform3D(translationX: 0, y: -45, z: 0))
        .concatenating(.perspective(distance: 900)),
    ]
    let track = KeyframeTrack(values: keys, keyTimes: [0, 0.4, 1], mode: .cubic)
    for (key, time) in zip(keys, [0, 0.4, 1]) {
      let n = key.m44
      #expect(maxDifference(track.value(at: time), Transform3D(entries: key.entries.map { $0 / n })) < 1e-9)
    }
    // Between keys it is a valid rotation-scale-translation (no shrinking through blended matrices).
    let mid = track.value(at: 0.7)
    #expect(DecomposedTransform(mid) != nil)
  }

  @Test("keyframe-calculation-modes, cubicPaced: the spline is re-timed so that equal times cover equal distances")
  func cubicPaced() {
    // Unevenly spaced keys on a gentle curve (no cusp), with key times that would distort it.
    let points = [Point(x: 0, y: 0), Point(x: 20, y: 4), Point(x: 90, y: 40), Point(x: 100, y: 100)]
    let track = KeyframeTrack(values: points, keyTimes: [0, 0.9, 0.95, 1], mode: .cubicPaced)
    #expect(track.value(at: 0) == points[0])
    #expect(track.value(at: 1) == points[3])
    let samples = stride(from: 0.0, through: 1.0, by: 0.05).map { track.value(at: $0) }
    let steps = zip(samples, samples.dropFirst()).map { $0.distance(to: $1) }
    let mean = steps.reduce(0, +) / Double(steps.count)
    for step in steps { #expect(abs(step - mean) < 0.01 * mean) }
  }

  @Test(
    "keyframes-are-eased-as-a-whole: ease-in-out key times — at wall fraction E⁻¹(k) (keyframe-wall-times) the track shows key k's value"
  )
  func keyTimesWarpedByOverallCurve() {
    // A Flip-like track: 0 → 90° over key 0...0.5, 90° → 180° over 0.5...1.
    let track = KeyframeTrack(values: [0.0, 90, 180], keyTimes: [0, 0.5, 1])
    let table: [(key: Double, wall: Double)] = [(0.2, 0.310), (0.35, 0.411), (0.5, 0.500), (0.7, 0.620), (0.8, 0.690)]
    for (key, wall) in table {
      // The engine evaluates the track at E(wall); the table is rounded to 3 decimals.
      let shown = track.value(at: TimingFunction.easeInEaseOut.value(at: wall))
      #expect(abs(shown - 180 * key) < 180 * 0.0015, "key \(key) at wall \(wall): \(shown)")
      #expect(
        abs(
          track.value(at: TimingFunction.easeInEaseOut.value(at: TimingFunction.easeInEaseOut.inverse(key))) - 180 * key
        ) < 1e-9)
    }
  }

  @Test("Interpolatable: numbers, points, sizes, rects and colours interpolate component-wise, unclamped")
  func componentWise() {
    #expect(2.0.interpolated(to: 4, amount: 1.5) == 5)
    #expect(Point(x: 0, y: 10).interpolated(to: Point(x: 10, y: 0), amount: 0.25) == Point(x: 2.5, y: 7.5))
    #expect(
      Size(width: 10, height: 10).interpolated(to: Size(width: 20, height: 0), amount: -0.5)
        == Size(width: 5, height: 15))
    #expect(
      Rect(x: 0, y: 0, width: 100, height: 50).interpolated(to: Rect(x: 10, y: 20, width: 0, height: 150), amount: 0.5)
        == Rect(x: 5, y: 10, width: 50, height: 100))
    let c = Color(red: 1, green: 0, blue: 0, alpha: 1).interpolated(
      to: Color(red: 0, green: 0, blue: 1, alpha: 0), amount: 0.25)
    #expect(c == Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.75))
    #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
  }

  @Test("Interpolatable: transforms use the decomposition — Transform3D and AffineTransform agree with interpolate")
  func transformConformances() {
    let a = Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0)
    let b = Transform3D(translationX: 10, y: 0, z: 0)
    #expect(a.interpolated(to: b, amount: 0.4) == Transform3D.interpolate(from: a, to: b, progress: 0.4))
    #expect(a.distance(to: a) == 0)
    #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-12)
    let r = Affine(rotationAngle: 3)
    let s = Affine(rotationAngle: -3)
    // 3 → −3 rad: the short way through π (a 0.28 rad turn), not back through 0.
    let mid = r.interpolated(to: s, amount: 0.5)
    #expect(abs(mid.a - cos(Double.pi)) < 1e-12 && abs(mid.b) < 1e-12)
    let blended = Affine.blend(r, r, s, s, weights: SIMD4(0, 0.5, 0.5, 0))
    #expect(abs(blended.a - mid.a) < 1e-12 && abs(blended.b - mid.b) < 1e-12)
  }
}

/// A value without interpolation, to show that discrete tracks never blend.
private struct Label: Interpolatable {
  var name: String
  init(_ name: String) { self.name = name }
  func interpolated(to other: Label, amount: Double) -> Label { amount < 1 ? self : other }
  func distance(to other: Label) -> Double { name == other.name ? 0 : 1 }
  static func blend(_ p0: Label, _ p1: Label, _ p2: Label, _ p3: Label, weights w: SIMD4<Double>) -> Label { p1 }
}
