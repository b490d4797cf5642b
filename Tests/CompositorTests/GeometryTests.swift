import Snapshot
import Pixels
import Testing

@testable import Compositor

@Suite("Compositor: transform chain and solid geometry")
struct GeometryTests {
  /// The analytic screen corners of a `side`-pt layer centred at `c` with transform `t`.
  func corners(_ t: Transform3D, side: Double, centre c: Double) -> [Point] {
    [(0.0, 0.0), (side, 0), (side, side), (0, side)].map { (x, y) in
      let h = t.apply(x: x - side / 2, y: y - side / 2, z: 0)
      return Point(x: h.x / h.w + c, y: h.y / h.w + c)
    }
  }

  /// x of the line through a and b at height y.
  func xAt(_ a: Point, _ b: Point, y: Double) -> Double { a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) }
  func yAt(_ a: Point, _ b: Point, x: Double) -> Double { a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) }

  @Test(
    "perspective-acts-last: a layer rotated 45° about y under m34 = -1/500 fills the analytic projected quad within 0.5 px, edge by edge"
  )
  func projectedPolygonMatchesAnalyticCorners() throws {
    let t = Transform3D.perspective(distance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
    for scale in [1.0, 2.0] {
      var l = layer(Rect(x: 30, y: 30, width: 120, height: 120), .white)
      l.transform = t
      let img = try Compositor(scale: scale).render(scene(Size(width: 180, height: 180), [l]))
      debugDump(img, "projected-quad-\(Int(scale))x")
      let c = corners(t, side: 120, centre: 90).map { Point(x: $0.x * scale, y: $0.y * scale) }
      let (tl, tr, br, bl) = (c[0], c[1], c[2], c[3])
      var checked = 0
      // Left and right edges, row by row: the covered area left of the edge equals the edge's x
      // at the row's centre for a straight edge.
      for y in Int(max(tl.y, tr.y) + 2)..<Int(min(bl.y, br.y) - 2) {
        let yc = Double(y) + 0.5
        let xl = xAt(tl, bl, y: yc), xr = xAt(tr, br, y: yc)
        let mid = Int((xl + xr) / 2)
        var left = 0.0
        for x in 0..<mid { left += 1 - alpha(img, x, y) }
        var right = Double(mid)
        for x in mid..<img.width { right += alpha(img, x, y) }
        #expect(abs(left - xl) < 0.5, "left edge row \(y): \(left) vs \(xl)")
        #expect(abs(right - xr) < 0.5, "right edge row \(y): \(right) vs \(xr)")
        checked += 1
      }
      // Top and bottom edges, column by column.
      for x in Int(tl.x + 2)..<Int(tr.x - 2) {
        let xc = Double(x) + 0.5
        let yt = yAt(tl, tr, x: xc), yb = yAt(bl, br, x: xc)
        let mid = Int((yt + yb) / 2)
        var top = 0.0
        for y in 0..<mid { top += 1 - alpha(img, x, y) }
        var bottom = Double(mid)
        for y in mid..<img.height { bottom += alpha(img, x, y) }
        #expect(abs(top - yt) < 0.5, "top edge column \(x): \(top) vs \(yt)")
        #expect(abs(bottom - yb) < 0.5, "bottom edge column \(x): \(bottom) vs \(yb)")
        checked += 1
      }
      #expect(checked > 150)
    }
  }

  @Test(
    "sublayer-transform-about-the-anchor: sublayerTransform acts about the parent's anchor and bounds.origin scrolls sublayers"
  )
  func sublayerTransformAndScrolling() throws {
    var parent = layer(Rect(x: 0, y: 0, width: 100, height: 100))
    parent.bounds.origin = Point(x: 0, y: 40)  // scrolled down by 40
    parent.sublayers = [layer(Rect(x: 40, y: 60, width: 20, height: 20), red)]
    let img = try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [parent]))
    #expect(img[50, 30] == RGBA8(255, 0, 0))  // 60 - 40 = 20 ... 40
    #expect(img[50, 70].a == 0)
    // A scale in sublayerTransform about the parent's anchor (50, 50): a child at 60...80 → 70...110 clipped.
    var p2 = layer(Rect(x: 0, y: 0, width: 100, height: 100))
    p2.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
    p2.sublayers = [layer(Rect(x: 40, y: 40, width: 20, height: 20), red)]
    let img2 = try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [p2]))
    #expect(img2[31, 31] == RGBA8(255, 0, 0) && img2[68, 68] == RGBA8(255, 0, 0))
    #expect(img2[28, 50].a == 0 && img2[71, 50].a == 0)
  }

  @Test(
    "back-faces-are-culled: a layer with isDoubleSided = false turned away (det ≤ 0) leaves no pixel; a flip card shows one face"
  )
  func backFaceCulling() throws {
    let size = Size(width: 100, height: 100)
    for angle in [100.0, 180, 260] {
      var l = layer(Rect(x: 20, y: 20, width: 60, height: 60), .white)
      l.isDoubleSided = false
      l.transform = Transform3D.perspective(distance: 500).rotated(by: angle * .pi / 180, x: 0, y: 1, z: 0)
      l.sublayers = [layer(Rect(x: 0, y: 0, width: 30, height: 30), red)]
      let img = try Compositor(scale: 1).render(scene(size, [l]))
      #expect(img.pixels.allSatisfy { $0 == 0 }, "angle \(angle)")
      l.isDoubleSided = true
      let shown = try Compositor(scale: 1).render(scene(size, [l]))
      #expect(shown.pixels.contains { $0 != 0 }, "double-sided at \(angle)")
    }
    // Card flip: front and back siblings in a transform layer, back pre-rotated by π.
    func card(_ turn: Double) throws -> RGBAImage {
      var front = layer(Rect(x: 0, y: 0, width: 60, height: 60), red)
      front.isDoubleSided = false
      var back = layer(Rect(x: 0, y: 0, width: 60, height: 60), blue)
      back.isDoubleSided = false
      back.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
      var holder = layer(Rect(x: 20, y: 20, width: 60, height: 60))
      holder.kind = .transformLayer
      holder.transform = Transform3D.perspective(distance: 500).rotated(by: turn, x: 0, y: 1, z: 0)
      holder.sublayers = [front, back]
      return try Compositor(scale: 1).render(scene(size, [holder]))
    }
    #expect(try card(0.3)[50, 50] == RGBA8(255, 0, 0))
    #expect(try card(.pi - 0.3)[50, 50] == RGBA8(0, 0, 255))
  }

  @Test("clip-at-the-eye: a face swinging behind the eye is clipped at W ≥ ε before the divide — no mirrored smear")
  func nearPlaneClipping() throws {
    // Perspective d = 100 on the window; a 400-pt-wide face turned so its right part passes
    // behind the eye (z > 100). The visible part starts left of the centre at x ≈ 50 − 36.6 and
    // runs off to the right; nothing may appear further left.
    var root = layer(Rect(x: 0, y: 0, width: 100, height: 100))
    root.sublayerTransform = .perspective(distance: 100)
    var face = layer(Rect(x: -150, y: 30, width: 400, height: 40), red)
    face.transform = Transform3D(rotationAngle: -.pi / 3, x: 0, y: 1, z: 0)
    root.sublayers = [face]
    let frame = FrameSnapshot(time: 0, size: Size(width: 100, height: 100), background: nil, root: root)
    let img = try Compositor(scale: 1).render(frame)
    debugDump(img, "near-plane")
    for y in 0..<100 {
      for x in 0..<12 { #expect(img[x, y].a == 0, "smear at (\(x),\(y))") }
    }
    #expect(img[60, 50] == RGBA8(255, 0, 0))
    #expect(img[99, 50] == RGBA8(255, 0, 0))
    // The clipper alone: a quad straddling W = 0 yields finite points inside the guard band.
    let quad = [
      HPoint(x: -50, y: -10, w: 2), HPoint(x: 50, y: -10, w: -1), HPoint(x: 50, y: 10, w: -1),
      HPoint(x: -50, y: 10, w: 2),
    ]
    let clipped = PolygonClipper.clip(quad, guard: (-100, -100, 1000, 1000))
    #expect(clipped.count >= 3)
    #expect(clipped.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.x <= 1000 && $0.x >= -100 })
    let behind = quad.map { HPoint(x: $0.x, y: $0.y, w: -abs($0.w)) }
    #expect(PolygonClipper.clip(behind, guard: (-100, -100, 1000, 1000)).isEmpty)
  }

  @Test("depth-sort-within-a-context: siblings draw by zPosition, then array order")
  func zPositionOrder() throws {
    var a = layer(Rect(x: 10, y: 10, width: 50, height: 50), red)
    let b = layer(Rect(x: 40, y: 40, width: 50, height: 50), blue)
    #expect(try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [a, b]))[50, 50] == RGBA8(0, 0, 255))
    a.zPosition = 1
    #expect(try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [a, b]))[50, 50] == RGBA8(255, 0, 0))
    // A sublayer never escapes its parent's slot: a child with a huge zPosition stays below b.
    var c = layer(Rect(x: 10, y: 10, width: 50, height: 50))
    var child = layer(Rect(x: 0, y: 0, width: 50, height: 50), green)
    child.zPosition = 1000
    c.sublayers = [child]
    #expect(try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [c, b]))[50, 50] == RGBA8(0, 0, 255))
  }

  @Test(
    "depth-sort-within-a-context: a half-page at +0.001 rad (far edge a hair in front) wins over a flat later sibling")
  func depthSortFlipHalfPage() throws {
    // Container with perspective; the swinging half-page is first in array order.
    var container = layer(Rect(x: 0, y: 0, width: 100, height: 100))
    container.sublayerTransform = .perspective(distance: 500)
    var page = layer(Rect(x: 10, y: 50, width: 80, height: 40), red)
    page.anchorPoint = Point(x: 0.5, y: 0)  // hinge on its top edge
    page.position = Point(x: 50, y: 50)
    page.transform = Transform3D(rotationAngle: 0.001, x: 1, y: 0, z: 0)  // bottom edge toward the viewer
    let flat = layer(Rect(x: 10, y: 50, width: 80, height: 40), blue)
    container.sublayers = [page, flat]
    let img = try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [container]))
    #expect(img[50, 70] == RGBA8(255, 0, 0))
    // At -0.001 rad it falls a hair behind and the flat sibling covers it.
    container.sublayers[0].transform = Transform3D(rotationAngle: -0.001, x: 1, y: 0, z: 0)
    let img2 = try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [container]))
    #expect(img2[50, 70] == RGBA8(0, 0, 255))
  }

  @Test("masks-to-bounds-clips: corner radius rounds the background; hairlines stay crisp at 1x, 2x and 3x")
  func cornerRadiusAndHairlines() throws {
    var l = layer(Rect(x: 0, y: 0, width: 100, height: 100), .white)
    l.cornerRadius = 30
    let img = try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [l]))
    debugDump(img, "corner-radius")
    #expect(img[2, 2].a == 0 && img[97, 97].a == 0 && img[97, 2].a == 0 && img[2, 97].a == 0)
    #expect(img[50, 50].a == 255 && img[50, 0].a == 255 && img[0, 50].a == 255)
    // The arc at 45° passes 30 − 30/√2 ≈ 8.79 pt from each side, through pixel (8, 8)'s corner.
    let a = alpha(img, 8, 8), b = alpha(img, 9, 9)
    #expect(a > 0 && a < 0.5 && b > 0.5, "arc coverage \(a), \(b)")
    // Area check: 100² − (4 − π)·30² ≈ 9227.4 px².
    let area = (0..<100 * 100).reduce(0.0) { $0 + Double(img.pixels[$1 * 4 + 3]) / 255 }
    #expect(abs(area - (10000 - (4 - Double.pi) * 900)) < 3)
    for scale in [1.0, 2.0, 3.0] {
      // A one-device-pixel line on a pixel boundary covers exactly one column fully.
      let hair = layer(Rect(x: 10, y: 0, width: 1 / scale, height: 20), .black)
      let h = try Compositor(scale: scale).render(scene(Size(width: 20, height: 20), background: .white, [hair]))
      let col = Int(10 * scale)
      #expect(
        h[col, 5] == RGBA8(0, 0, 0) && h[col - 1, 5] == RGBA8(255, 255, 255) && h[col + 1, 5] == RGBA8(255, 255, 255))
    }
  }

  @Test("invisible-layers-draw-nothing: hidden and opacity-0 layers draw nothing, sublayers included")
  func hiddenAndTransparent() throws {
    var parent = layer(Rect(x: 10, y: 10, width: 80, height: 80), red)
    parent.sublayers = [layer(Rect(x: 0, y: 0, width: 40, height: 40), blue)]
    parent.isHidden = true
    #expect(
      try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [parent])).pixels.allSatisfy { $0 == 0 })
    parent.isHidden = false
    parent.opacity = 0
    #expect(
      try Compositor(scale: 1).render(scene(Size(width: 100, height: 100), [parent])).pixels.allSatisfy { $0 == 0 })
  }

  @Test("Frame size limit: more than 8192 px a side or 256 MiB fails before allocating, with a one-line message")
  func sizeLimit() throws {
    let big = scene(Size(width: 9000, height: 10), [])
    #expect(throws: CompositorError.self) { try Compositor(scale: 1).render(big) }
    #expect(throws: CompositorError.self) { try Compositor(scale: 2).render(scene(Size(width: 4100, height: 10), [])) }
    #expect(throws: CompositorError.self) { try Compositor(scale: 3).render(scene(Size(width: 100, height: 2800), [])) }
    #expect(throws: CompositorError.self) {
      try Compositor(scale: 1).render(scene(Size(width: Double.infinity, height: 10), []))
    }
    #expect(throws: CompositorError.self) { try Compositor(scale: 0).render(scene(Size(width: 10, height: 10), [])) }
    do {
      _ = try Compositor(scale: 1).render(big)
    } catch {
      let message = "\(error)"
      #expect(!message.contains("\n") && message.contains("8192") && message.contains("9000"))
    }
    // The largest accepted side still renders (tiny height keeps it cheap).
    #expect(try Compositor(scale: 1).render(scene(Size(width: 8192, height: 1), [])).width == 8192)
  }
}
