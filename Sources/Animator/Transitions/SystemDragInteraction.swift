import Foundation

/// What the system's own drags share (a sheet's swipe down, the back swipe, the zoom's drag):
/// a pan that starts a transition and drives it percent by percent, then, on release, finishes
/// or cancels it in `releaseDuration` whichever way, easing out; a cancelled gesture cancels.
/// Subclasses say when the pan starts the transition (`start`), how far along it is
/// (`progress`) and which way a release goes (`shouldFinish`).
@MainActor
class SystemDragInteraction: PercentDrivenInteractiveTransition {
  /// The time the rest of the transition takes after release, either way, in seconds.
  let releaseDuration: Double
  /// Whether this drag started the transition it drives.
  private(set) var isDriving = false
  /// Whether the pan has been looked at: a pan begins at touch-down, before it has a direction.
  private var decided = false

  init(releaseDuration: Double) {
    self.releaseDuration = releaseDuration
    super.init()
    completionCurve = .easeOut
  }

  /// Whether the transition starts at touch-down (else at the first movement).
  var startsAtTouchDown: Bool { false }
  /// Starts the transition for `pan` if it should; returns whether one started.
  func start(_ pan: PanGestureRecognizer) -> Bool { false }
  /// The transition's progress for `pan`, in 0...1.
  func progress(_ pan: PanGestureRecognizer) -> Double { 0 }
  /// Whether releasing `pan` at `progress` finishes the transition.
  func shouldFinish(_ pan: PanGestureRecognizer, progress: Double) -> Bool { false }

  func handle(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      decided = startsAtTouchDown
      isDriving = startsAtTouchDown && start(pan)
    case .changed:
      let moved = pan.translation(in: nil)
      if !decided && (moved.x != 0 || moved.y != 0) {
        decided = true
        isDriving = start(pan)
      }
      if isDriving { update(progress(pan)) }
    case .ended:
      guard isDriving else { return }
      let p = progress(pan)
      update(p)
      release(finishing: shouldFinish(pan, progress: p))
    case .cancelled, .failed:
      if isDriving { release(finishing: false) }
    case .possible:
      break
    }
  }

  /// Plays the rest over `releaseDuration`, whichever way.
  private func release(finishing: Bool) {
    isDriving = false
    let remaining = (finishing ? 1 - percentComplete : percentComplete) * duration
    completionSpeed = remaining > 0 ? remaining / releaseDuration : 1
    if finishing { finish() } else { cancel() }
  }
}
