import Foundation
import Animator

/// The iOS back gesture (docs/effects.md#edge-pan): a pan that must start within 20 pt of a screen
/// edge (the left one by default), the transition following the finger.
///
/// * Progress p = translation away from the edge / the view's width (translation.x / W for the
///   left edge), clamped to 0…0.99 (the cap keeps the transition from completing under the
///   finger; see `progressCap`).
/// * Release rule (the system's exact threshold is undocumented; this is SloppySwiper's
///   "moving right finishes" made robust to a finger that is nearly still): with v the release
///   velocity away from the edge, **finish iff v > 100 pt/s, or p > 0.5 and v > −100 pt/s**.
///   A quick flick finishes from anywhere, a flick back toward the edge cancels from anywhere,
///   and a finger lifted at rest decides by position. A cancelled gesture always cancels.
/// * The remainder plays at completion speed 1 along an ease-out curve (the screen keeps the
///   finger's momentum instead of restarting slowly).
/// * Operations: pop, dismiss, and tab — the previous tab for the left edge, the next one for
///   the right edge.
@MainActor
public final class EdgePanInteractionController: GestureInteractionController {
  /// `.left` (the iOS back gesture) or `.right`.
  public let edge: RectEdge
  /// Release speeds (pt/s) at or below this are "at rest".
  public static let flickSpeed = 100.0

  /// A back gesture from `edge`: `.right`, or the left edge for any other value.
  public init(edge: RectEdge = .left) {
    self.edge = edge == .right ? .right : .left
    let pan = ScreenEdgePanGestureRecognizer()
    pan.edges = self.edge
    super.init(recognizer: pan)
    completionCurve = .easeOut
  }

  public override var supportedOperations: [TransitionOperation] { [.pop, .dismiss, .tab] }

  /// +1 when moving away from the left edge means +x, −1 for the right edge.
  private var sign: Double { edge == .left ? 1 : -1 }

  private func progress(_ pan: PanGestureRecognizer) -> Double {
    let width = pan.view?.bounds.width ?? Screen.main.bounds.width
    guard width > 0 else { return 0 }
    return min(max(sign * pan.translation(in: pan.view?.superview).x / width, 0), Self.progressCap)
  }

  /// The release rule above, for a progress and a velocity away from the edge.
  public static func shouldFinish(progress p: Double, velocity v: Double) -> Bool {
    v > flickSpeed || (p > 0.5 && v > -flickSpeed)
  }

  override func handle(_ recognizer: GestureRecognizer) {
    guard let pan = recognizer as? PanGestureRecognizer else { return }
    switch pan.state {
    case .began:
      begin(tabStep: edge == .left ? -1 : 1)
    case .changed:
      if interactionInProgress { update(progress(pan)) }
    case .ended:
      guard interactionInProgress else { return }
      let p = progress(pan)
      update(p)
      let v = sign * pan.velocity(in: pan.view?.superview).x
      end(finishing: Self.shouldFinish(progress: p, velocity: v), speed: 1)
    case .cancelled, .failed:
      end(finishing: false, speed: 1)
    case .possible:
      break
    }
  }
}
