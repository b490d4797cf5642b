import Animator
import AnimatorTestSupport
import Effects
import Testing

// Ownership (docs/uikit-transitions.md#ownership): a catalog transition — animated, percent-driven,
// or driven by one of the catalog's gesture interaction controllers — leaves nothing alive once the
// scene is dropped and the engine is reset. A reference cycle shows up as a name in the list of
// survivors.

@MainActor
@Suite("ownership: catalog transitions leave nothing behind", .resetEngineAfterEachTest)
struct OwnershipTests {
  /// (interaction kind, move, finishing): every operation each gesture can drive, with the
  /// tab switch the gesture makes (edge pans go back a tab, swipes forward).
  nonisolated static let gestureCases: [(InteractionKind, Move, Bool)] = InteractionKind.allCases.flatMap { kind in
    kind.operations.flatMap { operation -> [(InteractionKind, Move, Bool)] in
      let move: Move
      switch operation {
      case .pop: move = .pop
      case .dismiss: move = .dismiss
      default: move = kind == .edgePan ? .tabDown : .tabUp
      }
      return [(kind, move, true), (kind, move, false)]
    }
  }

  /// Watches what the scene is made of: window, view controllers and their views, containers,
  /// the host (the delegate).
  func watch(_ scene: Scene, _ s: Survivors) {
    s.watch(scene.window, "window")
    s.watch(scene.first, "first screen")
    s.watch(scene.second, "second screen")
    s.watch(scene.first.view, "first view")
    s.watch(scene.second.view, "second view")
    if let nav = scene.nav { s.watch(nav, "navigation controller") }
    if let tabs = scene.tabs { s.watch(tabs, "tab bar controller") }
    s.watch(scene.host, "delegate")
  }

  /// Watches every transition the host has seen: context, container, animators. Call it while
  /// the transition runs (a completed context no longer holds its animator).
  func watchTransitions(_ scene: Scene, _ s: Survivors) {
    for context in scene.host.contexts {
      s.watch(context, "transition context")
      s.watch(context.containerView, "container view")
      if let context = context as? TransitionContext, let recorder = context.animator as? Recorder {
        s.watch(recorder, "animator")
        s.watch(recorder.inner, "effect animator")
      }
    }
  }

  @Test(
    "After any catalog effect's animated transition has completed and the engine is reset, nothing survives: window, view controllers, views, containers, delegate, animators, context",
    arguments: catalogCases())
  func animated(name: String, move: Move) {
    let alive = survivors { s in
      let scene = makeScene(name, move)
      watch(scene, s)
      scene.start()
      watchTransitions(scene, s)
      scene.finish()
      #expect(scene.host.ended == [true])
    }
    #expect(alive == [])
  }

  @Test(
    "After any catalog effect's percent-driven run has finished or been cancelled and the engine is reset, nothing survives, the interaction controller included",
    arguments: catalogCases().flatMap { [($0.0, $0.1, true), ($0.0, $0.1, false)] })
  func percentDriven(name: String, move: Move, finishing: Bool) {
    let alive = survivors { s in
      let scene = makeScene(name, move)
      watch(scene, s)
      let interaction = s.watch(PercentDrivenInteractiveTransition(), "interaction controller")
      scene.host.interaction = interaction
      scene.start()
      watchTransitions(scene, s)
      interaction.update(0.4)
      if finishing { interaction.finish() } else { interaction.cancel() }
      AnimationEngine.current.advance(to: scene.duration + 1)
      #expect(scene.host.ended == [finishing])
    }
    #expect(alive == [])
  }

  @Test(
    "After a catalog gesture (edge pan, swipes, pinch) has driven a transition to its end or back and the engine is reset, nothing survives: the interaction controller, its recognizer and the touch player included",
    arguments: gestureCases)
  func gestureDriven(kind: InteractionKind, move: Move, finishing: Bool) throws {
    let alive = try survivors { s in
      let scene = makeScene("cards", move)
      watch(scene, s)
      let controller = try kind.makeController(for: move.operation)
      s.watch(controller, "interaction controller")
      let gesture = try #require(controller as? GestureInteractionController)
      s.watch(gesture.recognizer, "recognizer")
      scene.host.interaction = gesture
      controller.wire(to: scene.leaving, for: move.operation)
      let script = kind.defaultGesture(screen: Size(width: W, height: H), finishing: finishing, startTime: 0.1)
      let player = s.watch(TouchPlayer(script: script, window: scene.window), "touch player")
      player.start()
      AnimationEngine.current.advance(to: 0.45)
      #expect(controller.interactionInProgress && scene.host.contexts.count == 1, "mid-gesture")
      watchTransitions(scene, s)
      AnimationEngine.current.advance(to: 5)
      #expect(scene.host.ended == [finishing])
      #expect(!controller.interactionInProgress)
    }
    #expect(alive == [])
  }
}
