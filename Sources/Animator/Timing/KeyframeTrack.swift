import Foundation

/// How a keyframe track computes the values between its keys (CAKeyframeAnimation's
/// `calculationMode`, docs/core-animation.md#keyframe-calculation-modes).
public enum CalculationMode: Sendable, Hashable {
  /// Piecewise linear between the values at the key times (the default).
  case linear
  /// Each value is held, without interpolation, until the next key time.
  case discrete
  /// Linear, with key times chosen so the value moves at constant speed (by `distance(to:)`);
  /// `keyTimes` and `timingFunctions` are ignored.
  case paced
  /// A Kochanek–Bartels spline through the values at the key times; with tension, continuity and
  /// bias all 0 (the default) a Catmull–Rom spline.
  case cubic
  /// The cubic spline through the values, re-timed for constant speed along it; `keyTimes` and
  /// `timingFunctions` are ignored.
  case cubicPaced
}

/// One property's keyframes, evaluated at a key time (the animation's own progress after its
/// overall timing function — for `UIView.animateKeyframes` that overall curve is ease-in-ease-out
/// by default and is applied by the engine, not here;
/// docs/core-animation.md#keyframes-are-eased-as-a-whole).
///
/// Rules (docs/core-animation.md#keyframe-calculation-modes):
/// * `keyTimes` are fractions in 0...1, non-decreasing, one per value; empty means evenly spaced
///   (value i at i/(n−1)). In `.discrete` mode Core Animation's rule is one more key time than
///   values (value i is held on [kᵢ, kᵢ₊₁)); one per value is accepted too (the last value is
///   held from its key time on), and empty means n equal steps (value i on [i/n, (i+1)/n)).
/// * Before the first key time the first value holds, after the last key time the last value
///   holds (key times outside 0...1 are clamped by that rule).
/// * Two equal consecutive key times make the value jump there: at that key time the later value
///   applies (`addKeyframe` with relative duration 0).
/// * `timingFunctions[i]` eases segment i (from key i to key i + 1) in `.linear` and `.cubic`
///   modes; missing entries mean linear.
/// * `.cubic` uses Kochanek–Bartels tangents with the per-key `tensions`, `continuities` and
///   `biases` (−1...1, missing = 0), scaled for uneven key spacing (Kochanek & Bartels' time
///   adjustment, so the curve is C¹ in key time). At the first and last keys the missing
///   neighbour is extrapolated linearly, so a two-value cubic track equals the linear one.
/// * `.cubicPaced` builds the spline with evenly spaced keys and then re-times it by arc length
///   (sampled with `distance(to:)`, 64 samples per segment).
public struct KeyframeTrack<Value: Interpolatable>: Sendable {
  /// The key values, at least one.
  public let values: [Value]
  /// The key times as given (may be empty).
  public let keyTimes: [Double]
  /// Per-segment timing functions (n − 1 for n values; missing ones are linear).
  public let timingFunctions: [TimingFunction]
  /// The calculation mode.
  public let mode: CalculationMode
  /// Per-key Kochanek–Bartels tension for `.cubic` / `.cubicPaced`, −1...1 (missing entries are
  /// 0; 1 flattens the tangent at that key).
  public let tensions: [Double]
  /// Per-key Kochanek–Bartels continuity, −1...1 (missing entries are 0).
  public let continuities: [Double]
  /// Per-key Kochanek–Bartels bias, −1...1 (missing entries are 0; positive leans the tangent
  /// toward the incoming chord).
  public let biases: [Double]
  /// The key times actually used: evenly spaced when none were given, derived from distances in
  /// `.paced` mode, evenly spaced spline knots in `.cubicPaced` mode. For `.discrete` it holds the
  /// start time of each value (n entries) followed by the end of the last step when known.
  public let resolvedKeyTimes: [Double]
  /// `.cubicPaced`: cumulative arc length at evenly spaced spline parameters (normalised to 0...1).
  private let arcLengths: [Double]

  private static var samplesPerSegment: Int { 64 }

