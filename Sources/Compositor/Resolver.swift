import Foundation
import Snapshot

/// Resolves a snapshot into a `DrawList` with Core Animation's compositing rules
/// (docs/core-animation.md, Compositing): the transform chain down to device pixels, flattening
/// at every ordinary layer and depth sorting inside 3D rendering contexts (`RenderingContext`),
/// near-plane and guard-band clipping (#clip-at-the-eye), what each layer draws and in which
/// order (#layer-draw-order), group opacity (#group-opacity), shadows
/// (#shadow-is-the-blurred-silhouette), masksToBounds clipping (#masks-to-bounds-clips) and
/// raster content with its homography.
///
/// Pure: the list depends only on the snapshot, the scale and the target size.
struct Resolver {
  /// Device pixels per point.
  let scale: Double
  /// The target's size in device pixels.
  let width: Int, height: Int
  /// Polygons are clipped to the target grown by `guardMargin` pixels a side, so that Cairo's
  /// fixed-point rasterizer never sees a vertex far outside it.
  let guardBand: PixelBox
  static let guardMargin = 64.0

  /// A resolver for a target of `width × height` device pixels.
  init(scale: Double, width: Int, height: Int) {
    (self.scale, self.width, self.height) = (scale, width, height)
    let m = Self.guardMargin
    guardBand = PixelBox(minX: -m, minY: -m, maxX: Double(width) + m, maxY: Double(height) + m)
  }

  /// The frame: the background, the window's layer tree, a touch indicator per touch, then
  /// the background again outside the display's rounded corners
  /// (docs/devices.md#display-corners).
  func resolve(_ frame: FrameSnapshot) -> DrawList {
    var list = DrawList(items: [.clear(frame.background)])
    appendRoot(frame.root, to: &list)
    for t in frame.touches {
      let center = Point(x: t.x * scale, y: t.y * scale)
      list.items.append(.touch(center: center, radius: TouchIndicator.diameter / 2 * scale))
    }
    if frame.displayCornerRadius > 0 {
      let screen = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
      let outline = Outline.roundedRect(screen, radius: frame.displayCornerRadius * scale, pixelsPerPoint: 1)
      list.items.append(.outsideDisplay(polygons: [Self.corners(screen), outline], color: frame.background))
    }
    return list
  }

  /// A frozen subtree drawn flat into this resolver's target, the texture of its part `rect`:
  /// the root's own transform and position are ignored, its group opacity kept.
  func resolve(frozen tree: LayerSnapshot, rect: Rect) -> DrawList {
    let tw = Double(width), th = Double(height)
    let (x, y) = Self.cropOrigin(rect, of: tree)
    let toTexture = Homography(
      affine: tw / rect.width, 0, 0, th / rect.height, -x * tw / rect.width, -y * th / rect.height)
    var list = DrawList()
    appendLayer(tree, screen: toTexture, opacity: tree.opacity, to: &list)
    return list
  }

  /// Where a crop of a frozen tree starts in the space its content is drawn in: the crop is
  /// measured from the tree's visible top-left corner, its bounds' origin (a scroll view's
  /// content offset).
  static func cropOrigin(_ rect: Rect, of tree: LayerSnapshot) -> (x: Double, y: Double) {
    (tree.bounds.minX + rect.minX, tree.bounds.minY + rect.minY)
  }

  /// One layer drawn flat into this resolver's target through `screen` (its bounds space →
  /// target pixels), ignoring its own position and transform: a label rasterized for the
  /// texture path.
  func resolve(layer: LayerSnapshot, screen: Homography) -> DrawList {
    var list = DrawList()
    appendLayer(layer, screen: screen, opacity: 1, to: &list)
    return list
  }

  // MARK: Layers

