import Snapshot
import CCairo

/// One layer of a 3D rendering context: a normal or gradient layer reached from a flattening
/// layer directly or through transform layers.
struct ContextItem {
  var layer: LayerSnapshot
  /// Layer bounds space → the context's 3D space (the flattening parent's bounds space),
  /// including the parent's sublayerTransform about its anchor. Not yet flattened.
  var toContext: Transform3D
  /// Opacity inherited from transform layers on the way (they fade each sublayer separately).
  var inheritedOpacity: Double
  /// Quantized camera-space depth of the layer's centre (larger = nearer the viewer).
  var depth: Double
  /// Painter's order: zPosition (stable) then array order, depth-first through transform layers.
  var order: Int
}

/// The per-call drawing state: one Cairo context whose user space is device pixels (identity
/// CTM). Not shared between threads; every `render` call makes its own.
final class LayerRenderer {
  let cr: OpaquePointer
  let scale: Double
  let cache: ContentCache
  /// Guard band for polygon clipping, in device pixels of `cr`.
  let guardRect: (minX: Double, minY: Double, maxX: Double, maxY: Double)

  init(cr: OpaquePointer, width: Int, height: Int, scale: Double, cache: ContentCache) {
    self.cr = cr
    self.scale = scale
    self.cache = cache
    let margin = 64.0
    guardRect = (-margin, -margin, Double(width) + margin, Double(height) + margin)
  }

  // MARK: Transform chain (docs/core-animation.md#layer-to-superlayer-matrix)

  /// The anchor point in the layer's bounds coordinates (bounds.origin included).
  static func anchor(_ l: LayerSnapshot) -> (x: Double, y: Double, z: Double) {
    (l.bounds.minX + l.anchorPoint.x * abs(l.bounds.width),
     l.bounds.minY + l.anchorPoint.y * abs(l.bounds.height), l.anchorPointZ)
  }

  /// T(−A) · transform · T(position, zPosition): the layer's bounds space → its superlayer's
  /// bounds space, before the superlayer's sublayerTransform.
  static func localMatrix(_ l: LayerSnapshot) -> Transform3D {
    let a = anchor(l)
    return Transform3D(translationX: -a.x, y: -a.y, z: -a.z)
      .concatenating(l.transform)
      .concatenating(Transform3D(translationX: l.position.x, y: l.position.y, z: l.zPosition))
  }

  /// T(−A) · sublayerTransform · T(A): applied to every sublayer about this layer's anchor.
  static func sublayerMatrix(_ l: LayerSnapshot) -> Transform3D? {
    if l.sublayerTransform.isIdentity { return nil }
    let a = anchor(l)
    return Transform3D(translationX: -a.x, y: -a.y, z: -a.z)
      .concatenating(l.sublayerTransform)
      .concatenating(Transform3D(translationX: a.x, y: a.y, z: a.z))
  }

  /// Below this an opacity draws nothing (it would round to zero in 8 bits).
  static let invisibleOpacity = 1.0 / 512

  /// Collects the 3D rendering context formed by the sublayers of the flattening layer `parent`,
  /// descending through transform layers, culls back faces (`isDoubleSided == false` and det of the
  /// 3×3 homography into the context ≤ 0, back-faces-are-culled), and returns the items back to
  /// front: by centroid depth (quantized to 1e-6 pt), ties by zPosition then array order.
  static func contextItems(of parent: LayerSnapshot) -> [ContextItem] {
    var items: [ContextItem] = []
    var counter = 0
    let prefix = sublayerMatrix(parent) ?? .identity
    collect(parent.sublayers, prefix: prefix, opacity: 1, into: &items, counter: &counter)
    items.sort { a, b in a.depth != b.depth ? a.depth < b.depth : a.order < b.order }
    return items
  }

