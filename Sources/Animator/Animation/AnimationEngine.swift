import Foundation
/// The virtual clock and everything scheduled on it: running animations, their completions,
/// timers (scripted touches, delayed work). Nothing reads the wall clock: time moves only when
/// the renderer calls `advance(to:)`, and events due on the way fire in time order, each at its
/// exact time, so a completion that starts a new animation starts it on time.
@MainActor
public final class AnimationEngine {
  /// The engine that `View.animate` and friends use: the current world's. A recorder's from its
  /// creation and during its `record` and `snapshots`; outside every recorder, the ambient
  /// world's (docs/uikit-transitions.md#recorder-owns-its-world).
  public static var current: AnimationEngine { World.current.engine }

  /// Makes the ambient world (the one outside every recorder) current and gives it a fresh
  /// engine at time 0, which it returns. The ambient world's previous engine is abandoned first
  /// (`abandon()`): its clock never moves again, so nothing still pending on it can ever run.
  /// A recorder's engine is left alone: only its recorder resets it.
  @discardableResult
  public static func reset() -> AnimationEngine {
    World.leave()
    World.ambient.resetEngine()
    return current
  }

  /// Virtual time, seconds since the start.
  public private(set) var now: Double = 0
  /// Problems found while running user code (misuse that UIKit would ignore or crash on):
  /// the renderer reports them as errors.
  public internal(set) var diagnostics: [String] = []

  let rootTimeBase = TimeBase()
  /// The time base new animations join; a transition pushes its own while it sets up.
  var timeBaseStack: [TimeBase] = []
  var currentTimeBase: TimeBase { timeBaseStack.last ?? rootTimeBase }
  /// Open `animate` blocks, innermost last.
  var blocks: [AnimationBlock] = []
  var groups: [AnimationGroup] = []
  var animatedLayers: [Layer] = []
  var runningTransitions: [TransitionContext] = []
  /// Property animators that are active or stopped (they hold pending blocks and completions).
  var activeAnimators: [PropertyAnimator] = []
  /// Layers with explicit animations attached (`Layer.add(_:forKey:)`).
  var explicitlyAnimatedLayers: [Layer] = []
  /// Open CATransactions, innermost last.
  var transactionFrames: [TransactionFrame] = []
  /// When the most recent `completeTransition` was called, if any.
  public internal(set) var lastTransitionCompletion: Double?
  /// How many transitions have called `completeTransition`.
  public internal(set) var completedTransitions = 0
  /// How many transitions have started, and how many animation blocks have run (`animate`,
  /// keyframes, property animators): a recorder tells an action that started nothing from
  /// one that did.
  public internal(set) var startedTransitions = 0
  /// How many animation blocks have run (`animate`, keyframes, property animators) and explicit
  /// animations have been added on this engine; one that changed nothing counts too.
  public internal(set) var startedAnimations = 0
  private var timers: [(time: Double, sequence: Int, action: () -> Void)] = []
  private var nextSequence = 0

  /// An engine at virtual time 0 with nothing running; a recorder makes its own
  /// (docs/uikit-transitions.md#recorder-owns-its-world).
  public init() {}

  func takeSequence() -> Int {
    nextSequence += 1
    return nextSequence
  }

  /// Runs `action` at virtual time `time` (or at the current time if it is in the past),
  /// after the code that is running now returns. Returns an id for `cancelTimer(_:)`.
  @discardableResult
  public func schedule(at time: Double, _ action: @escaping () -> Void) -> Int {
    let sequence = takeSequence()
    timers.append((max(time, now), sequence, action))
    return sequence
  }

  /// Forgets a timer that has not fired yet (an id from `schedule(at:_:)`); unknown ids are
  /// ignored.
  public func cancelTimer(_ id: Int) {
    timers.removeAll { $0.sequence == id }
  }

  /// Runs `action` after the current code returns, at the current time (a run-loop turn).
  public func async(_ action: @escaping () -> Void) { schedule(at: now, action) }

  /// Runs `body` with `base` as the time base of every animation it creates.
  func with<T>(timeBase base: TimeBase, _ body: () throws -> T) rethrows -> T {
    timeBaseStack.append(base)
    defer { timeBaseStack.removeLast() }
    return try body()
  }

  /// Records misuse (a one-line description) for the renderer to report as an error.
  public func report(_ problem: String) { diagnostics.append(problem) }

  /// Moves the clock to `time`, firing every completion and timer due on the way, each at its
  /// own time and in time order (ties: in the order they were created).
  public func advance(to time: Double) {
    precondition(time >= now, "the virtual clock only moves forward")
    while let (eventTime, fire) = nextEvent(notAfter: time) {
      now = eventTime
      fire()
    }
    now = time
    pruneFinished()
  }

  /// Fires whatever is due at the current time without moving the clock.
  public func settle() { advance(to: now) }

