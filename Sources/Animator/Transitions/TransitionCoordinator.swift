import Foundation

// UIViewControllerTransitionCoordinator and its context: what `transitionCoordinator` answers
// with while a transition runs (docs/uikit-transitions.md#transition-coordinator). The running
// transition's context is the coordinator, as the two protocols share most of their surface.

extension TransitionContext {
  /// UIViewControllerTransitionCoordinator's `animate(alongsideTransition:completion:)`:
  /// `animation`'s changes are animated with the transition: over its duration, ease-in-ease-out,
  /// on its clock (or added to the interruptible animator that drives it), so an interaction
  /// scrubs them with the finger and a cancel plays them back; `completion` runs once the
  /// transition has completed (check `isCancelled`: a cancelled transition's alongside changes
  /// stay in the model, as in UIKit, unless undone there). Blocks given before the transition
  /// starts run when it starts. Returns false, running nothing, once the transition has
  /// completed.
  @discardableResult
  public func animate(
    alongsideTransition animation: ((TransitionContext) -> Void)?, completion: ((TransitionContext) -> Void)? = nil
  ) -> Bool {
    guard !isComplete else { return false }
    if let completion { alongsideCompletions.append(completion) }
    if let animation {
      alongsideAnimations.append(animation)
      if started { runAlongsideAnimations() }
    }
    return true
  }

  /// UIViewControllerTransitionCoordinator's `animateAlongsideTransition(in:animation:completion:)`:
  /// the same as `animate(alongsideTransition:completion:)` for views outside the container (a
  /// bar, a toolbar); `view` names where they are, and the animations run on the transition's
  /// clock wherever they are.
  @discardableResult
  public func animateAlongsideTransition(
    in view: View?, animation: ((TransitionContext) -> Void)?, completion: ((TransitionContext) -> Void)? = nil
  ) -> Bool {
    animate(alongsideTransition: animation, completion: completion)
  }

  /// UIViewControllerTransitionCoordinator's `notifyWhenInteractionChanges(_:)`: `handler` runs
  /// each time the transition goes from interactive to not (the interaction controller finishes
  /// or cancels it) or back (it pauses it), until the transition completes.
  public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionContext) -> Void) {
    guard !isComplete else { return }
    interactionHandlers.append(handler)
  }

  /// UIViewControllerTransitionCoordinatorContext's isCancelled.
  public var isCancelled: Bool { transitionWasCancelled }

  /// Whether the transition runs an interruptible animator (`interruptibleAnimator(using:)`).
  public var isInterruptible: Bool { drivingAnimator != nil }

  /// The animator's duration for this transition, in seconds (0 without an animator).
  public var transitionDuration: Double { animator?.transitionDuration(using: self) ?? 0 }

  /// The curve of the part after the interaction: the interaction controller's
  /// `completionCurve`, ease-in-ease-out without one.
  public var completionCurve: AnimationCurve { interaction?.completionCurve ?? .easeInOut }

  /// The speed of the part after the interaction relative to `transitionDuration` (> 0): the
  /// interaction controller's `completionSpeed`, 1 without one.
  public var completionVelocity: CGFloat { interaction?.completionSpeed ?? 1 }

  /// Runs the alongside blocks given so far: in the interruptible animator that drives the
  /// transition, or as one animation block on the transition's clock.
  func runAlongsideAnimations() {
    let blocks = alongsideAnimations
    alongsideAnimations = []
    guard !blocks.isEmpty else { return }
    let all = { for block in blocks { block(self) } }
    if let drivingAnimator, drivingAnimator.state != .stopped {
      drivingAnimator.addAnimations(all)
      return
    }
    AnimationEngine.current.with(timeBase: timeBase) {
      View.animate(withDuration: transitionDuration, animations: all)
    }
  }
}
