import Foundation
import Animator

/// An interaction controller driven by one gesture recognizer
/// (docs/effects.md#interaction-controllers): it attaches the recognizer to the shown view
/// controller's view, starts the operation when the gesture begins, maps the gesture to percent
/// complete, and finishes or cancels on release. It works with any animation controller that
/// creates its animations synchronously in `animateTransition` (every effect in the catalog).
///
/// Host contract (what UIKit delegates do with VCTransitionsLibrary's controllers): call
/// `wire(to:for:)` with the view controller being shown (navigation: on every will-show; modal:
/// the presented controller; tabs: on every selection change), and return the controller from
/// `interactionControllerFor…` only while `interactionInProgress` is true.
@MainActor
public protocol InteractionController: ViewControllerInteractiveTransitioning {
  /// True from the moment the gesture starts an operation until the finger lifts. The operation
  /// is started while this is already true, so the host's `interactionControllerFor…` sees it.
  var interactionInProgress: Bool { get }
  /// Attaches the recognizer to `viewController.view` (detaching it from wherever it was) and
  /// remembers which operation a gesture on it triggers. An operation this controller cannot
  /// trigger (see `InteractionKind.operations`) leaves the recognizer detached.
  func wire(to viewController: ViewController, for operation: TransitionOperation)
}