  private static func collect(
    _ layers: [LayerSnapshot], prefix: Transform3D, opacity: Double, into items: inout [ContextItem],
    counter: inout Int
  ) {
    // Stable sort by zPosition keeps array order among equals.
    let order = layers.indices.sorted { i, j in
      layers[i].zPosition != layers[j].zPosition ? layers[i].zPosition < layers[j].zPosition : i < j
    }
    for i in order {
      let l = layers[i]
      let alpha = opacity * l.opacity
      if l.isHidden || alpha < invisibleOpacity { continue }
      let m = localMatrix(l).concatenating(prefix)
      if case .transformLayer = l.kind {
        let inner = (sublayerMatrix(l) ?? .identity).concatenating(m)
        collect(l.sublayers, prefix: inner, opacity: alpha, into: &items, counter: &counter)
        continue
      }
      if !l.isDoubleSided && Homography(m).determinant <= 0 { continue }
      items.append(
        ContextItem(layer: l, toContext: m, inheritedOpacity: opacity, depth: depth(of: l, m), order: counter))
      counter += 1
    }
  }

  /// Mean Z/W of the bounds corners that are in front of the eye (mean Z if none is).
  private static func depth(of l: LayerSnapshot, _ m: Transform3D) -> Double {
    let b = l.bounds
    var sum = 0.0, n = 0.0, raw = 0.0
    for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
      let p = m.apply(x: x, y: y, z: 0)
      raw += p.z
      if p.w > PolygonClipper.nearEpsilon {
        sum += p.z / p.w
        n += 1
      }
    }
    let d = n > 0 ? sum / n : raw / 4
    return (d * 1e6).rounded() / 1e6
  }

  // MARK: Drawing

  /// Draws the window's root layer: its own matrix into the window, flattened, then scaled to
  /// device pixels.
  func drawRoot(_ root: LayerSnapshot) {
    if root.isHidden || root.opacity < Self.invisibleOpacity { return }
    let local = Homography(Self.localMatrix(root))
    if !root.isDoubleSided && local.determinant <= 0 { return }
    let device = Homography(affine: scale, 0, 0, scale, 0, 0)
    drawLayer(root, screen: local.concatenating(device), opacity: root.opacity)
  }

  /// Draws one flattening layer and its subtree. `screen` maps the layer's bounds space
  /// (z = 0) to device pixels; `opacity` is its effective group opacity.
  ///
  /// Order (docs/core-animation.md#layer-draw-order): shadow, background, contents, sublayers,
  /// border; masksToBounds clips contents and sublayers to the (rounded) bounds and removes the
  /// shadow; opacity < 1 fades the composited subtree once (push_group / paint_with_alpha).
  func drawLayer(_ l: LayerSnapshot, screen: Homography, opacity: Double) {
    let shadow = l.masksToBounds ? nil : l.shadow.flatMap { $0.opacity > 0 && $0.color.alpha > 0 ? $0 : nil }
    let faded = opacity < 1 - 1.0 / 1024
    // A layer that paints one primitive (its background or its contents, nothing else) looks
    // the same faded as a group or with the alpha folded into that one paint: skip the group.
    if shadow == nil && (!faded || Self.isSinglePrimitive(l)) {
      drawBody(l, screen: screen, alpha: faded ? opacity : 1)
      return
    }
    // Offscreen groups cover only the subtree's device bounds (plus the shadow's reach).
    cairo_save(cr)
    if var r = deviceBounds(l, screen) {
      if let shadow { r = expand(r, by: ShadowPainter.reach(shadow, layer: l, screen: screen, scale: scale)) }
      let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
      cairo_rectangle(cr, x0, y0, r.maxX.rounded(.up) - x0, r.maxY.rounded(.up) - y0)
      cairo_clip(cr)
    }
    cairo_push_group(cr)
    if let shadow {
      cairo_push_group(cr)
      drawBody(l, screen: screen, alpha: 1)
      let body = cairo_pop_group(cr)!
      ShadowPainter.paint(cr, body: body, shadow: shadow, layer: l, screen: screen, scale: scale)
      cairo_set_source(cr, body)
      cairo_paint(cr)
      cairo_pattern_destroy(body)
    } else {
      drawBody(l, screen: screen, alpha: 1)
    }
    cairo_pop_group_to_source(cr)
    if faded { cairo_paint_with_alpha(cr, opacity) } else { cairo_paint(cr) }
    cairo_restore(cr)
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

  typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

  func expand(_ r: Box, by d: Double) -> Box { (r.minX - d, r.minY - d, r.maxX + d, r.maxY + d) }

  /// The device-space bounding box of everything the layer's subtree can paint (bounds of every
  /// visible descendant, projected and clipped like the drawing itself); nil when nothing.
  func deviceBounds(_ l: LayerSnapshot, _ screen: Homography) -> Box? {
    let b = l.bounds
    let quad = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY),
                Point(x: b.minX, y: b.maxY)]
    var box: Box? = nil
    for p in project(quad, screen) {
      box = box.map { (min($0.minX, p.x), min($0.minY, p.y), max($0.maxX, p.x), max($0.maxY, p.y)) } ?? (p.x, p.y, p.x, p.y)
    }
    if l.masksToBounds { return box.map { expand($0, by: 1) } }
    for item in Self.contextItems(of: l) {
      guard let c = deviceBounds(item.layer, Homography(item.toContext).concatenating(screen)) else { continue }
      box = box.map { (min($0.minX, c.minX), min($0.minY, c.minY), max($0.maxX, c.maxX), max($0.maxY, c.maxY)) } ?? c
    }
    return box.map { expand($0, by: 1) }
  }

  /// Background, contents, sublayers and border, without shadow or group opacity. `alpha`
  /// multiplies the paints (used only for single-primitive layers, see `isSinglePrimitive`).
  func drawBody(_ l: LayerSnapshot, screen: Homography, alpha: Double) {
    let ppp = pixelsPerPoint(l.bounds, screen)
    let outline = Outline.roundedRect(l.bounds, radius: l.cornerRadius, pixelsPerPoint: ppp)
    if let bg = l.backgroundColor, bg.alpha > 0 {
      if appendProjectedPath(outline, screen) {
        setSource(bg.withAlphaComponent(bg.alpha * alpha))
        cairo_fill(cr)
      }
    }
    let clips = l.masksToBounds
    if clips {
      cairo_save(cr)
      if !appendProjectedPath(outline, screen) {
        cairo_restore(cr)
        return  // nothing of the bounds is visible: contents and sublayers are all clipped
      }
      cairo_clip(cr)
    }
    drawContents(l, screen: screen, alpha: alpha)
    if !l.sublayers.isEmpty {
      for item in Self.contextItems(of: l) {
        let childScreen = Homography(item.toContext).concatenating(screen)
        drawLayer(item.layer, screen: childScreen, opacity: item.inheritedOpacity * item.layer.opacity)
      }
    }
    if clips { cairo_restore(cr) }
    if l.borderWidth > 0, l.borderColor.alpha > 0 {
      let bw = min(l.borderWidth, abs(l.bounds.width) / 2, abs(l.bounds.height) / 2)
      let inner = Outline.roundedRect(
        l.bounds.insetBy(dx: bw, dy: bw), radius: max(0, l.cornerRadius - bw), pixelsPerPoint: ppp)
      let a = appendProjectedPath(outline, screen)
      let b = appendProjectedPath(inner, screen, newPath: !a)
      if a || b {
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        setSource(l.borderColor)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
      }
    }
  }

  // MARK: Contents

  func drawContents(_ l: LayerSnapshot, screen: Homography, alpha: Double) {
    let b = l.bounds
    guard b.width != 0, b.height != 0 else { return }
    switch l.kind {
    case .gradient(let gradient):
      drawGradient(gradient, layer: l, screen: screen, alpha: alpha)
    case .transformLayer:
      return
    case .normal:
      break
    }
    switch l.contents {
    case .none:
      return
    case .image(let bitmap):
      let chain = cache.chain(for: bitmap)
      drawTexture(chain: { chain }, surface: nil, width: bitmap.image.width, height: bitmap.image.height,
                  layer: l, screen: screen, alpha: alpha)
    case .layerTree(let tree, let rect):
      drawLayerTree(tree, rect: rect, layer: l, screen: screen, alpha: alpha)
    }
  }

  /// Maps a texture of `width × height` texels onto the layer's bounds (contentsGravity resize).
  /// Affine maps that do not minify go through Cairo's own pattern matrix (GOOD filter = bilinear
  /// here, PAD edges); projective or minifying ones through `PerspectiveMapper`. `surface`, when given, is a Cairo view of level 0.
  func drawTexture(
    chain: () -> MipChain, surface: OpaquePointer?, width: Int, height: Int, layer l: LayerSnapshot,
    screen: Homography, alpha: Double
  ) {
    let b = l.bounds
    let texToLayer = Homography(
      affine: b.width / Double(width), 0, 0, b.height / Double(height), b.origin.x, b.origin.y)
    let texToDevice = texToLayer.concatenating(screen)
    let quad = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY),
                Point(x: b.minX, y: b.maxY)]
    let polygon = project(quad, screen)
    guard polygon.count >= 3 else { return }
    if texToDevice.isAffine && !Self.minifies(texToDevice) {
      var owned: MipChain? = nil
      let src: OpaquePointer
      if let surface {
        src = cairo_surface_reference(surface)
      } else {
        let c = chain()
        owned = c
        src = c.makeBaseSurface()
      }
      let m = texToDevice.normalizedAffine
      var matrix = cairo_matrix_t()
      cairo_matrix_init(&matrix, m.a, m.b, m.c, m.d, m.tx, m.ty)
      guard cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS else {
        cairo_surface_destroy(src)
        return
      }
      let pattern = cairo_pattern_create_for_surface(src)!
      cairo_pattern_set_matrix(pattern, &matrix)
      cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
      cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
      cairo_set_source(cr, pattern)
      appendPath(polygon)
      if alpha < 1 {
        cairo_save(cr)
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
      } else {
        cairo_fill(cr)
      }
      cairo_pattern_destroy(pattern)
      cairo_surface_destroy(src)
      withExtendedLifetime(owned) {}
    } else {
      PerspectiveMapper.draw(cr, chain: chain(), texToDevice: texToDevice, polygon: polygon, alpha: alpha)
    }
  }

  /// True when an affine texture map shrinks the texture (more than one texel per pixel along
  /// some axis). Cairo's affine path is then not used, so that a face turning from flat into
  /// perspective keeps one filter (trilinear) and does not pop between frames.
  static func minifies(_ h: Homography) -> Bool {
    guard let inv = h.inverted else { return true }
    let k = 1 / inv.h22
    let (a, b, c, d) = (inv.h00 * k, inv.h01 * k, inv.h10 * k, inv.h11 * k)
    return max(a * a + b * b, c * c + d * d) > 1 + 1e-9
  }

  /// Unit-square linear gradient (CAGradientLayer), end colors extended, rendered into a texture
  /// at device resolution (a 2-texel side along an axis the gradient does not vary on).
  func drawGradient(_ g: Gradient, layer l: LayerSnapshot, screen: Homography, alpha: Double) {
    guard !g.colors.isEmpty else { return }
    let ppp = pixelsPerPoint(l.bounds, screen)
    let vertical = g.startPoint.x == g.endPoint.x, horizontal = g.startPoint.y == g.endPoint.y
    let tw = horizontal || !vertical ? clampSide(abs(l.bounds.width) * ppp) : 2
    let th = vertical || !horizontal ? clampSide(abs(l.bounds.height) * ppp) : 2
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(tw), Int32(th))!
    defer { cairo_surface_destroy(surface) }
    let gcr = cairo_create(surface)!
    let pattern = cairo_pattern_create_linear(g.startPoint.x, g.startPoint.y, g.endPoint.x, g.endPoint.y)!
    let n = g.colors.count
    for (i, c) in g.colors.enumerated() {
      let loc: Double
      if let locs = g.locations, locs.count == n { loc = locs[i] } else { loc = n == 1 ? 0 : Double(i) / Double(n - 1) }
      cairo_pattern_add_color_stop_rgba(pattern, min(max(loc, 0), 1), unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    var m = cairo_matrix_t()
    cairo_matrix_init_scale(&m, 1 / Double(tw), 1 / Double(th))  // texture pixels → unit square
    cairo_pattern_set_matrix(pattern, &m)
    cairo_set_source(gcr, pattern)
    cairo_paint(gcr)
    cairo_pattern_destroy(pattern)
    cairo_destroy(gcr)
    cairo_surface_flush(surface)
    drawTexture(chain: { MipChain(copying: surface, mipmapped: true) }, surface: surface, width: tw, height: th,
                layer: l, screen: screen, alpha: alpha)
  }

  /// A frozen subtree rendered flat (its root's own transform and position ignored, the part
  /// `rect` of its bounds space kept) into an offscreen texture at device resolution, then
  /// mapped onto the layer's bounds.
  /// A captured subtree: its crop is rasterized once per compositor at the device scale (the
  /// resolution the view had on screen when captured), mipmapped, and then mapped like an image.
  func drawLayerTree(_ frozen: FrozenLayerTree, rect: Rect, layer l: LayerSnapshot, screen: Homography, alpha: Double) {
    guard rect.width != 0, rect.height != 0 else { return }
    let tree = frozen.tree
    guard !tree.isHidden, tree.opacity >= Self.invisibleOpacity else { return }
    let chain = cache.chain(for: frozen, rect: rect, pixelsPerPoint: scale) {
      let tw = clampSide(abs(rect.width) * scale), th = clampSide(abs(rect.height) * scale)
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(tw), Int32(th))!
      defer { cairo_surface_destroy(surface) }
      let tcr = cairo_create(surface)!
      if cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS {
        let sub = LayerRenderer(cr: tcr, width: tw, height: th, scale: scale, cache: cache)
        let toTexture = Homography(
          affine: Double(tw) / rect.width, 0, 0, Double(th) / rect.height,
          -rect.origin.x * Double(tw) / rect.width, -rect.origin.y * Double(th) / rect.height)
        sub.drawLayer(tree, screen: toTexture, opacity: tree.opacity)
      }
      cairo_destroy(tcr)
      cairo_surface_flush(surface)
      return MipChain(copying: surface, mipmapped: true)
    }
    drawTexture(chain: { chain }, surface: nil, width: chain.base.width, height: chain.base.height,
                layer: l, screen: screen, alpha: alpha)
  }

  private func clampSide(_ v: Double) -> Int { max(1, min(4096, Int(v.rounded(.up)))) }

  // MARK: Paths

  /// The largest magnification (device pixels per point) along the bounds' edges.
  func pixelsPerPoint(_ b: Rect, _ h: Homography) -> Double {
    let w = abs(b.width), hh = abs(b.height)
    guard w > 0, hh > 0 else { return scale }
    let c = [h.apply(b.minX, b.minY), h.apply(b.maxX, b.minY), h.apply(b.maxX, b.maxY), h.apply(b.minX, b.maxY)]
    guard c.allSatisfy({ $0.w > PolygonClipper.nearEpsilon }) else { return scale * 4 }
    let p = c.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    func d(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    let m = max(d(p[0], p[1]) / w, d(p[3], p[2]) / w, d(p[0], p[3]) / hh, d(p[1], p[2]) / hh)
    return m.isFinite ? min(m, 64 * scale) : scale
  }

  /// Sends every vertex through the homography, clips at W ≥ ε and to the guard band, divides.
  func project(_ pts: [Point], _ h: Homography) -> [Point] {
    PolygonClipper.clip(pts.map { h.apply($0.x, $0.y) }, guard: guardRect)
  }

  func appendPath(_ polygon: [Point]) {
    for (i, p) in polygon.enumerated() {
      if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
    }
    cairo_close_path(cr)
  }

  /// Appends the projected outline as a closed sub-path; false when nothing is visible.
  @discardableResult
  func appendProjectedPath(_ outline: [Point], _ h: Homography, newPath: Bool = true) -> Bool {
    if newPath { cairo_new_path(cr) }
    let p = project(outline, h)
    guard p.count >= 3 else { return false }
    appendPath(p)
    return true
  }

  func setSource(_ c: Color) {
    cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))
  }
}

@inline(__always) func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