  /// Requires at least one value, `keyTimes` empty or with one entry per value (or one more in
  /// `.discrete` mode), non-decreasing.
  public init(
    values: [Value], keyTimes: [Double] = [], timingFunctions: [TimingFunction] = [],
    mode: CalculationMode = .linear, tensions: [Double] = [], continuities: [Double] = [],
    biases: [Double] = []
  ) {
    precondition(!values.isEmpty, "KeyframeTrack needs at least one value")
    let n = values.count
    let counts = mode == .discrete ? [0, n, n + 1] : [0, n]
    precondition(
      counts.contains(keyTimes.count),
      "KeyframeTrack: \(keyTimes.count) key times for \(n) values in \(mode) mode")
    precondition(zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }, "Key times must not decrease")
    self.values = values
    self.keyTimes = keyTimes
    self.timingFunctions = timingFunctions
    self.mode = mode
    self.tensions = tensions
    self.continuities = continuities
    self.biases = biases

    let even = n == 1 ? [0.0] : (0..<n).map { Double($0) / Double(n - 1) }
    var arcLengths: [Double] = []
    switch mode {
    case .linear, .cubic:
      resolvedKeyTimes = keyTimes.isEmpty ? even : keyTimes
    case .discrete:
      resolvedKeyTimes = keyTimes.isEmpty ? (0...n).map { Double($0) / Double(n) } : keyTimes
    case .paced:
      var cumulative = [0.0]
      for (a, b) in zip(values, values.dropFirst()) { cumulative.append(cumulative.last! + a.distance(to: b)) }
      let total = cumulative.last!
      resolvedKeyTimes = total > 0 ? cumulative.map { $0 / total } : even
    case .cubicPaced:
      resolvedKeyTimes = even
      if n > 1 {
        let knots = even
        var previous = values[0]
        arcLengths = [0]
        for segment in 0..<(n - 1) {
          for k in 1...Self.samplesPerSegment {
            let u = Double(k) / Double(Self.samplesPerSegment)
            let value = Self.spline(values, knots, segment: segment, u: u, tensions, continuities, biases)
            arcLengths.append(arcLengths.last! + previous.distance(to: value))
            previous = value
          }
        }
        if let total = arcLengths.last, total > 0 {
          arcLengths = arcLengths.map { $0 / total }
        } else {
          arcLengths = []
        }
      }
    }
    self.arcLengths = arcLengths
  }

  /// The value at `keyTime` (0...1; see the type's rules for times outside it).
  public func value(at keyTime: Double) -> Value {
    let n = values.count
    let t = keyTime.isNaN ? 0 : keyTime
    if n == 1 { return values[0] }
    switch mode {
    case .discrete:
      var index = 0
      for i in 0..<n where resolvedKeyTimes[i] <= t { index = i }
      return values[index]
    case .linear:
      guard let (segment, u) = locate(t) else { return t < resolvedKeyTimes[0] ? values[0] : values[n - 1] }
      return values[segment].interpolated(to: values[segment + 1], amount: ease(segment, u))
    case .paced:
      guard let (segment, u) = locate(t) else { return t < resolvedKeyTimes[0] ? values[0] : values[n - 1] }
      return values[segment].interpolated(to: values[segment + 1], amount: u)
    case .cubic:
      guard let (segment, u) = locate(t) else { return t < resolvedKeyTimes[0] ? values[0] : values[n - 1] }
      return Self.spline(
        values, resolvedKeyTimes, segment: segment, u: ease(segment, u), tensions, continuities, biases)
    case .cubicPaced:
      guard !arcLengths.isEmpty else { return values[0] }
      if t <= 0 { return values[0] }
      if t >= 1 { return values[n - 1] }
      // The last sample whose arc length is ≤ t, then linear in arc length to the next one.
      var lo = 0
      var hi = arcLengths.count - 1
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if arcLengths[mid] <= t { lo = mid } else { hi = mid }
      }
      let span = arcLengths[hi] - arcLengths[lo]
      let fraction = span > 0 ? (t - arcLengths[lo]) / span : 0
      let parameter = (Double(lo) + fraction) / Double(Self.samplesPerSegment)
      let segment = min(Int(parameter), n - 2)
      return Self.spline(
        values, resolvedKeyTimes, segment: segment, u: parameter - Double(segment),
        tensions, continuities, biases)
    }
  }

  /// The segment i with kᵢ ≤ t < kᵢ₊₁ (the last such i when key times repeat) and the local
  /// fraction u in 0..<1; nil before the first or from the last key time on.
  private func locate(_ t: Double) -> (Int, Double)? {
    let k = resolvedKeyTimes
    guard t >= k[0], t < k[k.count - 1] else { return nil }
    var segment = 0
    for i in 0..<(k.count - 1) where k[i] <= t { segment = i }
    let span = k[segment + 1] - k[segment]
    return (segment, span > 0 ? (t - k[segment]) / span : 0)
  }

  private func ease(_ segment: Int, _ u: Double) -> Double {
    segment < timingFunctions.count ? timingFunctions[segment].value(at: u) : u
  }

  /// The Kochanek–Bartels / Catmull–Rom value on segment `segment` (values[segment] →
  /// values[segment + 1]) at local parameter u, as an affine combination of four keys.
  private static func spline(
    _ values: [Value], _ knots: [Double], segment i: Int, u: Double,
    _ tensions: [Double], _ continuities: [Double], _ biases: [Double]
  ) -> Value {
    let n = values.count
    func tcb(_ j: Int) -> (t: Double, c: Double, b: Double) {
      (
        j < tensions.count ? tensions[j] : 0, j < continuities.count ? continuities[j] : 0,
        j < biases.count ? biases[j] : 0
      )
    }
    // Segment durations, with the missing ones at the ends copied from their neighbours.
    func span(_ j: Int) -> Double { knots[min(max(j, 0), n - 2) + 1] - knots[min(max(j, 0), n - 2)] }
    func adjustment(_ own: Double, _ other: Double) -> Double { own + other > 0 ? 2 * own / (own + other) : 1 }

    let start = tcb(i)
    let end = tcb(i + 1)
    // Outgoing tangent at key i: a·(Pi − Pi−1) + b·(Pi+1 − Pi); incoming at key i+1:
    // c·(Pi+1 − Pi) + d·(Pi+2 − Pi+1).
    let outScale = adjustment(span(i), span(i - 1))
    let inScale = adjustment(span(i), span(i + 1))
    let a = (1 - start.t) * (1 + start.c) * (1 + start.b) / 2 * outScale
    let b = (1 - start.t) * (1 - start.c) * (1 - start.b) / 2 * outScale
    let c = (1 - end.t) * (1 - end.c) * (1 + end.b) / 2 * inScale
    let d = (1 - end.t) * (1 + end.c) * (1 - end.b) / 2 * inScale
    // Cubic Hermite basis.
    let u2 = u * u
    let u3 = u2 * u
    let h00 = 2 * u3 - 3 * u2 + 1
    let h10 = u3 - 2 * u2 + u
    let h01 = -2 * u3 + 3 * u2
    let h11 = u3 - u2
    var w = SIMD4(-h10 * a, h00 + h10 * (a - b) - h11 * c, h01 + h10 * b + h11 * (c - d), h11 * d)
    // Missing neighbours are extrapolated linearly: P(−1) = 2·P0 − P1, P(n) = 2·P(n−1) − P(n−2).
    if i == 0 {
      w.y += 2 * w.x
      w.z -= w.x
      w.x = 0
    }
    if i + 2 == n {
      w.z += 2 * w.w
      w.y -= w.w
      w.w = 0
    }
    if w.x == 0 && w.w == 0 { return values[i].interpolated(to: values[i + 1], amount: w.z) }
    return Value.blend(values[max(i - 1, 0)], values[i], values[i + 1], values[min(i + 2, n - 1)], weights: w)
  }
}
