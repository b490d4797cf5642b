import Foundation
import CCairo
import Pixels
import Snapshot

/// A polygon's coverage of a box of device pixels, 0...255 per pixel, exactly as Cairo's fill
/// of it on a context would composite with (Cairo rasterizes it, with the context's
/// antialiasing, fill rule and tolerance, into an A8 canvas; the points move by whole pixels,
/// so the coverage is the same). Canvases are reused between draws: a small tile would
/// otherwise pay for a surface and a context of its own.
struct CoverageMask {
  /// Coverage of the box's first pixel.
  private let origin: UnsafeMutablePointer<UInt8>
  private let stride: Int
  private let box: (x0: Int, y0: Int, x1: Int, y1: Int)
  private let edges: RowExtents

  /// Runs `body` with `polygon`'s coverage of `box` (device pixels) as `cr` fills it.
  static func with<R>(
    _ cr: OpaquePointer, _ polygon: [Point], _ box: (x0: Int, y0: Int, x1: Int, y1: Int),
    _ body: (CoverageMask) -> R
  ) -> R {
    let (w, h) = (box.x1 - box.x0, box.y1 - box.y0)
    let canvas = MaskCanvas.take(width: w, height: h)
    defer { MaskCanvas.give(canvas) }
    let local = polygon.map { Point(x: $0.x - Double(box.x0), y: $0.y - Double(box.y0)) }
    canvas.rasterize(local, width: w, height: h, like: cr)
    return body(CoverageMask(origin: canvas.data, stride: canvas.stride, box: box, edges: RowExtents(polygon)))
  }

  /// Row `y`'s coverage, indexed by device x (valid within the box).
  func row(_ y: Int) -> UnsafePointer<UInt8> {
    UnsafePointer(origin + (y - box.y0) * stride - box.x0)
  }

  /// The pixels `xa ..< xb` of row `y` that the polygon touches (`RowExtents`); nil when none.
  /// Cairo's rasterizer can give coverage to a pixel just past a vertex that the polygon does
  /// not reach; such pixels are left out, so that nothing outside the polygon is drawn.
  func extent(ofRow y: Int) -> (Int, Int)? {
    edges.pixels(inRow: y, from: box.x0, to: box.x1)
  }
}

/// An A8 surface and its context, kept for reuse (`take`, `give`).
private final class MaskCanvas: @unchecked Sendable {
  let surface: OpaquePointer
  let context: OpaquePointer
  let width: Int
  let height: Int
  let data: UnsafeMutablePointer<UInt8>
  let stride: Int

  /// Idle canvases, at most `keep`; a draw takes the smallest that holds its box.
  private static let idle = Locked<[MaskCanvas]>([])
  private static let keep = 4
  /// The least side of a new canvas, so that small tiles of any shape share canvases.
  private static let side = 256

  private init(width: Int, height: Int) {
    self.width = width
    self.height = height
    surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    context = cairo_create(surface)!
    data = cairo_image_surface_get_data(surface)!
    stride = Int(cairo_image_surface_get_stride(surface))
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  static func take(width: Int, height: Int) -> MaskCanvas {
    let found = idle.withLock { list -> MaskCanvas? in
      var best: Int? = nil
      for (i, c) in list.enumerated() where c.width >= width && c.height >= height {
        if best == nil || c.width * c.height < list[best!].width * list[best!].height { best = i }
      }
      return best.map { list.remove(at: $0) }
    }
    return found ?? MaskCanvas(width: max(width, side), height: max(height, side))
  }

  static func give(_ canvas: MaskCanvas) {
    idle.withLock { list in
      list.append(canvas)
      guard list.count > keep else { return }
      let area = { (c: MaskCanvas) in c.width * c.height }
      if let i = list.indices.min(by: { area(list[$0]) < area(list[$1]) }) { list.remove(at: i) }
    }
  }

  /// `polygon`'s coverage of the canvas's `width × height` corner, as `cr` would fill it.
  func rasterize(_ polygon: [Point], width w: Int, height h: Int, like cr: OpaquePointer) {
    cairo_surface_flush(surface)
    for y in 0..<h { (data + y * stride).update(repeating: 0, count: w) }
    cairo_surface_mark_dirty_rectangle(surface, 0, 0, Int32(w), Int32(h))
    let m = context
    cairo_set_antialias(m, cairo_get_antialias(cr))
    cairo_set_fill_rule(m, cairo_get_fill_rule(cr))
    cairo_set_tolerance(m, cairo_get_tolerance(cr))
    // A polygon reaching past the corner (its box was cut by the clip) is clipped to it, so
    // that Cairo rasterizes no more than is read.
    let inside = polygon.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= Double(w) && $0.y <= Double(h) }
    if !inside {
      cairo_save(m)
      cairo_rectangle(m, 0, 0, Double(w), Double(h))
      cairo_clip(m)
    }
    Painter.setPath(m, [polygon])
    cairo_fill(m)
    if !inside { cairo_restore(m) }
    cairo_surface_flush(surface)
  }
}
