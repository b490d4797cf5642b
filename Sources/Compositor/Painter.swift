import Foundation
import CCairo
import Snapshot

/// Paints a `DrawList` into a Cairo context whose user space is device pixels (identity CTM),
/// one item at a time, in order. The painter makes no geometric decision of its own: every
/// polygon, map, clip and alpha comes resolved.
///
/// Not shared between threads; every render call makes its own. Textures of pictures and
/// frozen subtrees come from `cache`, shared by all render calls of one compositor.
struct Painter {
  let cr: OpaquePointer
  /// Device pixels per point: the resolution of frozen-subtree textures.
  let scale: Double
  let cache: ContentCache

  func paint(_ list: DrawList) {
    for item in list.items {
      switch item {
      case .clear(let color): clear(color)
      case .fill(let f): fill(f)
      case .texture(let t): texture(t)
      case .glyphs(let g): glyphs(g)
      case .beginClip(_, let polygon):
        cairo_save(cr)
        Self.setPath(cr, [polygon])
        cairo_clip(cr)
      case .endClip: cairo_restore(cr)
      case .beginGroup(let clip): beginGroup(clip)
      case .endGroup(let alpha): endGroup(alpha)
      case .beginShadow: cairo_push_group(cr)
      case .endShadow(let shadow): endShadow(shadow)
      case .pathShadow(let polygon, let shadow): pathShadow(polygon, shadow)
      case .touch(let center, let radius): TouchIndicator.draw(cr, center: center, radius: radius)
      case .outsideDisplay(let polygons, let color): outsideDisplay(polygons, color)
      }
    }
  }

  /// The current path replaced by the closed polygons.
  static func setPath(_ cr: OpaquePointer, _ polygons: [[Point]]) {
    cairo_new_path(cr)
    for polygon in polygons {
      for (i, p) in polygon.enumerated() {
        if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
      }
      cairo_close_path(cr)
    }
  }

  // MARK: Items

