import Foundation

/// An explicit animation as the engine runs it: its timing and values resolved and checked when
/// it was added, so that evaluating it per frame can neither fail nor report.
indirect enum LayerAnimationProgram {
  /// A property animation's timing and effect.
  case property(MediaTiming, PropertyEffect)
  /// A group's timing and its animations, on the group's time.
  case group(MediaTiming, [LayerAnimationProgram])
  /// An animation that shows nothing (its problem was reported) but keeps its timing.
  case inert(MediaTiming)

  var timing: MediaTiming {
    switch self {
    case .property(let t, _), .group(let t, _), .inert(let t): return t
    }
  }

  /// The properties it can change.
  var properties: Set<AnimatableProperty> {
    switch self {
    case .property(_, let effect): return [effect.target.property]
    case .group(_, let children): return children.reduce(into: []) { $0.formUnion($1.properties) }
    case .inert: return []
    }
  }

  /// `value` (of `property`, with what is beneath this animation applied) with this animation
  /// applied at parent time `t`.
  func apply(to value: AnimationValue, of property: AnimatableProperty, atParent t: Double) -> AnimationValue {
    switch self {
    case .inert: return value
    case .property(let timing, let effect):
      guard effect.target.property == property, let (time, iteration) = timing.place(atParent: t) else { return value }
      return effect.apply(to: value, at: time / timing.duration, iteration: iteration)
    case .group(let timing, let children):
      guard let (time, _) = timing.place(atParent: t) else { return value }
      return children.reduce(value) { $1.apply(to: $0, of: property, atParent: time) }
    }
  }
}

/// What a property animation does to its target at a progress of its iteration.
struct PropertyEffect {
  let target: AnimationTarget
  let additive: Bool
  let cumulative: Bool
  let source: Source

  /// Where the animated value comes from.
  enum Source {
    /// From one end to the other; a missing end is the value beneath (`BasicAnimation`).
    case basic(Ends)
    /// From one end to the other along a spring's motion over `duration` seconds.
    case spring(Ends, Spring, duration: Double)
    /// Through keyframes, at the progress as key time.
    case keyframes(KeyframeTrack<AnimationValue>)
  }

  /// `fromValue`, `toValue` and `byValue` as given (docs/core-animation.md#basic-animation-ends).
  struct Ends {
    let from: AnimationValue?
    let to: AnimationValue?
    let by: AnimationValue?

    /// The two ends when `beneath` is the value under the animation.
    func resolved(beneath: AnimationValue) -> (AnimationValue, AnimationValue) {
      switch (from, to, by) {
      case (let a?, let b?, _): return (a, b)
      case (let a?, nil, let d?): return (a, a.plus(d))
      case (nil, let b?, let d?): return (b.minus(d), b)
      case (let a?, nil, nil): return (a, beneath)
      case (nil, let b?, nil): return (beneath, b)
      case (nil, nil, let d?): return (beneath, beneath.plus(d))
      case (nil, nil, nil): return (beneath, beneath)
      }
    }
  }

  /// `full` with the animated part at `progress` (0...1, paced) of iteration `iteration`.
  func apply(to full: AnimationValue, at progress: Double, iteration: Double) -> AnimationValue {
    let beneath = target.read(full)
    let first: AnimationValue, last: AnimationValue
    var value: AnimationValue
    switch source {
    case .basic(let ends):
      (first, last) = ends.resolved(beneath: beneath)
      value = first.interpolated(to: last, amount: progress)
    case .spring(let ends, let spring, let duration):
      (first, last) = ends.resolved(beneath: beneath)
      value = first.interpolated(to: last, amount: spring.progress(at: progress * duration))
    case .keyframes(let track):
      (first, last) = (track.values[0], track.values[track.values.count - 1])
      value = track.value(at: progress)
    }
    if cumulative && iteration > 0 { value = value.plus(last.minus(first).repeated(iteration)) }
    if additive { value = beneath.plus(value) }
    return target.write(value, into: full)
  }
}

extension AnimationValue {
  /// `self` added to itself `count` times (a whole number ≥ 1): how far a cumulative animation
  /// has come after that many iterations.
  func repeated(_ count: Double) -> AnimationValue {
    switch self {
    case .scalar(let v): return .scalar(v * count)
    case .point(let p): return .point(Point(x: p.x * count, y: p.y * count))
    case .size(let s): return .size(Size(width: s.width * count, height: s.height * count))
    case .rect(let r):
      return .rect(
        Rect(
          x: r.origin.x * count, y: r.origin.y * count, width: r.size.width * count, height: r.size.height * count))
    case .color(let c):
      return .color(Color(red: c.red * count, green: c.green * count, blue: c.blue * count, alpha: c.alpha * count))
    case .transform(let t):
      // Doubling: t^count in log₂(count) products.
      var result = Transform3D.identity, power = t, n = Int(min(count, 1e6))
      while n > 0 {
        if n & 1 == 1 { result = result.concatenating(power) }
        power = power.concatenating(power)
        n >>= 1
      }
      return .transform(result)
    }
  }
}
