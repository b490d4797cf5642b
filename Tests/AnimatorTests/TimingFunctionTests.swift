import Testing

@testable import Animator

@Suite("TimingFunction: CAMediaTimingFunction cubic Béziers")
struct TimingFunctionTests {
  /// docs/core-animation.md#timing-function-is-a-cubic-bezier: golden values at
  /// x = 0.1, 0.25, 0.5, 0.75, 0.9 (4 decimals).
  static let golden: [(String, TimingFunction, [Double])] = [
    ("linear", .linear, [0.1000, 0.2500, 0.5000, 0.7500, 0.9000]),
    ("easeIn", .easeIn, [0.0170, 0.0935, 0.3154, 0.6219, 0.8394]),
    ("easeOut", .easeOut, [0.1606, 0.3781, 0.6846, 0.9065, 0.9830]),
    ("easeInEaseOut", .easeInEaseOut, [0.0197, 0.1292, 0.5000, 0.8708, 0.9803]),
    ("default", .caDefault, [0.0948, 0.4085, 0.8024, 0.9605, 0.9943]),
  ]

  @Test("timing-function-is-a-cubic-bezier: the named curves match the golden table to 1e-4")
  func goldenTable() {
    let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
    for (name, curve, ys) in Self.golden {
      for (x, y) in zip(xs, ys) {
        #expect(abs(curve.value(at: x) - y) <= 1e-4, "\(name) at \(x): \(curve.value(at: x)) vs \(y)")
      }
    }
  }

  @Test(
    "timing-function-is-a-cubic-bezier: named control points — easeInEaseOut (0.42,0,0.58,1), CA default (0.25,0.1,0.25,1), Hero's four"
  )
  func namedControlPoints() {
    func points(_ t: TimingFunction) -> [Double] { [t.c1x, t.c1y, t.c2x, t.c2y] }
    #expect(points(.easeInEaseOut) == [0.42, 0, 0.58, 1])
    #expect(points(.caDefault) == [0.25, 0.1, 0.25, 1])
    #expect(points(.heroStandard) == [0.4, 0, 0.2, 1])
    #expect(points(.heroDeceleration) == [0, 0, 0.2, 1])
    #expect(points(.heroAcceleration) == [0.4, 0, 1, 1])
    #expect(points(.heroSharp) == [0.4, 0, 0.6, 1])
  }

  @Test("timing-curves: handy values of ease-in-out E(t) to 3 decimals")
  func easeInOutHandyValues() {
    let table: [(Double, Double)] = [(0.1, 0.020), (0.25, 0.129), (0.5, 0.5), (0.75, 0.871), (0.9, 0.980)]
    for (x, y) in table { #expect(abs(TimingFunction.easeInEaseOut.value(at: x) - y) <= 5e-4) }
  }

  @Test("keyframe-wall-times: wall fraction of a key time is E⁻¹(k) for ease-in-out")
  func keyTimeToWallFraction() {
    let table: [(Double, Double)] = [
      (0.2, 0.310), (0.35, 0.411), (0.4, 0.441), (0.5, 0.500),
      (0.6, 0.559), (0.7, 0.620), (0.75, 0.654), (0.8, 0.690),
    ]
    for (key, wall) in table {
      let x = TimingFunction.easeInEaseOut.inverse(key)
      #expect(abs(x - wall) <= 5e-4 + 1e-9, "E⁻¹(\(key)) = \(x), expected \(wall)")
      #expect(abs(TimingFunction.easeInEaseOut.value(at: x) - key) < 1e-10)
    }
  }

  @Test("timing-function-is-a-cubic-bezier: y is not clamped — an overshooting curve (Hero easeOutBack) exceeds 1")
  func overshootNotClamped() {
    let peak = stride(from: 0.0, through: 1.0, by: 0.01).map { TimingFunction.heroEaseOutBack.value(at: $0) }.max()!
    #expect(peak > 1.05)
    #expect(TimingFunction.heroEaseOutBack.value(at: 1) == 1)
  }

  @Test("Input time is clamped to 0...1 and the end points are exact")
  func inputClamped() {
    for curve in [TimingFunction.easeIn, .easeOut, .caDefault, .heroStandard] {
      #expect(curve.value(at: -0.5) == 0)
      #expect(curve.value(at: 0) == 0)
      #expect(curve.value(at: 1) == 1)
      #expect(curve.value(at: 1.5) == 1)
    }
  }

  @Test("value(at:) and inverse(_:) are inverse functions for monotone curves")
  func inverseRoundTrip() {
    for curve in [
      TimingFunction.easeIn, .easeOut, .easeInEaseOut, .caDefault, .heroStandard,
      .heroDeceleration, .heroAcceleration, .heroSharp,
    ] {
      for i in 1..<50 {
        let x = Double(i) / 50
        #expect(abs(curve.inverse(curve.value(at: x)) - x) < 1e-9)
      }
    }
  }

  @Test("An ease-in-ease-out curve is point-symmetric: E(1 − x) = 1 − E(x)")
  func symmetry() {
    for i in 0...20 {
      let x = Double(i) / 20
      let e = TimingFunction.easeInEaseOut
      #expect(abs(e.value(at: 1 - x) - (1 - e.value(at: x))) < 1e-12)
    }
  }
}
