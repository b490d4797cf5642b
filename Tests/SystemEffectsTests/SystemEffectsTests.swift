import AnimatorTestSupport
import Foundation
import Testing
@testable import Animator
@testable import Effects

/// Checkpoints of the iOS effects (docs/effects.md#what-ios-does), read from presentation values.
@MainActor
@Suite("iOS system effects", .resetEngineAfterEachTest)
struct SystemEffectsTests {
  func host(_ name: String) throws -> Host { try Host(effect: EffectCatalog.effect(named: name)!) }
  let dec = TimingFunction.heroDeceleration
  let eio = TimingFunction.easeInEaseOut

  @Test(
    "ios-push push: new screen W → 0 on top, old 0 → −0.3·W under a 0 → 0.1 veil, edge shadow fading in; 0.5 s deceleration"
  )
  func iosPush() throws {
    let s = Scene.navigation(host: try host("ios-push"), pushed: false)
    s.run(.push)
    let container = s.nav!.transitionView
    #expect(container.subviews.map(\.name) == ["first", "second"])
    for t in [0.05, 0.125, 0.25, 0.4] {
      s.engine.advance(to: t)
      let e = dec.value(at: t / 0.5)
      #expect(close(box(presentation(s.second.view)).minX, W * (1 - e)))
      #expect(close(box(presentation(s.first.view)).minX, -0.3 * W * e))
      #expect(close(find("veil", in: presentation(s.first.view))!.opacity, 0.1 * e, 0.002))
      let band = find("edge-shadow", in: presentation(s.second.view))!
      #expect(close(band.opacity, e, 0.01))
      #expect(close(box(band).maxX, 0) && close(box(band).width, 8))
    }
    s.engine.advance(to: 0.5)
    #expect(container.subviews.map(\.name) == ["second"])
    #expect(s.second.view.subviews.map(\.name) == ["second-label"])
    #expect(s.first.view.subviews.map(\.name) == ["first-label"])
    #expect(presentation(s.second.view).transform.isIdentity && presentation(s.first.view).transform.isIdentity)
    #expect(s.host.animators.map(\.ended) == [[true]])
  }

  @Test("ios-push pop mirrors it: old screen 0 → W on top, previous one −0.3·W → 0 with the veil clearing")
  func iosPop() throws {
    let s = Scene.navigation(host: try host("ios-push"), pushed: true)
    s.run(.pop)
    #expect(s.nav!.transitionView.subviews.map(\.name) == ["first", "second"])
    for t in [0.1, 0.25, 0.45] {
      s.engine.advance(to: t)
      let e = dec.value(at: t / 0.5)
      #expect(close(box(presentation(s.second.view)).minX, W * e))
      #expect(close(box(presentation(s.first.view)).minX, -0.3 * W * (1 - e)))
      #expect(close(find("veil", in: presentation(s.first.view))!.opacity, 0.1 * (1 - e), 0.002))
    }
    s.engine.advance(to: 0.6)
    #expect(s.nav!.transitionView.subviews.map(\.name) == ["first"])
    #expect(s.first.view.subviews.map(\.name) == ["first-label"])
    #expect(s.host.animators.map(\.ended) == [[true]])
  }

  @Test("cover-vertical: presented screen slides up H → 0 over the still presenter, and back down on dismissal")
  func coverVertical() throws {
    var s = Scene.modal(host: try host("cover-vertical"), presented: false)
    s.run(.present)
    for t in [0.1, 0.3] {
      s.engine.advance(to: t)
      let e = dec.value(at: t / 0.5)
      #expect(close(box(presentation(s.second.view)).minY, H * (1 - e)))
      #expect(box(presentation(s.first.view)) == Rect(x: 0, y: 0, width: W, height: H))
    }
    s.engine.advance(to: 0.5)
    #expect(s.second.view.window === s.window && s.first.view.window == nil)
    s = Scene.modal(host: try host("cover-vertical"), presented: true)
    s.run(.dismiss)
    let container = s.second.view.superview!
    #expect(container.subviews.last === s.second.view)
    s.engine.advance(to: 0.2)
    #expect(close(box(presentation(s.second.view)).minY, H * dec.value(at: 0.4)))
    #expect(box(presentation(s.first.view)).minY == 0)
    s.engine.advance(to: 0.5)
    #expect(s.first.view.superview === s.window && s.second.view.window == nil)
  }

