import Pixels
import Snapshot
import Testing

@testable import Compositor

/// The resolver read as text: each expected list is worked out here from the geometry
/// (docs/core-animation.md: #points-are-row-vectors, #m34-is-a-pinhole-camera,
/// #layer-to-superlayer-matrix and the Compositing rules), not read back from the resolver. Frames are 200×200 pt at 1× unless a test says otherwise, so device
/// pixels equal points; the guard band reaches 64 px beyond the frame.
@Suite("Compositor: the resolved draw list")
struct DrawListTests {
  let canvas = Size(width: 200, height: 200)

  func resolved(_ frame: FrameSnapshot, scale: Double = 1) throws -> String {
    let (w, h) = try Compositor(scale: scale).pixelSize(of: frame.size)
    return Resolver(scale: scale, width: w, height: h).resolve(frame).description
  }

  func lines(_ text: String) -> String { text + "\n" }

  @Test(
    "ordinary-layers-flatten: an ordinary layer flattens its sublayers into its plane (z dropped, drawn with it); a transform layer's sublayers join the parent's 3D context under its perspective"
  )
  func flattening() throws {
    var flat = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "flat")
    var inFlat = layer(Rect(x: 80, y: 80, width: 40, height: 40), blue, name: "inFlat")
    inFlat.zPosition = 100
    flat.sublayers = [inFlat]
    var context = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "context")
    context.kind = .transformLayer
    var inContext = layer(Rect(x: 80, y: 80, width: 40, height: 40), red, name: "inContext")
    inContext.zPosition = 50
    context.sublayers = [inContext]
    var frame = scene(canvas, [flat, context])
    frame.root.sublayerTransform = .perspective(distance: 500)
    // inFlat keeps its 2D rectangle: z = 100 is dropped when `flat` flattens, and `flat` itself
    // lies in z = 0 (W = 1). inContext is at z = 50 in the window's context: W = 1 − 50/500 =
    // 0.9, so each corner moves away from the projection centre (100, 100) by 1/0.9:
    // 100 ± 20/0.9 = 77.778, 122.222. Depth order is by the context's own layers: `flat` at
    // depth 0 (with everything it flattened, z = 100 included) before inContext at 50/0.9.
    #expect(
      try resolved(frame)
        == lines(
          """
          clear transparent
          fill inFlat rgba(0,0,1,1) [(80,80) (120,80) (120,120) (80,120)]
          fill inContext rgba(1,0,0,1) [(77.778,77.778) (122.222,77.778) (122.222,122.222) (77.778,122.222)]
          """))
  }

  @Test(
    "back-faces-are-culled: a single-sided layer turned away (det ≤ 0) is left out; a double-sided one is drawn mirrored; a single-sided one facing the viewer is drawn"
  )
  func culling() throws {
    var front = layer(Rect(x: 20, y: 120, width: 60, height: 40), green, name: "front")
    front.isDoubleSided = false
    var back = layer(Rect(x: 20, y: 20, width: 60, height: 40), red, name: "back")
    back.isDoubleSided = false
    back.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
    var mirrored = layer(Rect(x: 120, y: 20, width: 60, height: 40), blue, name: "mirrored")
    mirrored.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
    // Half a turn about y sends (u, v) about the anchor (150, 40) to (−u, v): the top-left
    // corner (−30, −20) lands at (180, 20), and the outline runs the other way round.
    #expect(
      try resolved(scene(canvas, [front, back, mirrored]))
        == lines(
          """
          clear transparent
          fill front rgba(0,1,0,1) [(20,120) (80,120) (80,160) (20,160)]
          fill mirrored rgba(0,0,1,1) [(180,20) (120,20) (120,60) (180,60)]
          """))
  }

  @Test(
    "clip-at-the-eye: a layer crossing the eye's plane is clipped before the divide, keeping only the part in front of the eye (W > 0) cut to the guard band; a layer wholly behind the eye draws nothing"
  )
  func nearPlaneClipping() throws {
    // A floor: 80×200 pt at (100, 150), turned a quarter about x, so a point v below its anchor
    // sits at z = v. With m34 = −1/50 about (100, 100): W = 1 − v/50, and a point (u, v) of
    // the floor projects to (100 + u/W, 100 + 50/W).
    var floor = layer(Rect(x: 60, y: 50, width: 80, height: 200), Color(white: 0.5), name: "floor")
    floor.transform = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)
    var behind = layer(Rect(x: 80, y: 80, width: 40, height: 40), red, name: "behind")
    behind.zPosition = 60  // W = 1 − 60/50 < 0 at every corner
    var frame = scene(canvas, [floor, behind])
    frame.root.sublayerTransform = .perspective(distance: 50)
    // Far edge v = −100: W = 3, corners (100 ∓ 40/3, 100 + 50/3) = (86.667, 116.667),
    // (113.333, 116.667). The near edge v = +100 has W = −1 (behind the eye; projected without
    // the clip it would land above the horizon at (140, 50) and (60, 50)). The sides run to
    // infinity as W → 0, so the guard band (y ≤ 200 + 64) cuts them where 100 + 50/W = 264,
    // W = 50/164: x = 100 ∓ 40 · 164/50 = −31.2, 231.2. (In homogeneous space the guard band's
    // planes already exclude W < 0; the plane W = ε guards the divide.)
    #expect(
      try resolved(frame)
        == lines(
          """
          clear transparent
          fill floor rgba(0.5,0.5,0.5,1) [(-31.2,264) (86.667,116.667) (113.333,116.667) (231.2,264)]
          """))
  }

  @Test(
    "depth-sort-within-a-context: a 3D context is painted back to front by depth; equal depths keep zPosition order, then array order"
  )
  func depthOrder() throws {
    // Array and zPosition order disagree with depth on purpose: `near` and `far` are moved
    // by their transforms (z = +10, −10), not by zPosition. `lifted` has zPosition 5 but a
    // transform that brings it back to z = 0: it ties with `middle` and `level` on depth and
    // follows them by zPosition, although it comes first in the array.
    var lifted = layer(Rect(x: 100, y: 20, width: 40, height: 40), green, name: "lifted")
    lifted.zPosition = 5
    lifted.transform = Transform3D(translationX: 0, y: 0, z: -5)
    var near = layer(Rect(x: 20, y: 20, width: 40, height: 40), red, name: "near")
    near.transform = Transform3D(translationX: 0, y: 0, z: 10)
    var far = layer(Rect(x: 40, y: 40, width: 40, height: 40), blue, name: "far")
    far.transform = Transform3D(translationX: 0, y: 0, z: -10)
    let middle = layer(Rect(x: 60, y: 60, width: 40, height: 40), .white, name: "middle")
    let level = layer(Rect(x: 100, y: 100, width: 40, height: 40), .black, name: "level")
    var stack = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "stack")
    stack.kind = .transformLayer
    stack.sublayers = [lifted, near, far, middle, level]
    #expect(
      try resolved(scene(canvas, [stack]))
        == lines(
          """
          clear transparent
          fill far rgba(0,0,1,1) [(40,40) (80,40) (80,80) (40,80)]
          fill middle rgba(1,1,1,1) [(60,60) (100,60) (100,100) (60,100)]
          fill level rgba(0,0,0,1) [(100,100) (140,100) (140,140) (100,140)]
          fill lifted rgba(0,1,0,1) [(100,20) (140,20) (140,60) (100,60)]
          fill near rgba(1,0,0,1) [(20,20) (60,20) (60,60) (20,60)]
          """))
  }

  @Test(
    "group-opacity: a faded layer with several paints is one group at its alpha; one paint takes the alpha itself; a transform layer fades each sublayer; near-1 opacity needs no group; under 1/512 draws nothing"
  )
  func opacityGroups() throws {
    var card = layer(Rect(x: 0, y: 0, width: 100, height: 100), name: "card")
    card.opacity = 0.5
    card.sublayers = [
      layer(Rect(x: 10, y: 10, width: 50, height: 50), red, name: "a"),
      layer(Rect(x: 40, y: 40, width: 50, height: 50), blue, name: "b"),
    ]
    var dot = layer(Rect(x: 120, y: 10, width: 40, height: 40), red, name: "dot")
    dot.opacity = 0.5
    var fan = layer(Rect(x: 0, y: 0, width: 200, height: 200), name: "fan")
    fan.kind = .transformLayer
    fan.opacity = 0.5
    fan.sublayers = [
      layer(Rect(x: 120, y: 120, width: 30, height: 30), green, name: "left"),
      layer(Rect(x: 140, y: 140, width: 30, height: 30), blue, name: "right"),
    ]
    var ghost = layer(Rect(x: 0, y: 0, width: 200, height: 200), red, name: "ghost")
    ghost.opacity = 0.001
    var solid = layer(Rect(x: 10, y: 120, width: 60, height: 60), .white, name: "solid")
    solid.opacity = 0.9995  // within 1/1024 of opaque
    solid.sublayers = [layer(Rect(x: 10, y: 10, width: 20, height: 20), .black, name: "inside")]
    // The card's group covers its subtree's device bounds, a pixel wider at each level:
    // children (9…61, 39…91) inside the card's 0…100, which grows to −1…101.
    #expect(
      try resolved(scene(canvas, [card, dot, fan, ghost, solid]))
        == lines(
          """
          clear transparent
          group clip (-1,-1)-(101,101)
            fill a rgba(1,0,0,1) [(10,10) (60,10) (60,60) (10,60)]
            fill b rgba(0,0,1,1) [(40,40) (90,40) (90,90) (40,90)]
          end group alpha 0.5
          fill dot rgba(1,0,0,0.5) [(120,10) (160,10) (160,50) (120,50)]
          fill left rgba(0,1,0,0.5) [(120,120) (150,120) (150,150) (120,150)]
          fill right rgba(0,0,1,0.5) [(140,140) (170,140) (170,170) (140,170)]
          fill solid rgba(1,1,1,1) [(10,120) (70,120) (70,180) (10,180)]
          fill inside rgba(0,0,0,1) [(20,130) (40,130) (40,150) (20,150)]
          """))
  }

  @Test(
    "layer-draw-order: a shadow is a group of the body cast at the end, its group grown by the blur's reach; masksToBounds clips contents and sublayers, not the border drawn after"
  )
  func shadowsAndClips() throws {
    var card = layer(Rect(x: 30, y: 30, width: 40, height: 40), .white, name: "card")
    card.shadow = Shadow(opacity: 1)  // UIKit's defaults: black, offset (0, −3), radius 3
    var frameLayer = layer(Rect(x: 100, y: 100, width: 80, height: 80), Color(white: 0.5), name: "frame")
    frameLayer.masksToBounds = true
    frameLayer.borderWidth = 2
    frameLayer.borderColor = .black
    frameLayer.sublayers = [layer(Rect(x: 60, y: 60, width: 40, height: 40), red, name: "spill")]
    // Reach of the shadow: 3σ + |offset| + 4 = 9 + 3 + 4 pixels beyond the card's bounds
    // (30…70, a pixel wider: 29…71), so the group spans 13…87. The border's ring runs between
    // the bounds and the bounds inset by 2.
    #expect(
      try resolved(scene(canvas, [card, frameLayer]))
        == lines(
          """
          clear transparent
          group clip (13,13)-(87,87)
            shadow
              fill card rgba(1,1,1,1) [(30,30) (70,30) (70,70) (30,70)]
            end shadow rgba(0,0,0,1) offset (0,-3) sigma 3
          end group alpha 1
          fill frame rgba(0.5,0.5,0.5,1) [(100,100) (180,100) (180,180) (100,180)]
          clip frame [(100,100) (180,100) (180,180) (100,180)]
            fill spill rgba(1,0,0,1) [(160,160) (200,160) (200,200) (160,200)]
          end clip
          fill frame rgba(0,0,0,1) even-odd [(100,100) (180,100) (180,180) (100,180)] [(102,102) (178,102) (178,178) (102,178)]
          """))
  }

  @Test(
    "perspective-texture-mapping: the texture item carries the texel-to-device homography (bounds over texels, then the layer's chain and the scale) and takes a lone layer's opacity as its alpha; touches come last"
  )
  func imageHomography() throws {
    var photo = layer(Rect(x: 10, y: 20, width: 40, height: 20), name: "photo")
    photo.contents = .image(Bitmap(RGBAImage(width: 4, height: 2)!, label: "tiny"))
    photo.opacity = 0.5
    // 4×2 texels over 40×20 pt: 10 pt a texel; at 2× that is 20 px, offset by the layer's
    // top-left (10, 20) pt = (20, 40) px.
    let frame = scene(Size(width: 100, height: 100), [photo], touches: [Point(x: 50, y: 50)])
    #expect(
      try resolved(frame, scale: 2)
        == lines(
          """
          clear transparent
          texture photo image tiny 4x2 alpha 0.5 map [20 0 0; 0 20 0; 20 40 1] [(20,40) (100,40) (100,80) (20,80)]
          touch (100,100) radius 44
          """))
  }

  @Test(
    "Frozen subtrees: a crop inside the tree's bounds reads the whole tree's texture (shared by every crop), resolved in the tree's own pixels; a crop reaching outside gets its own"
  )
  func frozenSubtree() throws {
    var screen = layer(Rect(x: 0, y: 0, width: 100, height: 100), .white, name: "screen")
    screen.sublayers = [layer(Rect(x: 60, y: 10, width: 20, height: 20), red, name: "mark")]
    let frozen = FrozenLayerTree(screen)
    var strip = layer(Rect(x: 0, y: 0, width: 50, height: 100), name: "strip")
    strip.contents = .layerTree(frozen, rect: Rect(x: 50, y: 0, width: 50, height: 100))
    // Texel (i, j) of the 100×100 texture is tree point (i, j); the crop's x = 50 is the
    // strip's x = 0, so texels move by −50: a whole-pixel translation, copied.
    #expect(
      try resolved(scene(Size(width: 100, height: 100), [strip]))
        == lines(
          """
          clear transparent
          texture strip snapshot screen rect (0,0,100,100) 100x100 alpha 1 map [1 0 0; 0 1 0; -50 0 1] [(0,0) (50,0) (50,100) (0,100)]
          """))
    let texture = Resolver(scale: 1, width: 100, height: 100).resolve(
      frozen: screen, rect: Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(
      texture.description
        == lines(
          """
          fill screen rgba(1,1,1,1) [(0,0) (100,0) (100,100) (0,100)]
          fill mark rgba(1,0,0,1) [(60,10) (80,10) (80,30) (60,30)]
          """))
    // 60 wide from x = 50 reaches 10 beyond the tree: its own 60×100 texture, crop at (0, 0).
    var wide = layer(Rect(x: 0, y: 0, width: 60, height: 100), name: "wide")
    wide.contents = .layerTree(frozen, rect: Rect(x: 50, y: 0, width: 60, height: 100))
    #expect(
      try resolved(scene(Size(width: 100, height: 100), [wide]))
        == lines(
          """
          clear transparent
          texture wide snapshot screen rect (50,0,60,100) 60x100 alpha 1 map [1 0 0; 0 1 0; 0 0 1] [(0,0) (60,0) (60,100) (0,100)]
          """))
    let own = Resolver(scale: 1, width: 60, height: 100).resolve(
      frozen: screen, rect: Rect(x: 50, y: 0, width: 60, height: 100))
    #expect(
      own.description
        == lines(
          """
          fill screen rgba(1,1,1,1) [(-50,0) (50,0) (50,100) (-50,100)]
          fill mark rgba(1,0,0,1) [(10,10) (30,10) (30,30) (10,30)]
          """))
  }

  @Test(
    "snapshots-redraw-as-vectors: a snapshot under an affine map other than a whole-pixel shift is its tree's own items through the map, clipped to its bounds (a group when faded); a small tile, or any map with perspective, stays a texture"
  )
  func snapshotVectors() throws {
    var screen = layer(Rect(x: 0, y: 0, width: 100, height: 100), .white, name: "screen")
    screen.sublayers = [layer(Rect(x: 60, y: 10, width: 20, height: 20), red, name: "mark")]
    let frozen = FrozenLayerTree(screen)
    var half = layer(Rect(x: 0, y: 0, width: 50, height: 100), name: "half")
    half.contents = .layerTree(frozen, rect: Rect(x: 50, y: 0, width: 50, height: 100))
    half.transform = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
    half.opacity = 0.5
    // Scaled by ½ about the centre (25, 50): bounds → (12.5…37.5, 25…75). The tree point
    // (x, y) is crop point x − 50 of the layer, so mark (60…80, 10…30) lands at
    // (12.5 + (10…30)/2, 25 + (10…30)/2) = (17.5…27.5, 30…40).
    #expect(
      try resolved(scene(Size(width: 100, height: 100), [half]))
        == lines(
          """
          clear transparent
          group clip (11,24)-(39,76)
            clip half [(12.5,25) (37.5,25) (37.5,75) (12.5,75)]
              fill screen rgba(1,1,1,1) [(-12.5,25) (37.5,25) (37.5,75) (-12.5,75)]
              fill mark rgba(1,0,0,1) [(17.5,30) (27.5,30) (27.5,40) (17.5,40)]
            end clip
          end group alpha 0.5
          """))
    // A 10×10 tile (1/100 of the tree) keeps the shared texture, however it moves.
    var tile = layer(Rect(x: 0, y: 0, width: 10, height: 10), name: "tile")
    tile.contents = .layerTree(frozen, rect: Rect(x: 0, y: 0, width: 10, height: 10))
    tile.transform = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
    #expect(
      try resolved(scene(Size(width: 100, height: 100), [tile])).contains(
        "texture tile snapshot screen rect (0,0,100,100) 100x100"))
    // Perspective: a texture.
    half.transform = Transform3D.perspective(distance: 300).rotated(by: 0.3, x: 0, y: 1, z: 0)
    #expect(
      try resolved(scene(Size(width: 100, height: 100), [half])).contains(
        "texture half snapshot screen rect (0,0,100,100) 100x100"))
  }

  @Test(
    "cut-snapshots-rejoin: of two crops of one snapshot meeting on the same device segment, the one painted first is grown one pixel under the other; crops that do not meet are left alone"
  )
  func stripsRejoin() throws {
    var screen = layer(Rect(x: 0, y: 0, width: 100, height: 100), .white, name: "screen")
    screen.sublayers = [layer(Rect(x: 60, y: 10, width: 20, height: 20), red, name: "mark")]
    let frozen = FrozenLayerTree(screen)
    // Two strips at rest, side by side: the left one, painted first, reaches x = 51 under the
    // right one. Both copy the shared texture.
    var left = layer(Rect(x: 0, y: 0, width: 50, height: 100), name: "left")
    left.contents = .layerTree(frozen, rect: Rect(x: 0, y: 0, width: 50, height: 100))
    var right = layer(Rect(x: 50, y: 0, width: 50, height: 100), name: "right")
    right.contents = .layerTree(frozen, rect: Rect(x: 50, y: 0, width: 50, height: 100))
    let list = try resolved(scene(Size(width: 110, height: 100), [left, right]))
    #expect(
      list.contains(
        "texture left snapshot screen rect (0,0,100,100) 100x100 alpha 1 map [1 0 0; 0 1 0; 0 0 1] [(0,0) (51,0) (51,100) (0,100)]"
      ))
    #expect(
      list.contains(
        "texture right snapshot screen rect (0,0,100,100) 100x100 alpha 1 map [1 0 0; 0 1 0; 0 0 1] [(50,0) (100,0) (100,100) (50,100)]"
      ))
    // Half a pixel to the right, they are redrawn as vectors, and the left one's clip grows.
    left.position.x += 0.5
    right.position.x += 0.5
    #expect(
      try resolved(scene(Size(width: 110, height: 100), [left, right])).contains(
        "clip left [(0.5,0) (51.5,0) (51.5,100) (0.5,100)]"))
    // Moved apart by 2 pt, they no longer meet: nothing grows.
    right.position.x += 2
    let apart = try resolved(scene(Size(width: 110, height: 100), [left, right]))
    #expect(apart.contains("clip left [(0.5,0) (50.5,0) (50.5,100) (0.5,100)]"))
  }

  @Test(
    "A gradient layer covering exactly the texture under it (a shading veil) is composited over it in the same item")
  func veilOverlay() throws {
    var photo = layer(Rect(x: 0, y: 0, width: 40, height: 20), name: "photo")
    photo.contents = .image(Bitmap(RGBAImage(width: 4, height: 2)!, label: "tiny"))
    var veil = layer(Rect(x: 0, y: 0, width: 40, height: 20), name: "veil")
    veil.kind = .gradient(Gradient(colors: [.clear, .black]))
    veil.opacity = 0.5
    photo.sublayers = [veil]
    photo.transform = Transform3D.perspective(distance: 300).rotated(by: 0.3, x: 0, y: 1, z: 0)
    let list = try resolved(scene(Size(width: 100, height: 100), [photo]))
    #expect(list.split(separator: "\n").count == 2)
    #expect(list.contains("texture photo image tiny 4x2 alpha 1 map"))
    #expect(list.contains(" under veil gradient [rgba(0,0,0,0),rgba(0,0,0,1)] (0.5,0)->(0.5,1) "))
    #expect(list.contains(" alpha 0.5 map "))
  }
}