  /// The window's root layer: its own matrix into the window, flattened, then scaled to device
  /// pixels.
  private func appendRoot(_ root: LayerSnapshot, to list: inout DrawList) {
    if root.isHidden || root.opacity < LayerGeometry.invisibleOpacity { return }
    let local = Homography(LayerGeometry.localMatrix(root))
    if !root.isDoubleSided && local.determinant <= 0 { return }
    let device = Homography(affine: scale, 0, 0, scale, 0, 0)
    appendLayer(root, screen: local.concatenating(device), opacity: root.opacity, to: &list)
  }

  /// One flattening layer and its subtree. `screen` maps the layer's bounds space (z = 0) to
  /// device pixels; `opacity` is its effective group opacity.
  ///
  /// masksToBounds removes the shadow; opacity < 1 fades the composited subtree once (a group),
  /// except for a layer that paints one primitive, which looks the same with the alpha folded
  /// into that paint. A shadow needs a group too: its silhouette is the composited body,
  /// unless a shadow path gives its shape.
  private func appendLayer(_ l: LayerSnapshot, screen: Homography, opacity: Double, to list: inout DrawList) {
    let shadow = visibleShadow(l, screen: screen)
    let faded = opacity < 1 - 1.0 / 1024
    if let shadow, let path = l.shadowPath {
      appendLayer(l, castingFrom: path, shadow: shadow, screen: screen, alpha: faded ? opacity : 1, to: &list)
      return
    }
    if shadow == nil && (!faded || Self.isSinglePrimitive(l)) {
      appendBody(l, screen: screen, alpha: faded ? opacity : 1, to: &list)
      return
    }
    list.items.append(.beginGroup(clip: groupClip(l, screen: screen, shadow: shadow)))
    if let shadow, let cast = ShadowGeometry.cast(shadow, layer: l, screen: screen, scale: scale) {
      list.items.append(.beginShadow)
      appendBody(l, screen: screen, alpha: 1, to: &list)
      list.items.append(.endShadow(cast))
    } else if shadow != nil {
      // The anchor is at or behind the eye: there is no plane to offset the shadow in, and the
      // body goes through a group of its own as it would to cast one.
      list.items.append(.beginGroup(clip: nil))
      appendBody(l, screen: screen, alpha: 1, to: &list)
      list.items.append(.endGroup(alpha: 1))
    } else {
      appendBody(l, screen: screen, alpha: 1, to: &list)
    }
    list.items.append(.endGroup(alpha: faded ? opacity : 1))
  }

  /// The layer's shadow, unless it cannot show: under masksToBounds, at opacity or alpha 0, or
  /// blurred so wide that the subtree's pixels (at most its device box, at most the target)
  /// stay below half an 8-bit level everywhere
  /// (docs/core-animation.md#wide-shadows-blur-at-reduced-size). Such a shadow would cost a
  /// group of the target's size and paint nothing.
  private func visibleShadow(_ l: LayerSnapshot, screen: Homography) -> Shadow? {
    guard !l.masksToBounds, let shadow = l.shadow, shadow.opacity > 0, shadow.color.alpha > 0 else { return nil }
    let sigma = ShadowGeometry.sigma(shadow, layer: l, screen: screen, scale: scale)
    guard sigma > ShadowPainter.boxBlurLimit, let b = shadowSourceBox(l, screen) else { return shadow }
    let pixels = min((b.maxX - b.minX) * (b.maxY - b.minY), Double(width) * Double(height))
    return ShadowGeometry.isInvisible(sigma: sigma, pixels: pixels) ? nil : shadow
  }

