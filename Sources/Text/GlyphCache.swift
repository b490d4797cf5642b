import CPango
import Foundation
import Pixels
import Snapshot

/// What a glyph of a font file draws as: an outline (read with HarfBuzz from the font's own
/// curves, in font units, so no hinting can touch it) or, for a color font's bitmap glyph, a
/// picture with the em-unit rectangle it covers (docs/text.md#glyphs-are-outlines).
enum GlyphShape {
  case outline(GlyphOutline)
  case picture(Bitmap, emRect: Rect)
}

/// Glyph shapes made once per font file and glyph, and the HarfBuzz fonts they are read from.
/// Not thread-safe: `TextEngine` calls it under its lock.
final class GlyphCache {
  private struct Key: Hashable {
    let file: String
    let glyph: UInt32
  }
  // Outlines and pictures are kept apart rather than as `GlyphShape`s: an enum of class
  // payloads keeps its case in the pointer's spare bits, which LeakSanitizer cannot see
  // through, so every cached picture looked leaked.
  private var outlines: [Key: GlyphOutline] = [:]
  private var pictures: [Key: (bitmap: Bitmap, emRect: Rect)] = [:]
  /// One HarfBuzz font per file, scaled to its units per em, and that number.
  private var fonts: [String: (font: OpaquePointer, upem: Double, color: Bool)] = [:]
  private let drawFuncs: OpaquePointer

  init() {
    drawFuncs = hb_draw_funcs_create()
    hb_draw_funcs_set_move_to_func(drawFuncs, { _, data, _, x, y, _ in PathSink.from(data).move(x, y) }, nil, nil)
    hb_draw_funcs_set_line_to_func(drawFuncs, { _, data, _, x, y, _ in PathSink.from(data).line(x, y) }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      drawFuncs, { _, data, _, cx, cy, x, y, _ in PathSink.from(data).quadratic(cx, cy, x, y) }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      drawFuncs, { _, data, _, ax, ay, bx, by, x, y, _ in PathSink.from(data).cubic(ax, ay, bx, by, x, y) }, nil, nil)
    hb_draw_funcs_set_close_path_func(drawFuncs, { _, data, _, _ in PathSink.from(data).close() }, nil, nil)
    hb_draw_funcs_make_immutable(drawFuncs)
  }

  deinit {
    hb_draw_funcs_destroy(drawFuncs)
    for entry in fonts.values { hb_font_destroy(entry.font) }
  }

  /// The shape of `glyph` in the face of `pangoFont` (the file named by its fontconfig
  /// pattern). Glyph 0 is the font's .notdef, drawn for characters no shipped font has.
  func shape(of glyph: UInt32, in pangoFont: UnsafeMutablePointer<PangoFont>) -> GlyphShape? {
    guard let file = Self.file(of: pangoFont) else { return nil }
    let key = Key(file: file, glyph: glyph)
    if let hit = outlines[key] { return .outline(hit) }
    if let hit = pictures[key] { return .picture(hit.bitmap, emRect: hit.emRect) }
    guard let face = font(for: file, pangoFont: pangoFont) else { return nil }
    let name = "\(URL(fileURLWithPath: file).lastPathComponent)#\(glyph)"
    if face.color, let picture = Self.picture(of: glyph, font: face.font, upem: face.upem, label: name) {
      pictures[key] = picture
      return .picture(picture.bitmap, emRect: picture.emRect)
    }
    let made = GlyphOutline(elements: outline(of: glyph, font: face.font, upem: face.upem), name: name)
    outlines[key] = made
    return .outline(made)
  }

