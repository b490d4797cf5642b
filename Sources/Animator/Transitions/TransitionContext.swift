import Foundation
/// The transition context UIKit would create: it owns the transition's time base (so an
/// interaction controller can scrub it), hands views to the animator, and runs the owner's
/// clean-up once `completeTransition` is called.
@MainActor
public final class TransitionContext: ViewControllerContextTransitioning {
  public let containerView: View
  public let isAnimated: Bool
  public private(set) var isInteractive: Bool
  public private(set) var transitionWasCancelled = false
  public let presentationStyle: ModalPresentationStyle
  /// The last value passed to `updateInteractiveTransition`.
  public private(set) var percentComplete: CGFloat = 0
  /// Whether `completeTransition` has been called.
  public private(set) var isComplete = false
  /// UIViewControllerTransitionCoordinatorContext.initiallyInteractive: whether an interaction
  /// controller started the transition; never changes.
  public let initiallyInteractive: Bool
  /// The interaction controller driving the transition, while it runs.
  private(set) weak var interaction: ViewControllerInteractiveTransitioning?
  /// The animator's interruptible animator when the transition drives it
  /// (docs/uikit-transitions.md#interruptible-animator); alongside animations join it.
  var drivingAnimator: PropertyAnimator?
  /// Handlers of `notifyWhenInteractionChanges`, let go once the transition has completed.
  var interactionHandlers: [(TransitionContext) -> Void] = []

  let fromView: View?
  let toView: View?
  let frames: [ObjectIdentifier: (initial: Rect, final: Rect)]
  /// The view controllers and the animator: owned while the transition runs, only pointed at
  /// once it has completed. Code that keeps the context after completion (seed 000's custom
  /// interaction controller stores it in a property and never clears it; a view controller
  /// may be its own animator) would otherwise keep itself alive through it.
  private var participants: (from: ViewController, to: ViewController, animator: ViewControllerAnimatedTransitioning)?
  private weak var completedFrom: ViewController?
  private weak var completedTo: ViewController?
  private weak var completedAnimator: ViewControllerAnimatedTransitioning?

  var fromViewController: ViewController? { participants?.from ?? completedFrom }
  var toViewController: ViewController? { participants?.to ?? completedTo }
  /// The animator running this transition (after completion: while something else holds it).
  public var animator: ViewControllerAnimatedTransitioning? { participants?.animator ?? completedAnimator }
  /// Every animation created for the transition runs on this clock.
  let timeBase: TimeBase
  /// The owner's clean-up (hierarchy, callbacks), run once with the completion flag, then
  /// released: it captures the view controllers and views of the transition.
  private var onComplete: ((Bool) -> Void)?
  /// Blocks given to `animate(alongsideTransition:completion:)`: animations wait for `start`,
  /// completions for `completeTransition`; each list is let go once run.
  var alongsideAnimations: [(TransitionContext) -> Void] = []
  var alongsideCompletions: [(TransitionContext) -> Void] = []
  private(set) var started = false

  init(
    containerView: View, from: ViewController, to: ViewController, fromView: View?, toView: View?,
    frames: [ObjectIdentifier: (initial: Rect, final: Rect)], style: ModalPresentationStyle,
    animated: Bool, interactive: Bool, animator: ViewControllerAnimatedTransitioning,
    onComplete: @escaping (Bool) -> Void
  ) {
    self.containerView = containerView
    self.participants = (from, to, animator)
    self.fromView = fromView
    self.toView = toView
    self.frames = frames
    self.presentationStyle = style
    self.isAnimated = animated
    self.isInteractive = interactive
    self.initiallyInteractive = interactive
    self.onComplete = onComplete
    self.timeBase = TimeBase(startingAt: AnimationEngine.current.now)
    // The coordinator the participants (and their containers) answer with while it runs.
    for vc in [from, to, from.parent, to.parent].compactMap({ $0 }) { vc.runningTransition = self }
  }

  public func viewController(forKey key: TransitionContextKey) -> ViewController? {
    key == .from ? fromViewController : toViewController
  }

  public func view(forKey key: TransitionContextKey) -> View? {
    key == .from ? fromView : toView
  }

