import Snapshot
import Foundation
import Pixels
import Testing

@testable import Compositor

@Suite("Compositor: compositing rules and raster content")
struct CompositingTests {
  let size = Size(width: 100, height: 100)

  @Test("group-opacity: a 50% parent with two overlapping opaque children shows no darker overlap")
  func groupOpacity() throws {
    var parent = layer(Rect(x: 0, y: 0, width: 100, height: 100))
    parent.opacity = 0.5
    parent.sublayers = [
      layer(Rect(x: 10, y: 10, width: 50, height: 50), .white),
      layer(Rect(x: 40, y: 40, width: 50, height: 50), .white),
    ]
    let img = try Compositor(scale: 1).render(scene(size, background: .black, [parent]))
    let single = img[20, 20], overlap = img[50, 50]
    #expect(single == overlap)
    #expect(abs(Int(single.r) - 128) <= 1 && single.a == 255)
  }

  @Test("layer-draw-order: the border is drawn above sublayers, inset from bounds, following cornerRadius")
  func borderAboveSublayers() throws {
    var l = layer(Rect(x: 10, y: 10, width: 80, height: 80), .white)
    l.borderWidth = 6
    l.borderColor = red
    l.cornerRadius = 12
    l.sublayers = [layer(Rect(x: 0, y: 0, width: 80, height: 80), blue)]
    let img = try Compositor(scale: 1).render(scene(size, [l]))
    debugDump(img, "border")
    #expect(img[12, 50] == RGBA8(255, 0, 0))  // border over the blue child
    #expect(img[50, 14] == RGBA8(255, 0, 0))
    #expect(img[50, 50] == RGBA8(0, 0, 255))
    #expect(img[11, 11] == RGBA8(0, 0, 255))  // the ring is rounded: the unclipped child shows at the corner
  }

  @Test(
    "shadow-is-the-blurred-silhouette: the shadow lies under the layer (offset, blurred) and masksToBounds on the same layer clips it away"
  )
  func shadowUnderAndClipped() throws {
    var l = layer(Rect(x: 30, y: 30, width: 40, height: 40), .white)
    l.shadow = Shadow(color: .black, opacity: 1, offset: Size(width: 0, height: 10), radius: 3)
    let img = try Compositor(scale: 1).render(scene(size, [l]))
    debugDump(img, "shadow")
    #expect(img[50, 50] == RGBA8(255, 255, 255))  // the layer covers its own shadow
    let below = img[50, 76]  // inside the offset silhouette (30...70 + 10), below the layer
    #expect(below.a > 200 && below.r == 0)
    #expect(img[50, 83].a > 0 && img[50, 83].a < below.a)  // blurred edge falls off
    #expect(img[50, 95].a == 0)  // beyond 3σ
    #expect(img[50, 22].a == 0)  // the offset moves it down, not up
    // Twice the scale: the same look, twice the pixels (σ = radius × scale).
    let img2 = try Compositor(scale: 2).render(scene(size, [l]))
    #expect(abs(Int(img2[100, 166].a) - Int(img[50, 83].a)) <= 12)
    l.masksToBounds = true
    let clipped = try Compositor(scale: 1).render(scene(size, [l]))
    #expect(clipped[50, 76].a == 0)
  }

  @Test(
    "masks-to-bounds-clips: masksToBounds with cornerRadius clips contents and sublayers; without it the child spills out"
  )
  func masksToBoundsClipsSublayers() throws {
    var l = layer(Rect(x: 20, y: 20, width: 60, height: 60))
    l.cornerRadius = 20
    l.sublayers = [layer(Rect(x: -10, y: -10, width: 80, height: 80), red)]
    let loose = try Compositor(scale: 1).render(scene(size, [l]))
    #expect(loose[15, 15] == RGBA8(255, 0, 0) && loose[22, 22] == RGBA8(255, 0, 0))
    l.masksToBounds = true
    let clipped = try Compositor(scale: 1).render(scene(size, [l]))
    debugDump(clipped, "masks-to-bounds")
    #expect(clipped[15, 15].a == 0 && clipped[22, 22].a == 0)
    #expect(clipped[50, 50] == RGBA8(255, 0, 0) && clipped[50, 21] == RGBA8(255, 0, 0))
  }