  /// Replaces every pixel (the target may hold an old frame).
  private func clear(_ color: Color?) {
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    setSource(color ?? .clear)
    cairo_paint(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
  }

  private func fill(_ f: FillItem) {
    Self.setPath(cr, f.polygons)
    setSource(f.color)
    if f.evenOdd {
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
      cairo_fill(cr)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    } else {
      cairo_fill(cr)
    }
  }

  /// Erases by coverage c (DEST_OUT: the pixel × (1 − c)), then adds the color × c (ADD), so an
  /// edge pixel is the frame's pixel and the background in proportion to the outline's
  /// coverage, whatever was painted there before.
  private func outsideDisplay(_ polygons: [[Point]], _ color: Color?) {
    Self.setPath(cr, polygons)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    if let color, color.alpha > 0 {
      cairo_fill_preserve(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
      setSource(color)
    }
    cairo_fill(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
  }

  private func beginGroup(_ clip: PixelBox?) {
    cairo_save(cr)
    if let clip {
      cairo_rectangle(cr, clip.minX, clip.minY, clip.maxX - clip.minX, clip.maxY - clip.minY)
      cairo_clip(cr)
    }
    cairo_push_group(cr)
  }

  private func endGroup(_ alpha: Double) {
    cairo_pop_group_to_source(cr)
    if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
    cairo_restore(cr)
  }

  private func endShadow(_ shadow: ShadowItem) {
    let body = cairo_pop_group(cr)!
    ShadowPainter.paint(cr, body: body, shadow: shadow)
    cairo_set_source(cr, body)
    cairo_paint(cr)
    cairo_pattern_destroy(body)
  }

  /// The polygon filled opaque in a group of its own is the silhouette the shadow painter
  /// blurs.
  private func pathShadow(_ polygon: [Point], _ shadow: ShadowItem) {
    cairo_push_group(cr)
    Self.setPath(cr, [polygon])
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    cairo_fill(cr)
    let shape = cairo_pop_group(cr)!
    ShadowPainter.paint(cr, body: shape, shadow: shadow)
    cairo_pattern_destroy(shape)
  }

  /// Through the layout's cached coverage mask, which covers what filling its path here would;
  /// in place when it has none, or when the current clip is not whole pixels (Cairo intersects
  /// such a clip with a path it fills, but multiplies a mask by the clip's coverage: where a
  /// clip edge crosses ink, the two differ by tens of levels).
  private func glyphs(_ g: GlyphItem) {
    guard clipIsWholePixels, let (mask, x, y) = cache.textMasks.mask(for: g.layout, toDevice: g.toDevice) else {
      GlyphPainter.fill(cr, g.layout, toDevice: g.toDevice, color: g.color)
      return
    }
    setSource(g.color)
    cairo_mask_surface(cr, mask.surface, Double(x), Double(y))
  }

  /// True when the current clip is none or whole-pixel boxes (the only clips Cairo reports as
  /// a list of rectangles).
  private var clipIsWholePixels: Bool {
    let list = cairo_copy_clip_rectangle_list(cr)!
    defer { cairo_rectangle_list_destroy(list) }
    return list.pointee.status == CAIRO_STATUS_SUCCESS
  }

  private func setSource(_ c: Color) {
    cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))
  }

  // MARK: Textures

  private func texture(_ t: TextureItem) {
    let texels: Texels
    switch t.content {
    case .image(let bitmap):
      let chain = cache.chain(for: bitmap)
      texels = Texels(chain: { chain })
    case .gradient(let g):
      texels = Texels(gradient: g, width: t.width, height: t.height)
    case .layerTree(let frozen, let rect):
      let chain = cache.chain(for: frozen, rect: rect, pixelsPerPoint: scale) {
        rasterize(frozen.tree, rect: rect, width: t.width, height: t.height)
      }
      texels = Texels(chain: { chain })
    case .text(let layout, let ppp, let region):
      let chain = cache.chain(for: layout, pixelsPerPoint: ppp) {
        rasterize(layout, region: region, width: t.width, height: t.height)
      }
      texels = Texels(chain: { chain })
    }
    let overlay = t.overlay.map {
      TextureMapper.Overlay(
        gradient: $0.gradient, width: $0.width, height: $0.height, texToDevice: $0.texToDevice, alpha: $0.alpha)
    }
    TextureMapper.draw(cr, texels, texToDevice: t.texToDevice, polygon: t.polygon, alpha: t.alpha, overlay: overlay)
  }

  /// The part `region` of a text layout painted into a `width × height` texture, mipmapped:
  /// its glyphs and color glyphs resolved as a flat label of that many pixels would be.
  private func rasterize(_ layout: TextLayout, region: Rect, width: Int, height: Int) -> MipChain {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    let tcr = cairo_create(surface)!
    if cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, region.width > 0, region.height > 0 {
      var label = LayerSnapshot()
      label.bounds = Rect(origin: .zero, size: layout.box)
      label.contents = .text(layout)
      let sx = Double(width) / region.width, sy = Double(height) / region.height
      let toTexture = Homography(affine: sx, 0, 0, sy, -region.minX * sx, -region.minY * sy)
      let list = Resolver(scale: scale, width: width, height: height).resolve(layer: label, screen: toTexture)
      Painter(cr: tcr, scale: scale, cache: cache).paint(list)
    }
    cairo_destroy(tcr)
    cairo_surface_flush(surface)
    return MipChain(copying: surface, mipmapped: true)
  }

  /// The part `rect` of a frozen subtree, resolved and painted into a `width × height`
  /// texture, mipmapped.
  private func rasterize(_ tree: LayerSnapshot, rect: Rect, width: Int, height: Int) -> MipChain {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    let tcr = cairo_create(surface)!
    if cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS {
      let list = Resolver(scale: scale, width: width, height: height).resolve(frozen: tree, rect: rect)
      Painter(cr: tcr, scale: scale, cache: cache).paint(list)
    }
    cairo_destroy(tcr)
    cairo_surface_flush(surface)
    return MipChain(copying: surface, mipmapped: true)
  }
}

@inline(__always) func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
