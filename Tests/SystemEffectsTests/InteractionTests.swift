import AnimatorTestSupport
import Foundation
import Testing
@testable import Animator
@testable import Effects

/// Interaction controllers (docs/effects.md#interaction-controllers): scripted gestures played on
/// the virtual clock.
@MainActor
@Suite("Interaction controllers", .resetEngineAfterEachTest)
struct InteractionTests {
  /// (kind, operation, finishing) for every operation each kind supports.
  nonisolated static let cases: [(InteractionKind, TransitionOperation, Bool)] = InteractionKind.allCases.flatMap { k in
    k.operations.flatMap { op in [(k, op, true), (k, op, false)] }
  }

  /// A scene ready for `op`, with a controller of `kind` wired to the shown view controller.
  /// Edge pans switch tabs backwards (from tab 1), swipes forwards (from tab 0).
  func wired(
    _ kind: InteractionKind, _ op: TransitionOperation, effect: String = "slide", parameters: [String: String] = [:]
  )
    throws -> (Scene, InteractionController)
  {
    let host = try Host(effect: EffectCatalog.effect(named: effect)!, parameters: parameters)
    let s = Scene.ready(for: op, host: host, tabFrom: kind == .edgePan ? 1 : 0)
    let controller = try kind.makeController(for: op)
    host.interaction = controller
    let shown: ViewController = op == .tab ? s.tabs!.selectedViewController! : s.second
    controller.wire(to: shown, for: op)
    return (s, controller)
  }

  func play(_ script: TouchScript, in s: Scene) { TouchPlayer(script: script, window: s.window).start() }

  /// Whether the operation happened (true) or the scene is as it was (false).
  func operationDone(_ s: Scene, _ op: TransitionOperation, _ kind: InteractionKind) -> Bool {
    switch op {
    case .pop: return s.nav!.viewControllers.count == 1 && s.second.view.window == nil
    case .dismiss: return s.second.view.window == nil && s.first.view.window === s.window
    case .tab: return s.tabs!.selectedIndex == (kind == .edgePan ? 0 : 1)
    default: return false
    }
  }