  @Test("straight-rgba-output: unpremultiply with c = (c·255 + a/2) / a, 0 when a = 0")
  func unpremultiplyRounding() throws {
    let t = PixelConversion.unpremultiplyTable
    for a in 0..<256 {
      for c in 0...a { #expect(t[a << 8 | c] == (a == 0 ? 0 : UInt8((c * 255 + a / 2) / a))) }
    }
    // End to end: a 50% red window background (premultiplied 128 → straight 255 at a = 128).
    let img = try Compositor(scale: 1).render(
      scene(Size(width: 4, height: 4), background: Color(red: 1, green: 0.2, blue: 0, alpha: 0.5), []))
    let p = img[1, 1]
    #expect(p.a == 128 && p.r == 255 && p.b == 0)
    let pg = Int(Double(0.2 * 255 * 128 / 255).rounded())  // Cairo's premultiplied green
    #expect(Int(p.g) == (pg * 255 + 64) / 128 || abs(Int(p.g) - 51) <= 2)
    // Transparent window: every byte 0.
    #expect(try Compositor(scale: 1).render(scene(Size(width: 4, height: 4), [])).pixels.allSatisfy { $0 == 0 })
  }

  /// A scene that exercises every path: perspective solids, perspective image, gradient,
  /// snapshot subtree, shadow, group opacity, touch.
  func richScene() -> FrameSnapshot {
    var root = layer(Rect(x: 0, y: 0, width: 120, height: 120))
    root.sublayerTransform = .perspective(distance: 300)
    var card = layer(Rect(x: 10, y: 10, width: 60, height: 80), Color(hex: 0x3366cc))
    card.cornerRadius = 8
    card.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
    card.shadow = Shadow(opacity: 0.5, offset: Size(width: 0, height: 4), radius: 4)
    var pic = layer(Rect(x: 5, y: 5, width: 50, height: 50))
    pic.contents = .image(checkerBitmap(32))
    pic.opacity = 0.8
    card.sublayers = [pic]
    var grad = layer(Rect(x: 60, y: 30, width: 50, height: 80))
    grad.kind = .gradient(Gradient(colors: [red, blue.withAlphaComponent(0.5)]))
    grad.transform = Transform3D(rotationAngle: -0.7, x: 1, y: 0, z: 0)
    var snap = layer(Rect(x: 70, y: 5, width: 40, height: 20))
    var tree = layer(Rect(x: 0, y: 0, width: 80, height: 40), .white)
    tree.sublayers = [layer(Rect(x: 10, y: 10, width: 20, height: 20), green)]
    snap.contents = .layerTree(FrozenLayerTree(tree), rect: Rect(x: 0, y: 0, width: 80, height: 40))
    snap.transform = Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0)
    root.sublayers = [card, grad, snap]
    return FrameSnapshot(
      time: 0, size: Size(width: 120, height: 120), background: Color(white: 0.1), root: root,
      touches: [Point(x: 60, y: 100)])
  }

  @Test("Determinism: the same snapshot gives the same bytes twice and from two threads at once")
  func determinism() async throws {
    let frame = richScene()
    let c = Compositor(scale: 2)
    let first = try c.render(frame)
    debugDump(first, "rich")
    #expect(try c.render(frame) == first)
    #expect(try Compositor(scale: 2).render(frame) == first)  // fresh cache
    let results = try await withThrowingTaskGroup(of: RGBAImage.self) { group in
      for _ in 0..<4 { group.addTask { try c.render(frame) } }
      var all: [RGBAImage] = []
      for try await r in group { all.append(r) }
      return all
    }
    #expect(results.count == 4 && results.allSatisfy { $0 == first })
  }

