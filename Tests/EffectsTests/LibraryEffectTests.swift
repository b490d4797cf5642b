import AnimatorTestSupport
import Animator
import Effects
import Foundation
import Testing

/// Checkpoints of the VCTransitionsLibrary effects (docs/effects.md#vctransitionslibrary) on a
/// 320 × 568 screen.
@MainActor
@Suite("VCTransitionsLibrary effects", .resetEngineAfterEachTest)
struct LibraryEffectTests {
  // MARK: explode

  @Test(
    "explode: the old screen becomes 10 × ⌈568/32⌉ = 180 tiles of 32 pt, made column by column and placed where they were, stacked old < new < tiles"
  )
  func explodeTiles() {
    let s = makeScene("explode", .push)
    s.start()
    let views = s.container.subviews
    #expect(views.count == 2 + 180)
    #expect(views[0] === s.first.view && views[1] === s.second.view)
    for (i, tile) in views.dropFirst(2).enumerated() {
      let rect = Rect(x: Double(i / 18) * 32, y: Double(i % 18) * 32, width: 32, height: 32)
      #expect(snapshotView(in: [tile], of: s.first.view, rect: rect) != nil, "tile \(i)")
      let p = tile.layer.presentationSnapshot()
      #expect(p.position == Point(x: rect.midX, y: rect.midY) && p.bounds.size == rect.size && p.transform.isIdentity)
    }
  }