  @Test("cross-dissolve: at t = 0.25·D the new screen is at E(0.25) = 0.129 and the old at 0.871, both ways")
  func crossDissolve() throws {
    var s = Scene.modal(host: try host("cross-dissolve"), presented: false)
    s.run(.present)
    s.engine.advance(to: 0.25 * 0.35)
    #expect(close(presentation(s.second.view).opacity, 0.129, 0.002))
    #expect(close(presentation(s.first.view).opacity, 0.871, 0.002))
    s.engine.advance(to: 0.35)
    #expect(s.second.view.alpha == 1 && s.first.view.alpha == 1)
    s = Scene.modal(host: try host("cross-dissolve"), presented: true)
    s.run(.dismiss)
    #expect(s.second.view.superview!.subviews.last === s.second.view)
    s.engine.advance(to: 0.25 * 0.35)
    #expect(close(presentation(s.second.view).opacity, 0.871, 0.002))
    #expect(close(presentation(s.first.view).opacity, 0.129, 0.002))
  }

  /// Expected corners of a face turned by theta with perspective d = 1000 about its centre, scaled
  /// so that its nearer edge is H (docs/effects.md#rotation-formulas and
  /// docs/core-animation.md#m34-is-a-pinhole-camera; the scale rule is the effect's documented
  /// design, docs/effects.md#flip-horizontal).
  func flipCorners(theta: Double) -> [Point] {
    let d = 1000.0
    let k = 1 / (1 + (W / 2) * abs(sin(theta)) / d)
    return [(-W / 2, -H / 2), (W / 2, -H / 2), (W / 2, H / 2), (-W / 2, H / 2)].map { x, y in
      let xr = k * x * cos(theta), z = -k * x * sin(theta)
      let w = 1 - z / d
      return Point(x: W / 2 + xr / w, y: H / 2 + k * y / w)
    }
  }

