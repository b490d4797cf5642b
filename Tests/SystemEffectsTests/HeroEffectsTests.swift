import AnimatorTestSupport
import Foundation
import Testing
@testable import Animator
@testable import Effects

/// Checkpoints of Hero's default animation types (docs/effects.md#hero): D = 0.35 s, deceleration for
/// push/cover/pageIn, standard otherwise; shadow 0.5/black/5/offset 0; veil 0.1.
@MainActor
@Suite("Hero effects", .resetEngineAfterEachTest)
struct HeroEffectsTests {
  let dec = TimingFunction.heroDeceleration
  let std = TimingFunction.heroStandard
  let D = 0.35

  func scene(_ name: String, _ op: TransitionOperation, _ params: [String: String] = [:], tabFrom: Int = 0) throws
    -> Scene
  {
    let host = try Host(effect: EffectCatalog.effect(named: name)!, parameters: params)
    let s = Scene.ready(for: op, host: host, tabFrom: tabFrom)
    s.run(op, tabIndex: tabFrom == 0 ? 1 : 0)
    return s
  }

  /// (new, old) views of a scene's transition: second is new on push/present/tab 0→1.
  func views(_ s: Scene, _ op: TransitionOperation) -> (new: View, old: View) {
    op == .pop || op == .dismiss ? (s.first.view, s.second.view) : (s.second.view, s.first.view)
  }

  func isAbove(_ a: View, _ b: View) -> Bool {
    let subs = a.superview!.subviews
    return subs.firstIndex { $0 === a }! > subs.firstIndex { $0 === b }!
  }

  @Test("push(left) on push: new W → 0 with shadow 0 → 0.5 on top; old 0 → −W/3 under a veil 0 → 0.1; deceleration")
  func pushLeft() throws {
    let s = try scene("push", .push)
    let (new, old) = views(s, .push)
    #expect(isAbove(new, old))
    for f in [0.2, 0.5, 0.8] {
      s.engine.advance(to: f * D)
      let e = dec.value(at: f)
      let n = presentation(new), o = presentation(old)
      #expect(close(box(n).minX, W * (1 - e)) && box(n).minY == 0)
      #expect(close(box(o).minX, -W / 3 * e))
      #expect(close(find("veil", in: o)!.opacity, 0.1 * e, 0.002))
      #expect(close(n.shadow?.opacity ?? 0, 0.5 * e, 0.005))
      #expect(n.shadow?.radius == 5 && n.shadow?.offset == .zero && n.shadow?.color == .black)
    }
    s.engine.advance(to: D)
    #expect(new.layer.shadowOpacity == 0 && new.transform.isIdentity && old.subviews.count == 1)
  }

  @Test(
    "push on pop mirrors the direction (Hero's auto pop, push(right)): previous screen −W → 0 on top, popped one 0 → +W/3"
  )
  func pushOnPop() throws {
    let s = try scene("push", .pop)
    let (new, old) = views(s, .pop)
    #expect(isAbove(new, old))
    s.engine.advance(to: 0.5 * D)
    let e = dec.value(at: 0.5)
    #expect(close(box(presentation(new)).minX, -W * (1 - e)))
    #expect(close(box(presentation(old)).minX, W / 3 * e))
  }

  @Test("pull(right) on pop: old 0 → W on top with shadow 0.5 → 0; new −W/3 → 0 with veil 0.1 → 0; standard curve")
  func pullOnPop() throws {
    let s = try scene("pull", .pop, ["direction": "right"])
    let (new, old) = views(s, .pop)
    #expect(isAbove(old, new))
    for f in [0.25, 0.6] {
      s.engine.advance(to: f * D)
      let e = std.value(at: f)
      #expect(close(box(presentation(old)).minX, W * e))
      #expect(close(presentation(old).shadow?.opacity ?? 0, 0.5 * (1 - e), 0.005))
      #expect(close(box(presentation(new)).minX, -W / 3 * (1 - e)))
      #expect(close(find("veil", in: presentation(new))!.opacity, 0.1 * (1 - e), 0.002))
    }
  }

  @Test("cover(up) on present: new H → 0 on top, old stays and dims to 0.1")
  func coverUp() throws {
    let s = try scene("cover", .present, ["direction": "up"])
    let (new, old) = views(s, .present)
    s.engine.advance(to: 0.4 * D)
    let e = dec.value(at: 0.4)
    #expect(close(box(presentation(new)).minY, H * (1 - e)) && box(presentation(new)).minX == 0)
    #expect(box(presentation(old)) == Rect(x: 0, y: 0, width: W, height: H))
    #expect(close(find("veil", in: presentation(old))!.opacity, 0.1 * e, 0.002))
  }

  @Test("uncover(down) on dismiss: old 0 → H on top, new stays with its veil clearing")
  func uncoverDown() throws {
    let s = try scene("uncover", .dismiss, ["direction": "down"])
    let (new, old) = views(s, .dismiss)
    #expect(isAbove(old, new))
    s.engine.advance(to: 0.5 * D)
    let e = std.value(at: 0.5)
    #expect(close(box(presentation(old)).minY, H * e))
    #expect(box(presentation(new)).minY == 0)
    #expect(close(find("veil", in: presentation(new))!.opacity, 0.1 * (1 - e), 0.002))
  }

