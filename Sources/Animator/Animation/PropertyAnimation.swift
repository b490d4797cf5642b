import Foundation
/// How an animation's progress follows its local time.
enum AnimationTiming {
  /// A cubic Bézier curve over the duration.
  case curve(TimingFunction)
  /// A damped spring; the duration is when it is cut off (the settling time).
  case spring(Spring)
  /// Progress equals the linear progress: the clock carries the curve (a `PropertyAnimator`'s
  /// clock reads progress 0...1, not time). When the clock leaves 0...1 (a spring overshooting),
  /// an animation ending at 1 (or beginning at 0) extrapolates instead of clamping, so the
  /// overshoot shows.
  case progress
}

/// One running animation of one property of one layer (a CABasicAnimation/CASpringAnimation,
/// or a CAKeyframeAnimation when `keyframes` is set) with UIKit's fillMode `both`: before its
/// begin it shows its first value, after its end its last.
@MainActor
final class PropertyAnimation {
  let property: AnimatableProperty
  /// For additive animations: the delta added to the model at progress 0 (it goes to zero).
  let from: AnimationValue
  let to: AnimationValue
  let additive: Bool
  /// Local begin time on `timeBase`, seconds.
  let begin: Double
  let duration: Double
  let timing: AnimationTiming
  let keyframes: KeyframeTrack<AnimationValue>?
  let timeBase: TimeBase
  let group: AnimationGroup

  init(
    property: AnimatableProperty, from: AnimationValue, to: AnimationValue, additive: Bool,
    begin: Double, duration: Double, timing: AnimationTiming, keyframes: KeyframeTrack<AnimationValue>? = nil,
    timeBase: TimeBase, group: AnimationGroup
  ) {
    self.property = property
    self.from = from
    self.to = to
    self.additive = additive
    self.begin = begin
    self.duration = duration
    self.timing = timing
    self.keyframes = keyframes
    self.timeBase = timeBase
    self.group = group
  }

  var end: Double { begin + duration }

  /// Progress 0...1 of local time (before easing).
  func linearProgress(atLocal local: Double) -> Double {
    guard duration > 0 else { return 1 }
    return min(max((local - begin) / duration, 0), 1)
  }

  /// The animated value at local time `local`, before it is combined with the model.
  func value(atLocal local: Double) -> AnimationValue {
    let p = linearProgress(atLocal: local)
    if let keyframes { return keyframes.value(at: timingCurveValue(p)) }
    switch timing {
    case .curve(let curve): return from.interpolated(to: to, amount: curve.value(at: p))
    case .spring(let spring):
      return from.interpolated(to: to, amount: p >= 1 ? 1 : spring.progress(at: p * duration))
    case .progress:
      guard duration > 0 else { return to }
      let overshoots = (local > end && end >= 1 - 1e-12) || (local < begin && begin <= 0)
      return from.interpolated(to: to, amount: overshoots ? (local - begin) / duration : p)
    }
  }

  private func timingCurveValue(_ p: Double) -> Double {
    if case .curve(let curve) = timing { return curve.value(at: p) }
    return p
  }
}

/// Piecewise-linear keyframe values, used while an `animateKeyframes` block collects its
/// keyframes (to find the value a later keyframe starts from).
struct KeyframeValues {
  var values: [AnimationValue]
  var keyTimes: [Double]

  func value(atKeyTime k: Double) -> AnimationValue {
    guard var previous = values.first else { fatalError("keyframe track without values") }
    var previousTime = keyTimes[0]
    if k <= previousTime { return previous }
    for i in 1..<values.count {
      let time = keyTimes[i]
      if k <= time {
        let span = time - previousTime
        return span > 0 ? previous.interpolated(to: values[i], amount: (k - previousTime) / span) : values[i]
      }
      previous = values[i]
      previousTime = time
    }
    return previous
  }
}

/// The animations of one `animate` call; its completion runs once, after all of them have
/// stopped, with `finished` false if any was removed before its end
/// (docs/core-animation.md#completion-runs-once-per-animate-call).
@MainActor
final class AnimationGroup {
  /// Cleared once it has run.
  var completion: ((Bool) -> Void)?
  let timeBase: TimeBase
  var animations: [PropertyAnimation] = []
  var finished = true
  var didComplete = false
  /// Creation order, so simultaneous completions run in the order their animate calls ran.
  let sequence: Int
  /// For a group without animations that stands for an event of an explicit layer animation
  /// (its start or its stop): the local time it fires at; nil fires it now.
  var eventLocal: Double?
  /// The transaction completion blocks waiting for this group.
  var transactions: [TransactionCompletion] = []

  init(completion: ((Bool) -> Void)?, timeBase: TimeBase, sequence: Int) {
    self.completion = completion
    self.timeBase = timeBase
    self.sequence = sequence
  }

  /// Local time at which the last animation of the group ends; for an empty group its
  /// `eventLocal` (nil: now).
  var endLocal: Double? { animations.map(\.end).max() ?? eventLocal }
}
