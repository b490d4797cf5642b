import Foundation
/// A local clock derived from the virtual clock, like a layer's CAMediaTiming (beginTime,
/// speed, timeOffset). Transitions give their animations one, so that an interaction controller
/// can pause it at a percentage, scrub it, and play the rest forward or backward.
@MainActor
public final class TimeBase {
  /// How local time relates to the virtual clock from now on.
  enum Mode {
    /// local = (global − anchor) · speed + offset
    case running(anchor: Double, speed: Double, offset: Double)
    /// Frozen at `local` (speed 0, timeOffset).
    case paused(local: Double)
    /// From `start` for `duration` seconds, local goes from `from` to `to` along `curve`;
    /// afterwards a forward ramp runs on at speed 1 (so animations longer than the transition
    /// still end) and a backward one holds. This is how a percent-driven transition finishes
    /// or cancels.
    case ramp(start: Double, duration: Double, from: Double, to: Double, curve: TimingFunction)
    /// Driven along a curve segment from one local time to another, then held at the target
    /// (forward or backward alike): how a `PropertyAnimator` runs, reverses and continues.
    case driven(ClockDrive)
  }

  var mode: Mode

  /// A clock that reads the global time (speed 1, no offset).
  public init(startingAt global: Double = 0) {
    mode = .running(anchor: global, speed: 1, offset: 0)
  }

  /// Local time at global time `t`.
  func localTime(at t: Double) -> Double {
    switch mode {
    case .running(let anchor, let speed, let offset): return (t - anchor) * speed + offset
    case .paused(let local): return local
    case .ramp(let start, let duration, let from, let to, let curve):
      if t >= start + duration { return to >= from ? to + (t - start - duration) : to }
      guard duration > 0 else { return to }
      let u = min(max((t - start) / duration, 0), 1)
      return from + (to - from) * curve.value(at: u)
    case .driven(let drive): return drive.local(at: t)
    }
  }

  /// The earliest global time ≥ `now` at which local time reaches `local`, or nil if it never
  /// does under the current mode.
  func globalTime(reaching local: Double, after now: Double) -> Double? {
    let current = localTime(at: now)
    switch mode {
    case .running(let anchor, let speed, let offset):
      if current >= local { return now }
      guard speed > 0 else { return nil }
      return anchor + (local - offset) / speed
    case .paused:
      // A paused clock (an interactive transition being scrubbed) completes nothing, even at
      // 100 %: completion waits until the interaction finishes or cancels, as in UIKit.
      return nil
    case .ramp(let start, let duration, let from, let to, _):
      if current >= local { return now }
      // Only forward ramps reach later local times; bisect on the monotone curve.
      guard to >= from else { return nil }
      if local > to { return start + duration + (local - to) }
      var lo = max(now, start), hi = start + duration
      for _ in 0..<64 {
        let mid = (lo + hi) / 2
        if localTime(at: mid) >= local { hi = mid } else { lo = mid }
      }
      return hi
    case .driven(let drive):
      if current >= local { return now }
      // Assumes the segment rises monotonically towards a target at or above `local`.
      guard drive.toLocal >= local, drive.toLocal > drive.fromLocal else { return nil }
      var lo = max(now, drive.start), hi = drive.end
      for _ in 0..<64 {
        let mid = (lo + hi) / 2
        if localTime(at: mid) >= local { hi = mid } else { lo = mid }
      }
      return hi
    }
  }

  /// The global time at which a ramp ends, if one is running.
  var rampEnd: Double? {
    if case .ramp(let start, let duration, _, _, _) = mode { return start + duration }
    return nil
  }
}

/// The shape a driven clock follows: a cubic Bézier, or a spring cut off after `seconds` (its
/// settling time), both as progress over a parameter w in 0...1 with value 0 at w = 0 and exactly
/// 1 at w = 1 (a spring may overshoot in between).
enum ClockCurve {
  case cubic(TimingFunction)
  case spring(Spring, seconds: Double)

  func value(at w: Double) -> Double {
    switch self {
    case .cubic(let curve): return curve.value(at: w)
    case .spring(let spring, let seconds):
      if w >= 1 { return 1 }
      return w <= 0 ? 0 : spring.progress(at: w * seconds)
    }
  }
}

/// One run of a driven clock: over `seconds` from global time `start`, the curve parameter goes
/// linearly from `fromParameter` to `toParameter`, and local time follows the curve's segment
/// between them, rescaled so that it starts exactly at `fromLocal` and ends exactly at `toLocal`:
///
///     u = (t − start) / seconds (clamped to 0...1),  w = w0 + (w1 − w0)·u
///     local = fromLocal + (toLocal − fromLocal) · (C(w) − C(w0)) / (C(w1) − C(w0))
///
/// (with u in place of the fraction when C(w1) ≈ C(w0)). When `fromLocal = C(w0)` and
/// `toLocal = C(w1)` this is C(w) itself, so a paused curve resumes (or runs back) exactly as
/// Core Animation resumes a paused layer; when w runs over 0...1 it is a fresh curve from the
/// current value to the target (docs/uikit-transitions.md#finish-and-cancel-timing). Before
/// `start` the clock reads
/// `fromLocal`, after the end `toLocal`.
struct ClockDrive {
  var start: Double
  var seconds: Double
  var fromParameter: Double
  var toParameter: Double
  var fromLocal: Double
  var toLocal: Double
  var curve: ClockCurve

  var end: Double { start + seconds }

  /// The linear fraction 0...1 of the run at global time `t`.
  func elapsed(at t: Double) -> Double {
    guard seconds > 0 else { return 1 }
    return min(max((t - start) / seconds, 0), 1)
  }

  func local(at t: Double) -> Double {
    let u = elapsed(at: t)
    if u >= 1 { return toLocal }
    if u <= 0 { return fromLocal }
    let c0 = curve.value(at: fromParameter), c1 = curve.value(at: toParameter)
    let w = fromParameter + (toParameter - fromParameter) * u
    let shape = abs(c1 - c0) > 1e-9 ? (curve.value(at: w) - c0) / (c1 - c0) : u
    return fromLocal + (toLocal - fromLocal) * shape
  }
}