/// The interaction controllers in the catalog (`--interaction` on the command line).
package enum InteractionKind: String, CaseIterable, Sendable {
  case edgePan = "edge-pan"
  case horizontalSwipe = "horizontal-swipe"
  case verticalSwipe = "vertical-swipe"
  case pinch

  /// One line for `render list`.
  public var summary: String {
    switch self {
    case .edgePan: return "iOS back gesture: drag from the left screen edge; the screen follows the finger."
    case .horizontalSwipe: return "VCTransitionsLibrary horizontal swipe: 200 pt of travel = 100 %, finishes past half."
    case .verticalSwipe: return "VCTransitionsLibrary vertical swipe: 200 pt of travel = 100 %, finishes past half."
    case .pinch: return "VCTransitionsLibrary pinch: pinching in to half the starting spread finishes."
    }
  }

  /// The operations a gesture of this kind can trigger (never push or present).
  public var operations: [TransitionOperation] {
    switch self {
    case .edgePan, .horizontalSwipe: return [.pop, .dismiss, .tab]
    case .verticalSwipe, .pinch: return [.pop, .dismiss]
    }
  }

  /// A new controller of this kind.
  @MainActor
  public func makeController() -> InteractionController {
    switch self {
    case .edgePan: return EdgePanInteractionController()
    case .horizontalSwipe: return HorizontalSwipeInteractionController()
    case .verticalSwipe: return VerticalSwipeInteractionController()
    case .pinch: return PinchInteractionController()
    }
  }

  /// A new controller for `operation`, or an error naming the operations this kind supports.
  @MainActor
  public func makeController(for operation: TransitionOperation) throws -> InteractionController {
    guard operations.contains(operation) else {
      throw InteractionError(
        "the interaction '\(rawValue)' cannot drive a \(operation.rawValue); it drives \(operations.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return makeController()
  }

  /// A plausible human gesture for this kind on a `screen`-sized window, about 0.7 s long,
  /// beginning at `startTime`. With `finishing` the finger travels well past the finish
  /// threshold and lifts while still moving; otherwise it stops short, drifts back and lifts,
  /// so the transition snaps back (cancels).
  ///
  /// * edge-pan: from 4 pt inside the left edge, rightwards to 70 % of the width (cancelling:
  ///   out to 30 %, back to 18 %).
  /// * horizontal-swipe: right to left from 85 % of the width, 160 pt (p = 0.8); cancelling:
  ///   80 pt out (p = 0.4), back to 50 pt (p = 0.25). Right to left is what pops (the
  ///   library's default) and what selects the next tab.
  /// * vertical-swipe: downwards from 30 % of the height, same distances.
  /// * pinch: two fingers about the centre, 220 pt apart, pinching to 80 pt (scale 0.36,
  ///   p = 0.64); cancelling: to 150 pt (p = 0.32) and back open to 180 pt (p = 0.18).
  public func defaultGesture(screen: Size, finishing: Bool, startTime: Double = 0) -> TouchScript {
    let (w, h) = (screen.width, screen.height)
    switch self {
    case .edgePan:
      let y = 0.55 * h
      let path = finishing ? [0.7 * w] : [0.3 * w, 0.18 * w]
      return Self.drag(from: Point(x: 4, y: y), through: path.map { Point(x: $0, y: y) }, startTime: startTime)
    case .horizontalSwipe:
      let x0 = 0.85 * w, y = 0.5 * h
      let path = finishing ? [x0 - 160] : [x0 - 80, x0 - 50]
      return Self.drag(from: Point(x: x0, y: y), through: path.map { Point(x: $0, y: y) }, startTime: startTime)
    case .verticalSwipe:
      let x = 0.5 * w, y0 = 0.3 * h
      let path = finishing ? [y0 + 160] : [y0 + 80, y0 + 50]
      return Self.drag(from: Point(x: x, y: y0), through: path.map { Point(x: x, y: $0) }, startTime: startTime)
    case .pinch:
      let spreads = finishing ? [220.0, 80] : [220.0, 150, 180]
      return Self.pinch(center: Point(x: w / 2, y: h / 2), spreads: spreads, startTime: startTime)
    }
  }

  /// One finger from `start` through each point of `path`, 60 samples a second. The first leg
  /// takes 0.5 s (0.7 s when it is the only one), later legs 0.2 s each. Every leg follows
  /// s(v) = 0.7·(3v² − 2v³) + 0.3·v: the finger accelerates, slows, but is still moving (at
  /// 30 % of the leg's mean speed) when the leg ends — so the finger lifts while moving.
  static func drag(from start: Point, through path: [Point], startTime: Double) -> TouchScript {
    legs(from: [start], through: path.map { [$0] }, startTime: startTime)
  }

  /// Two fingers on a horizontal line through `center`, `spreads[0]` apart at the start, then
  /// moving to each following spread (timing as `drag`).
  static func pinch(center: Point, spreads: [Double], startTime: Double) -> TouchScript {
    func fingers(_ d: Double) -> [Point] {
      [Point(x: center.x - d / 2, y: center.y), Point(x: center.x + d / 2, y: center.y)]
    }
    return legs(from: fingers(spreads[0]), through: spreads.dropFirst().map(fingers), startTime: startTime)
  }

  private static func legs(from start: [Point], through stops: [[Point]], startTime: Double) -> TouchScript {
    let step = 1.0 / 60
    var samples = [TouchSample(time: startTime, locations: start, phase: .began)]
    var t = startTime, here = start
    for (i, stop) in stops.enumerated() {
      let legDuration = i == 0 ? (stops.count == 1 ? 0.7 : 0.5) : 0.2
      let n = Int((legDuration / step).rounded())
      for k in 1...n {
        let v = Double(k) / Double(n)
        let s = 0.7 * v * v * (3 - 2 * v) + 0.3 * v
        let p = zip(here, stop).map { a, b in Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s) }
        let last = i == stops.count - 1 && k == n
        samples.append(TouchSample(time: t + legDuration * v, locations: p, phase: last ? .ended : .moved))
      }
      t += legDuration
      here = stop
    }
    return try! TouchScript(samples: samples)
  }
}

/// A request the catalog cannot satisfy (e.g. a pinch driving a tab switch).
package struct InteractionError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// The machinery the four controllers share: wiring, triggering the operation, and the
/// bookkeeping that lets one controller serve many gestures in a row.
@MainActor
open class GestureInteractionController: PercentDrivenInteractiveTransition, InteractionController {
  public private(set) var interactionInProgress = false
  /// The operation a gesture triggers, set by `wire`.
  public private(set) var operation: TransitionOperation?
  /// The view controller `wire` attached the recognizer to, held weakly: nil before wiring
  /// or once it is gone (a gesture then starts nothing).
  public private(set) weak var viewController: ViewController?
  /// The recognizer, created by the subclass.
  public let recognizer: GestureRecognizer
  /// Whether a transition started for the current gesture (the host may have declined it, or
  /// there was nothing to pop).
  private var transitionStarted = false

  init(recognizer: GestureRecognizer) {
    self.recognizer = recognizer
    super.init()
    // UIKit target-action: the recognizer (owned by this controller, installed on the wired
    // view) does not retain its target.
    recognizer.addTarget(self, action: GestureInteractionController.handle)
  }

  /// The operations this controller can trigger.
  open var supportedOperations: [TransitionOperation] { [.pop, .dismiss, .tab] }

  public func wire(to viewController: ViewController, for operation: TransitionOperation) {
    recognizer.view?.removeGestureRecognizer(recognizer)
    self.viewController = viewController
    guard supportedOperations.contains(operation) else {
      self.operation = nil
      return
    }
    self.operation = operation
    viewController.view.addGestureRecognizer(recognizer)
  }

  open override func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
    transitionStarted = true
    super.startInteractiveTransition(transitionContext)
  }

  /// Subclasses: turn recognizer states into `begin`, `update` and `end` calls.
  func handle(_ recognizer: GestureRecognizer) {}

  /// Starts the wired operation; `tabStep` is +1 for the next tab, −1 for the previous one.
  /// Returns whether an interactive transition started.
  @discardableResult
  func begin(tabStep: Int = 1) -> Bool {
    guard let operation, let vc = viewController, !interactionInProgress else { return false }
    transitionStarted = false
    completionSpeed = 1
    interactionInProgress = true
    switch operation {
    case .pop:
      vc.navigationController?.popViewController(animated: true)
    case .dismiss:
      vc.dismiss(animated: true)
    case .tab:
      if let tabs = vc.tabBarController {
        let index = tabs.selectedIndex + tabStep
        if tabs.viewControllers?.indices.contains(index) == true { tabs.selectedIndex = index }
      }
    case .push, .present:
      break
    }
    if !transitionStarted { interactionInProgress = false }
    return transitionStarted
  }

  /// Ends the gesture: finishes or cancels the running transition at `speed`.
  func end(finishing: Bool, speed: Double) {
    guard interactionInProgress else { return }
    interactionInProgress = false
    guard transitionStarted else { return }
    transitionStarted = false
    completionSpeed = max(speed, 0.01)
    if finishing { finish() } else { cancel() }
  }

  /// The progress cap of VCTransitionsLibrary (docs/effects.md#progress-cap): driving a
  /// percent-driven transition to exactly 100 % ends it while the finger is still down.
  public static let progressCap = 0.99
}