  public func initialFrame(for vc: ViewController) -> Rect {
    guard let f = frames[ObjectIdentifier(vc)] else {
      AnimationEngine.current.report(
        "initialFrame(for:) asked for a view controller that is not part of this transition")
      return .zero
    }
    return f.initial
  }

  public func finalFrame(for vc: ViewController) -> Rect {
    guard let f = frames[ObjectIdentifier(vc)] else {
      AnimationEngine.current.report("finalFrame(for:) asked for a view controller that is not part of this transition")
      return .zero
    }
    return f.final
  }

  public func updateInteractiveTransition(_ percentComplete: CGFloat) {
    self.percentComplete = percentComplete
  }

  public func finishInteractiveTransition() {
    setInteractive(false)
  }

  public func cancelInteractiveTransition() {
    transitionWasCancelled = true
    setInteractive(false)
  }

  public func pauseInteractiveTransition() {
    setInteractive(true)
  }

  /// Changes `isInteractive`, telling the `notifyWhenInteractionChanges` handlers when it
  /// changes.
  private func setInteractive(_ interactive: Bool) {
    guard interactive != isInteractive else { return }
    isInteractive = interactive
    for handler in interactionHandlers { handler(self) }
  }

  public func completeTransition(_ didComplete: Bool) {
    guard !isComplete else {
      AnimationEngine.current.report(
        "\(transitionName) called completeTransition a second time; it must be called exactly once")
      return
    }
    isComplete = true
    let engine = AnimationEngine.current
    engine.lastTransitionCompletion = engine.now
    engine.completedTransitions += 1
    // A completed transition is the engine's no longer: whoever still holds the context (an
    // interaction controller, an animator) decides how long it lives.
    engine.runningTransitions.removeAll { $0 === self }
    let cleanUp = onComplete
    onComplete = nil
    cleanUp?(didComplete)
    let completions = alongsideCompletions
    (alongsideAnimations, alongsideCompletions, interactionHandlers) = ([], [], [])
    drivingAnimator = nil
    for completion in completions { completion(self) }
    guard let participants else { return }
    participants.animator.animationEnded(didComplete)
    (completedFrom, completedTo, completedAnimator) = participants
    self.participants = nil
  }

  /// Starts the transition: the interaction controller if there is one, else the animator,
  /// with every animation they create joining this transition's clock. Without an interaction
  /// controller, an interruptible animator that `animateTransition` left inactive (an empty
  /// `animateTransition`) is started, as UIKit does.
  func start(interaction: ViewControllerInteractiveTransitioning?) {
    let engine = AnimationEngine.current
    engine.runningTransitions.append(self)
    engine.startedTransitions += 1
    guard let animator else { return }
    self.interaction = interaction
    engine.with(timeBase: timeBase) {
      if let interaction {
        interaction.startInteractiveTransition(self)
      } else {
        animator.animateTransition(using: self)
        if !isComplete, let propertyAnimator = animator.interruptibleAnimator(using: self) {
          drivingAnimator = propertyAnimator
          if propertyAnimator.state == .inactive { propertyAnimator.startAnimation() }
        }
      }
    }
    started = true
    runAlongsideAnimations()
  }
}

extension TransitionContext {
  /// "the animator CubeAnimator (transition from Inbox to Message)": which transition, in
  /// messages.
  var transitionName: String {
    "the animator \(animator.map { String(describing: type(of: $0)) } ?? "?") (transition from \(fromViewController?.debugName ?? "?") to \(toViewController?.debugName ?? "?"))"
  }
}

extension AnimationEngine {
  /// Transitions that have started and not yet completed (checked by the renderer: one that
  /// never completes is an error, not a hang).
  var unfinishedTransitions: [TransitionContext] { runningTransitions.filter { !$0.isComplete } }

  /// A one-line description of each transition still waiting for `completeTransition`.
  public var pendingTransitionProblems: [String] {
    unfinishedTransitions.map { "\($0.transitionName) never called completeTransition" }
  }

  /// The duration its animator gives (`transitionDuration(using:)`) of the most recently
  /// started transition that has not completed, or nil when none is running.
  public var durationOfRunningTransition: Double? { unfinishedTransitions.last?.transitionDuration }
}
