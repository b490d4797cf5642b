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
    }
  }

  /// The global time at which a ramp ends, if one is running.
  var rampEnd: Double? {
    if case .ramp(let start, let duration, _, _, _) = mode { return start + duration }
    return nil
  }
}
