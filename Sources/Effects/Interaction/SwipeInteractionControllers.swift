import Foundation
import Animator

/// The VCTransitionsLibrary swipes (docs/effects.md#swipe-interaction), shared by the horizontal
/// and vertical controllers: a pan anywhere on the wired view.
///
/// * Progress p = min(|translation along the axis| / 200 pt, 1), capped at 0.99.
/// * On release: **finish iff p > 0.5** (100 pt of travel) and the gesture ended normally; a
///   cancelled gesture always cancels.
/// * Completion speed **1 − p**, so a finishing transition always takes exactly D more seconds
///   after release and a cancelling one p·D / (1 − p).
/// * The operation starts on the first movement, not at touch-down: the recognizers here begin
///   on the first touch, before there is any translation or velocity to tell the direction (a
///   UIKit pan begins only after some movement). The direction is the sign of the velocity
///   over that first movement, or of the translation when the velocity is zero.
@MainActor
open class SwipeInteractionController: GestureInteractionController {
  /// Travel that counts as 100 %.
  public static let travel = 200.0
  private var awaitingDirection = false

  init() { super.init(recognizer: PanGestureRecognizer()) }

  /// The component along the swipe axis (x or y).
  func along(_ p: Point) -> Double { fatalError("subclass") }

  /// Whether a swipe starting in `direction` (+1: right/down, −1: left/up) may start the wired
  /// operation, and which tab step it means.
  func accepts(direction: Double) -> (start: Bool, tabStep: Int) { fatalError("subclass") }

  override func handle(_ recognizer: GestureRecognizer) {
    guard let pan = recognizer as? PanGestureRecognizer else { return }
    let space = pan.view?.superview
    let p = min(min(abs(along(pan.translation(in: space))) / Self.travel, 1), Self.progressCap)
    switch pan.state {
    case .began:
      awaitingDirection = true
    case .changed:
      if awaitingDirection {
        let v = along(pan.velocity(in: space)), t = along(pan.translation(in: space))
        let direction = v != 0 ? v : t
        guard direction != 0 else { return }
        awaitingDirection = false
        let decision = accepts(direction: direction > 0 ? 1 : -1)
        if decision.start { begin(tabStep: decision.tabStep) }
      }
      if interactionInProgress { update(p) }
    case .ended:
      awaitingDirection = false
      guard interactionInProgress else { return }
      update(p)
      end(finishing: percentComplete > 0.5, speed: 1 - percentComplete)
    case .cancelled, .failed:
      awaitingDirection = false
      end(finishing: false, speed: 1 - percentComplete)
    case .possible:
      break
    }
  }
}

/// VCTransitionsLibrary's horizontal swipe: pop (right to left only, by default), dismiss
/// (either way), tab (right to left selects the next tab, left to right the previous one).
@MainActor
public final class HorizontalSwipeInteractionController: SwipeInteractionController {
  /// Pops on a right-to-left swipe (the library's default) or, when false, on left-to-right.
  /// Unlike the library, which sets it back on every wiring, wiring does not reset it.
  public var popOnRightToLeft = true

  /// An unwired controller that pops on a right-to-left swipe; `wire` it to a screen.
  public override init() { super.init() }

  public override var supportedOperations: [TransitionOperation] { [.pop, .dismiss, .tab] }

  override func along(_ p: Point) -> Double { p.x }

  override func accepts(direction: Double) -> (start: Bool, tabStep: Int) {
    let rightToLeft = direction < 0
    switch operation {
    case .pop: return (rightToLeft == popOnRightToLeft, 0)
    case .dismiss: return (true, 0)
    case .tab: return (true, rightToLeft ? 1 : -1)
    default: return (false, 0)
    }
  }
}

/// VCTransitionsLibrary's vertical swipe: pop only for a downward swipe, dismiss either way; no
/// tab switches (the library refuses them).
@MainActor
public final class VerticalSwipeInteractionController: SwipeInteractionController {
  /// An unwired controller; `wire` it to a screen.
  public override init() { super.init() }

  public override var supportedOperations: [TransitionOperation] { [.pop, .dismiss] }

  override func along(_ p: Point) -> Double { p.y }

  override func accepts(direction: Double) -> (start: Bool, tabStep: Int) {
    switch operation {
    case .pop: return (direction > 0, 0)
    case .dismiss: return (true, 0)
    default: return (false, 0)
    }
  }
}

/// VCTransitionsLibrary's pinch: pinching in drives pop (navigation) or dismiss.
///
/// * Progress p = 1 − scale / scale at the start (0 at touch-down, 0.5 at half the starting
///   spread), clamped to 0…0.99 (the library clamps nothing; pinching out reads as 0 here).
/// * Finish iff p > 0.5 and the gesture ended normally; completion speed 1 − p, as the swipes.
/// * Starts at touch-down (no direction check). Tab switches are not supported (the library
///   would dismiss instead).
@MainActor
public final class PinchInteractionController: GestureInteractionController {
  private var startScale = 1.0

  /// An unwired controller; `wire` it to a screen.
  public init() { super.init(recognizer: PinchGestureRecognizer()) }

  public override var supportedOperations: [TransitionOperation] { [.pop, .dismiss] }

  override func handle(_ recognizer: GestureRecognizer) {
    guard let pinch = recognizer as? PinchGestureRecognizer else { return }
    let p = min(max(1 - pinch.scale / startScale, 0), Self.progressCap)
    switch pinch.state {
    case .began:
      startScale = pinch.scale > 0 ? pinch.scale : 1
      begin()
    case .changed:
      if interactionInProgress { update(p) }
    case .ended:
      guard interactionInProgress else { return }
      update(p)
      end(finishing: percentComplete > 0.5, speed: 1 - percentComplete)
    case .cancelled, .failed:
      end(finishing: false, speed: 1 - percentComplete)
    case .possible:
      break
    }
  }
}
