import Foundation

/// One explicit animation's CAMediaTiming, resolved when it is added: where its time stands
/// against its parent's (the layer's clock for an animation, the group's time for one inside a
/// group) and what it shows at each parent time (docs/core-animation.md#explicit-animation-timing).
struct MediaTiming {
  /// Parent time of the start.
  var begin: Double
  /// Seconds of one iteration, > 0.
  var duration: Double
  /// Own seconds per parent second, ≥ 0.
  var speed: Double
  /// Own seconds to start from; the active time wraps around.
  var timeOffset: Double
  /// Iterations (0 means 1); `.infinity` repeats forever.
  var repeatCount: Double
  /// When > 0, the active time in own seconds instead of `repeatCount`.
  var repeatDuration: Double
  var autoreverses: Bool
  var fill: FillMode
  /// The pacing of an iteration; nil is linear.
  var curve: TimingFunction?

  /// Own seconds of one iteration with its way back.
  var cycle: Double { duration * (autoreverses ? 2 : 1) }

  /// Own seconds of all iterations.
  var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    return cycle * (repeatCount > 0 ? repeatCount : 1)
  }

  /// Parent time of the end of the active time; infinite when it never ends.
  var end: Double { speed > 0 ? begin + activeDuration / speed : .infinity }

  /// Where the animation stands at parent time `t`: its iteration's time paced by `curve`
  /// (0...`duration`, going back down on an autoreversed way back) and the number of whole
  /// iterations before it; nil when it shows nothing (outside its active time, unfilled).
  func place(atParent t: Double) -> (time: Double, iteration: Double)? {
    let active = activeDuration
    let own: Double
    if t < begin {
      guard fill.fillsBackwards else { return nil }
      own = timeOffset
    } else if (t - begin) * speed >= active {
      guard fill.fillsForwards else { return nil }
      own = active
    } else {
      own = (t - begin) * speed + timeOffset
    }
    let (iterationTime, iteration) = split(own < active || !active.isFinite ? own : wrap(own, active))
    guard let curve else { return (iterationTime, iteration) }
    return (duration * curve.value(at: iterationTime / duration), iteration)
  }

  /// `own` past the end of the active time (an offset start) wrapped back into it; the end
  /// itself stays the end.
  private func wrap(_ own: Double, _ active: Double) -> Double {
    if own == active { return active }
    let r = own.truncatingRemainder(dividingBy: active)
    return r < 0 ? r + active : r
  }

  /// Own time split into the time within its iteration and the number of iterations before it;
  /// the end of an iteration belongs to that iteration (so a filled end shows the last value).
  private func split(_ own: Double) -> (Double, Double) {
    var iteration = (own / cycle).rounded(.down)
    var within = own - iteration * cycle
    if within == 0 && iteration > 0 && own >= activeDuration {
      iteration -= 1
      within = cycle
    }
    if autoreverses && within > duration { within = 2 * duration - within }
    return (min(max(within, 0), duration), iteration)
  }
}
