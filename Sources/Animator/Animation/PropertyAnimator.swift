import Foundation
/// UIViewPropertyAnimator (docs/core-animation.md#property-animator): animations that can be
/// paused, scrubbed, reversed, continued with new timing and stopped, on the engine's virtual
/// clock.
///
/// How it is built. The animator owns a `TimeBase` (its clock) whose local time reads the
/// animator's **progress** (0 at the start values, 1 at the end values) rather than seconds;
/// the animations its blocks create are ordinary `PropertyAnimation`s on that clock that follow
/// progress linearly (`AnimationTiming.progress`), and the timing curve lives on the clock:
/// while running, the clock is driven along the curve (`TimeBase.Mode.driven`). Separately the
/// animator keeps its **time fraction** — `fractionComplete` — which goes linearly in time.
///
/// * Running from 0 to 1 shows progress `C(fractionComplete)`: exactly what `View.animate`
///   with the same curve shows.
/// * Paused and scrubbed: `scrubsLinearly` (default true) shows progress = fractionComplete (a
///   linear curve); false shows `C(fractionComplete)`, i.e. fraction maps linearly to time and the
///   animations keep the curve, as a percent-driven transition scrubs
///   (docs/uikit-transitions.md#percent-driven-scrubbing).
/// * Starting again after a pause resumes the curve from the paused fraction (Core Animation's
///   resume), rescaled to start from the value on screen so that nothing jumps after a linear
///   scrub; it takes (1 − fractionComplete) × duration (fractionComplete × duration reversed).
/// * `continueAnimation(withTimingParameters:durationFactor:)` with new parameters runs a fresh
///   curve from the value on screen to the end (or start): progress p0 + (1 − p0)·C'(u).
///
/// Model values: as in UIKit, the blocks set the model to the end values at once (when the
/// animator becomes active: on start, pause, or the first `fractionComplete` set). Finishing at
/// `.end` leaves them; finishing at `.start` (a reversed run reaching the start, or
/// `finishAnimation(at: .start)`) sets them back to the values they had before the animator
/// changed them; `.current` keeps what is on screen. At `.start` this follows Apple's
/// documentation of `finishAnimation(at:)` ("the animated properties are set to their start
/// values"). Note the
/// difference from a percent-driven transition, where model values are never rolled back
/// (docs/uikit-transitions.md#cancel-restores-the-model; docs/core-animation.md#property-animator).
///
/// Completion handlers run in the order they were added, once, at the exact virtual time the
/// run ends (through the engine's timers), with the position reached. Animations added by
/// nested `View.animate` calls inside the animator's blocks are not supported.
@MainActor
public final class PropertyAnimator {
  /// UIViewAnimatingState.
  public enum State: Int, Sendable {
    /// Not started (or finished): no animations are attached.
    case inactive
    /// Started: running, or paused.
    case active
    /// `stopAnimation(false)` was called: waiting for `finishAnimation(at:)`.
    case stopped
  }

  /// UIViewAnimatingPosition: where a finished animator ended.
  public enum Position: Int, Sendable {
    /// At the end values: the animations ran to completion (or `finishAnimation(at: .end)`).
    case end
    /// Back at the start values: reversed to the start (or `finishAnimation(at: .start)`).
    case start
    /// Where the animations stood when stopped: `finishAnimation(at: .current)`.
    case current
  }

  /// Seconds for the whole animation (ignored by `.spring` timing parameters).
  public let duration: Double
  /// The timing the animator was created with.
  public let timingParameters: TimingParameters
  /// While active or stopped, the engine holds the animator (UIKit keeps an active animator
  /// alive too: a running one plays on after its creator lets go of it).
  public private(set) var state: State = .inactive {
    didSet {
      guard state != oldValue else { return }
      if oldValue == .inactive {
        engine.activeAnimators.append(self)
      } else if state == .inactive {
        engine.activeAnimators.removeAll { $0 === self }
      }
    }
  }
  /// True while the clock runs (also during `startAnimation(afterDelay:)`'s delay).
  public private(set) var isRunning = false
  /// When true the animator runs towards its start. Setting it while running turns it round at
  /// once, retracing the curve; while paused it takes effect at the next start.
  public var isReversed = false {
    didSet {
      guard isReversed != oldValue, run != nil else { return }
      freeze()
      beginRun(fresh: false, seconds: nil)
    }
  }
  /// While paused, fractionComplete maps linearly to the values (true, the default); false
  /// scrubs along the timing curve.
  public var scrubsLinearly = true
  /// When true the animator stays active (paused) when it reaches the end (or the start, when
  /// reversed) and runs no completion, so it can be reversed or scrubbed again.
  public var pausesOnCompletion = false
  /// When false, `pauseAnimation`, `stopAnimation` and setting `fractionComplete` are misuse
  /// (reported and ignored), as UIKit refuses them.
  public var isInterruptible = true
  /// True for the stand-in that an animation controller's default `interruptibleAnimator(using:)`
  /// in UIKit's non-optional form returns: it means "no interruptible animator" and never runs.
  var isStandIn = false