  @Test(
    "explode motion: every tile drifts at most 100 pt in x and y, spins by its angle wrapped into (−π, π] linearly in u, scales 1 → 0.01 and fades 1 → 0, all together"
  )
  func explodeMotion() {
    let s = makeScene("explode", .push)
    s.start()
    let tiles = Array(s.container.subviews.dropFirst(2))
    let starts = tiles.map { $0.layer.presentationSnapshot().position }
    var largestSpin = 0.0
    let f = 0.3, u = E(0.3)
    s.at(f)
    for (tile, start) in zip(tiles, starts) {
      // The model holds the end state.
      let end = tile.center, t = tile.transform
      let dx = end.x - start.x, dy = end.y - start.y
      #expect(abs(dx) <= 100 && abs(dy) <= 100)
      let angle = atan2(t.b, t.a), scale = (t.a * t.a + t.b * t.b).squareRoot()
      #expect(close(scale, 0.01, 1e-9) && abs(angle) <= .pi)
      largestSpin = max(largestSpin, abs(angle))
      let p = tile.layer.presentationSnapshot()
      #expect(close(p.position, Point(x: start.x + u * dx, y: start.y + u * dy), 1e-6))
      #expect(close(zAngle(p.transform), u * angle, 1e-6))
      #expect(
        close((p.transform.m11 * p.transform.m11 + p.transform.m12 * p.transform.m12).squareRoot(), 1 - 0.99 * u, 1e-6))
      #expect(close(p.opacity, 1 - u, 1e-9))
    }
    #expect(largestSpin > 2.5, "±10 rad requests wrap into large visible spins")
  }

  @Test("explode is deterministic: the same seed gives identical frames, another seed another explosion")
  func explodeDeterministic() {
    func frame(seed: String) -> String {
      let s = makeScene("explode", .present, ["seed": seed])
      s.start()
      s.at(0.5)
      return s.text
    }
    #expect(frame(seed: "7") == frame(seed: "7"))
    #expect(frame(seed: "7") != frame(seed: "8"))
  }

  // MARK: flip

  /// Screen x and y of a half-page point `s` pt from the spine (x = W/2) whose rotation about the
  /// spine is Ry(θ) — `side` −1 for a point left of the spine, +1 right — under the container's
  /// d = 500 perspective about (W/2, H/2); `yOffset` is the point's offset from y = H/2.
  func flipPoint(s: Double, side: Double, theta: Double, yOffset: Double) -> Point {
    let x = side * s
    let xr = x * cos(theta), z = -x * sin(theta)
    let w = 1 - z / 500
    return Point(x: W / 2 + xr / w, y: H / 2 + yOffset / w)
  }

  @Test(
    "flip forward: container d = 500; halves stacked new-left, new-right, old-left, old-right; old-left turns 90°·2E(t) about the spine with its free edge lifting, then new-right turns from −90° to −0.001 rad; shadows 0 → 1 and 1 → 0"
  )
  func flipForward() throws {
    let s = makeScene("flip", .push)
    s.start()
    #expect(s.container.layer.sublayerTransform == Transform3D.perspective(distance: 500))
    let old: View = s.first.view, new: View = s.second.view
    let left = Rect(x: 0, y: 0, width: W / 2, height: H), right = Rect(x: W / 2, y: 0, width: W / 2, height: H)
    let views = Array(s.container.subviews.dropFirst(2))
    let newLeft = try #require(snapshotView(in: views, of: new, rect: left))
    let newRight = try #require(snapshotView(in: views, of: new, rect: right))
    let oldLeft = try #require(snapshotView(in: views, of: old, rect: left))
    let oldRight = try #require(snapshotView(in: views, of: old, rect: right))
    #expect(
      s.container.subviews.map(ObjectIdentifier.init)
        == [old, new, newLeft, newRight, oldLeft, oldRight].map(ObjectIdentifier.init))
    #expect(old.isHidden && new.isHidden)
    let outgoingShadow = try #require(oldLeft.subviews.first), incomingShadow = try #require(newRight.subviews.first)
    for f in [0.1, 0.25, 0.4] {
      s.at(f)
      let theta = .pi / 2 * 2 * E(f)
      #expect(close(yAngle(oldLeft.layer.presentationSnapshot().transform), theta, 1e-6), "at \(f)")
      #expect(close(yAngle(newRight.layer.presentationSnapshot().transform), -.pi / 2, 1e-6))
      #expect(
        close(screenPoint(unit: 0, 0, of: oldLeft), flipPoint(s: W / 2, side: -1, theta: theta, yOffset: -H / 2), 1e-3))
      #expect(close(screenPoint(unit: 1, 1, of: oldLeft), Point(x: W / 2, y: H), 1e-6), "the spine stays put")
      #expect(close(outgoingShadow.layer.presentationSnapshot().opacity, 2 * E(f), 1e-6))
      #expect(incomingShadow.layer.presentationSnapshot().opacity == 1)
    }
    for f in [0.6, 0.75, 0.9] {
      s.at(f)
      let progress = 2 * E(f) - 1
      let phi = -.pi / 2 + progress * (.pi / 2 - 0.001)
      #expect(close(yAngle(oldLeft.layer.presentationSnapshot().transform), .pi / 2, 1e-6), "at \(f)")
      #expect(close(yAngle(newRight.layer.presentationSnapshot().transform), phi, 1e-6))
      #expect(
        close(screenPoint(unit: 1, 0, of: newRight), flipPoint(s: W / 2, side: 1, theta: phi, yOffset: -H / 2), 1e-3))
      #expect(close(incomingShadow.layer.presentationSnapshot().opacity, 1 - progress, 1e-6))
    }
    // Landed: the far edge stays a hair in front of the static half (z > 0), so it sorts on top.
    AnimationEngine.current.advance(to: 0.999_999)
    let t = newRight.layer.presentationSnapshot().transform
    let farEdgeZ = (W / 2) * t.m13
    #expect(farEdgeZ > 0 && farEdgeZ < 0.2)
  }

  @Test(
    "flip reverse: the old right half turns 0 → −90° (lifting toward the viewer), then the new left half +90° → +0.001 rad; shadows run from the outer edge to the spine"
  )
  func flipReverse() throws {
    let s = makeScene("flip", .pop)
    s.start()
    let old: View = s.second.view, new: View = s.first.view
    let left = Rect(x: 0, y: 0, width: W / 2, height: H), right = Rect(x: W / 2, y: 0, width: W / 2, height: H)
    let views = s.container.subviews
    let newLeft = try #require(snapshotView(in: views, of: new, rect: left))
    let oldRight = try #require(snapshotView(in: views, of: old, rect: right))
    #expect(Array(views.suffix(4)).map { $0 === newLeft } == [true, false, false, false])
    #expect(views.last === oldRight)
    let shadow = try #require(oldRight.subviews.first?.layer.presentationSnapshot())
    if case .gradient(let g) = shadow.kind {
      #expect(g.startPoint == Point(x: 1, y: 0.5) && g.endPoint == Point(x: 0, y: 0.5))
      #expect(g.colors == [Color.black.withAlphaComponent(0), Color.black.withAlphaComponent(0.5)])
    } else {
      Issue.record("the shadow is a gradient layer")
    }
    s.at(0.25)
    let theta = -.pi / 2 * 2 * E(0.25)
    #expect(close(yAngle(oldRight.layer.presentationSnapshot().transform), theta, 1e-6))
    #expect(
      close(screenPoint(unit: 1, 0, of: oldRight), flipPoint(s: W / 2, side: 1, theta: theta, yOffset: -H / 2), 1e-3))
    #expect(screenPoint(unit: 1, 0, of: oldRight).y < 0, "the free edge lifts toward the viewer and grows")
    s.at(0.75)
    let phi = .pi / 2 - (2 * E(0.75) - 1) * (.pi / 2 - 0.001)
    #expect(close(yAngle(newLeft.layer.presentationSnapshot().transform), phi, 1e-6))
  }

  // MARK: fold

  /// The library's hinge of strip `k` of a screen cut into `strips` strips at eased progress
  /// u (docs/effects.md#fold): the strip's outer edge (the left one of a left strip, even k;
  /// the right one of a right strip), moving linearly from its place to the edge X (old
  /// screen) or from the edge X′ to its place (new screen).
  func foldHinge(_ k: Int, strips: Int, u: Double, old: Bool, reverse: Bool) -> Double {
    let f = W / Double(strips)
    let home = Double(k % 2 == 0 ? k : k + 1) * f
    let edge = old ? (reverse ? 0 : W) : (reverse ? W : 0)
    return old ? home + u * (edge - home) : edge + u * (home - edge)
  }

  /// Where the container's perspective (d = 200 about the screen's centre) shows the point
  /// (x, y, z) of the container's 3D space.
  func foldProjected(_ x: Double, _ y: Double, _ z: Double) -> Point {
    let w = 1 - z / 200
    return Point(x: W / 2 + (x - W / 2) / w, y: H / 2 + (y - H / 2) / w)
  }

  @Test(
    "fold forward, N = 2, u = 0.5 (the sanity frame): strips hinge where the library's do, new at 0, 80 | 80, 160 and old at 160, 240 | 240, 320, each turned acos(80 / 160) = 60° so that a fold's two strips meet; veils at 0.5; each screen's strips hang in one chain of transform layers rooted at the edge it folds out of (new, left) or into (old, right)"
  )
  func foldSanityFrame() throws {
    let s = makeScene("fold", .push)
    s.start()
    #expect(s.container.layer.sublayerTransform == Transform3D.perspective(distance: 200))
    let old: View = s.first.view, new: View = s.second.view
    let f = 80.0
    func strip(_ view: View, _ index: Int) throws -> View {
      try #require(
        snapshotView(in: s.container.subviews, of: view, rect: Rect(x: Double(index) * f, y: 0, width: f, height: H)))
    }
    #expect(s.container.subviews.count == 4, "the two real views and the two chains")
    let newNodes = try (0..<4).map { try #require(try strip(new, $0).superview) }
    let oldNodes = try (0..<4).map { try #require(try strip(old, $0).superview) }
    for k in 0..<4 {
      #expect(newNodes[k].layer is TransformLayer && oldNodes[k].layer is TransformLayer)
      #expect(newNodes[k].superview === (k == 0 ? s.container : newNodes[k - 1]), "new strip \(k) hangs from \(k - 1)")
      #expect(oldNodes[k].superview === (k == 3 ? s.container : oldNodes[k + 1]), "old strip \(k) hangs from \(k + 1)")
    }
    #expect(
      old.layer.presentationSnapshot().position.x == W / 2 + W
        && new.layer.presentationSnapshot().position.x == W / 2 + W, "real views wait off-screen")
    s.at(0.5)
    let theta = degrees(60)
    for (view, isOld) in [(new, false), (old, true)] {
      for k in 0..<4 {
        let v = try strip(view, k)
        let hinge = foldHinge(k, strips: 4, u: 0.5, old: isOld, reverse: false)
        let left = k % 2 == 0
        #expect(close(screenPoint(unit: left ? 0 : 1, 0.5, of: v).x, hinge, 0.05), "strip \(k): hinge")
        let crease = foldProjected(hinge + (left ? 1 : -1) * f * cos(theta), 0, -f * sin(theta))
        #expect(close(screenPoint(unit: left ? 1 : 0, 0, of: v), crease, 0.05), "strip \(k): crease at 60°")
        #expect(close(v.subviews[0].layer.presentationSnapshot().opacity, 0.5, 1e-6))
      }
    }
  }

  @Test(
    "fold: at every moment each strip k of a screen shows content [k·f, (k+1)·f], its inner edge projects exactly onto its neighbour's (no content hidden or shown twice at a crease) and its hinge is where the library's is",
    arguments: [(Move.push, 2), (.pop, 2), (.tabUp, 3), (.present, 1)])
  func foldStripsMeet(move: Move, folds: Int) throws {
    let s = makeScene("fold", move, ["folds": "\(folds)"])
    let reverse = [Move.pop, .dismiss, .tabUp].contains(move)
    s.start()
    let n = 2 * folds, f = W / Double(n)
    for fraction in [0.05, 0.2, 0.4, 0.6, 0.8, 0.95] {
      s.at(fraction)
      let u = E(fraction)
      for (screen, old) in [(s.leaving.view!, true), (s.arriving.view!, false)] {
        let strips = try (0..<n).map { k in
          try #require(
            snapshotView(in: s.container.subviews, of: screen, rect: Rect(x: Double(k) * f, y: 0, width: f, height: H)),
            "strip \(k) of \(screen.name)")
        }
        for k in 0..<n {
          let hinge = foldHinge(k, strips: n, u: u, old: old, reverse: reverse)
          #expect(
            close(screenPoint(unit: k % 2 == 0 ? 0 : 1, 0.5, of: strips[k]).x, hinge, 0.05),
            "\(screen.name) strip \(k) hinge at \(fraction)")
          guard k + 1 < n else { continue }
          for y in [0.0, 0.5, 1.0] {
            let a = screenPoint(unit: 1, y, of: strips[k]), b = screenPoint(unit: 0, y, of: strips[k + 1])
            #expect(close(a, b, 1e-6), "\(screen.name) strips \(k)|\(k + 1) at \(fraction), y \(y): \(a) vs \(b)")
          }
        }
      }
    }
  }

  @Test(
    "fold geometry at u = E(0.3): every strip is a rigid panel seen through the container's d = 200 alone; the old left strip of fold 0 hinges at u·W turned acos(1 − u), the new right strip of fold 1 hinges at 4f·u turned acos(u), and their far corners project there"
  )
  func foldProjection() throws {
    let s = makeScene("fold", .push)
    s.start()
    let f = 80.0
    let oldLeft0 = try #require(
      snapshotView(in: s.container.subviews, of: s.first.view, rect: Rect(x: 0, y: 0, width: f, height: H)))
    let newRight1 = try #require(
      snapshotView(in: s.container.subviews, of: s.second.view, rect: Rect(x: 3 * f, y: 0, width: f, height: H)))
    s.at(0.3)
    let u = E(0.3)
    let phi = acos(1 - u), hinge = u * W
    #expect(close(screenPoint(unit: 1, 0, of: oldLeft0), foldProjected(hinge + f * cos(phi), 0, -f * sin(phi)), 0.05))
    let theta = acos(u), newHinge = u * 4 * f
    #expect(
      close(screenPoint(unit: 0, 0, of: newRight1), foldProjected(newHinge - f * cos(theta), 0, -f * sin(theta)), 0.05))
  }

  @Test(
    "fold reverse with folds = 3 (a tab switch to a higher index): strips W/6 wide; the old screen collapses into the left edge while the new one unfolds from the right; shading left (0, 0.2)→(1, 0), right (1, 0)→(0, 1), black 0 → 1"
  )
  func foldReverse() throws {
    let s = makeScene("fold", .tabUp, ["folds": "3"])
    s.start()
    let f = W / 6
    let old: View = s.first.view, new: View = s.second.view
    s.at(0.5)
    let u = 0.5
    for i in 0..<3 {
      let oldLeft = try #require(
        snapshotView(in: s.container.subviews, of: old, rect: Rect(x: Double(2 * i) * f, y: 0, width: f, height: H)))
      let newRight = try #require(
        snapshotView(in: s.container.subviews, of: new, rect: Rect(x: Double(2 * i + 1) * f, y: 0, width: f, height: H))
      )
      #expect(close(screenPoint(unit: 0, 0.5, of: oldLeft).x, Double(2 * i) * f * (1 - u), 0.05))
      #expect(close(screenPoint(unit: 1, 0.5, of: newRight).x, W + (Double(2 * i + 2) * f - W) * u, 0.05))
      let leftShade = oldLeft.subviews[0].layer.presentationSnapshot(),
        rightShade = newRight.subviews[0].layer.presentationSnapshot()
      if case .gradient(let g) = leftShade.kind, case .gradient(let h) = rightShade.kind {
        #expect(g.startPoint == Point(x: 0, y: 0.2) && g.endPoint == Point(x: 1, y: 0))
        #expect(h.startPoint == Point(x: 1, y: 0) && h.endPoint == Point(x: 0, y: 1))
        #expect(g.colors == [Color.black.withAlphaComponent(0), Color.black] && h.colors == g.colors)
      } else {
        Issue.record("strip shading is a gradient layer")
      }
    }
  }

  // MARK: turn

  @Test(
    "turn forward about y: key 0–0.5 the old view turns 0 → −90° with its right edge toward the viewer, key 0.5–1 the new view +90° → 0; container d = 500"
  )
  func turnForward() {
    let s = makeScene("turn", .push)
    s.start()
    #expect(s.container.layer.sublayerTransform == Transform3D.perspective(distance: 500))
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    s.at(0.25)
    let theta = -.pi / 2 * 2 * E(0.25)
    #expect(close(yAngle(s.first.view.layer.presentationSnapshot().transform), theta, 1e-6))
    #expect(close(yAngle(s.second.view.layer.presentationSnapshot().transform), .pi / 2, 1e-6))
    let x = W / 2 * cos(theta), z = -(W / 2) * sin(theta), w = 1 - z / 500
    #expect(z > 0, "right edge toward the viewer")
    #expect(close(screenPoint(unit: 1, 0, of: s.first.view), Point(x: W / 2 + x / w, y: H / 2 - H / 2 / w), 1e-3))
    s.at(0.75)
    #expect(close(yAngle(s.first.view.layer.presentationSnapshot().transform), -.pi / 2, 1e-6))
    #expect(close(yAngle(s.second.view.layer.presentationSnapshot().transform), .pi / 2 * (2 - 2 * E(0.75)), 1e-6))
  }

  @Test(
    "turn reverse about x (the screenshots): at 45° the top recedes and the bottom edge comes toward the viewer, 1.67× wide, spanning x ≈ −107…427"
  )
  func turnReverseX() {
    let s = makeScene("turn", .pop, ["axis": "x"])
    s.start()
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.25))
    let old: View = s.second.view
    #expect(close(xAngle(old.layer.presentationSnapshot().transform), .pi / 4, 1e-6))
    let bottomLeft = screenPoint(unit: 0, 1, of: old), bottomRight = screenPoint(unit: 1, 1, of: old)
    let w = 1 - (H / 2) * sin(.pi / 4) / 500
    #expect(close(bottomLeft.x, W / 2 - W / 2 / w, 1e-3) && close(bottomRight.x, W / 2 + W / 2 / w, 1e-3))
    #expect(close(bottomLeft.x, -107, 1) && close(bottomRight.x, 427, 1))
    #expect(close((bottomRight.x - bottomLeft.x) / W, 1.67, 0.01))
    #expect(screenPoint(unit: 1, 0, of: old).x < W, "the top edge recedes")
  }

  // MARK: cards

  @Test(
    "cards forward: old alpha 0.8 at key 0.2 and 0.6 from key 0.4; old at T2 from key 0.6 (corners x 32 → 288, y 11.4 → 465.8); new view's top at H until key 0.6, H − 30 at 0.8, 0 at the end"
  )
  func cardsForward() {
    let s = makeScene("cards", .push)
    s.start()
    let old: View = s.first.view, new: View = s.second.view
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    func top(_ v: View) -> Double { v.layer.presentationSnapshot().position.y - H / 2 }
    #expect(top(new) == H)
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.2))
    #expect(close(old.layer.presentationSnapshot().opacity, 0.8, 1e-6))
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.4))
    #expect(close(old.layer.presentationSnapshot().opacity, 0.6, 1e-6))
    // Cubic calculation mode (Catmull–Rom through the held keys H, H, H − 30, 0) dips the
    // held card a few points further down before it rises: it stays entirely off-screen.
    #expect(top(new) >= H - 1e-9 && top(new) < H + 6)
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.6))
    #expect(close(top(new), H, 1e-6))
    let t2TopLeft = Point(x: W / 2 - 0.8 * W / 2, y: H / 2 - 0.8 * H / 2 - 0.08 * H)
    let t2BottomRight = Point(x: W / 2 + 0.8 * W / 2, y: H / 2 + 0.8 * H / 2 - 0.08 * H)
    #expect(close(screenPoint(unit: 0, 0, of: old), t2TopLeft, 1e-3) && close(t2TopLeft, Point(x: 32, y: 11.4), 0.05))
    #expect(
      close(screenPoint(unit: 1, 1, of: old), t2BottomRight, 1e-3)
        && close(t2BottomRight, Point(x: 288, y: 465.8), 0.05))
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.8))
    #expect(close(top(new), H - 30, 1e-6))
    #expect(close(old.layer.presentationSnapshot().opacity, 0.6, 1e-9))
    AnimationEngine.current.advance(to: 0.999_999)
    #expect(close(top(new), 0, 1e-3))
  }

  @Test(
    "cards reverse (the screenshots): the new card starts below at scale 0.6, alpha 0.6; the old card drops to y = H by key 0.5; at key 0.7 the new card is at T1 — top edge y = 43, x 19.5 → 300.5; bottom y = 568, x −5.5 → 325.5 — alpha 1"
  )
  func cardsReverse() {
    let s = makeScene("cards", .pop)
    s.start()
    let old: View = s.second.view, new: View = s.first.view
    #expect(s.container.subviews.map(\.name) == ["from", "to"], "new card below the old one")
    let start = new.layer.presentationSnapshot()
    #expect(
      close(start.transform.m11, 0.6, 1e-9) && close(start.transform.m22, 0.6, 1e-9) && close(start.opacity, 0.6, 1e-9))
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.25))
    #expect(close(old.layer.presentationSnapshot().position.y - H / 2, H / 2, 1e-6))
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.5))
    #expect(close(old.layer.presentationSnapshot().position.y - H / 2, H, 1e-6))
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.7))
    // T1 from its definition: Rx(15°), then scale 0.95 (x, y), then perspective d = 900.
    func t1(_ x: Double, _ y: Double) -> Point {
      let a = degrees(15)
      let yr = y * cos(a), z = y * sin(a)
      let w = 1 - z / 900
      return Point(x: W / 2 + 0.95 * x / w, y: H / 2 + 0.95 * yr / w)
    }
    let corners: [(Double, Double, Point)] = [
      (0, 0, Point(x: 19.5, y: 43)), (1, 0, Point(x: 300.5, y: 43)), (0, 1, Point(x: -5.5, y: 568)),
      (1, 1, Point(x: 325.5, y: 568)),
    ]
    for (ux, uy, table) in corners {
      let seen = screenPoint(unit: ux, uy, of: new)
      #expect(close(seen, t1((ux - 0.5) * W, (uy - 0.5) * H), 1e-3))
      #expect(close(seen, table, 0.6), "documented corner \(table)")
    }
    #expect(close(new.layer.presentationSnapshot().opacity, 1, 1e-9))
  }

  // MARK: natgeo

  @Test(
    "natgeo forward: the new view starts at destination-first — TL (430, −15), TR (1069, −227), BR (1090, 961), BL (336, 580) — then passes the sanity quads at u = 0.5 and 0.75; the old view stays flat until key 0.2, hinged on its left edge"
  )
  func natGeoForward() {
    let s = makeScene("natgeo", .push)
    s.start()
    let old: View = s.first.view, new: View = s.second.view
    #expect(s.container.subviews.map(\.name) == ["from", "to"], "the destination-role view is in front")
    func quad(_ v: View) -> [Point] {
      [
        screenPoint(unit: 0, 0, of: v), screenPoint(unit: 1, 0, of: v), screenPoint(unit: 1, 1, of: v),
        screenPoint(unit: 0, 1, of: v),
      ]
    }
    let start = quad(new)
    for (seen, expected) in zip(
      start, [Point(x: 430, y: -15), Point(x: 1069, y: -227), Point(x: 1090, y: 961), Point(x: 336, y: 580)])
    {
      #expect(close(seen, expected, 1.5), "start corner \(expected), seen \(seen)")
    }
    #expect(old.layer.presentationSnapshot().anchorPoint == Point(x: 0, y: 0.5))
    #expect(close(screenPoint(unit: 1, 1, of: old), Point(x: W, y: H), 1e-9), "anchor moved, frame kept")
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.2))
    #expect(close(screenPoint(unit: 1, 1, of: old), Point(x: W, y: H), 1e-6), "the old view holds until key 0.2")
    // The sanity quads of docs/effects.md#natgeo. They come out of the decomposition only when the flat
    // end is "perspective d = 500" (identity with m34 = −1/500, flat-identical on screen), as the
    // library builds every NatGeo transform on that matrix.
    s.at(0.5)
    let half = quad(new)
    for (seen, expected) in zip(
      half, [Point(x: 229, y: -16), Point(x: 646, y: -90), Point(x: 635, y: 717), Point(x: 177, y: 580)])
    {
      #expect(close(seen, expected, 1.5), "u = 0.5 corner \(expected), seen \(seen)")
    }
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.75))
    let late = quad(new)
    for (seen, expected) in [
      (late[0], Point(x: 119, y: -11)), (late[2], Point(x: 465, y: 633)), (late[3], Point(x: 91, y: 576)),
    ] {
      #expect(close(seen, expected, 1.5), "u = 0.75 corner \(expected), seen \(seen)")
    }
  }

  @Test(
    "natgeo forward end: the old view reaches source-last about its left-edge midpoint — left edge x = 0, y 73 → 495; right edge x = 28, y 140 → 428"
  )
  func natGeoSourceLast() {
    let s = makeScene("natgeo", .push)
    s.start()
    AnimationEngine.current.advance(to: 1 - 1e-7)
    let old: View = s.first.view
    #expect(close(screenPoint(unit: 0, 0, of: old), Point(x: 0, y: 73), 1))
    #expect(close(screenPoint(unit: 0, 1, of: old), Point(x: 0, y: 495), 1))
    #expect(close(screenPoint(unit: 1, 0, of: old), Point(x: 28, y: 140), 1))
    #expect(close(screenPoint(unit: 1, 1, of: old), Point(x: 28, y: 428), 1))
  }

  @Test(
    "natgeo reverse: the revealed view starts at source-last pivoting on its left edge, below the departing view, and is flat from key 0.8; the departing view flies out to destination-first"
  )
  func natGeoReverse() {
    let s = makeScene("natgeo", .pop)
    s.start()
    let revealed: View = s.first.view, departing: View = s.second.view
    #expect(s.container.subviews.map(\.name) == ["from", "to"], "the departing (destination-role) view stays in front")
    #expect(close(screenPoint(unit: 0, 0, of: revealed), Point(x: 0, y: 73), 1))
    #expect(close(screenPoint(unit: 1, 1, of: revealed), Point(x: 28, y: 428), 1))
    #expect(close(screenPoint(unit: 1, 1, of: departing), Point(x: W, y: H), 1e-9))
    AnimationEngine.current.advance(to: wallFraction(ofKeyTime: 0.8))
    #expect(close(screenPoint(unit: 0, 0, of: revealed), Point(x: 0, y: 0), 1e-3))
    #expect(close(screenPoint(unit: 1, 1, of: revealed), Point(x: W, y: H), 1e-3))
    AnimationEngine.current.advance(to: 1 - 1e-7)
    #expect(close(screenPoint(unit: 0, 0, of: departing), Point(x: 430, y: -15), 1.5))
    #expect(close(screenPoint(unit: 1, 1, of: departing), Point(x: 1090, y: 961), 1.5))
  }

  // MARK: portal

  @Test(
    "portal forward, ease-out: the old screen's halves part from the centre (left x 0 → −W/2, right x W/2 → W) over a snapshot of the new screen scaling 0.8 → 1; the real views are out of the container meanwhile"
  )
  func portalForward() throws {
    let s = makeScene("portal", .push)
    s.start()
    let old: View = s.first.view, new: View = s.second.view
    #expect(old.superview == nil && new.superview == nil)
    let views = s.container.subviews
    let snap = try #require(snapshotView(in: views, of: new, rect: Rect(x: 0, y: 0, width: W, height: H)))
    let left = try #require(snapshotView(in: views, of: old, rect: Rect(x: 0, y: 0, width: W / 2, height: H)))
    let right = try #require(snapshotView(in: views, of: old, rect: Rect(x: W / 2, y: 0, width: W / 2, height: H)))
    #expect(views.map(ObjectIdentifier.init) == [snap, left, right].map(ObjectIdentifier.init))
    for f in [0.0, 0.2, 0.5, 0.8] {
      s.at(f)
      let v = easeOut(f)
      #expect(close(left.layer.presentationSnapshot().position.x, W / 4 - W / 2 * v, 1e-6), "at \(f)")
      #expect(close(right.layer.presentationSnapshot().position.x, 3 * W / 4 + W / 2 * v, 1e-6))
      let t = snap.layer.presentationSnapshot().transform
      #expect(close(t.m11, 0.8 + 0.2 * v, 1e-6) && close(t.m22, t.m11, 1e-9))
    }
  }

  @Test(
    "portal reverse: the new screen's halves close in from x = −W/2 and W over the old view, which shrinks 1 → zoom about its centre; the real new view waits at x = W"
  )
  func portalReverse() throws {
    let s = makeScene("portal", .dismiss, ["zoom": "0.5"])
    s.start()
    let old: View = s.second.view, new: View = s.first.view
    let views = s.container.subviews
    let left = try #require(snapshotView(in: views, of: new, rect: Rect(x: 0, y: 0, width: W / 2, height: H)))
    let right = try #require(snapshotView(in: views, of: new, rect: Rect(x: W / 2, y: 0, width: W / 2, height: H)))
    #expect(views.map(ObjectIdentifier.init) == [old, new, left, right].map(ObjectIdentifier.init))
    #expect(Double(new.layer.presentationSnapshot().position.x) == W + W / 2)
    for f in [0.0, 0.3, 0.7] {
      s.at(f)
      let v = easeOut(f)
      #expect(close(left.layer.presentationSnapshot().position.x, -W / 4 + W / 2 * v, 1e-6), "at \(f)")
      #expect(close(right.layer.presentationSnapshot().position.x, W + W / 4 - W / 2 * v, 1e-6))
      #expect(close(old.layer.presentationSnapshot().transform.m11, 1 - 0.5 * v, 1e-6))
    }
  }

  // MARK: pan

  @Test(
    "pan push: ease-in-out over 0.3 s, the new view slides in on top from x = W while the old view moves to x = −W/2")
  func panPush() {
    let s = makeScene("pan", .push)
    s.start()
    #expect(s.duration == 0.3)
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for f in [0.0, 0.4, 0.8] {
      s.at(f)
      #expect(close(s.second.view.layer.presentationSnapshot().position.x, W / 2 + W * (1 - E(f)), 1e-6), "at \(f)")
      #expect(close(s.first.view.layer.presentationSnapshot().position.x, W / 2 - W / 2 * E(f), 1e-6))
    }
  }

  @Test("pan pop: the new view comes from x = −W/2 below while the old view, on top, slides out to x = W")
  func panPop() {
    let s = makeScene("pan", .pop)
    s.start()
    #expect(s.container.subviews.map(\.name) == ["from", "to"])
    for f in [0.3, 0.6] {
      s.at(f)
      #expect(close(s.first.view.layer.presentationSnapshot().position.x, W / 2 - W / 2 * (1 - E(f)), 1e-6), "at \(f)")
      #expect(close(s.second.view.layer.presentationSnapshot().position.x, W / 2 + W * E(f), 1e-6))
    }
  }

  // MARK: direction conventions

  @Test(
    "A tab switch to a higher index brings the cube's new face in from the right, the hinge at x = (1 − u)·W (the library's tab demo, the seed's push); to a lower index, from the left"
  )
  func tabDirection() {
    let up = makeScene("cube", .tabUp)
    up.start()
    up.at(0.25)
    #expect(close(screenPoint(unit: 0, 0.5, of: up.second.view).x, (1 - E(0.25)) * W, 1e-6))
    let down = makeScene("cube", .tabDown)
    down.start()
    down.at(0.25)
    #expect(close(screenPoint(unit: 1, 0.5, of: down.first.view).x, E(0.25) * W, 1e-6))
  }
}
