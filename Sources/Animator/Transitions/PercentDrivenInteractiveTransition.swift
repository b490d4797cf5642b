import Foundation
/// UIPercentDrivenInteractiveTransition: pauses the transition's clock, lets `update(_:)` scrub
/// it (percent maps linearly to time; each animation keeps its own curve), then plays the rest
/// forward (`finish`) or back to the start (`cancel`) at `completionSpeed` with
/// `completionCurve`. Use it with animators that create their animations synchronously in
/// `animateTransition`.
///
/// iOS 10: when the animator returns an `interruptibleAnimator(using:)`, that property animator
/// is driven instead (and `animateTransition` is not called): starting pauses it (activating
/// it), `update` sets its `fractionComplete` (scrubbing as its `scrubsLinearly` says), `finish`
/// continues it forward and `cancel` reverses it to its start, each over the same time as
/// above ((1 − p) or p × its duration / completionSpeed) with `timingCurve` (nil: the
/// animator's own timing). The animator's completion must call `completeTransition`; a
/// cancelled run ends at `.start`, with the animated properties back at their start values.
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
  /// The animator's `transitionDuration` once the transition has started.
  public private(set) var duration: Double = 0
  /// The last value passed to `update(_:)`, clamped to 0...1.
  public private(set) var percentComplete: CGFloat = 0
  /// > 0; the remaining part takes (1 − percent) × duration / completionSpeed seconds.
  open var completionSpeed: CGFloat = 1
  /// The curve of the finishing or cancelling part (default ease-in-ease-out).
  open var completionCurve: AnimationCurve = .easeInOut
  /// iOS 10's timingCurve: the timing of the finishing or cancelling part of an interruptible
  /// animator (nil keeps the animator's own); `completionCurve` is not used then.
  open var timingCurve: TimingParameters?
  open var wantsInteractiveStart = true
  /// The transition being driven. Weak: the engine holds a transition until it completes, and
  /// an interaction controller usually lives on (a delegate's property, reused for the next
  /// gesture) — holding the context would keep the finished transition's view controllers,
  /// views and animator alive, and close a cycle when the controller's owner is one of them.
  private weak var context: TransitionContext?
  /// The transition's interruptible animator, when it has one (the animator keeps it for the
  /// life of the transition; this reference is dropped when the next transition starts).
  private var propertyAnimator: PropertyAnimator?

  /// The running transition, or nil once it has completed (late calls are ignored).
  private var activeContext: TransitionContext? {
    guard let context, !context.isComplete else { return nil }
    return context
  }

  /// An idle controller with the defaults (completion speed 1, ease-in-ease-out, no
  /// `timingCurve`); hand it to the delegate, it starts when the transition does.
  public init() {}

  open func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
    guard let context = transitionContext as? TransitionContext else {
      AnimationEngine.current.report(
        "PercentDrivenInteractiveTransition needs the context UIKit (the renderer) created")
      return
    }
    self.context = context
    propertyAnimator = nil
    guard let transitionAnimator = context.animator else { return }
    duration = transitionAnimator.transitionDuration(using: context)
    if let animator = transitionAnimator.interruptibleAnimator(using: context) {
      propertyAnimator = animator
      context.drivingAnimator = animator
      animator.pauseAnimation()
      if !wantsInteractiveStart { finish() }
      return
    }
    let base = context.timeBase
    base.mode = .paused(local: 0)
    AnimationEngine.current.with(timeBase: base) {
      transitionAnimator.animateTransition(using: context)
    }
    if !wantsInteractiveStart { finish() }
  }

  /// Scrubs to `percentComplete` (values below 0 become 0, above 1 become 1).
  open func update(_ percentComplete: CGFloat) {
    guard let context = activeContext else { return }
    let p = min(max(percentComplete, 0), 1)
    self.percentComplete = p
    if let propertyAnimator {
      propertyAnimator.fractionComplete = p
    } else {
      context.timeBase.mode = .paused(local: p * duration)
    }
    context.updateInteractiveTransition(p)
  }

  /// Pauses wherever the transition is (iOS 10's pauseInteractiveTransition).
  open func pause() {
    guard let context = activeContext else { return }
    let engine = AnimationEngine.current
    if let propertyAnimator {
      propertyAnimator.pauseAnimation()
      percentComplete = propertyAnimator.fractionComplete
    } else {
      context.timeBase.mode = .paused(local: context.timeBase.localTime(at: engine.now))
    }
    context.pauseInteractiveTransition()
  }

  /// Plays the rest forward: (1 − p) × duration / completionSpeed seconds along completionCurve.
  open func finish() {
    guard let context = activeContext else { return }
    let speed = completionSpeed > 0 ? completionSpeed : 1
    if let propertyAnimator {
      context.finishInteractiveTransition()
      propertyAnimator.isReversed = false
      continueAnimator(propertyAnimator, for: 1 - propertyAnimator.fractionComplete, speed: speed)
      return
    }
    let engine = AnimationEngine.current
    let from = context.timeBase.localTime(at: engine.now)
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
    let speed = completionSpeed > 0 ? completionSpeed : 1
    if let propertyAnimator {
      context.cancelInteractiveTransition()
      propertyAnimator.isReversed = true
      continueAnimator(propertyAnimator, for: propertyAnimator.fractionComplete, speed: speed)
      return
    }
    let engine = AnimationEngine.current
    let from = context.timeBase.localTime(at: engine.now)
    let seconds = max(from, 0) / speed
    context.timeBase.mode = .ramp(
      start: engine.now, duration: seconds, from: from, to: 0, curve: completionCurve.timingFunction)
    context.cancelInteractiveTransition()
    let base = context.timeBase
    // Weak: the timer lives in the engine, which must not hold itself.
    engine.schedule(at: engine.now + seconds) { [weak engine] in engine?.completeAll(on: base, finished: false) }
  }

  /// Continues an interruptible animator over `remaining` of its duration / `speed` seconds
  /// (at once when nothing remains).
  private func continueAnimator(_ animator: PropertyAnimator, for remaining: Double, speed: Double) {
    let factor = max(remaining, 0) / speed
    if factor > 0 {
      animator.continueAnimation(withTimingParameters: timingCurve, durationFactor: factor)
    } else {
      // durationFactor 0 means "the remaining time", which is 0 here: end now.
      animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }
  }
}

/// The names of UIKit's class without the prefix, for code that spells it out.
public typealias PercentDrivenTransition = PercentDrivenInteractiveTransition
