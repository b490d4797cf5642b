import AnimatorTestSupport
import Animator
import Effects
import Testing

/// Rules every effect obeys for every operation it declares (push, pop, present, dismiss, tab
/// switches in both directions).
@MainActor
@Suite("Every catalog effect, every declared operation", .resetEngineAfterEachTest)
struct ContractTests {
  @Test(
    "An animated transition completes exactly once, after its duration, and ends in exactly the state the same operation reaches without animation — so the end of a push is the start of its pop",
    arguments: casesEndingInTheNonAnimatedState())
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
    let before = scene.window.layer.presentationSnapshot()
    let interaction = PercentDrivenInteractiveTransition()
    scene.host.interaction = interaction
    scene.start()
    interaction.update(0.3)
    #expect(scene.window.layer.presentationSnapshot() != before, "the transition is visibly under way at 30 %")
    interaction.cancel()
    AnimationEngine.current.advance(to: scene.duration + 1)
    #expect(scene.host.ended == [false])
    #expect(AnimationEngine.current.diagnostics == [])
    #expect(AnimationEngine.current.pendingTransitionProblems == [])
    let after = scene.window.layer.presentationSnapshot()
    #expect(after == before)
    if after != before {
      #expect(after.description == before.description)
    }
  }

  @Test(
    "An interactive run scrubbed to 30 % and finished completes once with true, in the state the operation reaches without animation",
    arguments: defaultCases().filter { !leavesChromeAfterPresenting($0.0, $0.1) })
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
    let before = scene.window.layer.presentationSnapshot()
    let interaction = PercentDrivenInteractiveTransition()
    scene.host.interaction = interaction
    scene.start()
    interaction.update(0.7)
    interaction.cancel()
    AnimationEngine.current.advance(to: scene.duration + 1)
    #expect(scene.host.ended == [false])
    #expect(scene.window.layer.presentationSnapshot() == before)
  }

  @Test(
    "With a custom presentation (no .from view on present, no .to view on dismiss — view-for-key-can-be-nil) every effect still completes exactly once, never touches the presenter, and shows the presented view at its final frame",
    arguments: EffectCatalog.all.filter {
      // sheet-detent configures its sheet before presenting, and UIKit keeps a presentation
      // controller read before a presentation: it cannot be made custom afterwards.
      ($0.operations.contains(.present) || $0.operations.contains(.dismiss)) && $0.name != "sheet-detent"
    }.map(\.name))
  func customPresentation(name: String) {
    let scene = makeScene(name, .present)
    scene.second.modalPresentationStyle = .custom
    let presenter = scene.first.view.layer.presentationSnapshot()
    scene.start()
    scene.finish()
    #expect(scene.host.ended == [true])
    #expect(scene.first.view.superview === scene.window)
    #expect(scene.first.view.layer.presentationSnapshot() == presenter)
    #expect(scene.second.view.layer.presentationSnapshot().position == Point(x: W / 2, y: H / 2))
    #expect(scene.second.view.layer.presentationSnapshot().transform.isIdentity)
    scene.second.dismiss(animated: true)
    AnimationEngine.current.advance(to: 2 * scene.duration + 1)
    #expect(scene.host.ended == [true, true])
    #expect(scene.first.view.layer.presentationSnapshot() == presenter)
    #expect(scene.second.view.superview == nil)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "Every effect is registered once, in kebab-case, with at least one operation and a validated duration parameter, except UIKit's own gestures, whose timing is UIKit's"
  )
  func catalogEntries() throws {
    let names = EffectCatalog.all.map(\.name)
    #expect(Set(names).count == names.count)
    for effect in EffectCatalog.all {
      #expect(effect.name.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(!effect.operations.isEmpty)
      if effect.system?.isGesture == true {
        #expect(!effect.parameters.contains { $0.name == "duration" })
        continue
      }
      let duration = try #require(effect.parameters.first { $0.name == "duration" })
      #expect(Double(duration.defaultValue) == effect.duration)
      #expect(throws: EffectParameterError.self) {
        _ = try EffectParameters(["duration": "-1"], declared: effect.parameters, effect: effect.name)
      }
    }
    for name in [
      "scale", "slide-up", "cube", "shrink", "top-down", "crossfade", "fade",
      "explode", "flip", "fold", "turn", "cards", "natgeo", "portal", "pan",
    ] {
      #expect(EffectCatalog.effect(named: name) != nil, "\(name) is registered")
    }
  }
}
