// Interim compositor (affine only), replaced by the full compositor when it lands.
import Animator
import CCairo
import Pixels

public struct CompositorError: Error, CustomStringConvertible {
  public let description: String
}

public struct Compositor: Sendable {
  public let scale: Double
  public init(scale: Double = 1) { self.scale = scale }

  public func render(_ frame: FrameSnapshot) throws -> RGBAImage {
    let w = Int((frame.size.width * scale).rounded()), h = Int((frame.size.height * scale).rounded())
    guard w > 0, h > 0, w <= 8192, h <= 8192 else { throw CompositorError(description: "frame size \(w)x\(h) px is outside 1...8192") }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    if let bg = frame.background {
      cairo_set_source_rgba(cr, bg.red, bg.green, bg.blue, bg.alpha)
      cairo_paint(cr)
    }
    cairo_scale(cr, scale, scale)
    draw(frame.root, cr)
    cairo_surface_flush(surface)
    var image = RGBAImage(width: w, height: h)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    image.pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<h {
        let row = UnsafeRawPointer(data + y * stride)
        for x in 0..<w {
          let px = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
          let a = px >> 24
          let o = (y * w + x) * 4
          if a == 0 { continue }
          func un(_ c: UInt32) -> UInt8 { UInt8((c * 255 + a / 2) / a) }
          out[o] = un((px >> 16) & 0xff)
          out[o + 1] = un((px >> 8) & 0xff)
          out[o + 2] = un(px & 0xff)
          out[o + 3] = UInt8(a)
        }
      }
    }
    return image
  }

  private func draw(_ layer: LayerSnapshot, _ cr: OpaquePointer) {
    guard !layer.isHidden, layer.opacity > 0.001 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    let t = layer.transform.affine
    let ax = layer.anchorPoint.x * layer.bounds.width, ay = layer.anchorPoint.y * layer.bounds.height
    cairo_translate(cr, layer.position.x, layer.position.y)
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_transform(cr, &m)
    cairo_translate(cr, -ax, -ay)
    let group = layer.opacity < 1
    if group { cairo_push_group(cr) }
    if let c = layer.backgroundColor {
      cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
      roundedRect(cr, 0, 0, layer.bounds.width, layer.bounds.height, layer.cornerRadius)
      cairo_fill(cr)
    }
    if case .layerTree(let tree, let rect) = layer.contents {
      cairo_save(cr)
      cairo_rectangle(cr, 0, 0, layer.bounds.width, layer.bounds.height)
      cairo_clip(cr)
      if rect.width > 0, rect.height > 0 {
        cairo_scale(cr, layer.bounds.width / rect.width, layer.bounds.height / rect.height)
        cairo_translate(cr, -rect.origin.x, -rect.origin.y)
        draw(tree, cr)
      }
      cairo_restore(cr)
    }
    if layer.masksToBounds {
      roundedRect(cr, 0, 0, layer.bounds.width, layer.bounds.height, layer.cornerRadius)
      cairo_clip(cr)
    }
    cairo_translate(cr, -layer.bounds.origin.x, -layer.bounds.origin.y)
    for s in layer.sublayers.enumerated().sorted(by: { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }) {
      draw(s.element, cr)
    }
    if group {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, layer.opacity)
    }
  }

  private func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
    let r = min(r, w / 2, h / 2)
    guard r > 0 else {
      cairo_rectangle(cr, x, y, w, h)
      return
    }
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
    cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
    cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
    cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
  }
}