  @Test(
    "perspective-texture-mapping: an image rotated 0…80° about y in a 30-frame sweep shows no shimmer (neighbour differences smooth)"
  )
  func noShimmerSweep() throws {
    let bitmap = checkerBitmap(256)  // 1-texel checkerboard: the worst case for aliasing
    let c = Compositor(scale: 1)
    var frames: [RGBAImage] = []
    for i in 0..<30 {
      let angle = Double(i) / 29 * 80 * Double.pi / 180
      var l = layer(Rect(x: 10, y: 10, width: 100, height: 100))
      l.contents = .image(bitmap)
      l.transform = Transform3D.perspective(distance: 400).rotated(by: angle, x: 0, y: 1, z: 0)
      frames.append(try c.render(scene(Size(width: 120, height: 120), background: .black, [l])))
    }
    debugDump(frames[0], "sweep-00")
    debugDump(frames[20], "sweep-20")
    debugDump(frames[29], "sweep-29")
    // Minified 2.56×, the checkerboard must average to mid-grey, not alias into patterns.
    let mid = frames[0][60, 60]
    #expect(abs(Int(mid.r) - 128) <= 3)
    let diffs = (0..<29).map { meanAbsDiff(frames[$0], frames[$0 + 1]) }
    // A shimmer shows as a spike: a step much larger than its neighbours.
    for i in 0..<28 {
      let around = max(i > 0 ? diffs[i - 1] : 0, diffs[i + 1])
      #expect(diffs[i] <= around * 1.6 + 0.5, "spike at \(i): \(diffs)")
    }
    // And the interior of the face stays grey (no moiré): its spread stays small.
    for f in [frames[10], frames[20], frames[25]] {
      var lo = 255, hi = 0
      for x in 50..<70 { lo = min(lo, Int(f[x, 60].r)); hi = max(hi, Int(f[x, 60].r)) }
      #expect(hi - lo <= 12, "moiré \(lo)...\(hi)")
    }
  }

  @Test("perspective-texture-mapping: an image under perspective fills the same projected quad as solid content")
  func imageFollowsHomography() throws {
    let t = Transform3D.perspective(distance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
    var solid = layer(Rect(x: 20, y: 20, width: 80, height: 80), .white)
    solid.transform = t
    var img = solid
    img.backgroundColor = nil
    img.contents = .image(Bitmap(RGBAImage(width: 8, height: 8, fill: RGBA8(255, 255, 255))!, label: "white"))
    let a = try Compositor(scale: 1).render(scene(Size(width: 120, height: 120), [solid]))
    let b = try Compositor(scale: 1).render(scene(Size(width: 120, height: 120), [img]))
    var worst = 0
    for i in stride(from: 3, to: a.pixels.count, by: 4) { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
    #expect(worst <= 2, "coverage differs by \(worst)")
    // Identity placement of an image is pixel-exact.
    var id = layer(Rect(x: 10, y: 10, width: 32, height: 32))
    id.contents = .image(checkerBitmap(32))
    let c = try Compositor(scale: 1).render(scene(Size(width: 60, height: 60), [id]))
    #expect(c[10, 10] == RGBA8(255, 255, 255) && c[11, 10] == RGBA8(0, 0, 0) && c[41, 41] == RGBA8(255, 255, 255))
    #expect(c[9, 10].a == 0 && c[42, 41].a == 0)
  }

  @Test("gradients-in-unit-space: unit-square gradient, end colours extended; layerTree contents crop `rect`")
  func gradientAndLayerTree() throws {
    var g = layer(Rect(x: 0, y: 0, width: 100, height: 40))
    g.kind = .gradient(
      Gradient(
        colors: [.black, .white], locations: [0.25, 0.75],
        startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    let img = try Compositor(scale: 1).render(scene(Size(width: 100, height: 40), [g]))
    #expect(img[5, 20] == RGBA8(0, 0, 0) && img[95, 20] == RGBA8(255, 255, 255))
    #expect(abs(Int(img[50, 20].r) - 128) <= 4)
    // A snapshot strip showing the right half of a red|blue tree.
    var tree = layer(Rect(x: 0, y: 0, width: 80, height: 40), red)
    tree.sublayers = [layer(Rect(x: 40, y: 0, width: 40, height: 40), blue)]
    var strip = layer(Rect(x: 0, y: 0, width: 40, height: 40))
    strip.contents = .layerTree(FrozenLayerTree(tree), rect: Rect(x: 40, y: 0, width: 40, height: 40))
    let s = try Compositor(scale: 2).render(scene(Size(width: 40, height: 40), [strip]))
    #expect(s[4, 4] == RGBA8(0, 0, 255) && s[75, 75] == RGBA8(0, 0, 255))
  }

  @Test("Touch indicators: a soft translucent circle about 44 pt wide at each touch, on top")
  func touchIndicator() throws {
    let img = try Compositor(scale: 1).render(
      scene(
        size, background: .black, [layer(Rect(x: 0, y: 0, width: 100, height: 100), blue)],
        touches: [Point(x: 50, y: 50)]))
    debugDump(img, "touch")
    let centre = img[50, 50]
    #expect(centre.r > 100 && centre.b > 200)  // whitened, translucent: blue shows through
    #expect(img[50 + 24, 50] == RGBA8(0, 0, 255))  // outside the 22-pt radius
    #expect(img[50 + 18, 50].r > 0)
  }
}