  private let engine: AnimationEngine
  /// The animator's clock: its local time is progress (0...1; a spring may overshoot).
  let clock = TimeBase()
  private var pending: [(animations: () -> Void, delayFactor: Double)] = []
  private var groups: [AnimationGroup] = []
  /// Every property the animator changed, with its value before and after.
  private struct Change {
    let layer: Layer
    let property: AnimatableProperty
    let start: AnimationValue
    var end: AnimationValue
  }
  private var changes: [Change] = []
  private var completions: [(Position) -> Void] = []
  /// The time fraction while not running.
  private var fraction = 0.0
  /// The current run: the clock's drive, the time fractions it goes between, its end timer.
  private var run: (drive: ClockDrive, from: Double, to: Double, token: Int, timer: Int)?
  private var runCount = 0
  private var delayedStart: Int?
  private var curve: ClockCurve
  /// Seconds the whole 0 → 1 run lasts with `curve`.
  private var span: Double

  /// UIViewPropertyAnimator(duration:timingParameters:). Negative durations are reported and
  /// treated as 0 (the run ends at once).
  public init(duration: Double, timingParameters: TimingParameters) {
    engine = AnimationEngine.current
    if duration < 0 {
      engine.report("PropertyAnimator(duration: \(duration)): a duration cannot be negative; 0 was used")
    }
    self.duration = max(duration, 0)
    self.timingParameters = timingParameters
    (curve, span) = timingParameters.clockCurve(duration: self.duration)
    clock.mode = .paused(local: 0)
  }

