import AnimatorTestSupport
import Animator
import Foundation
import Pixels
import Testing

@testable import Compositor

/// The rules of docs/core-animation.md that are easiest to get wrong, checked in pixels. Small
/// frames (≤ 200 pt at 1×); expected geometry is computed here from the documented formulas
/// (points-are-row-vectors, positive-rotations-on-screen, m34-is-a-pinhole-camera,
/// layer-to-superlayer-matrix), never read back from the renderer.
@Suite("Core Animation rules, compositor side", .resetEngineAfterEachTest)
struct CompositorRuleTests {
  let canvas = Size(width: 200, height: 200)

  func deg(_ d: Double) -> Double { d * .pi / 180 }

  /// Top and bottom edge of the painted shape in column `x` (sub-pixel, from coverage): the
  /// uncovered amount above the column's middle and the covered amount below it.
  func columnEdges(_ img: RGBAImage, x: Int, mid: Int) -> (top: Double, bottom: Double) {
    var top = 0.0
    for y in 0..<mid { top += 1 - alpha(img, x, y) }
    var bottom = Double(mid)
    for y in mid..<img.height { bottom += alpha(img, x, y) }
    return (top, bottom)
  }

  /// Left and right edge of the painted shape in row `y`.
  func rowEdges(_ img: RGBAImage, y: Int, mid: Int) -> (left: Double, right: Double) {
    var left = 0.0
    for x in 0..<mid { left += 1 - alpha(img, x, y) }
    var right = Double(mid)
    for x in mid..<img.width { right += alpha(img, x, y) }
    return (left, right)
  }

  func rowCoverage(_ img: RGBAImage, y: Int) -> Double { (0..<img.width).reduce(0) { $0 + alpha(img, $1, y) } }
  func columnCoverage(_ img: RGBAImage, x: Int) -> Double { (0..<img.height).reduce(0) { $0 + alpha(img, x, $1) } }