  @Test("slide(left) between tabs 0 → 1: both move a full width; new on top. Back to tab 0 it mirrors (slide right)")
  func slideTabs() throws {
    var s = try scene("slide", .tab)
    var (new, old) = views(s, .tab)
    #expect(isAbove(new, old))
    s.engine.advance(to: 0.3 * D)
    var e = std.value(at: 0.3)
    #expect(close(box(presentation(new)).minX, W * (1 - e)))
    #expect(close(box(presentation(old)).minX, -W * e))
    s = try scene("slide", .tab, tabFrom: 1)
    (new, old) = (s.first.view, s.second.view)
    #expect(isAbove(new, old))
    s.engine.advance(to: 0.3 * D)
    e = std.value(at: 0.3)
    #expect(close(box(presentation(new)).minX, -W * (1 - e)))
    #expect(close(box(presentation(old)).minX, W * e))
  }

  @Test("slide on pop puts the old screen on top")
  func slidePop() throws {
    let s = try scene("slide", .pop)
    let (new, old) = views(s, .pop)
    #expect(isAbove(old, new))
  }

  @Test("zoom-slide: the off-screen side is at scale 0.8, scale then translate")
  func zoomSlide() throws {
    let s = try scene("zoom-slide", .tab)
    let (new, old) = views(s, .tab)
    s.engine.advance(to: 0.5 * D)
    let e = std.value(at: 0.5)
    let sNew = 0.8 + 0.2 * e, sOld = 1 - 0.2 * e
    #expect(close(scale(presentation(new)), sNew, 1e-3) && close(scale(presentation(old)), sOld, 1e-3))
    // Centre of the new view: W/2 + W·(1 − e); of the old one: W/2 − W·e.
    #expect(close(box(presentation(new)).midX, W / 2 + W * (1 - e)))
    #expect(close(box(presentation(old)).midX, W / 2 - W * e))
    #expect(close(box(presentation(new)).height, H * sNew, 1))
  }

  @Test("page-in: new slides in with a shadow; old shrinks to 0.7 about its centre under a 0.1 veil")
  func pageIn() throws {
    let s = try scene("page-in", .push)
    let (new, old) = views(s, .push)
    s.engine.advance(to: 0.5 * D)
    let e = dec.value(at: 0.5)
    #expect(close(box(presentation(new)).minX, W * (1 - e)))
    #expect(close(scale(presentation(old)), 1 - 0.3 * e, 1e-3))
    #expect(close(box(presentation(old)).midX, W / 2) && close(box(presentation(old)).midY, H / 2))
    #expect(close(find("veil", in: presentation(old))!.opacity, 0.1 * e, 0.002))
  }

  @Test("page-out on pop: old slides out on top (shadow 0.5 → 0), new grows 0.7 → 1 with its veil clearing")
  func pageOut() throws {
    let s = try scene("page-out", .pop, ["direction": "right"])
    let (new, old) = views(s, .pop)
    #expect(isAbove(old, new))
    s.engine.advance(to: 0.5 * D)
    let e = std.value(at: 0.5)
    #expect(close(box(presentation(old)).minX, W * e))
    #expect(close(scale(presentation(new)), 0.7 + 0.3 * e, 1e-3))
    #expect(close(find("veil", in: presentation(new))!.opacity, 0.1 * (1 - e), 0.002))
  }

  @Test("hero-zoom: old grows to 1.3 and fades out on top; new grows 0.7 → 1")
  func zoom() throws {
    let s = try scene("hero-zoom", .present)
    let (new, old) = views(s, .present)
    #expect(isAbove(old, new))
    s.engine.advance(to: 0.5 * D)
    let e = std.value(at: 0.5)
    #expect(close(scale(presentation(old)), 1 + 0.3 * e, 1e-3) && close(presentation(old).opacity, 1 - e, 0.003))
    #expect(close(scale(presentation(new)), 0.7 + 0.3 * e, 1e-3) && presentation(new).opacity == 1)
  }

  @Test("zoom-out: new shrinks 1.3 → 1 and fades in on top; old shrinks to 0.7")
  func zoomOut() throws {
    let s = try scene("zoom-out", .dismiss)
    let (new, old) = views(s, .dismiss)
    #expect(isAbove(new, old))
    s.engine.advance(to: 0.5 * D)
    let e = std.value(at: 0.5)
    #expect(close(scale(presentation(new)), 1.3 - 0.3 * e, 1e-3) && close(presentation(new).opacity, e, 0.003))
    #expect(close(scale(presentation(old)), 1 - 0.3 * e, 1e-3))
  }

  @Test("hero-fade: 0.21 s, new fades in on top with the standard curve")
  func fade() throws {
    let effect = EffectCatalog.effect(named: "hero-fade")!
    #expect(effect.duration == 0.21)
    let s = try scene("hero-fade", .present)
    let (new, old) = views(s, .present)
    #expect(isAbove(new, old))
    s.engine.advance(to: 0.105)
    #expect(close(presentation(new).opacity, std.value(at: 0.5), 0.003))
    s.engine.advance(to: 0.21)
    #expect(s.host.animators.map(\.ended) == [[true]])
  }

  @Test("the duration parameter sets the duration; bad directions are rejected with the accepted words")
  func parameters() throws {
    let s = try scene("cover", .present, ["duration": "1", "direction": "left"])
    s.engine.advance(to: 0.5)
    #expect(close(box(presentation(s.second.view)).minX, W * (1 - dec.value(at: 0.5))))
    #expect(s.host.animators[0].ended.isEmpty)
    s.engine.advance(to: 1)
    #expect(s.host.animators[0].ended == [true])
    let cover = EffectCatalog.effect(named: "cover")!
    #expect(throws: EffectParameterError.self) {
      try EffectParameters(["direction": "sideways"], declared: cover.parameters, effect: "cover")
    }
    #expect(throws: EffectParameterError.self) {
      try EffectParameters(
        ["direction": "up"], declared: EffectCatalog.effect(named: "hero-zoom")!.parameters, effect: "hero-zoom")
    }
  }
}
