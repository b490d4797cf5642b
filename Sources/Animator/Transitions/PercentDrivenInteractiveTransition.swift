/// UIPercentDrivenInteractiveTransition: pauses the transition's clock, lets `update(_:)` scrub
/// it (percent maps linearly to time; each animation keeps its own curve), then plays the rest
/// forward (`finish`) or back to the start (`cancel`) at `completionSpeed` with
/// `completionCurve`. Use it with animators that create their animations synchronously in
/// `animateTransition`.
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
  /// The animator's `transitionDuration` once the transition has started.
  public private(set) var duration: Double = 0
  /// The last value passed to `update(_:)`, clamped to 0...1.
  public private(set) var percentComplete: Double = 0
  /// > 0; the remaining part takes (1 − percent) × duration / completionSpeed seconds.
  public var completionSpeed: Double = 1
  /// The curve of the finishing or cancelling part (default ease-in-ease-out).
  public var completionCurve: AnimationCurve = .easeInOut
  public var wantsInteractiveStart = true
  private var context: TransitionContext?

  /// The running transition, or nil once it has completed (late calls are ignored).
  private var activeContext: TransitionContext? {
    guard let context, !context.isComplete else { return nil }
    return context
  }

  public init() {}

  open func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
    guard let context = transitionContext as? TransitionContext else {
      AnimationEngine.current.report("PercentDrivenInteractiveTransition needs the context UIKit (the renderer) created")
      return
    }
    self.context = context
    duration = context.animator.transitionDuration(using: context)
    let base = context.timeBase
    base.mode = .paused(local: 0)
    AnimationEngine.current.with(timeBase: base) {
      context.animator.animateTransition(using: context)
    }
    if !wantsInteractiveStart { finish() }
  }

  /// Scrubs to `percentComplete` (values below 0 become 0, above 1 become 1).
  open func update(_ percentComplete: Double) {
    guard let context = activeContext else { return }
    let p = min(max(percentComplete, 0), 1)
    self.percentComplete = p
    context.timeBase.mode = .paused(local: p * duration)
    context.updateInteractiveTransition(p)
  }

  /// Pauses wherever the transition is (iOS 10's pauseInteractiveTransition).
  open func pause() {
    guard let context = activeContext else { return }
    let engine = AnimationEngine.current
    context.timeBase.mode = .paused(local: context.timeBase.localTime(at: engine.now))
    context.pauseInteractiveTransition()
  }

  /// Plays the rest forward: (1 − p) × duration / completionSpeed seconds along completionCurve.
  open func finish() {
    guard let context = activeContext else { return }
    let engine = AnimationEngine.current
    let from = context.timeBase.localTime(at: engine.now)
    let speed = completionSpeed > 0 ? completionSpeed : 1
    context.timeBase.mode = .ramp(
      start: engine.now, duration: max(duration - from, 0) / speed, from: from, to: duration,
      curve: completionCurve.timingFunction)
    context.finishInteractiveTransition()
  }

  /// Plays back to the start: p × duration / completionSpeed seconds; then every animation of
  /// the transition ends (completions report `finished == false`) and the animator's completion
  /// calls `completeTransition(false)`.
  open func cancel() {
    guard let context = activeContext else { return }
    let engine = AnimationEngine.current
    let from = context.timeBase.localTime(at: engine.now)
    let speed = completionSpeed > 0 ? completionSpeed : 1
    let seconds = max(from, 0) / speed
    context.timeBase.mode = .ramp(start: engine.now, duration: seconds, from: from, to: 0, curve: completionCurve.timingFunction)
    context.cancelInteractiveTransition()
    let base = context.timeBase
    engine.schedule(at: engine.now + seconds) { engine.completeAll(on: base, finished: false) }
  }
}

/// The names of UIKit's class without the prefix, for code that spells it out.
public typealias PercentDrivenTransition = PercentDrivenInteractiveTransition
