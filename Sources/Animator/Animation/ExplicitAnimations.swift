import Foundation

/// An explicit animation on a layer: the copy `add(_:forKey:)` attached, its program on the clock
/// it joined, and the engine events of its start and its stop.
@MainActor
final class AttachedAnimation {
  let key: String?
  let animation: LayerAnimation
  let program: LayerAnimationProgram
  let properties: Set<AnimatableProperty>
  let timeBase: TimeBase
  /// The events; the engine holds them until they fire.
  weak var start: AnimationGroup?
  weak var stop: AnimationGroup?
  /// True once the delegate was told it stopped.
  var hasStopped = false

  init(key: String?, animation: LayerAnimation, program: LayerAnimationProgram, timeBase: TimeBase) {
    self.key = key
    self.animation = animation
    self.program = program
    self.properties = program.properties
    self.timeBase = timeBase
  }

  /// `value` of `property` with this animation applied at the virtual time `now`.
  func apply(to value: AnimationValue, of property: AnimatableProperty, at now: Double) -> AnimationValue {
    program.apply(to: value, of: property, atParent: timeBase.localTime(at: now))
  }
}

extension Layer {
  /// CALayer.add(_:forKey:): attaches a copy of `animation` (later changes to `animation` do not
  /// reach it), replacing the one under the same `key` (nil: none is replaced); it joins the
  /// clock of the transition being set up, if any. The model values do not change; the
  /// presentation shows the animation (docs/core-animation.md#explicit-animations).
  public func add(_ animation: LayerAnimation, forKey key: String?) {
    AnimationEngine.current.attach(animation.duplicate(), to: self, forKey: key)
  }

  /// CALayer.removeAnimation(forKey:): removes the animation under `key` at once; its delegate is
  /// told it stopped unfinished, unless it had stopped already.
  public func removeAnimation(forKey key: String) {
    for attached in explicitAnimations where attached.key == key {
      AnimationEngine.current.detach(attached, from: self)
    }
  }

  /// CALayer.animation(forKey:): the animation attached under `key` (the copy, not the object
  /// given to `add`); nil when there is none.
  public func animation(forKey key: String) -> LayerAnimation? {
    explicitAnimations.last { $0.key == key }?.animation
  }

  /// CALayer.animationKeys(): the keys of the explicit animations on the layer, in the order they
  /// were added; nil when there are none. Animations made by `View.animate` are not listed.
  public func animationKeys() -> [String]? {
    let keys = explicitAnimations.compactMap(\.key)
    return keys.isEmpty ? nil : keys
  }
}

extension AnimationEngine {
  /// Attaches `animation` (already the layer's own copy) and schedules its start and stop.
  func attach(_ animation: LayerAnimation, to layer: Layer, forKey key: String?) {
    startedAnimations += 1
    if let key {
      for old in layer.explicitAnimations where old.key == key { detach(old, from: layer) }
    }
    let base = currentTimeBase
    let nowLocal = base.localTime(at: now)
    // beginTime counts on CACurrentMediaTime()'s clock, the virtual clock: its distance from now
    // is the delay on the clock the animation joins.
    let begin = animation.beginTime == 0 ? nowLocal : nowLocal + (animation.beginTime - now)
    let program = LayerAnimationResolver(engine: self, layer: layer).program(for: animation, beginning: begin)
    let attached = AttachedAnimation(key: key, animation: animation, program: program, timeBase: base)
    layer.explicitAnimations.append(attached)
    if !explicitlyAnimatedLayers.contains(where: { $0 === layer }) { explicitlyAnimatedLayers.append(layer) }

    let start = event(at: program.timing.begin, on: base) { _ in
      attached.animation.delegate?.animationDidStart(attached.animation)
    }
    let stop = event(at: program.timing.end, on: base) { [weak self, weak layer] finished in
      self?.stopped(attached, on: layer, finished: finished)
    }
    joinTransactions(stop)
    attached.start = start
    attached.stop = stop
  }

  /// Takes `attached` off `layer` now; unless it has stopped, its delegate is told it stopped
  /// unfinished after the running code returns, and it never starts if it had not.
  func detach(_ attached: AttachedAnimation, from layer: Layer) {
    layer.explicitAnimations.removeAll { $0 === attached }
    pruneExplicitlyAnimatedLayers()
    cancelStart(of: attached)
    if !attached.hasStopped, let stop = attached.stop {
      stop.finished = false
      stop.eventLocal = nil
    }
  }

  /// An event on `base`'s clock at local time `local` (never, when it is infinite), run by the
  /// engine as a group without animations.
  private func event(at local: Double, on base: TimeBase, _ action: @escaping (Bool) -> Void) -> AnimationGroup {
    let group = AnimationGroup(completion: action, timeBase: base, sequence: takeSequence())
    group.eventLocal = local
    groups.append(group)
    return group
  }

  /// The end of `attached`'s active time, or its removal: it leaves the layer unless it stays
  /// to fill forwards, and its delegate is told.
  private func stopped(_ attached: AttachedAnimation, on layer: Layer?, finished: Bool) {
    attached.hasStopped = true
    cancelStart(of: attached)
    if let layer, attached.animation.isRemovedOnCompletion || !finished {
      layer.explicitAnimations.removeAll { $0 === attached }
      pruneExplicitlyAnimatedLayers()
    }
    attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
  }

  /// Forgets the start event of `attached` if it has not fired.
  private func cancelStart(of attached: AttachedAnimation) {
    guard let start = attached.start, !start.didComplete else { return }
    start.didComplete = true
    start.completion = nil
    groups.removeAll { $0 === start }
  }

  private func pruneExplicitlyAnimatedLayers() {
    explicitlyAnimatedLayers.removeAll { $0.explicitAnimations.isEmpty }
  }

  /// Lets go of every explicit animation (what `abandon()` does with them).
  func abandonExplicitAnimations() {
    for layer in explicitlyAnimatedLayers { layer.explicitAnimations = [] }
    explicitlyAnimatedLayers = []
    transactionFrames = []
  }
}
