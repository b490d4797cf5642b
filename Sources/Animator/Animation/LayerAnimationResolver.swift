import Foundation

/// Turns an explicit animation being added to a layer into the program the engine runs, checking
/// it as it goes: what Core Animation would ignore or could not animate (an unknown key path, a
/// value of the wrong type, keyframe times that do not fit, a spring that is none) is reported
/// in one line and the animation, or the part concerned, changes nothing
/// (docs/core-animation.md#explicit-animation-problems).
@MainActor
struct LayerAnimationResolver {
  let engine: AnimationEngine
  let layer: Layer

  /// The program of `animation`, whose time starts at `begin` on its parent's clock.
  func program(for animation: LayerAnimation, beginning begin: Double) -> LayerAnimationProgram {
    let timing = timing(of: animation, beginning: begin)
    switch animation {
    case let group as LayerAnimationGroup:
      let children = (group.animations ?? []).map { program(for: $0, beginning: $0.beginTime) }
      return .group(timing, children)
    case let property as LayerPropertyAnimation:
      guard let effect = effect(of: property, duration: timing.duration) else { return .inert(timing) }
      return .property(timing, effect)
    default:
      engine.report(
        "an explicit layer animation that is neither a property animation nor a group was added; it changes nothing")
      return .inert(timing)
    }
  }

  // MARK: Timing

  /// CAMediaTiming's values, with Core Animation's defaults for what is left at 0 (a duration of
  /// 0.25 s, one iteration) and what cannot be modelled reported.
  private func timing(of a: LayerAnimation, beginning begin: Double) -> MediaTiming {
    var speed = Double(a.speed)
    if !(speed >= 0) || !speed.isFinite {
      problem(a, "speed \(a.speed) is not modelled (only 0 or more); it runs at speed 1")
      speed = 1
    }
    var repeatCount = Double(a.repeatCount)
    if repeatCount.isNaN || repeatCount < 0 {
      problem(a, "repeatCount \(a.repeatCount) is not a count; it runs once")
      repeatCount = 1
    }
    let finite = [a.duration, a.beginTime, a.timeOffset].allSatisfy(\.isFinite) && !a.repeatDuration.isNaN
    if !finite { problem(a, "duration, beginTime, timeOffset and repeatDuration must be numbers; it runs from now") }
    return MediaTiming(
      begin: finite ? begin : engine.currentTimeBase.localTime(at: engine.now),
      duration: finite && a.duration > 0 ? a.duration : 0.25, speed: speed,
      timeOffset: finite ? a.timeOffset : 0, repeatCount: repeatCount,
      repeatDuration: finite ? a.repeatDuration : 0, autoreverses: a.autoreverses, fill: a.fillMode,
      curve: a.timingFunction)
  }

  // MARK: Values

  /// The target and values of a property animation whose iterations last `duration` seconds;
  /// nil (reported) when it can change nothing.
  private func effect(of a: LayerPropertyAnimation, duration: Double) -> PropertyEffect? {
    guard let path = a.keyPath else {
      problem(a, "has no keyPath; it changes nothing")
      return nil
    }
    guard let target = AnimationTarget(keyPath: path) else {
      problem(
        a,
        "is not of a key path the library animates (\(AnimatableProperty.allCases.map(\.rawValue).joined(separator: ", ")) and their parts: docs/core-animation.md#explicit-animation-key-paths); it changes nothing"
      )
      return nil
    }
    let source: PropertyEffect.Source
    switch a {
    case let keyframes as KeyframeAnimation:
      guard let track = track(of: keyframes, target: target) else { return nil }
      source = .keyframes(track)
    case let spring as SpringAnimation:
      guard let ends = ends(of: spring, target: target) else { return nil }
      guard let motion = spring.spring else {
        problem(a, "mass and stiffness must be above 0 and damping 0 or more; it changes nothing")
        return nil
      }
      source = .spring(ends, motion, duration: duration)
    case let basic as BasicAnimation:
      guard let ends = ends(of: basic, target: target) else { return nil }
      source = .basic(ends)
    default:
      problem(a, "is neither a basic nor a keyframe animation; it changes nothing")
      return nil
    }
    return PropertyEffect(target: target, additive: a.isAdditive, cumulative: a.isCumulative, source: source)
  }

  /// `fromValue`, `toValue` and `byValue` as the target's kind; with none of them, the
  /// presentation's value now is where it starts. nil (reported) when one is of another type.
  private func ends(of a: BasicAnimation, target: AnimationTarget) -> PropertyEffect.Ends? {
    var values: [AnimationValue?] = []
    for (name, any) in [("fromValue", a.fromValue), ("toValue", a.toValue), ("byValue", a.byValue)] {
      guard let any else {
        values.append(nil)
        continue
      }
      guard let value = target.kind.value(of: any) else {
        problem(a, "\(name) is \(type(of: any)), not \(target.kind.name); it changes nothing")
        return nil
      }
      values.append(value)
    }
    if values.allSatisfy({ $0 == nil }) {
      let shown = target.read(layer.presentationValue(of: target.property, at: engine.now))
      return PropertyEffect.Ends(from: shown, to: nil, by: nil)
    }
    return PropertyEffect.Ends(from: values[0], to: values[1], by: values[2])
  }

  /// The keyframe track of `a`; nil when it has no values (it changes nothing, as in Core
  /// Animation) or one is of another type (reported). Key times that do not fit the values are
  /// reported and replaced by even spacing.
  private func track(of a: KeyframeAnimation, target: AnimationTarget) -> KeyframeTrack<AnimationValue>? {
    guard let given = a.values, !given.isEmpty else { return nil }
    var values: [AnimationValue] = []
    for (i, any) in given.enumerated() {
      guard let value = target.kind.value(of: any) else {
        problem(a, "values[\(i)] is \(type(of: any)), not \(target.kind.name); it changes nothing")
        return nil
      }
      values.append(value)
    }
    var keyTimes = a.keyTimes?.map(\.doubleValue) ?? []
    let counts = a.calculationMode == .discrete ? [values.count, values.count + 1] : [values.count]
    let ordered = zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }
    if !keyTimes.isEmpty
      && (!counts.contains(keyTimes.count) || !ordered || !keyTimes.allSatisfy({ (0...1).contains($0) }))
    {
      problem(
        a,
        "\(keyTimes.count) keyTimes for \(values.count) values: they must be non-decreasing fractions 0...1, one per value (one more in discrete mode); the values are spaced evenly instead"
      )
      keyTimes = []
    }
    func numbers(_ list: [NSNumber]?) -> [Double] { list?.map(\.doubleValue) ?? [] }
    return KeyframeTrack(
      values: values, keyTimes: keyTimes, timingFunctions: a.timingFunctions ?? [], mode: a.calculationMode,
      tensions: numbers(a.tensionValues), continuities: numbers(a.continuityValues), biases: numbers(a.biasValues))
  }

  /// Reports a problem of `a` in one line, naming its key path.
  private func problem(_ a: LayerAnimation, _ text: String) {
    let name: String
    switch a {
    case let p as LayerPropertyAnimation: name = "explicit animation of \"\(p.keyPath ?? "nil")\""
    case is LayerAnimationGroup: name = "animation group"
    default: name = "explicit animation"
    }
    engine.report("\(name): \(text)")
  }
}
