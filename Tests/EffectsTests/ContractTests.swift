import Animator
import Effects
import Testing

/// Rules every effect obeys for every operation it declares (push, pop, present, dismiss, tab
/// switches in both directions).
@MainActor
@Suite("Every catalog effect, every declared operation")
struct ContractTests {
  @Test(
    "An animated transition completes exactly once, after its duration, and ends in exactly the state the same operation reaches without animation — so the end of a push is the start of its pop",
    arguments: catalogCases())
  func endStateAndSingleCompletion(name: String, move: Move) {
    let reference = makeScene(name, move)
    reference.start(animated: false)
    AnimationEngine.current.settle()
    let expected = reference.text
    #expect(reference.host.ended.isEmpty, "no animator runs without animation")

    let scene = makeScene(name, move)
    scene.start()
    scene.at(0.5)
    #expect(scene.host.ended.isEmpty, "still running at half time")
    scene.finish()
    #expect(scene.host.ended == [true])
    #expect(AnimationEngine.current.diagnostics == [])
    #expect(AnimationEngine.current.pendingTransitionProblems == [])
    #expect(AnimationEngine.current.isIdle)
    #expect(scene.text == expected)
  }

  @Test(
    "An interactive run scrubbed to 30 % and cancelled completes once with false and restores the starting hierarchy and look exactly",
    arguments: catalogCases())
  func cancelRestoresStart(name: String, move: Move) {
    let scene = makeScene(name, move)
    let before = scene.window.layer.presentation()
    let interaction = PercentDrivenInteractiveTransition()
    scene.host.interaction = interaction
    scene.start()
    interaction.update(0.3)
    #expect(scene.window.layer.presentation() != before, "the transition is visibly under way at 30 %")
    interaction.cancel()
    AnimationEngine.current.advance(to: scene.duration + 1)
    #expect(scene.host.ended == [false])
    #expect(AnimationEngine.current.diagnostics == [])
    #expect(AnimationEngine.current.pendingTransitionProblems == [])
    let after = scene.window.layer.presentation()
    #expect(after == before)
    if after != before {
      #expect(after.description == before.description)
    }
  }

  @Test(
    "An interactive run scrubbed to 30 % and finished completes once with true, in the state the operation reaches without animation",
    arguments: defaultCases())
  func interactiveFinish(name: String, move: Move) {
    let reference = makeScene(name, move)
    reference.start(animated: false)
    AnimationEngine.current.settle()
    let expected = reference.text

    let scene = makeScene(name, move)
    let interaction = PercentDrivenInteractiveTransition()
    scene.host.interaction = interaction
    scene.start()
    interaction.update(0.3)
    interaction.finish()
    AnimationEngine.current.advance(to: scene.duration + 1)
    #expect(scene.host.ended == [true])
    #expect(AnimationEngine.current.diagnostics == [])
    #expect(scene.text == expected)
  }

  @Test(
    "Two-phase keyframe effects cancelled in their second phase (70 %) also restore the starting hierarchy and look exactly",
    arguments: ["flip", "turn", "cards", "natgeo"], [Move.push, .pop])
  func cancelInSecondPhase(name: String, move: Move) {
    let scene = makeScene(name, move)
    let before = scene.window.layer.presentation()
    let interaction = PercentDrivenInteractiveTransition()
    scene.host.interaction = interaction
    scene.start()
    interaction.update(0.7)
    interaction.cancel()
    AnimationEngine.current.advance(to: scene.duration + 1)
    #expect(scene.host.ended == [false])
    #expect(scene.window.layer.presentation() == before)
  }

  @Test("Every effect is registered once, in kebab-case, with its default operation first and a validated duration parameter")
  func catalogEntries() throws {
    let names = EffectCatalog.all.map(\.name)
    #expect(Set(names).count == names.count)
    for effect in EffectCatalog.all {
      #expect(effect.name.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(!effect.operations.isEmpty)
      let duration = try #require(effect.parameters.first { $0.name == "duration" })
      #expect(Double(duration.defaultValue) == effect.duration)
      #expect(throws: EffectParameterError.self) {
        _ = try EffectParameters(["duration": "-1"], declared: effect.parameters, effect: effect.name)
      }
    }
    for name in ["scale", "slide-up", "cube", "shrink", "top-down", "crossfade", "fade",
                 "explode", "flip", "fold", "turn", "cards", "natgeo", "portal", "pan"] {
      #expect(EffectCatalog.effect(named: name) != nil, "\(name) is registered")
    }
  }
}