  /// y of the line through a and b at x.
  func yAt(_ a: Point, _ b: Point, x: Double) -> Double { a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) }

  /// Least-squares line y = k·x + m through the points.
  func fit(_ pts: [Point]) -> (k: Double, m: Double) {
    let n = Double(pts.count)
    let sx = pts.reduce(0) { $0 + $1.x }, sy = pts.reduce(0) { $0 + $1.y }
    let sxx = pts.reduce(0) { $0 + $1.x * $1.x }, sxy = pts.reduce(0) { $0 + $1.x * $1.y }
    let k = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    return (k, (sy - k * sx) / n)
  }

  // MARK: vanishing-point-is-the-anchor

  /// A point (u, v) of an 80×80 face, relative to the point the face rotates about, after a
  /// rotation by θ about y (positive-rotations-on-screen: x' = u·cos θ, z' = −u·sin θ) seen through
  /// m34 = −1/d from the projection centre `centre`; `offset` is where the rotation point sits
  /// relative to the centre.
  func projected(u: Double, v: Double, theta: Double, d: Double, centre: Point, offset: Point) -> Point {
    let w = 1 + u * sin(theta) / d  // W = 1 − z'/d
    return Point(x: centre.x + (offset.x + u * cos(theta)) / w, y: centre.y + (offset.y + v) / w)
  }

  @Test(
    "vanishing-point-is-the-anchor: the vanishing point is the anchor of the layer holding m34 (or the superlayer's anchor for sublayerTransform): the same rotation converges on the anchor's horizon, and moves when the anchor moves"
  )
  func vanishingPointIsAnchor() throws {
    let d = 200.0, theta = deg(50)
    // The face occupies 60...140 × 60...140 untransformed in every case.
    struct Case {
      var name: String
      var frame: FrameSnapshot
      var centre: Point  // projection centre = the anchor in question, on screen
      var vRange: (Double, Double)  // face rows relative to its rotation point
      var offset: Point  // rotation point relative to the projection centre
    }
    func own(_ anchor: Point) -> FrameSnapshot {
      var l = layer(Rect(x: 60, y: 60, width: 80, height: 80), red)
      l.anchorPoint = anchor
      l.position = Point(x: 60 + anchor.x * 80, y: 60 + anchor.y * 80)
      l.transform = Transform3D.perspective(distance: d).rotated(by: theta, x: 0, y: 1, z: 0)
      return scene(canvas, [l])
    }
    func sublayer(_ parentAnchor: Point) -> FrameSnapshot {
      var parent = layer(Rect(x: 0, y: 0, width: 200, height: 200))
      parent.anchorPoint = parentAnchor
      parent.position = Point(x: parentAnchor.x * 200, y: parentAnchor.y * 200)
      parent.sublayerTransform = .perspective(distance: d)
      var face = layer(Rect(x: 60, y: 60, width: 80, height: 80), red)
      face.transform = Transform3D(rotationAngle: theta, x: 0, y: 1, z: 0)
      parent.sublayers = [face]
      return scene(canvas, [parent])
    }
    let cases = [
      Case(
        name: "own, anchor centre", frame: own(Point(x: 0.5, y: 0.5)), centre: Point(x: 100, y: 100), vRange: (-40, 40),
        offset: .zero),
      Case(
        name: "own, anchor top", frame: own(Point(x: 0.5, y: 0)), centre: Point(x: 100, y: 60), vRange: (0, 80),
        offset: .zero),
      Case(
        name: "sublayerTransform, parent anchor centre", frame: sublayer(Point(x: 0.5, y: 0.5)),
        centre: Point(x: 100, y: 100),
        vRange: (-40, 40), offset: .zero),
      // Parent anchor (0.5, 0.3) = (100, 60); the face still turns about its own centre (100, 100).
      Case(
        name: "sublayerTransform, parent anchor moved up", frame: sublayer(Point(x: 0.5, y: 0.3)),
        centre: Point(x: 100, y: 60),
        vRange: (-40, 40), offset: Point(x: 0, y: 40)),
    ]
    var vanishing: [Point] = []
    for c in cases {
      let img = try Compositor(scale: 1).render(c.frame)
      debugDump(img, "trap3-\(c.name)")
      func corner(_ u: Double, _ v: Double) -> Point {
        projected(u: u, v: v, theta: theta, d: d, centre: c.centre, offset: c.offset)
      }
      let (tl, tr) = (corner(-40, c.vRange.0), corner(40, c.vRange.0))
      let (bl, br) = (corner(-40, c.vRange.1), corner(40, c.vRange.1))
      var tops: [Point] = [], bottoms: [Point] = []
      for x in Int(max(tl.x, bl.x) + 2)..<Int(min(tr.x, br.x) - 2) {
        let xc = Double(x) + 0.5
        let yt = yAt(tl, tr, x: xc), yb = yAt(bl, br, x: xc)
        let e = columnEdges(img, x: x, mid: Int((yt + yb) / 2))
        #expect(abs(e.top - yt) < 0.5, "\(c.name): top edge at column \(x): \(e.top) vs \(yt)")
        #expect(abs(e.bottom - yb) < 0.5, "\(c.name): bottom edge at column \(x): \(e.bottom) vs \(yb)")
        tops.append(Point(x: xc, y: e.top))
        bottoms.append(Point(x: xc, y: e.bottom))
      }
      #expect(tops.count > 40, "\(c.name)")
      // The measured top and bottom edges (parallel in 3D) meet at the vanishing point: on the
      // horizon through the projection centre, d·cot θ to its right (u → ∞ in `projected`).
      let t = fit(tops), b = fit(bottoms)
      let vx = (b.m - t.m) / (t.k - b.k)
      let vp = Point(x: vx, y: t.k * vx + t.m)
      let expected = Point(x: c.centre.x + d * cos(theta) / sin(theta), y: c.centre.y)
      #expect(
        abs(vp.x - expected.x) < 3 && abs(vp.y - expected.y) < 1.5, "\(c.name): vanishing point \(vp) vs \(expected)")
      vanishing.append(vp)
    }
    // Same rotation, same untransformed frame: moving the anchor 40 pt up moves the convergence
    // 40 pt up, and the edge through the anchor (the top one) stays level.
    #expect(abs((vanishing[0].y - vanishing[1].y) - 40) < 2)
    #expect(abs((vanishing[2].y - vanishing[3].y) - 40) < 2)
    let ownTop = try Compositor(scale: 1).render(cases[1].frame)
    for x in [80, 100, 120] { #expect(abs(columnEdges(ownTop, x: x, mid: 100).top - 60) < 0.1, "column \(x)") }
  }

  // MARK: positive-rotations-on-screen

  @Test(
    "positive-rotations-on-screen: on screen a positive z-rotation is clockwise, a positive y-rotation sends the right edge away (shorter), a positive x-rotation brings the bottom edge toward the viewer (wider)"
  )
  func rotationSignsOnScreen() throws {
    // z: a 80×10 bar with a red tip at its right end, turned +30° about its centre (100, 100).
    var bar = layer(Rect(x: 60, y: 95, width: 80, height: 10), blue)
    bar.sublayers = [layer(Rect(x: 70, y: 0, width: 10, height: 10), red)]
    bar.transform = Transform3D(rotationAngle: deg(30), x: 0, y: 0, z: 1)
    let z = try Compositor(scale: 1).render(scene(canvas, [bar]))
    // Tip centre at 35 pt along the bar: (100 + 35·cos 30°, 100 + 35·sin 30°) — below the centre.
    #expect(z[130, 117] == RGBA8(255, 0, 0))
    #expect(z[130, 82].a == 0)  // where a counter-clockwise turn would put it
    #expect(z[70, 82] == RGBA8(0, 0, 255))  // the left end rises

    // y and x under m34 = −1/200, 80×80 face centred at (100, 100), θ = 30°.
    let d = 200.0, s = sin(deg(30)), c = cos(deg(30))
    var face = layer(Rect(x: 60, y: 60, width: 80, height: 80), red)
    face.transform = Transform3D.perspective(distance: d).rotated(by: deg(30), x: 0, y: 1, z: 0)
    let y = try Compositor(scale: 1).render(scene(canvas, [face]))
    for column in [75, 125] {
      let X = Double(column) + 0.5 - 100
      // Screen column X from the centre shows face column u = X / (c − X·s/d) at W = 1 + u·s/d.
      let u = X / (c - X * s / d)
      let height = 80 / (1 + u * s / d)
      let measured = columnCoverage(y, x: column)
      #expect(abs(measured - height) < 1, "y-rotation column \(X): \(measured) vs \(height)")
    }
    #expect(columnCoverage(y, x: 75) > columnCoverage(y, x: 125) + 10)  // right edge recedes

    face.transform = Transform3D.perspective(distance: d).rotated(by: deg(30), x: 1, y: 0, z: 0)
    let x = try Compositor(scale: 1).render(scene(canvas, [face]))
    for row in [75, 125] {
      let Y = Double(row) + 0.5 - 100
      // (0, v) → (0, v·c, v·s): W = 1 − v·s/d, screen row Y shows v = Y / (c + Y·s/d).
      let v = Y / (c + Y * s / d)
      let width = 80 / (1 - v * s / d)
      let measured = rowCoverage(x, y: row)
      #expect(abs(measured - width) < 1, "x-rotation row \(Y): \(measured) vs \(width)")
    }
    #expect(rowCoverage(x, y: 125) > rowCoverage(x, y: 75) + 10)  // bottom edge approaches
  }

  // MARK: clip-at-the-eye

  @Test(
    "clip-at-the-eye: geometry at or behind the eye (W ≤ 0) paints no pixel — no mirrored image; a face crossing the eye plane shows only its W > 0 part"
  )
  func behindTheEye() throws {
    let size = Size(width: 100, height: 100)
    func behind(z: Double, dressed: Bool = false) -> FrameSnapshot {
      var root = layer(Rect(x: 0, y: 0, width: 100, height: 100))
      root.sublayerTransform = .perspective(distance: 100)
      var l = layer(Rect(x: 10, y: 10, width: 30, height: 30), red)
      l.zPosition = z
      if dressed {
        // Every kind of paint: rounded background, border, shadow, image, sublayer, gradient.
        l.cornerRadius = 6
        l.borderWidth = 2
        l.shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 0, height: 5), radius: 2)
        l.contents = .image(checkerBitmap(8))
        var g = layer(Rect(x: 5, y: 5, width: 20, height: 20))
        g.kind = .gradient(Gradient(colors: [green, blue]))
        l.sublayers = [g]
      }
      root.sublayers = [l]
      return FrameSnapshot(time: 0, size: size, background: nil, root: root)
    }
    // In front (z = 50, W = 0.5): doubled about the centre, 10...40 → −30...30.
    let front = try Compositor(scale: 1).render(behind(z: 50))
    #expect(front[20, 20] == RGBA8(255, 0, 0) && front[28, 28] == RGBA8(255, 0, 0))
    #expect(front[32, 32].a == 0)
    // At the eye (W = 0) and behind it (W = −0.5: a naive divide would paint 70...130; W = −1:
    // 60...90, mirrored through the centre): nothing.
    for z in [100.0, 150, 200, 1000] {
      for dressed in [false, true] {
        let img = try Compositor(scale: 1).render(behind(z: z, dressed: dressed))
        #expect(img.pixels.allSatisfy { $0 == 0 }, "z = \(z), dressed: \(dressed)")
      }
    }
    #expect(try Compositor(scale: 1).render(behind(z: 50, dressed: true))[20, 20].a == 255)
    // A 300×40 strip centred at (50, 50) turned −60° about y under d = 100: face column u has
    // z = u·sin 60°, W = 1 − u·sin 60°/100, which reaches 0 at u = 115.5 < 150. Its visible part
    // starts at the left end, x = 50 + (−150·cos 60°)/W(−150), and runs off the right side.
    var root = layer(Rect(x: 0, y: 0, width: 100, height: 100))
    root.sublayerTransform = .perspective(distance: 100)
    var strip = layer(Rect(x: -100, y: 30, width: 300, height: 40), red)
    strip.transform = Transform3D(rotationAngle: deg(-60), x: 0, y: 1, z: 0)
    root.sublayers = [strip]
    let img = try Compositor(scale: 1).render(FrameSnapshot(time: 0, size: size, background: nil, root: root))
    debugDump(img, "trap5-strip")
    let wLeft = 1 + 150 * sin(deg(60)) / 100
    let leftEdge = 50 - 150 * cos(deg(60)) / wLeft
    let row = rowEdges(img, y: 50, mid: 60)
    #expect(abs(row.left - leftEdge) < 0.5, "\(row.left) vs \(leftEdge)")
    #expect(abs(row.right - 100) < 0.01)
    // The same strip with an image and a shadow (raster paths) paints nothing there either.
    root.sublayers[0].contents = .image(checkerBitmap(16))
    root.sublayers[0].shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 0, height: 0), radius: 1)
    let textured = try Compositor(scale: 1).render(FrameSnapshot(time: 0, size: size, background: nil, root: root))
    for (name, image) in [("solid", img), ("textured", textured)] {
      var mirrored: [String] = []
      for y in 0..<100 {
        for x in 0..<Int(leftEdge) - 2 where image[x, y].a != 0 { mirrored.append("(\(x), \(y))") }
      }
      #expect(mirrored.isEmpty, "\(name): painted left of the visible part: \(mirrored.prefix(5))")
    }
    #expect(textured[60, 50].a == 255)
    // The clipper: a polygon entirely at W < 0 yields nothing; one at W = 0 too.
    let g = (minX: -1000.0, minY: -1000.0, maxX: 1000.0, maxY: 1000.0)
    let behind = [
      HPoint(x: 10, y: 10, w: -1), HPoint(x: 40, y: 10, w: -1), HPoint(x: 40, y: 40, w: -1),
      HPoint(x: 10, y: 40, w: -1),
    ]
    #expect(PolygonClipper.clip(behind, guard: g).isEmpty)
    #expect(PolygonClipper.clip(behind.map { HPoint(x: $0.x, y: $0.y, w: 0) }, guard: g).isEmpty)
  }

  // MARK: ordinary-layers-flatten

  @Test(
    "ordinary-layers-flatten: an ordinary parent flattens — a child at +30° about y in a parent at −30° is 80·cos²30° = 60 wide, not flat-on; in a TransformLayer parent the turns cancel (80 wide)"
  )
  func flattening() throws {
    func render(transformLayerParent: Bool, perspective: Bool) throws -> RGBAImage {
      var parent = layer(Rect(x: 60, y: 60, width: 80, height: 80))
      if transformLayerParent { parent.kind = .transformLayer }
      parent.transform = Transform3D(rotationAngle: deg(-30), x: 0, y: 1, z: 0)
      var child = layer(Rect(x: 0, y: 0, width: 80, height: 80), red)
      child.transform = Transform3D(rotationAngle: deg(30), x: 0, y: 1, z: 0)
      parent.sublayers = [child]
      var root = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "window")
      if perspective { root.sublayerTransform = .perspective(distance: 300) }
      root.sublayers = [parent]
      return try Compositor(scale: 1).render(FrameSnapshot(time: 0, size: canvas, background: nil, root: root))
    }
    let c = cos(deg(30))
    // Orthographic: flattening drops the child's z in the parent's plane, so both turns shorten it.
    let flat = try render(transformLayerParent: false, perspective: false)
    #expect(abs(rowCoverage(flat, y: 100) - 80 * c * c) < 0.5, "\(rowCoverage(flat, y: 100))")
    let kept = try render(transformLayerParent: true, perspective: false)
    #expect(abs(rowCoverage(kept, y: 100) - 80) < 0.5, "\(rowCoverage(kept, y: 100))")
    // Under m34 = −1/300 on the window: in the transform layer the child is flat-on again (equal
    // left and right heights, 80×80); flattened, it is an 80·cos 30°-wide card turned −30°, whose
    // right edge (u = +34.64, z = u·sin 30°) is nearer: heights 80/W with W = 1 ∓ 34.64·0.5/300.
    let keptP = try render(transformLayerParent: true, perspective: true)
    #expect(abs(rowCoverage(keptP, y: 100) - 80) < 0.5)
    #expect(abs(columnCoverage(keptP, x: 62) - 80) < 0.5 && abs(columnCoverage(keptP, x: 137) - 80) < 0.5)
    let flatP = try render(transformLayerParent: false, perspective: true)
    let half = 40 * c, s = 0.5
    let xRight = 100 + half * c / (1 - half * s / 300), xLeft = 100 - half * c / (1 + half * s / 300)
    #expect(abs(rowCoverage(flatP, y: 100) - (xRight - xLeft)) < 0.5)
    // Columns 1 pt inside each edge: heights from the edge heights, linear in screen x.
    let hRight = 80 / (1 - half * s / 300), hLeft = 80 / (1 + half * s / 300)
    func h(_ x: Double) -> Double { hLeft + (hRight - hLeft) * (x - xLeft) / (xRight - xLeft) }
    let xl = Int(xLeft) + 2, xr = Int(xRight) - 2
    #expect(abs(columnCoverage(flatP, x: xl) - h(Double(xl) + 0.5)) < 0.5)
    #expect(abs(columnCoverage(flatP, x: xr) - h(Double(xr) + 0.5)) < 0.5)
    #expect(columnCoverage(flatP, x: xr) - columnCoverage(flatP, x: xl) > 5)
  }

  @Test(
    "ordinary-layers-flatten: back faces and depth are judged inside a flattening context — a one-sided child turned 180° in a parent turned 180° stays hidden, a grandchild's zPosition neither magnifies it nor lifts it over its parent's later sibling; a TransformLayer parent keeps both in 3D"
  )
  func flatteningContexts() throws {
    // Back faces: det of the child's map into its parent's plane is −1, through both turns +1.
    func turned(transformLayerParent: Bool) throws -> RGBAImage {
      var parent = layer(Rect(x: 60, y: 60, width: 80, height: 80))
      if transformLayerParent { parent.kind = .transformLayer }
      parent.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
      var child = layer(Rect(x: 0, y: 0, width: 80, height: 80), red)
      child.isDoubleSided = false
      child.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
      parent.sublayers = [child]
      return try Compositor(scale: 1).render(scene(canvas, [parent]))
    }
    #expect(try turned(transformLayerParent: false).pixels.allSatisfy { $0 == 0 })
    #expect(try turned(transformLayerParent: true)[100, 100] == RGBA8(255, 0, 0))

    // Depth: under m34 = −1/300 on the window, a grandchild at zPosition 100 (60...100 square)
    // inside P1, and P1's later sibling P2 (90...130 × 60...100, blue).
    func stacked(transformLayerParent: Bool) throws -> RGBAImage {
      var p1 = layer(Rect(x: 40, y: 40, width: 80, height: 80))
      if transformLayerParent { p1.kind = .transformLayer }
      var g = layer(Rect(x: 20, y: 20, width: 40, height: 40), red)
      g.zPosition = 100
      p1.sublayers = [g]
      let p2 = layer(Rect(x: 90, y: 60, width: 40, height: 40), blue)
      var root = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "window")
      root.sublayerTransform = .perspective(distance: 300)
      root.sublayers = [p1, p2]
      return try Compositor(scale: 1).render(FrameSnapshot(time: 0, size: canvas, background: nil, root: root))
    }
    // Flattened in P1's plane: z dropped, so no magnification, and P2 draws later on top.
    let flat = try stacked(transformLayerParent: false)
    #expect(flat[61, 80] == RGBA8(255, 0, 0) && flat[58, 80].a == 0 && flat[95, 80] == RGBA8(0, 0, 255))
    // Kept in 3D: W = 1 − 100/300, so 60...100 becomes 100 + (−40...0)·1.5 = 40...100, nearer than P2.
    let kept = try stacked(transformLayerParent: true)
    #expect(kept[42, 80] == RGBA8(255, 0, 0) && kept[38, 80].a == 0 && kept[95, 80] == RGBA8(255, 0, 0))
  }

  // MARK: layer-draw-order, masks-to-bounds-clips

  @Test(
    "layer-draw-order: the border is above sublayers, the shadow below everything (sublayers included), cornerRadius clips contents only with masksToBounds, masksToBounds clips the shadow"
  )
  func drawingOrderAndClipping() throws {
    let pixels = RGBAImage(width: 4, height: 4, fill: RGBA8(0, 255, 0))!
    var l = layer(Rect(x: 50, y: 50, width: 100, height: 100), .white)
    l.contents = .image(Bitmap(pixels, label: "green4"))
    l.cornerRadius = 20
    l.borderWidth = 4
    l.borderColor = red
    l.shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 0, height: 20), radius: 2)
    // A blue sublayer over the left border that spills 10 pt out of the bounds: 40...60 × 90...150.
    l.sublayers = [layer(Rect(x: -10, y: 40, width: 20, height: 60), blue)]
    let img = try Compositor(scale: 1).render(scene(canvas, [l]))
    debugDump(img, "trap7")
    #expect(img[52, 120] == RGBA8(255, 0, 0))  // border over the sublayer
    #expect(img[57, 120] == RGBA8(0, 0, 255))  // sublayer over contents
    #expect(img[45, 120] == RGBA8(0, 0, 255))  // the spill, unclipped, over the shadow below it
    #expect(img[45, 140] == RGBA8(0, 0, 255))  // inside the sublayer's own offset silhouette
    #expect(img[100, 100] == RGBA8(0, 255, 0))  // contents over the background and the shadow
    // The shadow shows only outside everything: under the layer's offset silhouette, and under
    // the spilled sublayer's (40...60 × 110...170).
    let underLayer = img[100, 160], underSpill = img[45, 160]
    #expect(underLayer.a > 240 && underLayer.r < 10, "\(underLayer)")
    #expect(underSpill.a > 200 && underSpill.b < 10, "\(underSpill)")
    // The rounded corner: the background and border are rounded, the contents are not clipped.
    #expect(img[51, 51] == RGBA8(0, 255, 0))

    l.masksToBounds = true
    let clipped = try Compositor(scale: 1).render(scene(canvas, [l]))
    debugDump(clipped, "trap7-masks")
    #expect(clipped[51, 51].a == 0)  // the corner of the contents is clipped now
    #expect(clipped[45, 120].a == 0)  // so is the spill
    #expect(clipped[100, 160].a == 0 && clipped[45, 160].a == 0 && clipped[100, 152].a == 0)  // no shadow
    #expect(clipped[52, 120] == RGBA8(255, 0, 0) && clipped[57, 120] == RGBA8(0, 0, 255))
  }

  // MARK: group-opacity

  @MainActor
  @Test(
    "group-opacity: group opacity is on by default — a view at alpha 0.5 fades its composited subviews once, so overlapping subviews show no mixed overlap"
  )
  func groupOpacityByDefault() throws {
    AnimationEngine.reset()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.backgroundColor = .white
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    parent.alpha = 0.5
    let a = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    a.backgroundColor = red
    let b = View(frame: Rect(x: 40, y: 40, width: 50, height: 50))
    b.backgroundColor = blue
    parent.addSubview(a)
    parent.addSubview(b)
    window.addSubview(parent)
    let img = try Compositor(scale: 1).render(window.snapshot(background: nil))
    // The group shows blue over red, then the whole is faded 50 % over white.
    func close(_ p: RGBA8, _ r: Int, _ g: Int, _ b: Int) -> Bool {
      abs(Int(p.r) - r) <= 1 && abs(Int(p.g) - g) <= 1 && abs(Int(p.b) - b) <= 1 && p.a == 255
    }
    #expect(close(img[20, 20], 255, 128, 128), "\(img[20, 20])")
    #expect(close(img[80, 80], 128, 128, 255), "\(img[80, 80])")
    // Faded child by child, the overlap would be blue/2 over (red/2 over white) = (64, 64, 191).
    #expect(close(img[50, 50], 128, 128, 255), "\(img[50, 50])")
  }

  // MARK: shadow-offset-points-up

  @MainActor
  @Test(
    "shadow-offset-points-up: the default shadowOffset (0, −3) points up — the shadow shows above the layer, not below")
  func defaultShadowPointsUp() throws {
    AnimationEngine.reset()
    let l = Layer()
    #expect(l.shadowOffset == Size(width: 0, height: -3) && l.shadowRadius == 3)
    l.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    l.position = Point(x: 50, y: 50)
    l.backgroundColor = .white
    l.shadowOpacity = 1
    #expect(l.presentationSnapshot().shadow?.offset == Size(width: 0, height: -3))
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    root.position = Point(x: 50, y: 50)
    root.addSublayer(l)
    let img = try Compositor(scale: 1).render(
      FrameSnapshot(time: 0, size: Size(width: 100, height: 100), background: nil, root: root.presentationSnapshot()))
    debugDump(img, "trap9")
    // The layer spans 30...70; its shadow silhouette 27...67. Row 29 (1.5 pt inside the
    // silhouette, σ = 3) is well shaded; the mirrored row 70 (3.5 pt outside) only faintly.
    for k in 0..<4 {
      let above = img[50, 29 - k], below = img[50, 70 + k]
      #expect(Int(above.a) > Int(below.a) + 40, "k = \(k): above \(above.a), below \(below.a)")
    }
    #expect(img[50, 29].a > 128)
    // Sideways the default offset is zero: left and right are alike.
    #expect(abs(Int(img[28, 50].a) - Int(img[71, 50].a)) <= 1)
  }

  // MARK: frame-is-undefined-under-a-transform

  @MainActor
  @Test(
    "frame-is-undefined-under-a-transform: a transformed view renders from bounds, position and anchor, not from its frame (the bounding box)"
  )
  func rendersFromModelGeometry() throws {
    AnimationEngine.reset()
    let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let v = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))
    v.backgroundColor = red
    window.addSubview(v)
    v.transform = AffineTransform(rotationAngle: .pi / 4)
    // Frame: the 106×106 bounding box around (100, 100).
    let half = (100 + 50) * cos(Double.pi / 4) / 2
    #expect(abs(v.frame.width - 2 * half) < 1e-9 && abs(v.frame.minX - (100 - half)) < 1e-9)
    let img = try Compositor(scale: 1).render(window.snapshot(background: nil))
    debugDump(img, "trap19")
    // The painted area is the 100×50 rectangle (5000 pt²), not the 11250 pt² box.
    let area = img.pixels.indices.filter { $0 % 4 == 3 }.reduce(0.0) { $0 + Double(img.pixels[$1]) / 255 }
    #expect(abs(area - 5000) < 5, "\(area)")
    #expect(img[100, 100] == RGBA8(255, 0, 0))
    // The box's corners are empty; the rectangle's long axis runs along the diagonal.
    #expect(img[50, 50].a == 0 && img[150, 50].a == 0 && img[50, 150].a == 0 && img[150, 150].a == 0)
    #expect(img[130, 130] == RGBA8(255, 0, 0) && img[70, 70] == RGBA8(255, 0, 0))
    // A quarter turn: 50×100 around the same centre (the untransformed 100×50 would fill
    // 60 and 140 on row 100).
    v.transform = AffineTransform(rotationAngle: .pi / 2)
    let q = try Compositor(scale: 1).render(window.snapshot(background: nil))
    #expect(q[100, 55] == RGBA8(255, 0, 0) && q[100, 144] == RGBA8(255, 0, 0))
    #expect(q[60, 100].a == 0 && q[140, 100].a == 0)
  }

  // MARK: anchor-point-moves-the-layer

  @MainActor
  @Test(
    "anchor-point-moves-the-layer: anchorPoint (0,0) is the top-left corner on screen; moving the anchor without moving position shifts the drawing by ((0.5 − ax)·w, (0.5 − ay)·h)"
  )
  func anchorTopLeftOnScreen() throws {
    AnimationEngine.reset()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let v = View(frame: Rect(x: 30, y: 40, width: 40, height: 20))  // position (50, 50)
    v.backgroundColor = red
    window.addSubview(v)
    func painted(_ img: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
      var box = (Int.max, Int.max, Int.min, Int.min)
      for y in 0..<img.height {
        for x in 0..<img.width where img[x, y].a > 128 {
          box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        }
      }
      return box
    }
    let centred = painted(try Compositor(scale: 1).render(window.snapshot(background: nil)))
    #expect(centred == (30, 40, 69, 59))
    v.layer.anchorPoint = .zero  // top-left at position: shift by (+20, +10)
    let topLeft = painted(try Compositor(scale: 1).render(window.snapshot(background: nil)))
    #expect(topLeft == (50, 50, 89, 69))
    v.layer.anchorPoint = Point(x: 1, y: 1)  // shift by (−20, −10)
    let bottomRight = painted(try Compositor(scale: 1).render(window.snapshot(background: nil)))
    #expect(bottomRight == (10, 30, 49, 49))
  }
}