  /// True when the polygon's box lies wholly outside the device's pixels (touching an edge
  /// covers nothing).
  private func isOffDevice(_ polygon: [Point]) -> Bool {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for p in polygon {
      (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
    }
    return maxX <= 0 || maxY <= 0 || minX >= Double(width) || minY >= Double(height)
  }

  /// True when the layer draws at most one primitive: no sublayers, no border, and not both a
  /// background and contents.
  static func isSinglePrimitive(_ l: LayerSnapshot) -> Bool {
    guard l.sublayers.isEmpty, l.borderWidth <= 0 || l.borderColor.alpha <= 0 else { return false }
    let hasBackground = (l.backgroundColor?.alpha ?? 0) > 0
    var hasContents = l.contents != nil
    if case .gradient = l.kind { hasContents = true }
    return !(hasBackground && hasContents)
  }

  /// Background, masksToBounds clip, contents, sublayers and border
  /// (docs/core-animation.md#layer-draw-order), without shadow or group opacity. `alpha`
  /// multiplies the paints (below 1 only for single-primitive layers).
  func appendBody(_ l: LayerSnapshot, screen: Homography, alpha: Double, to list: inout DrawList) {
    let ppp = pixelsPerPoint(l.bounds, screen)
    let hasBackground = (l.backgroundColor?.alpha ?? 0) > 0
    let hasBorder = l.borderWidth > 0 && l.borderColor.alpha > 0
    let outline = Outline.roundedRect(l.bounds, radius: l.cornerRadius, corners: l.maskedCorners, pixelsPerPoint: ppp)
    let shape = hasBackground || hasBorder || l.masksToBounds ? project(outline, screen) : []
    if let bg = l.backgroundColor, hasBackground, shape.count >= 3 {
      let color = bg.withAlphaComponent(bg.alpha * alpha)
      list.items.append(.fill(FillItem(layer: l.name, color: color, polygons: [shape], evenOdd: false)))
    }
    if l.masksToBounds {
      // Nothing of the bounds is visible (behind the eye or off the device): contents,
      // sublayers and border are all clipped away.
      guard shape.count >= 3, !isOffDevice(shape) else { return }
      list.items.append(.beginClip(layer: l.name, polygon: shape))
    }
    appendContents(l, screen: screen, pixelsPerPoint: ppp, alpha: alpha, to: &list)
    let items = RenderingContext.items(of: l)
    let seams = Seams.segments(items, screen: screen)
    for (k, item) in items.enumerated() {
      let childScreen = Homography(item.toContext).concatenating(screen)
      let start = list.items.count
      appendLayer(item.layer, screen: childScreen, opacity: item.inheritedOpacity * item.layer.opacity, to: &list)
      if let segments = seams[k] { Seams.grow(&list.items, from: start, across: segments) }
    }
    if l.masksToBounds { list.items.append(.endClip) }
    if hasBorder { appendBorder(l, outer: shape, screen: screen, pixelsPerPoint: ppp, alpha: alpha, to: &list) }
  }

  /// The ring between the outline and the outline inset by the border width (its corner radius
  /// reduced by as much), filled even-odd.
  private func appendBorder(
    _ l: LayerSnapshot, outer: [Point], screen: Homography, pixelsPerPoint ppp: Double, alpha: Double,
    to list: inout DrawList
  ) {
    let bw = min(l.borderWidth, abs(l.bounds.width) / 2, abs(l.bounds.height) / 2)
    let inner = Outline.roundedRect(
      l.bounds.insetBy(dx: bw, dy: bw), radius: max(0, l.cornerRadius - bw), corners: l.maskedCorners,
      pixelsPerPoint: ppp)
    let polygons = [outer, project(inner, screen)].filter { $0.count >= 3 }
    guard !polygons.isEmpty else { return }
    let color = l.borderColor.withAlphaComponent(l.borderColor.alpha * alpha)
    list.items.append(.fill(FillItem(layer: l.name, color: color, polygons: polygons, evenOdd: true)))
  }

  // MARK: Contents

  /// A gradient layer's gradient (stretched over the bounds), then the layer's contents: a
  /// picture placed by contentsGravity, a frozen subtree stretched over the bounds, or text.
  private func appendContents(
    _ l: LayerSnapshot, screen: Homography, pixelsPerPoint ppp: Double, alpha: Double, to list: inout DrawList
  ) {
    guard l.bounds.width != 0, l.bounds.height != 0 else { return }
    switch l.kind {
    case .gradient(let g) where !g.colors.isEmpty:
      let (tw, th) = gradientTexels(g, bounds: l.bounds, pixelsPerPoint: ppp)
      appendTexture(
        .gradient(g), width: tw, height: th, rect: l.bounds, layer: l, screen: screen, alpha: alpha, to: &list)
    case .transformLayer: return
    case .gradient, .normal: break
    }
    switch l.contents {
    case .none: return
    case .image(let bitmap):
      let w = bitmap.image.width, h = bitmap.image.height
      let natural = Size(width: Double(w) / max(l.contentsScale, 1e-6), height: Double(h) / max(l.contentsScale, 1e-6))
      let rect = ContentsPlacement.rect(l.contentsGravity, bounds: l.bounds, natural: natural)
      appendTexture(.image(bitmap), width: w, height: h, rect: rect, layer: l, screen: screen, alpha: alpha, to: &list)
    case .layerTree(let frozen, let rect):
      let tree = frozen.tree
      guard rect.width != 0, rect.height != 0, !tree.isHidden, tree.opacity >= LayerGeometry.invisibleOpacity
      else { return }
      let texture = snapshotTexture(frozen, rect: rect, layer: l)
      if Self.redrawsAsVectors(rect, of: tree, texToDevice: texture.texToLayer.concatenating(screen)) {
        appendVectors(frozen, rect: rect, layer: l, screen: screen, alpha: alpha, to: &list)
      } else {
        appendTexture(
          .layerTree(frozen, rect: texture.source), width: texture.width, height: texture.height, rect: l.bounds,
          layer: l, screen: screen, alpha: alpha, texToLayer: texture.texToLayer, to: &list)
      }
    case .text(let layout):
      appendText(layout, layer: l, screen: screen, pixelsPerPoint: ppp, alpha: alpha, to: &list)
    }
  }

  /// A layer's text (docs/text.md#vectors-under-affine-transforms): under an affine map its
  /// outline glyphs as one vector fill and its color glyphs as pictures, clipped to the
  /// layout's box when ink leaves it; under perspective the box rasterized
  /// (`textPixelsPerPoint`) and mapped through the texture path. Nothing when no part of the
  /// box is visible.
  private func appendText(
    _ layout: TextLayout, layer l: LayerSnapshot, screen: Homography, pixelsPerPoint ppp: Double, alpha: Double,
    to list: inout DrawList
  ) {
    let box = Rect(origin: l.bounds.origin, size: layout.box)
    guard !box.isEmpty, layout.color.alpha > 0 || !layout.images.isEmpty else { return }
    let outline = project(Self.corners(box), screen)
    guard outline.count >= 3 else { return }
    let toDevice = Homography(affine: 1, 0, 0, 1, box.origin.x, box.origin.y).concatenating(screen)
    guard toDevice.isAffine else {
      let ppt = textPixelsPerPoint(ppp)
      guard let region = textRegion(layout, pixelsPerPoint: ppt) else { return }
      // Whole texels already: rounded to the nearest, not up, so no stretch creeps in.
      let tw = Self.textureSide((region.width * ppt).rounded()), th = Self.textureSide((region.height * ppt).rounded())
      appendTexture(
        .text(layout, pixelsPerPoint: ppt, region: region), width: tw, height: th,
        rect: region.offsetBy(dx: box.origin.x, dy: box.origin.y), layer: l, screen: screen, alpha: alpha, to: &list)
      return
    }
    if layout.clipsToBox { list.items.append(.beginClip(layer: l.name, polygon: outline)) }
    if !layout.glyphs.isEmpty && layout.color.alpha > 0 {
      let color = layout.color.withAlphaComponent(layout.color.alpha * alpha)
      list.items.append(.glyphs(GlyphItem(layer: l.name, layout: layout, toDevice: toDevice, color: color)))
    }
    for picture in layout.images {
      let rect = picture.rect.offsetBy(dx: box.origin.x, dy: box.origin.y)
      appendTexture(
        .image(picture.bitmap), width: picture.bitmap.image.width, height: picture.bitmap.image.height, rect: rect,
        layer: l, screen: screen, alpha: alpha, to: &list)
    }
    if layout.clipsToBox { list.items.append(.endClip) }
  }

  /// The part of a layout rasterized for the texture path: its ink with at least two texels
  /// of transparent margin (so filtering at the edge reads empty texels), its edges on the
  /// layer's device-pixel grid (multiples of 1/scale points, so that a face seen flat samples
  /// the mip level of its own resolution at texel centres, without blur), within the box when
  /// the layout clips to it; nil when it draws nothing.
  func textRegion(_ layout: TextLayout, pixelsPerPoint ppt: Double) -> Rect? {
    let ink = layout.inkBounds
    guard !ink.isEmpty else { return nil }
    let m = 2 / ppt, s = scale
    var x0 = ((ink.minX - m) * s).rounded(.down) / s, y0 = ((ink.minY - m) * s).rounded(.down) / s
    var x1 = ((ink.maxX + m) * s).rounded(.up) / s, y1 = ((ink.maxY + m) * s).rounded(.up) / s
    if layout.clipsToBox {
      (x0, y0, x1, y1) = (max(x0, 0), max(y0, 0), min(x1, layout.box.width), min(y1, layout.box.height))
    }
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The resolution of text on a tilted layer: the output scale, doubled up to 4 times where
  /// the layer is magnified beyond it, so the texture path never enlarges text's texels
  /// (docs/text.md#rasterized-under-perspective). Powers of two keep the raster the same
  /// from frame to frame, so it is made once.
  func textPixelsPerPoint(_ ppp: Double) -> Double {
    var k = 1.0
    while k < 4 && scale * k < ppp * (1 - 1e-9) { k *= 2 }
    return scale * k
  }

  // MARK: Snapshots

  /// A crop at least this share of its tree's area is redrawn as vectors when it moves under an
  /// affine map; smaller crops (tiles) would redraw the whole tree once per tile.
  static let vectorCropShare = 1.0 / 16

  /// True when a snapshot layer is redrawn from its frozen tree instead of its texture
  /// (docs/core-animation.md#snapshots-redraw-as-vectors): the texture's map to the device is
  /// affine (vectors are exact at any scale or rotation, a texture is resampled) but not a
  /// whole-pixel translation (where the texture is copied texel for texel: the same pixels for
  /// less work), and the crop covers at least `vectorCropShare` of the tree's bounds.
  static func redrawsAsVectors(_ rect: Rect, of tree: LayerSnapshot, texToDevice: Homography) -> Bool {
    guard texToDevice.isAffine else { return false }
    let treeArea = abs(tree.bounds.width * tree.bounds.height)
    guard treeArea > 0, abs(rect.width * rect.height) >= vectorCropShare * treeArea else { return false }
    let m = texToDevice.normalizedAffine
    func whole(_ v: Double) -> Bool { abs(v - v.rounded()) <= 1e-9 }
    let copy = abs(m.a - 1) <= 1e-12 && abs(m.d - 1) <= 1e-12 && m.b == 0 && m.c == 0 && whole(m.tx) && whole(m.ty)
    return !copy
  }

  /// The frozen tree drawn into the layer's bounds through `screen`, clipped to them, as one
  /// group when `alpha` fades it.
  private func appendVectors(
    _ frozen: FrozenLayerTree, rect: Rect, layer l: LayerSnapshot, screen: Homography, alpha: Double,
    to list: inout DrawList
  ) {
    let b = l.bounds
    let clip = project(Self.corners(b), screen)
    guard clip.count >= 3 else { return }
    let sx = b.width / rect.width, sy = b.height / rect.height
    let (x, y) = Self.cropOrigin(rect, of: frozen.tree)
    let treeToLayer = Homography(affine: sx, 0, 0, sy, b.origin.x - x * sx, b.origin.y - y * sy)
    let faded = alpha < 1 - 1.0 / 1024
    if faded {
      let xs = clip.map(\.x), ys = clip.map(\.y)
      let box = PixelBox(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
      list.items.append(.beginGroup(clip: box.expanded(by: 1).roundedOut))
    }
    list.items.append(.beginClip(layer: l.name, polygon: clip))
    appendLayer(frozen.tree, screen: treeToLayer.concatenating(screen), opacity: frozen.tree.opacity, to: &list)
    list.items.append(.endClip)
    if faded { list.items.append(.endGroup(alpha: alpha)) }
  }

  /// The texture a crop is drawn from: the whole tree's, shared by every crop inside its bounds
  /// (the strips of a fold, the tiles of an explosion: one rasterization, and the texels beyond a
  /// crop's edge are its neighbour's), or for a crop reaching outside the bounds its own; at the
  /// device scale (the resolution the view had on screen). `texToLayer` maps its texels to the
  /// layer's bounds, the crop stretched over them.
  private func snapshotTexture(_ frozen: FrozenLayerTree, rect: Rect, layer l: LayerSnapshot)
    -> (source: Rect, width: Int, height: Int, texToLayer: Homography)
  {
    let bounds = frozen.tree.bounds
    let whole = Rect(x: 0, y: 0, width: abs(bounds.width), height: abs(bounds.height))
    let inside =
      rect.width > 0 && rect.height > 0 && whole.width > 0 && whole.height > 0
      && rect.minX >= 0 && rect.minY >= 0 && rect.maxX <= whole.width && rect.maxY <= whole.height
    let source = inside ? whole : rect
    let tw = Self.textureSide(abs(source.width) * scale), th = Self.textureSide(abs(source.height) * scale)
    let b = l.bounds
    let kx = b.width / rect.width, ky = b.height / rect.height
    let texToLayer = Homography(
      affine: source.width / Double(tw) * kx, 0, 0, source.height / Double(th) * ky,
      b.origin.x + (source.origin.x - rect.origin.x) * kx, b.origin.y + (source.origin.y - rect.origin.y) * ky)
    return (source, tw, th, texToLayer)
  }

  /// Texels of `width × height` stretched over `rect` (layer space), or placed by `texToLayer`
  /// (texels to layer space) with `rect` their outline; nothing when no part of it is visible.
  private func appendTexture(
    _ content: TextureContent, width: Int, height: Int, rect b: Rect, layer l: LayerSnapshot, screen: Homography,
    alpha: Double, texToLayer: Homography? = nil, to list: inout DrawList
  ) {
    let polygon = project(Self.corners(b), screen)
    guard polygon.count >= 3 else { return }
    let texToLayer =
      texToLayer
      ?? Homography(
        affine: b.width / Double(width), 0, 0, b.height / Double(height), b.origin.x, b.origin.y)
    let texToDevice = texToLayer.concatenating(screen)
    if case .gradient(let g) = content, case .texture(var below)? = list.items.last, below.overlay == nil,
      below.polygon == polygon, below.content.isPicture, Self.differByAnAffineMap(below.texToDevice, texToDevice)
    {
      below.overlay = TextureOverlay(
        layer: l.name, gradient: g, width: width, height: height, texToDevice: texToDevice, alpha: alpha)
      list.items[list.items.count - 1] = .texture(below)
      return
    }
    let item = TextureItem(
      layer: l.name, content: content, width: width, height: height, texToDevice: texToDevice,
      polygon: polygon, alpha: alpha)
    list.items.append(.texture(item))
  }

  /// True when `a` followed by the inverse of `b` is affine: the two textures' texels are
  /// related by an affine map (so one's coordinates are linear in the other's).
  static func differByAnAffineMap(_ a: Homography, _ b: Homography) -> Bool {
    guard let bi = b.inverted else { return false }
    let m = a.concatenating(bi)
    let scale = max(abs(m.h00) + abs(m.h10), abs(m.h01) + abs(m.h11), abs(m.h22))
    return abs(m.h02) <= 1e-9 * scale && abs(m.h12) <= 1e-9 * scale && abs(m.h22) > 0
  }

  /// A gradient's texture at device resolution, 2 texels along an axis it does not vary on.
  private func gradientTexels(_ g: Gradient, bounds: Rect, pixelsPerPoint ppp: Double) -> (Int, Int) {
    let vertical = g.startPoint.x == g.endPoint.x, horizontal = g.startPoint.y == g.endPoint.y
    let tw = horizontal || !vertical ? Self.textureSide(abs(bounds.width) * ppp) : 2
    let th = vertical || !horizontal ? Self.textureSide(abs(bounds.height) * ppp) : 2
    return (tw, th)
  }

  /// A texture side in texels: `pixels` rounded up, within 1...4096.
  static func textureSide(_ pixels: Double) -> Int { max(1, min(4096, Int(pixels.rounded(.up)))) }

  // MARK: Geometry

  /// The offscreen group of a layer covers only its subtree's device bounds (and its shadow
  /// path's, plus the shadow's reach), in whole pixels; nil when the subtree paints nothing.
  func groupClip(_ l: LayerSnapshot, screen: Homography, shadow: Shadow?) -> PixelBox? {
    guard var box = deviceBounds(l, screen) else { return nil }
    if let shadow {
      if l.shadowPath != nil, let source = shadowSourceBox(l, screen) { box = box.union(source) }
      box = box.expanded(by: ShadowGeometry.reach(shadow, layer: l, screen: screen, scale: scale))
    }
    return box.roundedOut
  }

  /// The device-space bounding box of everything the layer's subtree can paint (bounds of every
  /// visible descendant, projected and clipped like the drawing itself, grown by a pixel at
  /// each level for antialiasing); nil when nothing.
  func deviceBounds(_ l: LayerSnapshot, _ screen: Homography) -> PixelBox? {
    var box: PixelBox? = nil
    let drawn = [l.bounds] + (ContentsPlacement.overflow(of: l).map { [$0] } ?? [])
    for p in drawn.flatMap({ project(Self.corners($0), screen) }) {
      let b = PixelBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
      box = box.map { $0.union(b) } ?? b
    }
    if l.masksToBounds { return box?.expanded(by: 1) }
    for item in RenderingContext.items(of: l) {
      guard let c = deviceBounds(item.layer, Homography(item.toContext).concatenating(screen)) else { continue }
      box = box.map { $0.union(c) } ?? c
    }
    return box?.expanded(by: 1)
  }

  /// The largest magnification (device pixels per point) along the bounds' edges; 4 × scale
  /// when a corner is at or behind the eye, at most 64 × scale.
  func pixelsPerPoint(_ b: Rect, _ h: Homography) -> Double {
    let w = abs(b.width), hh = abs(b.height)
    guard w > 0, hh > 0 else { return scale }
    let c = Self.corners(b).map { h.apply($0.x, $0.y) }
    guard c.allSatisfy({ $0.w > PolygonClipper.nearEpsilon }) else { return scale * 4 }
    let p = c.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    func d(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    let m = max(d(p[0], p[1]) / w, d(p[3], p[2]) / w, d(p[0], p[3]) / hh, d(p[1], p[2]) / hh)
    return m.isFinite ? min(m, 64 * scale) : scale
  }

  /// Every vertex through the homography, clipped at W ≥ ε and to the guard band, divided.
  func project(_ pts: [Point], _ h: Homography) -> [Point] {
    PolygonClipper.clip(
      pts.map { h.apply($0.x, $0.y) }, guard: (guardBand.minX, guardBand.minY, guardBand.maxX, guardBand.maxY))
  }

  /// Top-left, top-right, bottom-right, bottom-left.
  static func corners(_ b: Rect) -> [Point] {
    [
      Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY),
      Point(x: b.minX, y: b.maxY),
    ]
  }
}
