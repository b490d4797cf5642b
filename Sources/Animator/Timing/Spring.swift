import Foundation

/// A damped harmonic oscillator driving a normalised animation from progress 0 to 1
/// (docs/core-animation.md#spring-closed-forms): `m·x'' + c·x' + k·x = 0` with x the remaining
/// displacement (x(0) = 1) and progress = 1 − x.
///
/// Units: seconds, and "unit distances" (the whole from→to distance is 1). Mass, stiffness and
/// damping are CASpringAnimation's `mass`, `stiffness`, `damping` (a coefficient, not a ratio).
public struct Spring: Sendable, Hashable {
  /// Mass m, > 0.
  public let mass: Double
  /// Stiffness k, > 0.
  public let stiffness: Double
  /// Damping coefficient c, ≥ 0.
  public let damping: Double
  /// Initial velocity of progress in unit distances per second; positive moves toward the target
  /// (CASpringAnimation's `initialVelocity`, UIKit's `initialSpringVelocity`).
  public let initialVelocity: Double

  /// A spring from its physical parameters (`CASpringAnimation`, `UISpringTimingParameters(mass:
  /// stiffness:damping:initialVelocity:)`). Requires mass > 0, stiffness > 0, damping ≥ 0.
  public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    precondition(mass > 0 && mass.isFinite, "Spring mass must be a finite number > 0")
    precondition(stiffness > 0 && stiffness.isFinite, "Spring stiffness must be a finite number > 0")
    precondition(damping >= 0 && damping.isFinite, "Spring damping must be a finite number >= 0")
    precondition(initialVelocity.isFinite, "Spring initial velocity must be finite")
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
  }

  /// The spring UIKit builds for `UIView.animate(withDuration:delay:usingSpringWithDamping:
  /// initialSpringVelocity:…)` and `UISpringTimingParameters(dampingRatio:initialVelocity:)` in a
  /// property animator of the given duration — the public reconstruction in
  /// docs/core-animation.md#spring-duration-is-a-settling-time: mass 1, and ω0 chosen so that the
  /// envelope has decayed to 0.001 at t = `duration`:
  ///
  /// * ζ < 1: `((ζ·ω0 − v0) / ωd) · e^(−ζ·ω0·T) = 0.001`, `ωd = ω0·√(1 − ζ²)`;
  /// * ζ = 1: `e^(−ω0·T) · ((ω0 − v0)·T + 1) = 0.001`;
  ///
  /// then stiffness = ω0², damping = 2ζ·ω0. `dampingRatio` is clamped to (0, 1] and `duration`
  /// (seconds) to 0.01...10; the equation is solved by safeguarded Newton iterations for its
  /// largest root (the decaying tail). If no ω0 satisfies it (ζ below about 0.001, or a very
  /// large initial velocity), ω0 falls back to `ln(1000) / (ζ·T)` (the exponential factor alone
  /// reaches 0.001 at T). `initialVelocity` is in unit distances per second, positive toward the
  /// target ("1 = the whole distance in one second").
  public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
    let zeta = min(max(dampingRatio.isNaN ? 1 : dampingRatio, 1e-9), 1)
    let time = min(max(duration.isNaN ? 0.01 : duration, 0.01), 10)
    let omega = Self.envelopeFrequency(dampingRatio: zeta, duration: time, velocity: initialVelocity)
    self.init(
      mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
      initialVelocity: initialVelocity)
  }

  /// The response-based spring of SwiftUI and "Designing Fluid Interfaces"
  /// (docs/core-animation.md#spring-timing-parameters): mass 1, `stiffness = (2π / response)²`,
  /// `damping = 4π·ζ / response`. `response` (seconds, > 0) is the period of the undamped
  /// oscillation; `dampingRatio` ≥ 0.
  public init(response: Double, dampingRatio: Double, initialVelocity: Double = 0) {
    precondition(response > 0, "Spring response must be > 0")
    let omega = 2 * Double.pi / response
    self.init(
      mass: 1, stiffness: omega * omega, damping: 2 * max(dampingRatio, 0) * omega,
      initialVelocity: initialVelocity)
  }

  /// iOS 17's `UISpringTimingParameters(duration:bounce:)` / SwiftUI `Spring(duration:bounce:)`:
  /// `duration` is the response (seconds, > 0); bounce 0 is critically damped, positive bounce
  /// gives ζ = 1 − bounce, negative bounce is overdamped with ζ = 1 / (1 + bounce).
  /// `bounce` is clamped to −0.99...1. Apple's example: (0.5, 0.3) → (1, 157.9, 17.6).
  public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
    let b = min(max(bounce, -0.99), 1)
    let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
    self.init(response: duration, dampingRatio: zeta, initialVelocity: initialVelocity)
  }

  /// `UISpringTimingParameters()`: the system spring, mass 3, stiffness 1000, damping 500 (damping
  /// ratio 4.56; the m/k/c triple is a reconstruction:
  /// docs/core-animation.md#spring-timing-parameters).
  public static let systemDefault = Spring(mass: 3, stiffness: 1000, damping: 500)

  // MARK: Derived quantities

  /// ζ = c / (2·√(k·m)): below 1 oscillates, 1 critically damped, above 1 overdamped.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The undamped angular frequency ω0 = √(k/m), in radians per second.
  public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

  /// The response 2π/ω0 in seconds (SwiftUI's `response`, iOS 17's `duration`).
  public var response: Double { 2 * Double.pi / undampedAngularFrequency }

  // MARK: Evaluation

  /// Progress 1 − x(t) at `t` seconds after the start: 0 at t = 0, tending to 1; may overshoot 1
  /// (underdamped) or go below 0 (negative initial velocity). Times before 0 give 0.
  public func progress(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    return 1 - motion(at: t).displacement
  }

  /// d(progress)/dt at `t` seconds, in unit distances per second (positive toward the target).
  /// Times before 0 give `initialVelocity`.
  public func velocity(at t: Double) -> Double {
    guard t > 0 else { return initialVelocity }
    return -motion(at: t).rate
  }

  /// The settling time in seconds (docs/core-animation.md#spring-settling-duration): the first
  /// multiple of 1/240 s from which on |x| ≤ `epsilon` and |x'|/ω0 ≤ `epsilon` at every later
  /// 1/240 s sample. A spring without damping never settles: `.infinity`. Capped at one hour.
  public func settlingDuration(epsilon: Double = 1e-3) -> Double {
    let step = 1.0 / 240
    let omega0 = undampedAngularFrequency
    let lambda = damping / (2 * mass)
    guard lambda > 0 else { return .infinity }
    // Beyond `horizon` an upper bound of both quantities stays below epsilon for good.
    var horizon = 1 / lambda
    let maxSteps = 3600 * 240
    while envelope(at: horizon) > epsilon {
      horizon *= 2
      if horizon > Double(maxSteps) * step { return Double(maxSteps) * step }
    }
    let samples = Int((horizon / step).rounded(.up))
    var lastViolation = -1
    for i in 0...samples {
      let m = motion(at: Double(i) * step)
      if abs(m.displacement) > epsilon || abs(m.rate) / omega0 > epsilon { lastViolation = i }
    }
    return Double(lastViolation + 1) * step
  }

  /// `settlingDuration(epsilon: 0.001)` (CASpringAnimation's read-only `settlingDuration`; Apple's
  /// exact criterion is undocumented).
  public var settlingDuration: Double { settlingDuration() }

  // MARK: Closed forms

  /// Displacement x(t) (x(0) = 1) and its rate x'(t) (x'(0) = −initialVelocity).
  /// x = e^(−λt)·(C(t) + (v0 + λ)·S(t)), x' = e^(−λt)·(v0·C(t) − (ω0² + λ·v0)·S(t)) with
  /// C = cos ωd t, S = sin(ωd t)/ωd (underdamped), C = 1, S = t (critical), C = cosh, S = sinh/ωd
  /// (overdamped): the closed forms of docs/core-animation.md#spring-closed-forms in one shape.
  func motion(at t: Double) -> (displacement: Double, rate: Double) {
    let omega0Squared = stiffness / mass
    let lambda = damping / (2 * mass)
    let v0 = -initialVelocity
    let a = v0 + lambda
    let b = omega0Squared + lambda * v0
    let discriminant = lambda * lambda - omega0Squared
    if discriminant > 0 {
      let wd = discriminant.squareRoot()
      if wd * t > 1 {
        // Overdamped, written with decaying exponentials so that nothing overflows.
        let slow = exp((wd - lambda) * t)
        let fast = exp(-(wd + lambda) * t)
        let ch = (slow + fast) / 2
        let sh = (slow - fast) / (2 * wd)
        return (ch + a * sh, v0 * ch - b * sh)
      }
      let e = exp(-lambda * t)
      let ch = cosh(wd * t)
      let sh = sinh(wd * t) / wd
      return (e * (ch + a * sh), e * (v0 * ch - b * sh))
    }
    let e = exp(-lambda * t)
    if discriminant < 0 {
      let wd = (-discriminant).squareRoot()
      let c = cos(wd * t)
      let s = sin(wd * t) / wd
      return (e * (c + a * s), e * (v0 * c - b * s))
    }
    return (e * (1 + a * t), e * (v0 - b * t))
  }

  /// An upper bound of max(|x(t)|, |x'(t)|/ω0) that is non-increasing for t ≥ 1/λ.
  private func envelope(at t: Double) -> Double {
    let omega0 = undampedAngularFrequency
    let lambda = damping / (2 * mass)
    let v0 = -initialVelocity
    let a = abs(v0 + lambda)
    let b = abs(omega0 * omega0 + lambda * v0)
    let discriminant = lambda * lambda - omega0 * omega0
    if discriminant < 0 {
      let wd = (-discriminant).squareRoot()
      let e = exp(-lambda * t)
      return e * max((1 + a * a / (wd * wd)).squareRoot(), (v0 * v0 + b * b / (wd * wd)).squareRoot() / omega0)
    }
    if discriminant > 0 {
      let wd = discriminant.squareRoot()
      // x = c1·e^(−r1 t) + c2·e^(−r2 t), r1 = λ − ωd (slow), r2 = λ + ωd.
      let c1 = (1 + (v0 + lambda) / wd) / 2
      let c2 = 1 - c1
      let r1 = lambda - wd
      let r2 = lambda + wd
      let e = exp(-r1 * t)
      return e * max(abs(c1) + abs(c2), (r1 * abs(c1) + r2 * abs(c2)) / omega0)
    }
    let e = exp(-lambda * t)
    return e * max(1 + a * t, (abs(v0) + b * t) / omega0)
  }

  // MARK: Duration → ω0 (docs/core-animation.md#spring-duration-is-a-settling-time)

  /// The largest root ω0 of the envelope equation, solved in log form
  /// h(ω) = ln(envelope(ω)) − ln(0.001) = 0, where h decreases to −∞ past its maximum.
  static func envelopeFrequency(dampingRatio zeta: Double, duration time: Double, velocity v0: Double)
    -> Double
  {
    let logEpsilon = log(0.001)
    let h: (Double) -> Double
    let dh: (Double) -> Double
    let lowerBound: Double  // h is decreasing on (lowerBound, ∞)
    if zeta < 1 {
      let root = (1 - zeta * zeta).squareRoot()
      h = { w in log(zeta * w - v0) - log(w * root) - zeta * w * time - logEpsilon }
      dh = { w in zeta / (zeta * w - v0) - 1 / w - zeta * time }
      if v0 > 0 {
        // h'(ω) = 0 ⇔ ζ²T·ω² − ζT·v0·ω − v0 = 0.
        let qa = zeta * zeta * time
        let qb = -zeta * time * v0
        let qc = -v0
        lowerBound = (-qb + (qb * qb - 4 * qa * qc).squareRoot()) / (2 * qa)
      } else {
        lowerBound = 0
      }
    } else {
      h = { w in log((w - v0) * time + 1) - w * time - logEpsilon }
      dh = { w in time / ((w - v0) * time + 1) - time }
      lowerBound = max(v0, 0)
    }
    let fallback = -logEpsilon / (zeta * time)
    // At the lower bound h is at its maximum (or its limit); without a positive value no root.
    let probe = lowerBound > 0 ? lowerBound : 1e-9 / time
    guard h(probe) > 0 else { return fallback }
    var lo = probe
    var hi = max(5 / time, lo * 2)
    while h(hi) > 0 {
      lo = hi
      hi *= 2
      if hi > 1e12 { return fallback }
    }
    // Safeguarded Newton on [lo, hi], starting from Framer's 5/T when it lies inside.
    var w = (lo < 5 / time && 5 / time < hi) ? 5 / time : (lo + hi) / 2
    for _ in 0..<100 {
      let value = h(w)
      if abs(value) < 1e-13 { break }
      if value > 0 { lo = w } else { hi = w }
      var next = w - value / dh(w)
      if !(next > lo && next < hi) { next = (lo + hi) / 2 }
      if abs(next - w) <= 1e-15 * w {
        w = next
        break
      }
      w = next
    }
    return w.isFinite && w > 0 ? w : fallback
  }
}
