import AnimatorTestSupport
import Animator
import Effects
import Foundation
import Testing

/// Checkpoints of the tutorial effects (docs/effects.md#the-tutorials) and the two library effects the
/// tutorials copy (docs/effects.md#crossfade, docs/effects.md#cube).
@MainActor
@Suite("Seed effects", .resetEngineAfterEachTest)
struct SeedEffectTests {
  // MARK: scale

  @Test("scale push: the new view is on top and scales 0.1 → 1 about its centre with ease-in-out over 0.4 s")
  func scalePush() {
    let s = makeScene("scale", .push)
    s.start()
    #expect(s.duration == 0.4)
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for f in [0.0, 0.25, 0.5, 0.75] {
      s.at(f)
      let t = s.second.view.layer.presentationSnapshot().transform
      #expect(close(t.m11, 0.1 + 0.9 * E(f), 1e-4) && close(t.m22, t.m11, 1e-9), "at \(f)")
      #expect(s.second.view.layer.presentationSnapshot().position == Point(x: W / 2, y: H / 2))
    }
  }

  @Test("scale pop: the new view is inserted below and the old view shrinks 1 → 0.1 with ease-in-out")
  func scalePop() {
    let s = makeScene("scale", .pop)
    s.start()
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for f in [0.25, 0.5, 0.9] {
      s.at(f)
      #expect(close(s.second.view.layer.presentationSnapshot().transform.m11, 1 - 0.9 * E(f), 1e-4), "at \(f)")
      #expect(s.first.view.layer.presentationSnapshot().transform.isIdentity)
    }
  }

  // MARK: slide-up

  /// The damped spring of docs/effects.md#slide-up-spring with ζ = 0.6 and ω₀ = 18.39 rad/s.
  func spring(_ t: Double) -> Double {
    let zeta = 0.6, w0 = 18.39
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
  }

  @Test(
    "slide-up present: the new view's top edge follows H·(1 − x(t)) of the 0.6 s, ζ = 0.6 spring: 28 %, 72 %, crosses ≈0.15 s, peaks 54 pt above the top at 0.214 s, undershoots 0.9 % at 0.427 s"
  )
  func slideUpPresent() {
    let s = makeScene("slide-up", .present)
    s.start()
    #expect(s.duration == 0.6)
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    let table: [(Double, Double)] = [(0.05, 0.28), (0.10, 0.72), (0.214, 1.095), (0.30, 1.037), (0.427, 0.991)]
    for (time, x) in table {
      AnimationEngine.current.advance(to: time)
      let ty = s.second.view.layer.presentationSnapshot().transform.m42
      #expect(close(ty, H * (1 - spring(time)), 1.5), "formula at \(time) s")
      #expect(close(ty, H * (1 - x), 0.006 * H), "slide-up-spring table at \(time) s")
      if time == 0.214 { #expect(close(ty, -54, 1), "54 pt above the top at the peak") }
    }
  }

  @Test("slide-up dismiss: the new view is inserted below and the old view translates 0 → H with the same spring")
  func slideUpDismiss() {
    let s = makeScene("slide-up", .dismiss)
    s.start()
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for time in [0.05, 0.1, 0.214, 0.427] {
      AnimationEngine.current.advance(to: time)
      #expect(close(s.second.view.layer.presentationSnapshot().transform.m42, H * spring(time), 1.5), "at \(time) s")
    }
  }

  @Test("slide-up damping 1 never overshoots")
  func slideUpCriticallyDamped() {
    let s = makeScene("slide-up", .present, ["damping": "1"])
    s.start()
    for i in 1...60 {
      AnimationEngine.current.advance(to: Double(i) * 0.01)
      #expect(s.second.view.layer.presentationSnapshot().transform.m42 >= -1e-9)
    }
  }

  // MARK: top-down

  @Test(
    "top-down present: the new view slides on top from one height above the screen to 0 (frame animation, ease-in-out)")
  func topDownPresent() {
    let s = makeScene("top-down", .present)
    s.start()
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for f in [0.0, 0.25, 0.5, 0.8] {
      s.at(f)
      let p = s.second.view.layer.presentationSnapshot()
      #expect(close(p.position.y, H / 2 - H * (1 - E(f)), 1e-6) && p.position.x == W / 2, "at \(f)")
    }
  }

  @Test("top-down dismiss: the old view, on top, slides up to one height above the screen")
  func topDownDismiss() {
    let s = makeScene("top-down", .dismiss)
    s.start()
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for f in [0.25, 0.5, 0.8] {
      s.at(f)
      #expect(close(s.second.view.layer.presentationSnapshot().position.y, H / 2 - H * E(f), 1e-6), "at \(f)")
    }
  }

  // MARK: shrink

  @Test(
    "shrink: a snapshot of the old view, above the new one, shrinks to a zero-size rect at the centre while the new view's alpha goes 0.5 → 1",
    arguments: [Move.dismiss, .pop])
  func shrink(move: Move) throws {
    let s = makeScene("shrink", move)
    s.start()
    #expect(s.duration == 0.4)
    let old: View = s.second.view, new: View = s.first.view
    #expect(old.superview == nil, "the old view is replaced by its snapshot")
    let snap = try #require(
      snapshotView(in: s.container.subviews, of: old, rect: Rect(x: 0, y: 0, width: W, height: H)))
    #expect(s.container.subviews.map { $0 === new ? "new" : $0 === snap ? "snapshot" : "?" } == ["new", "snapshot"])
    for f in [0.0, 0.3, 0.6, 0.9] {
      s.at(f)
      let p = snap.layer.presentationSnapshot()
      #expect(close(p.bounds.width, W * (1 - E(f)), 1e-6) && close(p.bounds.height, H * (1 - E(f)), 1e-6), "at \(f)")
      #expect(close(p.position, Point(x: W / 2, y: H / 2), 1e-9))
      #expect(close(new.layer.presentationSnapshot().opacity, 0.5 + 0.5 * E(f), 1e-6))
    }
  }

