import CCairo
import Pixels
import Snapshot
import Testing

@testable import Compositor

/// Snapshots (frozen subtrees) in pixels: redrawn as vectors under affine maps, cut strips
/// rejoining without seams, and shading veils composited with their texture.
@Suite("Compositor: snapshot crops, seams and veils in pixels")
struct SnapshotTests {
  /// A white 80×100 tree with a blue mark, frozen.
  func whiteTree() -> FrozenLayerTree {
    var tree = layer(Rect(x: 0, y: 0, width: 80, height: 100), .white, name: "tree")
    tree.sublayers = [layer(Rect(x: 10, y: 30, width: 60, height: 4), blue, name: "rule")]
    return FrozenLayerTree(tree)
  }

  /// The two halves of the tree hinged at x = 50.5 under perspective, turned ±`angle`: a peak
  /// of a fold, the hinge a vertical line through a pixel's middle.
  func peak(_ frozen: FrozenLayerTree, angle: Double) -> FrameSnapshot {
    func half(_ x: Double, anchor: Double, turn: Double) -> LayerSnapshot {
      var l = layer(Rect(x: 0, y: 0, width: 40, height: 100), name: x == 0 ? "left" : "right")
      l.contents = .layerTree(frozen, rect: Rect(x: x, y: 0, width: 40, height: 100))
      l.anchorPoint = Point(x: anchor, y: 0.5)
      l.position = Point(x: 50.5, y: 60)
      l.transform = Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0)
      return l
    }
    var frame = scene(
      Size(width: 100, height: 120), background: .black,
      [half(0, anchor: 1, turn: angle), half(40, anchor: 0, turn: -angle)])
    frame.root.sublayerTransform = .perspective(distance: 200)
    return frame
  }

  @Test(
    "cut-snapshots-rejoin: two halves of one white snapshot meeting at a hinge over black show no dark seam along it")
  func noSeamAtHinge() throws {
    let frozen = whiteTree()
    for angle in [0.0, 0.2, 0.6] {
      let img = try Compositor(scale: 1).render(peak(frozen, angle: angle))
      debugDump(img, "peak-\(angle)")
      // The hinge x = 50.5 halves the pixels of column 50; both sides are white there (away
      // from the blue rule), so the column must be as white as its neighbours.
      for y in stride(from: 45, to: 80, by: 5) {
        let seam = Int(img[50, y].r), left = Int(img[48, y].r), right = Int(img[52, y].r)
        #expect(seam >= min(left, right) - 2, "angle \(angle), y \(y): \(left) \(seam) \(right)")
      }
    }
  }

  @Test(
    "snapshots-redraw-as-vectors: a snapshot scaled and turned in its plane shows the same pixels as its tree drawn directly there"
  )
  func scaledSnapshotIsExact() throws {
    var tree = layer(Rect(x: 0, y: 0, width: 100, height: 80), name: "tree")
    var card = layer(Rect(x: 10, y: 10, width: 80, height: 60), Color(hex: 0x3366cc), name: "card")
    card.cornerRadius = 12
    card.sublayers = [layer(Rect(x: 10, y: 25, width: 60, height: 1), .white, name: "hairline")]
    tree.sublayers = [card]
    let turn = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1).scaledBy(x: 0.37, y: 0.37, z: 1)
    var snapshot = layer(Rect(x: 10, y: 20, width: 100, height: 80), name: "snapshot")
    snapshot.contents = .layerTree(FrozenLayerTree(tree), rect: Rect(x: 0, y: 0, width: 100, height: 80))
    snapshot.transform = turn
    var direct = tree
    direct.position = snapshot.position
    direct.transform = turn
    let c = Compositor(scale: 2)
    let a = try c.render(scene(Size(width: 120, height: 120), background: .black, [snapshot]))
    let b = try c.render(scene(Size(width: 120, height: 120), background: .black, [direct]))
    debugDump(a, "snapshot-vectors")
    var worst = 0
    for i in 0..<a.pixels.count { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
    #expect(worst <= 1, "differs by \(worst)")
  }

  @Test(
    "A shading veil composited with its texture in one pass: its interior is the texture then the veil painted over it, and its edge pixels show the background exactly as a single fill of the polygon does (painted separately, the veil darkens it)"
  )
  func veilInOnePass() throws {
    // A grey picture: inside, red = green = blue, so red above green is the background.
    let chain = MipChain(image: RGBAImage(width: 60, height: 40, fill: RGBA8(128, 128, 128))!, mipmapped: true)
    let map = face(60, 40, scale: 1.5, angle: 0.5, size: 120)
    let polygon = PolygonClipper.clip(
      [(0.0, 0.0), (60, 0), (60, 40), (0, 40)].map { map.apply($0.0, $0.1) }, guard: (-64, -64, 184, 184))
    let veil = Gradient(
      colors: [Color.black.withAlphaComponent(0), .black], startPoint: Point(x: 0, y: 0.2), endPoint: Point(x: 1, y: 0))
    let overlay = TextureMapper.Overlay(gradient: veil, width: 60, height: 40, texToDevice: map, alpha: 0.6)
    func render(_ draw: (OpaquePointer) -> Void) -> RGBAImage { painted(120, 120, background: (1, 0, 0), draw) }
    let merged = render {
      TextureMapper.draw($0, Texels(chain: { chain }), texToDevice: map, polygon: polygon, alpha: 1, overlay: overlay)
    }
    let separate = render {
      TextureMapper.draw($0, Texels(chain: { chain }), texToDevice: map, polygon: polygon, alpha: 1)
      TextureMapper.draw(
        $0, Texels(gradient: veil, width: 60, height: 40), texToDevice: map, polygon: polygon, alpha: 0.6)
    }
    let coverage = render {
      cairo_set_source_rgb($0, 0, 0, 0)
      Painter.setPath($0, [polygon])
      cairo_fill($0)
    }
    var interior = 0, mergedBleed = 0, separateBleed = 0
    for y in 0..<120 {
      for x in 0..<120 {
        let red = Int(coverage[x, y].r)  // 255 outside, 0 inside, between at the edge
        if red == 0 {
          interior = max(
            interior, abs(Int(merged[x, y].g) - Int(separate[x, y].g)), abs(Int(merged[x, y].r) - Int(separate[x, y].r))
          )
        } else if red < 255 {
          // Red shows through as much as beside a single fill of the polygon; painting the
          // veil separately, its own antialiased edge darkens the red that shows.
          mergedBleed = max(mergedBleed, abs(Int(merged[x, y].r) - Int(merged[x, y].g) - red))
          separateBleed = max(separateBleed, abs(Int(separate[x, y].r) - Int(separate[x, y].g) - red))
        }
      }
    }
    #expect(interior <= 1, "interior differs by \(interior)")
    #expect(mergedBleed <= 3, "the edge's background is off by \(mergedBleed)")
    #expect(separateBleed > mergedBleed + 5, "separate painting bleeds \(separateBleed)")
  }

  @Test(
    "snapshot-of-a-scrolled-view: a crop is measured from the tree's visible top-left corner, its bounds' origin (a scroll view's content offset), copied, redrawn as vectors or mapped through perspective alike"
  )
  func scrolledTree() throws {
    // Content scrolled by 50: the blue rule at content y = 60...64 shows at 10...14.
    var tree = layer(Rect(x: 0, y: 0, width: 80, height: 100), .white, name: "scrolled")
    tree.bounds.origin = Point(x: 0, y: 50)
    tree.sublayers = [layer(Rect(x: 10, y: 60, width: 60, height: 4), blue, name: "rule")]
    let frozen = FrozenLayerTree(tree)
    func shown(_ crop: Rect, offset: Double, turn: Double) throws -> RGBAImage {
      var l = layer(Rect(x: 0, y: 0, width: crop.width, height: crop.height), name: "crop")
      l.contents = .layerTree(frozen, rect: crop)
      l.position = Point(x: crop.width / 2 + offset, y: crop.height / 2 + offset)
      l.transform = Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0)
      var frame = scene(Size(width: 100, height: 120), background: .black, [l])
      frame.root.sublayerTransform = .perspective(distance: 400)
      return try Compositor(scale: 1).render(frame)
    }
    // The whole tree copied pixel for pixel, then half a pixel off (vectors).
    for offset in [0.0, 0.5] {
      let img = try shown(Rect(x: 0, y: 0, width: 80, height: 100), offset: offset, turn: 0)
      #expect(img[40, 12].b > 200 && img[40, 12].r < 60, "offset \(offset): the rule shows where it is seen")
      #expect(img[40, 62].r > 240, "offset \(offset): no rule at its content y")
    }
    // A crop from 8 points down, turned a little in perspective: the rule 2 points below its top.
    let turned = try shown(Rect(x: 0, y: 8, width: 80, height: 40), offset: 0, turn: 0.05)
    #expect(turned[40, 3].b > 150 && turned[40, 3].r < 120)
    #expect(turned[40, 20].r > 200)
  }
}