  /// UIViewPropertyAnimator(duration:curve:animations:).
  public convenience init(duration: Double, curve: AnimationCurve, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: .curve(curve))
    if let animations { addAnimations(animations) }
  }

  /// UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:animations:).
  public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point, animations: (() -> Void)? = nil)
  {
    self.init(duration: duration, timingParameters: .controlPoints(controlPoint1, controlPoint2))
    if let animations { addAnimations(animations) }
  }

  /// UIViewPropertyAnimator(duration:dampingRatio:animations:): a spring solved for `duration`.
  public convenience init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: .dampingRatio(dampingRatio))
    if let animations { addAnimations(animations) }
  }

  /// UIViewPropertyAnimator.runningPropertyAnimator: an animator with the curve in `options`,
  /// started at once (after `delay`). Its presentation equals `View.animate(withDuration:
  /// delay:options:animations:completion:)`'s at every time; the completion gets `.end`.
  @discardableResult
  public static func runningPropertyAnimator(
    withDuration duration: Double, delay: Double, options: AnimationOptions,
    animations: @escaping () -> Void, completion: ((Position) -> Void)? = nil
  ) -> PropertyAnimator {
    let animator = PropertyAnimator(duration: duration, timingParameters: .cubic(options.curve))
    animator.addAnimations(animations)
    if let completion { animator.addCompletion(completion) }
    if delay > 0 { animator.startAnimation(afterDelay: delay) } else { animator.startAnimation() }
    return animator
  }

  // MARK: Animations and completions

  /// Adds animations. Before the animator is active they run (the model changes) when it
  /// becomes active, over the whole duration; on an active animator they run at once, over the
  /// remaining (1 − fractionComplete) × duration (`addAnimations(_:delayFactor:)`).
  public func addAnimations(_ animations: @escaping () -> Void) {
    addAnimations(animations, delayFactor: 0)
  }

  /// Adds animations that start after `delayFactor` (0...1) of the remaining duration and end
  /// with the animator: on an inactive animator the remaining duration is the whole duration.
  public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double) {
    let delayFactor = min(max(delayFactor.isNaN ? 0 : delayFactor, 0), 1)
    switch state {
    case .inactive: pending.append((animations, delayFactor))
    case .active: perform(animations, delayFactor: delayFactor)
    case .stopped: engine.report("addAnimations on a stopped PropertyAnimator; the animations were ignored")
    }
  }

  /// Adds a completion; completions run in order, once, with the position the animator ended at.
  public func addCompletion(_ completion: @escaping (Position) -> Void) {
    completions.append(completion)
  }

  // MARK: Fraction

  /// 0 at the start, 1 at the end, linear in time (while running it moves at 1/duration per
  /// second, or the rate of a continuation). Settable only while paused: values are clamped to
  /// 0...1; setting it on an inactive animator activates it, paused. Setting it while running or
  /// stopped is misuse (reported, ignored).
  public var fractionComplete: Double {
    get {
      guard let run else { return fraction }
      return run.from + (run.to - run.from) * run.drive.elapsed(at: engine.now)
    }
    set {
      guard !newValue.isNaN else { return }
      guard isInterruptible else {
        return engine.report("fractionComplete set on a PropertyAnimator that is not interruptible; ignored")
      }
      switch state {
      case .stopped: return engine.report("fractionComplete set on a stopped PropertyAnimator; ignored")
      case .inactive: activate()
      case .active:
        guard !isRunning else {
          return engine.report("fractionComplete set while the PropertyAnimator runs (pause it first); ignored")
        }
      }
      fraction = min(max(newValue, 0), 1)
      clock.mode = .paused(local: scrubsLinearly ? fraction : curve.value(at: fraction))
    }
  }

  // MARK: Control

  /// Runs from where the animator is towards the end (the start if `isReversed`). Activates an
  /// inactive animator; does nothing while already running; misuse on a stopped one.
  public func startAnimation() {
    if state == .stopped {
      return engine.report("startAnimation on a stopped PropertyAnimator; call finishAnimation(at:) first")
    }
    if state == .inactive { activate() }
    cancelDelayedStart()
    guard run == nil else { return }
    beginRun(fresh: false, seconds: nil)
  }

  /// Activates now (the model changes now; the start values show during the delay) and starts
  /// running after `delay` seconds.
  public func startAnimation(afterDelay delay: Double) {
    if state == .stopped {
      return engine.report("startAnimation on a stopped PropertyAnimator; call finishAnimation(at:) first")
    }
    if state == .inactive { activate() }
    guard run == nil, delayedStart == nil else { return }
    isRunning = true
    delayedStart = engine.schedule(at: engine.now + max(delay, 0)) {
      self.delayedStart = nil
      self.isRunning = false
      self.startAnimation()
    }
  }

  /// Freezes the animator where it is (an inactive one becomes active, paused at 0).
  public func pauseAnimation() {
    guard isInterruptible else {
      return engine.report("pauseAnimation on a PropertyAnimator that is not interruptible; ignored")
    }
    switch state {
    case .stopped: return engine.report("pauseAnimation on a stopped PropertyAnimator; ignored")
    case .inactive: activate()
    case .active:
      cancelDelayedStart()
      freeze()
    }
  }

  /// Stops an active animator where it is: its animations are removed and the properties keep
  /// what is on screen (the model becomes the current presentation). With `withoutFinishing`
  /// true it becomes inactive and no completion runs; with false it becomes stopped and
  /// `finishAnimation(at:)` must follow.
  public func stopAnimation(_ withoutFinishing: Bool) {
    guard isInterruptible else {
      return engine.report("stopAnimation on a PropertyAnimator that is not interruptible; ignored")
    }
    guard state == .active else { return }
    cancelDelayedStart()
    freeze()
    let now = engine.now
    // Only properties whose animation from this animator is still attached take the value on
    // screen; for additive ones only this animator's share of it.
    let updates: [(Change, AnimationValue)] = changes.compactMap { change in
      let mine = change.layer.animations.filter { a in
        a.property == change.property && groups.contains { $0 === a.group }
      }
      guard !mine.isEmpty else { return nil }
      let shown = change.layer.presentationValue(of: change.property, at: now)
      guard change.property.isAdditive else { return (change, shown) }
      var delta = change.start.zero
      for a in mine { delta = delta.plus(a.value(atLocal: a.timeBase.localTime(at: now))) }
      return (change, change.layer.model.value(of: change.property).plus(delta))
    }
    detachAll()
    for (change, value) in updates { setModel(change, value) }
    if withoutFinishing {
      state = .inactive
      changes = []
    } else {
      state = .stopped
    }
  }

  /// Ends a stopped animator: `.end` sets the animated properties to their end values,
  /// `.start` to the values before the animator, `.current` keeps them; then the completions run
  /// with `position`. Misuse unless the animator is stopped.
  public func finishAnimation(at position: Position) {
    guard state == .stopped else {
      return engine.report(
        "finishAnimation(at:) needs a stopped PropertyAnimator (call stopAnimation(false) first); ignored")
    }
    switch position {
    case .end: for change in changes { setModel(change, change.end) }
    case .start: for change in changes { setModel(change, change.start) }
    case .current: break
    }
    end(at: position)
  }

  /// Continues a paused (or running) animator towards the end (the start if `isReversed`).
  /// `parameters` nil keeps the current timing and resumes its curve; new parameters run a fresh
  /// curve from the value on screen. The remaining run takes `durationFactor × duration`
  /// seconds when `durationFactor > 0`, else the remaining time at the original speed
  /// (|target − fractionComplete| × duration); `.spring` parameters ignore both and take their
  /// settling time.
  public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
    guard state == .active else {
      return engine.report("continueAnimation on a PropertyAnimator that is not active; ignored")
    }
    cancelDelayedStart()
    freeze()
    var seconds: Double? = durationFactor > 0 ? durationFactor * duration : nil
    if let parameters {
      (curve, span) = parameters.clockCurve(duration: duration)
      if case .spring = parameters { seconds = span }
    }
    beginRun(fresh: parameters != nil, seconds: seconds)
  }

  // MARK: Internals

  /// inactive → active, paused at 0; the pending blocks run now.
  private func activate() {
    state = .active
    fraction = 0
    clock.mode = .paused(local: 0)
    let blocks = pending
    pending = []
    for block in blocks { perform(block.animations, delayFactor: block.delayFactor) }
  }

  /// Runs one block on the clock from the progress now to 1, after `delayFactor` of that span.
  private func perform(_ animations: () -> Void, delayFactor: Double) {
    let remaining = max(1 - clock.localTime(at: engine.now), 0)
    let group = engine.with(timeBase: clock) {
      engine.runBlock(
        duration: remaining * (1 - delayFactor), delay: remaining * delayFactor, timing: .progress,
        register: false,
        onChange: { [unowned self] layer, property, old, new in
          if let i = changes.firstIndex(where: { $0.layer === layer && $0.property == property }) {
            changes[i].end = new
          } else {
            changes.append(Change(layer: layer, property: property, start: old, end: new))
          }
        }, animations: animations, completion: nil)
    }
    groups.append(group)
  }

  /// Stops the clock where it is (no-op when not running).
  private func freeze() {
    isRunning = false
    guard let current = run else { return }
    fraction = fractionComplete
    clock.mode = .paused(local: clock.localTime(at: engine.now))
    engine.cancelTimer(current.timer)
    run = nil
  }

  /// Drives the clock from here to the target (1, or 0 when reversed). `fresh` runs the whole
  /// curve from the value on screen; otherwise the curve's segment from the current fraction.
  private func beginRun(fresh: Bool, seconds: Double?) {
    let now = engine.now
    let target: Double = isReversed ? 0 : 1
    let from = fraction
    let duration = max(seconds ?? abs(target - from) * span, 0)
    let drive = ClockDrive(
      start: now, seconds: duration, fromParameter: fresh ? 0 : from, toParameter: fresh ? 1 : target,
      fromLocal: clock.localTime(at: now), toLocal: target, curve: curve)
    clock.mode = .driven(drive)
    isRunning = true
    runCount += 1
    let token = runCount
    let timer = engine.schedule(at: now + duration) { self.runDidEnd(token) }
    run = (drive, from, target, token, timer)
  }

  private func runDidEnd(_ token: Int) {
    guard let current = run, current.token == token else { return }
    run = nil
    isRunning = false
    fraction = current.to
    clock.mode = .paused(local: current.drive.toLocal)
    if pausesOnCompletion { return }
    if current.to <= 0 { for change in changes { setModel(change, change.start) } }
    end(at: current.to <= 0 ? .start : .end)
  }

  /// Removes the animations, becomes inactive, runs the completions.
  private func end(at position: Position) {
    detachAll()
    state = .inactive
    changes = []
    let handlers = completions
    completions = []
    for handler in handlers { handler(position) }
  }

  private func detachAll() {
    for group in groups { engine.detachAnimations(of: group) }
    groups = []
  }

  private func cancelDelayedStart() {
    guard let id = delayedStart else { return }
    engine.cancelTimer(id)
    delayedStart = nil
    isRunning = false
  }

  /// Forgets everything pending without running it (its engine was abandoned): blocks not yet
  /// run, completions, the record of changes, the current run. The animator ends inactive.
  func abandon() {
    pending = []
    completions = []
    changes = []
    groups = []
    run = nil
    delayedStart = nil
    isRunning = false
    state = .inactive
  }

  /// Sets a model value without animating it, even inside an open animation block.
  private func setModel(_ change: Change, _ value: AnimationValue) {
    let saved = engine.blocks
    engine.blocks = []
    change.layer.set(change.property, value)
    engine.blocks = saved
  }
}

/// UIKit's names for the animator's enums.
public typealias ViewAnimatingState = PropertyAnimator.State
/// UIKit's name for `PropertyAnimator.Position` (UIViewAnimatingPosition).
public typealias ViewAnimatingPosition = PropertyAnimator.Position