  // MARK: crossfade

  @Test(
    "crossfade: the new view is static at the back while the old view's alpha goes 1 → 0 with ease-in-out over 1 s, the same for every operation",
    arguments: Move.allCases)
  func crossfade(move: Move) {
    let s = makeScene("crossfade", move)
    s.start()
    #expect(s.duration == 1)
    #expect(s.container.subviews.map(\.name) == [s.arriving.view.name, s.leaving.view.name])
    for f in [0.1, 0.5, 0.75] {
      s.at(f)
      #expect(close(s.leaving.view.layer.presentationSnapshot().opacity, 1 - E(f), 1e-6), "at \(f)")
      #expect(s.arriving.view.layer.presentationSnapshot().opacity == 1)
    }
  }

  // MARK: cube

  /// docs/effects.md#perspective-written-into-a-rotation closed form: a point `s` pt from the hinge
  /// at eased progress `u` is drawn s·cos(uπ/2)/w from the hinge, its offset from the centre line
  /// divided by w.
  func cubeFace(s: Double, u: Double) -> (distance: Double, scale: Double) {
    let w = 1 + u * s * cos(u * .pi / 2) / 200
    return (s * cos(u * .pi / 2) / w, 1 / w)
  }

  @Test(
    "cube push at u = 0.5: hinge at x = 160, both far edges 144.5 pt from it (x = 15.5 and 304.5) at 64 % height; veils at 0.5"
  )
  func cubeHalfway() throws {
    let s = makeScene("cube", .push)
    s.start()
    s.at(0.5)
    let old: View = s.first.view, new: View = s.second.view
    let face = cubeFace(s: W, u: 0.5)
    #expect(close(face.distance, 144.5, 0.1) && close(face.scale, 0.64, 0.005), "cube sanity values")
    // Forward, as seed 001: the new face enters from the right; the hinge is the old view's
    // right edge.
    #expect(close(screenPoint(unit: 1, 0, of: old), Point(x: 160, y: 0), 0.01))
    #expect(close(screenPoint(unit: 0, 0, of: new), Point(x: 160, y: 0), 0.01))
    let oldFar = screenPoint(unit: 0, 0, of: old), newFar = screenPoint(unit: 1, 1, of: new)
    #expect(close(oldFar.x, 160 - face.distance, 0.05) && close(oldFar.x, 15.5, 0.1))
    #expect(close(newFar.x, 160 + face.distance, 0.05) && close(newFar.x, 304.5, 0.1))
    #expect(close(oldFar.y, H / 2 - H / 2 * face.scale, 0.05))
    #expect(close(newFar.y, H / 2 + H / 2 * face.scale, 0.05))
    let oldVeil = try #require(old.subviews.last), newVeil = try #require(new.subviews.last)
    #expect(
      oldVeil.backgroundColor == Color.black.withAlphaComponent(0.8)
        && newVeil.backgroundColor == oldVeil.backgroundColor)
    #expect(
      close(oldVeil.layer.presentationSnapshot().opacity, 0.5, 1e-6)
        && close(newVeil.layer.presentationSnapshot().opacity, 0.5, 1e-6))
  }

  @Test(
    "cube push reproduces the library screenshot Cube/2.png (its reverse variant, the seed's push): at u = 0.369 the hinge is at x ≈ 202, the old face's far edge at x ≈ 22.7 and its top at y ≈ 93.9"
  )
  func cubeScreenshot() {
    let s = makeScene("cube", .push)
    s.start()
    let u = 0.369
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: u))
    let old: View = s.first.view
    // Forward: the old face is anchored on its right edge, the new face enters from the right.
    let hinge = screenPoint(unit: 1, 0.5, of: old)
    #expect(close(hinge.x, (1 - u) * W, 0.01) && close(hinge.x, 202, 0.2))
    let far = screenPoint(unit: 0, 0, of: old)
    let face = cubeFace(s: W, u: u)
    #expect(close(far.x, (1 - u) * W - face.distance, 0.05) && close(far.x, 22.7, 0.3))
    #expect(close(far.y, H / 2 * (1 - face.scale), 0.05) && close(far.y, 93.9, 0.3))
    let newFar = screenPoint(unit: 1, 1, of: s.second.view)
    let newFace = cubeFace(s: W, u: 1 - u)
    #expect(close(newFar.x, (1 - u) * W + newFace.distance, 0.05))
    #expect(close(newFar.y, H / 2 + H / 2 * newFace.scale, 0.05))
  }

  @Test(
    "cube vertical present at u = 0.5: the hinge is at y = H/2, the new face comes from the bottom, far edges at H/2 ∓ s·cos(π/4)/w with s = H"
  )
  func cubeVertical() {
    let s = makeScene("cube", .present, ["axis": "vertical"])
    s.start()
    s.at(0.5)
    let old: View = s.first.view, new: View = s.second.view
    #expect(close(screenPoint(unit: 0.5, 1, of: old), Point(x: W / 2, y: H / 2), 0.01))
    #expect(close(screenPoint(unit: 0.5, 0, of: new), Point(x: W / 2, y: H / 2), 0.01))
    let face = cubeFace(s: H, u: 0.5)
    let oldFar = screenPoint(unit: 0, 0, of: old), newFar = screenPoint(unit: 1, 1, of: new)
    #expect(close(oldFar.y, H / 2 - face.distance, 0.05) && close(oldFar.x, W / 2 - W / 2 * face.scale, 0.05))
    #expect(close(newFar.y, H / 2 + face.distance, 0.05) && close(newFar.x, W / 2 + W / 2 * face.scale, 0.05))
  }

  @Test("cube with the seed's 1.5 s duration: the hinge is at W/2 at 0.75 s")
  func cubeSeedDuration() {
    let s = makeScene("cube", .push, ["duration": "1.5"])
    s.start()
    AnimationEngine.current.advance(to: 0.75)
    #expect(close(screenPoint(unit: 1, 0.5, of: s.first.view).x, W / 2, 0.01))
    AnimationEngine.current.advance(to: 1.49)
    #expect(s.host.ended.isEmpty)
    AnimationEngine.current.advance(to: 1.5)
    #expect(s.host.ended == [true])
  }
}