  @Test("the default gesture of each kind finishes or snaps back, for each operation it can drive", arguments: cases)
  func defaultGestures(_ kind: InteractionKind, _ op: TransitionOperation, _ finishing: Bool) throws {
    let (s, controller) = try wired(kind, op)
    let before = s.window.layer.presentationSnapshot()
    let script = kind.defaultGesture(screen: Size(width: W, height: H), finishing: finishing, startTime: 0.1)
    let duration = script.samples.last!.time - script.samples.first!.time
    #expect(duration >= 0.6 && duration <= 0.8)
    play(script, in: s)
    s.engine.advance(to: 0.45)
    // Mid-gesture: one transition, scrubbing, not finished.
    #expect(controller.interactionInProgress)
    #expect(s.host.animators.count == 1 && s.host.animators[0].ended.isEmpty)
    #expect(s.window.layer.presentationSnapshot() != before)
    s.engine.advance(to: 5)
    #expect(!controller.interactionInProgress)
    #expect(s.host.animators.map(\.ended) == [[finishing]])
    #expect(operationDone(s, op, kind) == finishing)
    if !finishing { #expect(s.window.layer.presentationSnapshot() == before) }
    #expect(s.engine.diagnostics.isEmpty && s.engine.pendingTransitionProblems.isEmpty)
  }

  @Test("one controller serves gesture after gesture: a cancelled swipe, then a finishing one")
  func reuse() throws {
    let (s, controller) = try wired(.horizontalSwipe, .pop)
    play(
      InteractionKind.horizontalSwipe.defaultGesture(screen: Size(width: W, height: H), finishing: false, startTime: 0),
      in: s)
    play(
      InteractionKind.horizontalSwipe.defaultGesture(screen: Size(width: W, height: H), finishing: true, startTime: 2),
      in: s)
    s.engine.advance(to: 1.9)
    #expect(s.host.animators.map(\.ended) == [[false]] && s.nav!.viewControllers.count == 2)
    s.engine.advance(to: 5)
    #expect(s.host.animators.map(\.ended) == [[false], [true]] && s.nav!.viewControllers.count == 1)
    #expect(!controller.interactionInProgress)
  }

  /// A one-finger script through (time, x, y) points, the last one lifting.
  func script(_ points: [(Double, Double, Double)]) -> TouchScript {
    try! TouchScript(
      samples: points.enumerated().map { i, p in
        TouchSample(
          time: p.0, locations: [Point(x: p.1, y: p.2)],
          phase: i == 0 ? .began : (i == points.count - 1 ? .ended : .moved))
      })
  }

  /// Samples every 1/60 s moving linearly between the given stops.
  func path(_ stops: [(Double, Double)], y: Double = 300) -> TouchScript {
    var points: [(Double, Double, Double)] = [(stops[0].0, stops[0].1, y)]
    for (a, b) in zip(stops, stops.dropFirst()) {
      let n = max(1, Int(((b.0 - a.0) * 60).rounded()))
      for k in 1...n { let v = Double(k) / Double(n); points.append((a.0 + (b.0 - a.0) * v, a.1 + (b.1 - a.1) * v, y)) }
    }
    return script(points)
  }

  @Test("VCTransitionsLibrary cap: 300 pt of swipe holds the transition at 0.99, unfinished, until release")
  func cap() throws {
    let (s, controller) = try wired(.horizontalSwipe, .pop)
    let pd = controller as! PercentDrivenInteractiveTransition
    play(path([(0, 310), (0.3, 10), (0.8, 10)]), in: s)
    s.engine.advance(to: 0.1)
    #expect(close(pd.percentComplete, 0.5, 1e-9))  // 100 pt of 200
    s.engine.advance(to: 0.2)
    #expect(pd.percentComplete == 0.99)  // 200 pt: 100 %, capped
    s.engine.advance(to: 0.7)
    #expect(pd.percentComplete == 0.99)
    #expect(s.host.animators[0].ended.isEmpty && s.second.view.window === s.window)
    s.engine.advance(to: 3)
    #expect(s.host.animators[0].ended == [true])
  }

  @Test(
    "completion speed 1 − p: finishing takes exactly D after release wherever the finger lifts; cancelling p·D/(1 − p)",
    arguments: [InteractionKind.horizontalSwipe, .verticalSwipe, .pinch])
  func completionSpeed(_ kind: InteractionKind) throws {
    for finishing in [true, false] {
      let (s, controller) = try wired(kind, .dismiss, parameters: ["duration": "1"])
      let pd = controller as! PercentDrivenInteractiveTransition
      let gesture = kind.defaultGesture(screen: Size(width: W, height: H), finishing: finishing, startTime: 0)
      play(gesture, in: s)
      let release = gesture.samples.last!.time
      s.engine.advance(to: release)
      let p = pd.percentComplete
      #expect(close(pd.completionSpeed, 1 - p, 1e-12))
      s.engine.advance(to: release + 3)
      let took = s.engine.lastTransitionCompletion! - release
      #expect(close(took, finishing ? 1 : p / (1 - p), 1e-6), "\(kind) finishing=\(finishing) p=\(p) took \(took)")
      #expect(s.host.animators.map(\.ended) == [[finishing]])
    }
  }

  @Test("VCTransitionsLibrary p = |translation| / 200: at 100 pt the transition sits at 50 % of its timeline")
  func swipeProgress() throws {
    let (s, controller) = try wired(.verticalSwipe, .pop, effect: "cover", parameters: ["direction": "down"])
    let pd = controller as! PercentDrivenInteractiveTransition
    play(path([(0, 100), (0.5, 200), (1, 200)]).transposed, in: s)
    s.engine.advance(to: 0.5)
    #expect(close(pd.percentComplete, 0.5, 1e-9))
    // pop with cover mirrored to cover(up): the first screen enters from below, at the
    // deceleration curve's value for half the time.
    let e = TimingFunction.heroDeceleration.value(at: 0.5)
    #expect(close(box(presentation(s.first.view)).minY, H * (1 - e)))
  }

  @Test("edge pan with ios-push: the popped screen's left edge stays under the finger (linear while interactive)")
  func edgePanTracksFinger() throws {
    let (s, controller) = try wired(.edgePan, .pop, effect: "ios-push")
    let gesture = path([(0, 4), (0.5, 164), (0.6, 184)])
    play(gesture, in: s)
    for sample in gesture.samples.dropFirst().prefix(30) where sample.time > 0 {
      s.engine.advance(to: sample.time)
      let finger = sample.locations[0].x
      #expect(close(box(presentation(s.second.view)).minX, finger - 4, 0.01))
      #expect(close(box(presentation(s.first.view)).minX, -0.3 * (W - (finger - 4)), 0.01))
    }
    #expect(controller.interactionInProgress)
    s.engine.advance(to: 3)
    #expect(s.nav!.viewControllers.count == 1)
  }

  @Test("edge pan release rule: finish iff v > 100 pt/s, or p > 0.5 and v > −100 pt/s")
  func edgePanRule() throws {
    #expect(EdgePanInteractionController.shouldFinish(progress: 0.2, velocity: 300))
    #expect(!EdgePanInteractionController.shouldFinish(progress: 0.2, velocity: 50))
    #expect(EdgePanInteractionController.shouldFinish(progress: 0.6, velocity: 0))
    #expect(EdgePanInteractionController.shouldFinish(progress: 0.6, velocity: -50))
    #expect(!EdgePanInteractionController.shouldFinish(progress: 0.9, velocity: -300))
    // A quick flick to 30 % finishes...
    var (s, _) = try wired(.edgePan, .pop)
    play(path([(0, 4), (0.3, 100)]), in: s)
    s.engine.advance(to: 3)
    #expect(s.host.animators.map(\.ended) == [[true]])
    // ...and pulling back from 70 % cancels.
    (s, _) = try wired(.edgePan, .pop)
    play(path([(0, 4), (0.4, 228), (0.5, 196)]), in: s)
    s.engine.advance(to: 3)
    #expect(s.host.animators.map(\.ended) == [[false]])
  }

  @Test("edge pan only starts at the edge")
  func edgePanNeedsEdge() throws {
    let (s, controller) = try wired(.edgePan, .pop)
    play(path([(0, 60), (0.5, 260)]), in: s)
    s.engine.advance(to: 0.3)
    #expect(!controller.interactionInProgress && s.host.animators.isEmpty)
  }

  @Test(
    "horizontal swipe pops only right to left, unless popOnRightToLeft is off; left to right selects the previous tab")
  func horizontalDirections() throws {
    var (s, controller) = try wired(.horizontalSwipe, .pop)
    play(path([(0, 40), (0.5, 240)]), in: s)
    s.engine.advance(to: 2)
    #expect(s.host.animators.isEmpty && s.nav!.viewControllers.count == 2)
    (s, controller) = try wired(.horizontalSwipe, .pop)
    (controller as! HorizontalSwipeInteractionController).popOnRightToLeft = false
    controller.wire(to: s.second, for: .pop)
    #expect((controller as! HorizontalSwipeInteractionController).popOnRightToLeft == false)
    play(path([(0, 40), (0.5, 240)]), in: s)
    s.engine.advance(to: 2)
    #expect(s.nav!.viewControllers.count == 1)
    // Tabs: from tab 1, left to right goes to tab 0.
    let host = try Host(effect: EffectCatalog.effect(named: "slide")!)
    s = Scene.tabs(host: host, selected: 1)
    controller = HorizontalSwipeInteractionController()
    host.interaction = controller
    controller.wire(to: s.tabs!.selectedViewController!, for: .tab)
    play(path([(0, 40), (0.5, 240)]), in: s)
    s.engine.advance(to: 2)
    #expect(s.tabs!.selectedIndex == 0)
  }

  @Test("vertical swipe pops only downwards; pinch pops on a navigation stack")
  func verticalAndPinch() throws {
    var (s, _) = try wired(.verticalSwipe, .pop)
    play(path([(0, 400), (0.5, 200)]).transposed, in: s)
    s.engine.advance(to: 2)
    #expect(s.host.animators.isEmpty && s.nav!.viewControllers.count == 2)
    (s, _) = try wired(.pinch, .pop)
    play(InteractionKind.pinch.defaultGesture(screen: Size(width: W, height: H), finishing: true), in: s)
    s.engine.advance(to: 3)
    #expect(s.nav!.viewControllers.count == 1)
  }

  @Test("kinds refuse operations they cannot drive (never push or present; no tabs for vertical swipe and pinch)")
  func refusals() {
    for kind in InteractionKind.allCases {
      for op in TransitionOperation.allCases where !kind.operations.contains(op) {
        #expect(throws: InteractionError.self) { try kind.makeController(for: op) }
      }
      #expect(!kind.operations.contains(.push) && !kind.operations.contains(.present))
    }
    #expect(InteractionKind.verticalSwipe.operations == [.pop, .dismiss])
    #expect(InteractionKind.pinch.operations == [.pop, .dismiss])
    #expect(InteractionKind(rawValue: "edge-pan") == .edgePan)
  }
}

extension TouchScript {
  /// The same script with x and y swapped (a horizontal path made vertical).
  var transposed: TouchScript {
    try! TouchScript(
      samples: samples.map { s in
        TouchSample(time: s.time, locations: s.locations.map { Point(x: $0.y, y: $0.x) }, phase: s.phase)
      })
  }
}