  func expectCorners(_ s: LayerSnapshot, _ expected: [Point]) {
    for (a, b) in zip(corners(s), expected) { #expect(close(a.x, b.x) && close(a.y, b.y), "\(a) vs \(b)") }
  }

  @Test(
    "flip-horizontal present: right edge toward the viewer (old face Ry 0 → −90°, new +90° → 0), nearer edge always H tall"
  )
  func flipPresent() throws {
    let s = Scene.modal(host: try host("flip-horizontal"), presented: false)
    s.run(.present)
    let D = 0.75
    s.engine.advance(to: 0.3 * D)
    var u = eio.value(at: 0.3)
    let old = presentation(s.first.view)
    expectCorners(old, flipCorners(theta: -Double.pi * u))
    let c = corners(old)
    #expect(close(c[2].y - c[1].y, H))  // right (near) edge
    #expect(c[3].y - c[0].y < H - 20)  // left (far) edge
    #expect(presentation(s.second.view).opacity == 0)
    s.engine.advance(to: 0.5 * D)
    #expect(box(presentation(s.first.view)).width < 1 && box(presentation(s.second.view)).width < 1)
    s.engine.advance(to: 0.8 * D)
    u = eio.value(at: 0.8)
    let new = presentation(s.second.view)
    expectCorners(new, flipCorners(theta: Double.pi - Double.pi * u))
    #expect(close(corners(new)[3].y - corners(new)[0].y, H))  // left edge is near now
    #expect(new.opacity == 1 && presentation(s.first.view).opacity == 0)
    #expect(close(find("veil", in: new)!.opacity, 0.2 * abs(sin(Double.pi * u)), 0.003))
    s.engine.advance(to: D)
    #expect(s.second.view.transform3D.isIdentity && s.second.view.subviews.map(\.name) == ["second-label"])
    #expect(s.host.animators.map(\.ended) == [[true]])
  }

  @Test("flip-horizontal dismiss flips left to right: the leaving face turns Ry 0 → +90° (left edge near)")
  func flipDismiss() throws {
    let s = Scene.modal(host: try host("flip-horizontal"), presented: true)
    s.run(.dismiss)
    s.engine.advance(to: 0.2 * 0.75)
    let u = eio.value(at: 0.2)
    let old = presentation(s.second.view)
    expectCorners(old, flipCorners(theta: Double.pi * u))
    #expect(close(corners(old)[3].y - corners(old)[0].y, H))
    s.engine.advance(to: 0.75)
    #expect(s.first.view.superview === s.window && s.first.view.transform3D.isIdentity)
  }

  /// The fold line of the curl, from the front clip's bottom edge: its angle (positive = rising
  /// to the right) and its height at x = W/2.
  func fold(_ container: View) -> (angle: Double, yAtCentre: Double)? {
    guard let front = container.subviews.first(where: { $0.name == "curl-front" }) else { return nil }
    let c = corners(presentation(front))
    let (a, b) = (c[3], c[2])  // bottom-left → bottom-right of the clip
    let angle = atan2(-(b.y - a.y), b.x - a.x)
    let y = a.y + (b.y - a.y) * (W / 2 - a.x) / (b.x - a.x)
    return (Double(angle), Double(y))
  }

  @Test(
    "partial-curl: the fold starts at the lower-right corner at 45°, ends crossing x = W/2 at 0.42·H at 12°, and stays curled"
  )
  func partialCurl() throws {
    let s = Scene.modal(host: try host("partial-curl"), presented: false)
    s.run(.present)
    let container = s.second.view.superview!
    let f0 = fold(container)!
    #expect(close(f0.angle, 45 * .pi / 180, 1e-3))
    // At 45° through (W, H): y at W/2 is H + W/2.
    #expect(close(f0.yAtCentre, H + W / 2))
    s.engine.advance(to: 0.6)
    let f1 = fold(container)!
    #expect(close(f1.angle, 12 * .pi / 180, 1e-3))
    #expect(close(f1.yAtCentre, 0.42 * H))
    #expect(s.first.view.window == nil)
    #expect(container.subviews.map(\.name) == ["second", "curl-front", "curl-back"])
    #expect(s.host.animators.map(\.ended) == [[true]])
    // Dismissal starts from exactly that fold and ends with the curl gone.
    s.run(.dismiss)
    let g = fold(container)!
    #expect(close(g.angle, f1.angle, 1e-6) && close(g.yAtCentre, f1.yAtCentre, 1e-6))
    s.engine.advance(to: 0.6 + 0.3)
    let mid = fold(container)!
    #expect(mid.angle > f1.angle && mid.yAtCentre > f1.yAtCentre)
    s.engine.advance(to: 1.3)
    #expect(s.first.view.superview === s.window && s.first.view.isHidden == false)
    #expect(s.window.subviews.count == 1)
    #expect(s.host.animators.map(\.ended) == [[true], [true]])
  }

  @Test("partial-curl: a cancelled dismissal leaves the curled page exactly as it was")
  func partialCurlCancelledDismiss() throws {
    let s = Scene.modal(host: try host("partial-curl"), presented: false)
    s.run(.present)
    s.engine.advance(to: 1)
    let before = s.window.layer.presentationSnapshot()
    let interaction = PercentDrivenInteractiveTransition()
    s.host.percentDriven = interaction
    s.run(.dismiss)
    interaction.update(0.5)
    s.advance(by: 0.1)
    #expect(s.window.layer.presentationSnapshot() != before)
    interaction.cancel()
    s.advance(by: 2)
    #expect(s.window.layer.presentationSnapshot() == before)
    #expect(s.host.animators.map(\.ended) == [[true], [false]])
  }
}