  /// The font file fontconfig chose for a Pango font.
  static func file(of pangoFont: UnsafeMutablePointer<PangoFont>) -> String? {
    guard let pattern = pango_fc_font_get_pattern(tr_fc_font(pangoFont)) else { return nil }
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, "file", 0, &value) == FcResultMatch, let value else { return nil }
    return String(cString: value)
  }

  private func font(for file: String, pangoFont: UnsafeMutablePointer<PangoFont>) -> (
    font: OpaquePointer, upem: Double, color: Bool
  )? {
    if let hit = fonts[file] { return hit }
    guard let pangoHB = pango_font_get_hb_font(pangoFont), let face = hb_font_get_face(pangoHB) else { return nil }
    let upem = hb_face_get_upem(face)
    guard let font = hb_font_create(face), upem > 0 else { return nil }
    hb_ot_font_set_funcs(font)
    hb_font_set_scale(font, Int32(upem), Int32(upem))
    let color = hb_ot_color_has_png(face) != 0
    let entry = (font: font, upem: Double(upem), color: color)
    fonts[file] = entry
    return entry
  }

  /// The glyph's contours in em units, y down.
  private func outline(of glyph: UInt32, font: OpaquePointer, upem: Double) -> [PathElement] {
    let sink = PathSink(scale: 1 / upem)
    withExtendedLifetime(sink) {
      hb_font_get_glyph_shape(font, glyph, drawFuncs, Unmanaged.passUnretained(sink).toOpaque())
    }
    return sink.elements
  }

  /// A color bitmap glyph (CBDT): its PNG decoded to straight RGBA, and the rectangle its
  /// extents give in em units (top-left origin, y down, relative to the pen on the baseline).
  private static func picture(of glyph: UInt32, font: OpaquePointer, upem: Double, label: String) -> (
    bitmap: Bitmap, emRect: Rect
  )? {
    guard let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
    guard let image = PNGPicture.decode(UnsafeRawPointer(data), count: Int(length)) else { return nil }
    var extents = hb_glyph_extents_t()
    guard hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else {
      return nil
    }
    let rect = Rect(
      x: Double(extents.x_bearing) / upem, y: -Double(extents.y_bearing) / upem,
      width: Double(extents.width) / upem, height: -Double(extents.height) / upem)
    return (Bitmap(image, label: label), rect)
  }
}

/// Collects HarfBuzz's drawing calls as path elements, scaled and flipped to y down;
/// quadratic segments become the equivalent cubics.
private final class PathSink {
  var elements: [PathElement] = []
  let scale: Double
  private var current = Point.zero

  init(scale: Double) { self.scale = scale }

  static func from(_ data: UnsafeMutableRawPointer?) -> PathSink {
    Unmanaged<PathSink>.fromOpaque(data!).takeUnretainedValue()
  }

  private func point(_ x: Float, _ y: Float) -> Point { Point(x: Double(x) * scale, y: -Double(y) * scale) }

  func move(_ x: Float, _ y: Float) {
    current = point(x, y)
    elements.append(.move(current))
  }

  func line(_ x: Float, _ y: Float) {
    current = point(x, y)
    elements.append(.line(current))
  }

  func quadratic(_ cx: Float, _ cy: Float, _ x: Float, _ y: Float) {
    let c = point(cx, cy), end = point(x, y)
    let c1 = Point(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
    let c2 = Point(x: end.x + 2 / 3 * (c.x - end.x), y: end.y + 2 / 3 * (c.y - end.y))
    current = end
    elements.append(.curve(c1, c2, end))
  }

  func cubic(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, _ x: Float, _ y: Float) {
    current = point(x, y)
    elements.append(.curve(point(ax, ay), point(bx, by), current))
  }

  func close() { elements.append(.close) }
}

/// PNG bytes decoded by Cairo into straight RGBA8.
enum PNGPicture {
  private struct Reader {
    var base: UnsafeRawPointer
    var remaining: Int
  }

  static func decode(_ bytes: UnsafeRawPointer, count: Int) -> RGBAImage? {
    var reader = Reader(base: bytes, remaining: count)
    let surface = withUnsafeMutablePointer(to: &reader) { r in
      cairo_image_surface_create_from_png_stream(
        { closure, out, length in
          let r = closure!.assumingMemoryBound(to: Reader.self)
          guard Int(length) <= r.pointee.remaining, let out else { return CAIRO_STATUS_READ_ERROR }
          out.update(from: r.pointee.base.assumingMemoryBound(to: UInt8.self), count: Int(length))
          r.pointee.base += Int(length)
          r.pointee.remaining -= Int(length)
          return CAIRO_STATUS_SUCCESS
        }, r)
    }
    guard let surface else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
    return straightRGBA(surface)
  }

  /// A Cairo image surface (ARGB32 or RGB24) as straight RGBA8.
  private static func straightRGBA(_ surface: OpaquePointer) -> RGBAImage? {
    cairo_surface_flush(surface)
    let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let opaque = cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32
    guard w > 0, h > 0, let data = cairo_image_surface_get_data(surface) else { return nil }
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w {
        let p = row[x]
        let a = opaque ? 255 : Int(p >> 24)
        let i = (y * w + x) * 4
        guard a > 0 else { continue }
        for (k, shift) in [16, 8, 0].enumerated() {
          let c = Int((p >> UInt32(shift)) & 0xff)
          bytes[i + k] = UInt8(min(255, (c * 255 + a / 2) / a))
        }
        bytes[i + 3] = UInt8(a)
      }
    }
    return RGBAImage(width: w, height: h, pixels: bytes)
  }
}
