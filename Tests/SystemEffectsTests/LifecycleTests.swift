import AnimatorTestSupport
import Foundation
import Testing
@testable import Animator
@testable import Effects

/// Contracts every system and Hero effect keeps, whatever its look: catalog entries are well
/// formed, each transition completes exactly once and leaves the screens as a plain transition
/// would, a cancelled one restores the exact starting frame, and the end of an operation is the
/// start of its reverse.
@MainActor
@Suite("Effect lifecycle", .resetEngineAfterEachTest)
struct LifecycleTests {
  nonisolated static let effects = EffectCatalog.systemEffects + EffectCatalog.heroEffects
  nonisolated static let cases: [(String, TransitionOperation)] = effects.flatMap { e in
    e.operations.map { (e.name, $0) }
  }

  @Test("catalog entries: kebab-case unique names, operations, a duration parameter matching the default")
  func catalog() throws {
    let names = Self.effects.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(Set(EffectCatalog.all.map(\.name)).isSuperset(of: names))
    for e in Self.effects {
      #expect(e.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(e.name)")
      #expect(!e.operations.isEmpty && Set(e.operations).count == e.operations.count)
      let p = try EffectParameters([:], declared: e.parameters, effect: e.name)
      #expect(p.number("duration") == e.duration, "\(e.name)")
      #expect(!e.summary.isEmpty && !e.summary.contains("\n"))
    }
    for name in ["push", "pull", "cover", "uncover", "slide", "zoom-slide", "page-in", "page-out"] {
      let e = EffectCatalog.effect(named: name)!
      #expect(e.duration == 0.35 && e.parameters.contains { $0.name == "direction" })
      #expect(Set(e.operations) == Set(TransitionOperation.allCases))
    }
    let defaults = [
      "push": "left", "pull": "right", "cover": "up", "uncover": "down", "page-in": "left", "page-out": "right",
      "slide": "left",
    ]
    for (name, direction) in defaults {
      #expect(EffectCatalog.effect(named: name)!.parameters.first { $0.name == "direction" }?.defaultValue == direction)
    }
    #expect(EffectCatalog.effect(named: "ios-push")!.operations == [.push, .pop])
    for name in ["cover-vertical", "flip-horizontal", "cross-dissolve", "partial-curl"] {
      #expect(EffectCatalog.effect(named: name)!.operations == [.present, .dismiss])
    }
  }

  /// The screen shown at the end (second for push/present/tab, first for pop/dismiss).
  func shown(_ s: Scene, _ op: TransitionOperation) -> ViewController {
    op == .pop || op == .dismiss ? s.first : s.second
  }
  func hidden(_ s: Scene, _ op: TransitionOperation) -> ViewController {
    op == .pop || op == .dismiss ? s.second : s.first
  }

  func expectClean(_ v: View, _ name: String) {
    let p = presentation(v)
    #expect(
      p.transform.isIdentity && p.opacity == 1 && p.shadow == nil && !p.isHidden, "\(name): \(v.name) not restored")
    #expect(v.subviews.map(\.name) == ["\(v.name)-label"], "\(name): \(v.name) keeps \(v.subviews.map(\.name))")
  }

  @Test("each effect × operation completes exactly once and leaves both screens as they were", arguments: cases)
  func completes(_ name: String, _ op: TransitionOperation) throws {
    let s = Scene.ready(for: op, host: try Host(effect: EffectCatalog.effect(named: name)!))
    s.run(op)
    s.engine.advance(to: 5)
    #expect(s.host.animators.map(\.ended) == [[true]])
    #expect(s.engine.diagnostics.isEmpty && s.engine.pendingTransitionProblems.isEmpty, "\(s.engine.diagnostics)")
    #expect(shown(s, op).view.window === s.window && hidden(s, op).view.window == nil)
    expectClean(shown(s, op).view, name)
    expectClean(hidden(s, op).view, name)
  }

  @Test(
    "each effect × operation, scrubbed to 40 % and cancelled, runs back to the exact starting frame", arguments: cases)
  func cancels(_ name: String, _ op: TransitionOperation) throws {
    let s = Scene.ready(for: op, host: try Host(effect: EffectCatalog.effect(named: name)!))
    let before = s.window.layer.presentationSnapshot()
    let interaction = PercentDrivenInteractiveTransition()
    s.host.percentDriven = interaction
    s.run(op)
    interaction.update(0.4)
    s.advance(by: 0.1)
    #expect(s.window.layer.presentationSnapshot() != before)
    interaction.cancel()
    s.advance(by: 5)
    #expect(s.host.animators.map(\.ended) == [[false]])
    #expect(s.window.layer.presentationSnapshot() == before)
    #expect(s.engine.diagnostics.isEmpty && s.engine.pendingTransitionProblems.isEmpty)
  }

  nonisolated static let reversible: [(String, TransitionOperation)] = cases.filter {
    $0.1 == .push || $0.1 == .present || $0.1 == .tab
  }

  @Test("the end state of an operation is the start state of its reverse", arguments: reversible)
  func endIsStartOfReverse(_ name: String, _ op: TransitionOperation) throws {
    let s = Scene.ready(for: op, host: try Host(effect: EffectCatalog.effect(named: name)!))
    s.run(op)
    s.engine.advance(to: 5)
    let end = presentation(s.second.view)
    let endCurl = s.second.view.superview!.subviews.filter { $0.name.hasPrefix("curl-") }.map { presentation($0) }
    // The reverse: pop, dismiss, or back to tab 0.
    s.run(op.reverse, tabIndex: 0)
    let start = presentation(s.second.view)
    #expect(box(start) == box(end) && start.opacity == end.opacity, "\(name)")
    // Nothing above it may be visible yet (off-screen or transparent).
    let container = s.second.view.superview!
    let above = container.subviews.drop { $0 !== s.second.view }.dropFirst()
    let screen = Rect(x: 0, y: 0, width: W, height: H)
    for v in above {
      if v.name.hasPrefix("curl-") { continue }
      let p = presentation(v), b = box(p)
      let offScreen =
        b.maxX <= screen.minX + 1e-9 || b.minX >= screen.maxX - 1e-9 || b.maxY <= 1e-9 || b.minY >= H - 1e-9
      #expect(p.opacity == 0 || offScreen || b.width < 1e-6, "\(name): \(v.name) shows at the start of \(op.reverse)")
    }
    let startCurl = container.subviews.filter { $0.name.hasPrefix("curl-") }.map { presentation($0) }
    // Compared as snapshot text (fixed precision): the curl is rebuilt for the reverse, so its
    // geometry may differ from the end state in the last bits of a Double.
    #expect(startCurl.map(\.description) == endCurl.map(\.description))
    s.engine.advance(to: 10)
    #expect(s.host.animators.map(\.ended) == [[true], [true]])
  }
}
