import Animator
import AnimatorTestSupport
import Pixels
import Snapshot
import Testing

@testable import Compositor

/// Text drawn by the compositor (docs/text.md#vectors-under-affine-transforms,
/// #rasterized-under-perspective) and pictures placed by contentsGravity
/// (docs/core-animation.md#contents-gravity).
@MainActor
@Suite("Compositor: text and picture placement", .resetEngineAfterEachTest)
struct TextDrawingTests {
  let red = Color(hex: 0xFF3B30)

  /// A label's layer snapshot at `frame` (in its parent's space).
  func label(
    _ text: String, _ font: Font, frame: Rect, color: Color, lines: Int = 1, mode: LineBreakMode = .byTruncatingTail
  ) -> LayerSnapshot {
    let l = Label(frame: frame)
    l.text = text
    l.font = font
    l.textColor = color
    l.numberOfLines = lines
    l.lineBreakMode = mode
    return l.layer.presentationSnapshot()
  }

  /// Device pixels with any ink, as a box (minX, minY, maxX, maxY), exclusive maxima.
  func inkBox(_ image: RGBAImage) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
      }
    }
    return box
  }

  @Test(
    "vectors-under-affine-transforms: a label's ink lies inside its frame and is its color at every coverage",
    arguments: [
      ("Inbox", 34.0, 1, LineBreakMode.byTruncatingTail), ("Jumpy fjords, quietly", 17, 1, .byTruncatingTail),
      ("A long line that does not fit in the label's width at all", 17, 1, .byClipping),
      ("Wrapped text over several lines that must stop at the bottom of the frame", 15, 0, .byWordWrapping),
    ])
  func inkInsideFrame(text: String, size: Double, lines: Int, mode: LineBreakMode) throws {
    let frame = Rect(x: 20, y: 30, width: 150, height: 45)
    let l = label(
      text, .systemFont(ofSize: size, weight: .semibold), frame: frame, color: red, lines: lines, mode: mode)
    for scale in [1.0, 2.0, 3.0] {
      let image = try Compositor(scale: scale).render(scene(Size(width: 200, height: 120), [l]))
      let ink = try #require(inkBox(image))
      #expect(ink.0 >= Int(frame.minX * scale) && ink.1 >= Int(frame.minY * scale))
      #expect(ink.2 <= Int(frame.maxX * scale) && ink.3 <= Int(frame.maxY * scale))
      // Straight color of every pixel of real coverage is the label's (unpremultiplying a
      // coverage a rounds by at most 255 / 2a levels).
      for y in ink.1..<ink.3 {
        for x in ink.0..<ink.2 where image[x, y].a >= 64 {
          let p = image[x, y]
          #expect(abs(Int(p.r) - 255) <= 2 && abs(Int(p.g) - 59) <= 2 && abs(Int(p.b) - 48) <= 2, "pixel \(x),\(y)")
        }
      }
    }
  }

  @Test(
    "vectors-under-affine-transforms: a label resolves to one glyph fill in device space, under its layer's transform")
  func drawListItem() throws {
    var l = label("Hi", .systemFont(ofSize: 20), frame: Rect(x: 10, y: 10, width: 100, height: 40), color: .black)
    l.transform = Transform3D(AffineTransform(rotationAngle: .pi / 2))
    let list = Resolver(scale: 2, width: 400, height: 400).resolve(scene(Size(width: 200, height: 200), [l]))
    let glyphs = list.items.compactMap { item -> GlyphItem? in
      if case .glyphs(let g) = item { return g }
      return nil
    }
    #expect(glyphs.count == 1)
    // Layout space → device: a quarter turn about the centre (60, 30), then 2×: (u, v) ↦
    // 2·(60 + 20 − v, 30 − 50 + u) = (160 − 2v, −40 + 2u).
    let map = try #require(glyphs.first).toDevice.normalizedAffine
    #expect(abs(map.a) < 1e-12 && abs(map.b - 2) < 1e-12 && abs(map.c + 2) < 1e-12 && abs(map.d) < 1e-12)
    #expect(abs(map.tx - 160) < 1e-9 && abs(map.ty + 40) < 1e-9)
  }

  @Test(
    "rasterized-under-perspective: a label on a tilted layer is one texture of its ink at the output scale, doubled where the face magnifies it"
  )
  func perspectiveTexture() throws {
    let l = label("Tilted", .systemFont(ofSize: 17), frame: Rect(x: 20, y: 20, width: 160, height: 40), color: .black)
    var face = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "face")
    face.sublayers = [l]
    face.transform = Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0)
    var frame = scene(Size(width: 200, height: 200), [face])
    frame.root.sublayerTransform = .perspective(distance: 300)
    let list = Resolver(scale: 2, width: 400, height: 400).resolve(frame)
    let textures = list.items.compactMap { item -> (TextureItem, TextLayout, Double, Rect)? in
      if case .texture(let t) = item, case .text(let layout, let ppp, let region) = t.content {
        return (t, layout, ppp, region)
      }
      return nil
    }
    #expect(textures.count == 1)
    #expect(!list.items.contains { if case .glyphs = $0 { return true } else { return false } })
    let (item, layout, ppp, region) = try #require(textures.first)
    #expect(ppp == 2 || ppp == 4)
    // The ink and two texels around it, out to whole device pixels (half points at 2×): far
    // less than the 160 × 40 pt box.
    let ink = layout.inkBounds
    #expect(region.minX <= ink.minX - 2 / ppp && region.maxX >= ink.maxX + 2 / ppp)
    #expect(region.minY <= ink.minY - 2 / ppp && region.maxY >= ink.maxY + 2 / ppp)
    #expect(region.width < ink.width + 4 / ppp + 1 && region.height < ink.height + 4 / ppp + 1 && region.width < 100)
    #expect((region.minX * 2).rounded() == region.minX * 2 && (region.maxY * 2).rounded() == region.maxY * 2)
    #expect(item.width == Int((region.width * ppp).rounded()) && item.height == Int((region.height * ppp).rounded()))
    #expect(Resolver(scale: 2, width: 1, height: 1).textPixelsPerPoint(1.5) == 2)
    #expect(Resolver(scale: 2, width: 1, height: 1).textPixelsPerPoint(2.3) == 4)
    #expect(Resolver(scale: 2, width: 1, height: 1).textPixelsPerPoint(100) == 8)
  }

  @Test(
    "rasterized-under-perspective: the texture path draws text as the vectors do, within a few levels, at a barely tilted face"
  )
  func textureMatchesVectors() throws {
    let l = label(
      "Legible at 2x: Hamburgefonstiv 0123", .systemFont(ofSize: 15), frame: Rect(x: 10, y: 10, width: 180, height: 30),
      color: .black)
    var flat = layer(Rect(x: 0, y: 0, width: 200, height: 50), .white, name: "face")
    flat.sublayers = [l]
    var tilted = flat
    // A perspective too weak to move anything by a visible amount, enough to take the
    // texture path.
    tilted.transform.m14 = 1e-9
    let size = Size(width: 200, height: 50)
    let vector = try Compositor(scale: 2).render(scene(size, [flat]))
    let texture = try Compositor(scale: 2).render(scene(size, [tilted]))
    let diff = meanAbsDiff(vector, texture)
    #expect(diff > 0)  // the paths differ…
    #expect(diff < 1.5)  // …but by little
    var worst = 0
    for i in 0..<vector.pixels.count { worst = max(worst, abs(Int(vector.pixels[i]) - Int(texture.pixels[i]))) }
    #expect(worst < 96)
  }

  @Test("emoji: a color glyph is drawn in color inside the label")
  func emojiInColor() throws {
    let l = label("😀", .systemFont(ofSize: 30), frame: Rect(x: 10, y: 10, width: 60, height: 40), color: .black)
    let image = try Compositor(scale: 2).render(scene(Size(width: 80, height: 60), [l]))
    var colorful = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a == 255 {
        let p = image[x, y]
        if Int(p.r) - Int(p.b) > 80 { colorful += 1 }  // the face's yellow
      }
    }
    #expect(colorful > 200)
    let ink = try #require(inkBox(image))
    #expect(ink.0 >= 20 && ink.1 >= 20 && ink.2 <= 140 && ink.3 <= 100)
  }

  @Test("contents-gravity: a picture is stretched, fitted, filled or kept at its natural size (pixels / contentsScale)")
  func gravity() {
    let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    let natural = Size(width: 50, height: 50)
    #expect(ContentsPlacement.rect(.resize, bounds: bounds, natural: natural) == bounds)
    #expect(
      ContentsPlacement.rect(.resizeAspect, bounds: bounds, natural: natural)
        == Rect(x: 50, y: 0, width: 100, height: 100))
    #expect(
      ContentsPlacement.rect(.resizeAspectFill, bounds: bounds, natural: natural)
        == Rect(x: 0, y: -50, width: 200, height: 200))
    #expect(
      ContentsPlacement.rect(.center, bounds: bounds, natural: natural) == Rect(x: 75, y: 25, width: 50, height: 50))
    #expect(
      ContentsPlacement.rect(.topLeft, bounds: bounds, natural: natural) == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(
      ContentsPlacement.rect(.bottomRight, bounds: bounds, natural: natural)
        == Rect(x: 150, y: 50, width: 50, height: 50))
    #expect(ContentsPlacement.rect(.top, bounds: bounds, natural: natural) == Rect(x: 75, y: 0, width: 50, height: 50))
  }

  @Test("contents-gravity: an image view filling its bounds overflows them unless it clips to bounds")
  func aspectFillClips() throws {
    let bitmap = Bitmap(RGBAImage(width: 40, height: 40, fill: RGBA8(0, 0, 255))!, label: "blue")
    let view = ImageView(frame: Rect(x: 40, y: 40, width: 80, height: 20))
    view.image = Image(bitmap: bitmap, scale: 2)
    view.contentMode = .scaleAspectFill
    let size = Size(width: 160, height: 100)
    let open = try Compositor(scale: 1).render(scene(size, [view.layer.presentationSnapshot()]))
    // Filled: 80 × 80 pt centred on the view, from y = 10 to 90.
    #expect(open[80, 12].a == 255 && open[80, 88].a == 255 && open[80, 8].a == 0)
    view.clipsToBounds = true
    let clipped = try Compositor(scale: 1).render(scene(size, [view.layer.presentationSnapshot()]))
    #expect(clipped[80, 12].a == 0 && clipped[80, 50].a == 255)
    view.contentMode = .center
    let centred = try Compositor(scale: 1).render(scene(size, [view.layer.presentationSnapshot()]))
    // 40 px at 2 px/pt: 20 × 20 pt at the centre, x from 70 to 90.
    #expect(centred[71, 50].a == 255 && centred[69, 50].a == 0 && centred[91, 50].a == 0)
  }
}