  /// The earliest pending event at or before `limit`.
  private func nextEvent(notAfter limit: Double) -> (Double, () -> Void)? {
    var best: (time: Double, sequence: Int, fire: () -> Void)?
    for timer in timers where timer.time <= limit {
      if best == nil || (timer.time, timer.sequence) < (best!.time, best!.sequence) {
        best = (timer.time, timer.sequence, { [unowned self] in self.fireTimer(sequence: timer.sequence) })
      }
    }
    for group in groups where !group.didComplete {
      guard let t = completionTime(of: group), t <= limit else { continue }
      if best == nil || (t, group.sequence) < (best!.time, best!.sequence) {
        best = (t, group.sequence, { [unowned self] in self.complete(group) })
      }
    }
    return best.map { ($0.time, $0.fire) }
  }

  private func fireTimer(sequence: Int) {
    guard let i = timers.firstIndex(where: { $0.sequence == sequence }) else { return }
    let timer = timers.remove(at: i)
    timer.action()
  }

  private func completionTime(of group: AnimationGroup) -> Double? {
    guard let end = group.endLocal else { return now }
    return group.timeBase.globalTime(reaching: end, after: now)
  }

  /// Ends a group: its animations are removed and its completion runs, once. The engine keeps
  /// nothing of a finished group: the completion closure (and whatever it captured, usually
  /// views and the transition context) is released as soon as it has run.
  func complete(_ group: AnimationGroup, finished: Bool = true) {
    guard !group.didComplete else { return }
    group.didComplete = true
    if !finished { group.finished = false }
    detachAnimations(of: group)
    groups.removeAll { $0 === group }
    let completion = group.completion
    group.completion = nil
    // Follow-up animations started by a completion stay on the same clock (a transition's
    // second phase scrubs with its first).
    with(timeBase: group.timeBase) { completion?(group.finished) }
    let transactions = group.transactions
    group.transactions = []
    for transaction in transactions { transaction.memberStopped() }
  }

  /// Ends every group on `base` now, as a cancelled interactive transition does once it has
  /// run back to its start.
  func completeAll(on base: TimeBase, finished: Bool) {
    for group in groups.filter({ $0.timeBase === base }).sorted(by: { $0.sequence < $1.sequence }) {
      complete(group, finished: finished)
    }
  }

  /// Removes `animation` before its end (replaced or removed): its group reports unfinished.
  func remove(_ animation: PropertyAnimation, from layer: Layer) {
    layer.animations.removeAll { $0 === animation }
    let group = animation.group
    group.animations.removeAll { $0 === animation }
    group.finished = false
  }

  /// Takes every animation of `group` off its layer and out of the group. Each animation holds
  /// its group, so a group that kept its detached animations would keep itself (and its
  /// completion) alive forever.
  func detachAnimations(of group: AnimationGroup) {
    for animation in group.animations {
      for layer in animatedLayers { layer.animations.removeAll { $0 === animation } }
    }
    group.animations.removeAll()
  }

  func add(_ animation: PropertyAnimation, to layer: Layer) {
    layer.animations.append(animation)
    animation.group.animations.append(animation)
    if !animatedLayers.contains(where: { $0 === layer }) { animatedLayers.append(layer) }
  }

  private func pruneFinished() {
    animatedLayers.removeAll { $0.animations.isEmpty }
  }

  /// Recent captures, so that snapshots of an unchanged view share one `FrozenLayerTree` (and
  /// the compositor rasterizes it once): explode's 180 tiles, fold's strips.
  private var recentCaptures: [FrozenLayerTree] = []

  /// The shared frozen copy of `tree`: an equal recent capture, or a new one.
  func freeze(_ tree: LayerSnapshot) -> FrozenLayerTree {
    if let same = recentCaptures.first(where: { $0.tree == tree }) { return same }
    let frozen = FrozenLayerTree(tree)
    recentCaptures.append(frozen)
    if recentCaptures.count > 16 { recentCaptures.removeFirst() }
    return frozen
  }

  /// Drops everything pending on this engine without running it: timers, animation groups
  /// and their completions, the animations attached to layers, transitions that never
  /// completed, active property animators' blocks and completions. What the application built
  /// (windows, view controllers, animators) is then owned only by the application, as after
  /// the last run-loop turn: a transition stopped half-way no longer keeps its views,
  /// controllers and closures alive through the engine or through the layers' animations (a
  /// running animation holds its completion, which usually holds the very views the animation
  /// is attached to).
  func abandon() {
    for layer in animatedLayers {
      for animation in layer.animations { animation.group.animations.removeAll() }
      layer.animations.removeAll()
    }
    animatedLayers = []
    for group in groups {
      group.animations.removeAll()
      group.completion = nil
    }
    groups = []
    timers = []
    runningTransitions = []
    let animators = activeAnimators
    activeAnimators = []
    for animator in animators { animator.abandon() }
    blocks = []
    timeBaseStack = []
    recentCaptures = []
    abandonExplicitAnimations()
  }

  /// Whether any animation or timer is still pending.
  public var isIdle: Bool { groups.isEmpty && timers.isEmpty }
}
