import Foundation
/// An open `animate` call: the parameters every property change inside it animates with.
@MainActor
final class AnimationBlock {
  let duration: Double
  let delay: Double
  let timing: AnimationTiming
  let group: AnimationGroup
  /// Set while an `animateKeyframes` block collects its keyframes.
  var keyframes: KeyframeCollector?
  /// Told of every model change made in the block (layer, property, old value, new value),
  /// before any animation is made: a property animator remembers start and end values.
  var onChange: ((Layer, AnimatableProperty, AnimationValue, AnimationValue) -> Void)?

  init(duration: Double, delay: Double, timing: AnimationTiming, group: AnimationGroup) {
    self.duration = duration
    self.delay = delay
    self.timing = timing
    self.group = group
  }
}

/// Collects `addKeyframe` calls of one `animateKeyframes` block, then turns each changed
/// property into one keyframe animation over the whole duration.
@MainActor
final class KeyframeCollector {
  struct Track {
    let layer: Layer
    let property: AnimatableProperty
    var times: [Double]
    var values: [AnimationValue]
  }
  var tracks: [Track] = []
  /// The relative start and duration of the `addKeyframe` call running now.
  var current: (start: Double, duration: Double)?

  /// Records that `property` of `layer` reaches `value` at the end of the current keyframe,
  /// holding its previous value until the keyframe's start. A keyframe that starts before the
  /// previous one ended takes over from its own start (last writer wins).
  func record(_ layer: Layer, _ property: AnimatableProperty, from initial: AnimationValue, to value: AnimationValue) {
    let (start, duration) = current ?? (0, 1)
    let i: Int
    if let found = tracks.firstIndex(where: { $0.layer === layer && $0.property == property }) {
      i = found
    } else {
      tracks.append(Track(layer: layer, property: property, times: [0], values: [initial]))
      i = tracks.count - 1
    }
    var track = tracks[i]
    let held = KeyframeValues(values: track.values, keyTimes: track.times).value(atKeyTime: start)
    while let last = track.times.last, last > start {
      track.times.removeLast()
      track.values.removeLast()
    }
    if track.times.last! < start {
      track.times.append(start)
      track.values.append(held)
    } else {
      track.values[track.values.count - 1] = held
    }
    let end = min(start + duration, 1)
    if end > start {
      track.times.append(end)
      track.values.append(value)
    } else {
      // A zero-length keyframe jumps at its start time.
      track.values[track.values.count - 1] = value
    }
    tracks[i] = track
  }
}

extension AnimationEngine {
  /// Called by a layer before a model value changes; inside an animation block this creates
  /// the animation (UIKit's action lookup).
  func layer(_ layer: Layer, willChange property: AnimatableProperty, from old: AnimationValue, to new: AnimationValue)
  {
    guard let block = blocks.last else { return }
    block.onChange?(layer, property, old, new)
    if let keyframes = block.keyframes {
      let initial = layer.presentationValue(of: property, at: now)
      keyframes.record(layer, property, from: initial, to: new)
      return
    }
    guard block.duration > 0 else { return }
    let base = currentTimeBase
    let begin = base.localTime(at: now) + block.delay
    let animation: PropertyAnimation
    if property.isAdditive {
      animation = PropertyAnimation(
        property: property, from: old.minus(new), to: old.zero, additive: true, begin: begin,
        duration: block.duration, timing: block.timing, timeBase: base, group: block.group)
    } else {
      let start = layer.presentationValue(of: property, at: now)
      for running in layer.animations where running.property == property {
        remove(running, from: layer)
      }
      animation = PropertyAnimation(
        property: property, from: start, to: new, additive: false, begin: begin,
        duration: block.duration, timing: block.timing, timeBase: base, group: block.group)
    }
    add(animation, to: layer)
  }

  /// Runs `animations` as one block; the completion fires when its animations end. With
  /// `register == false` the engine does not end the group: its owner (a property animator)
  /// removes the animations and runs completions itself. `onChange` sees every model change.
  @discardableResult
  func runBlock(
    duration: Double, delay: Double, timing: AnimationTiming, collectKeyframes: Bool = false,
    calculationMode: CalculationMode = .linear, register: Bool = true,
    onChange: ((Layer, AnimatableProperty, AnimationValue, AnimationValue) -> Void)? = nil,
    animations: () -> Void, completion: ((Bool) -> Void)?
  ) -> AnimationGroup {
    if duration < 0 {
      report(
        "animate(withDuration: \(duration)): a duration cannot be negative; the changes were applied without animation")
    }
    if delay < 0 { report("animate(delay: \(delay)): a delay cannot be negative; it was treated as 0") }
    let group = AnimationGroup(completion: completion, timeBase: currentTimeBase, sequence: takeSequence())
    startedAnimations += 1
    let block = AnimationBlock(duration: max(duration, 0), delay: max(delay, 0), timing: timing, group: group)
    let collector = collectKeyframes ? KeyframeCollector() : nil
    block.keyframes = collector
    block.onChange = onChange
    blocks.append(block)
    animations()
    blocks.removeLast()
    if let collector, duration > 0 {
      let base = currentTimeBase
      let begin = base.localTime(at: now) + max(delay, 0)
      for track in collector.tracks {
        for running in track.layer.animations where running.property == track.property {
          remove(running, from: track.layer)
        }
        let keyframes = KeyframeTrack(values: track.values, keyTimes: track.times, mode: calculationMode)
        let animation = PropertyAnimation(
          property: track.property, from: track.values[0], to: track.values.last!, additive: false,
          begin: begin, duration: duration, timing: timing, keyframes: keyframes, timeBase: base, group: group)
        add(animation, to: track.layer)
      }
    }
    if register {
      groups.append(group)
      joinTransactions(group)
    }
    return group
  }
}
