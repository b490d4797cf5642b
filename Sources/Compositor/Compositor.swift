import Foundation
import Snapshot
import CCairo
import Pixels

/// Why a frame could not be rendered. `description` is one line naming what was wrong and
/// what is accepted.
public enum CompositorError: Error, Equatable, CustomStringConvertible {
  /// The scale is not a finite number > 0.
  case invalidScale(Double)
  /// The frame size in points is not finite and positive.
  case invalidSize(width: Double, height: Double)
  /// The frame in pixels exceeds `Compositor.maxSide` or `Compositor.maxFrameBytes`.
  case frameTooLarge(width: Double, height: Double)
  /// Cairo failed to create a surface (out of memory).
  case cairo(String)

  public var description: String {
    switch self {
    case .invalidScale(let s):
      return "compositor: scale \(s) is not accepted; use a finite scale > 0 (1, 2 or 3)"
    case .invalidSize(let w, let h):
      return "compositor: frame size \(w)×\(h) pt is not accepted; width and height must be finite and > 0"
    case .frameTooLarge(let w, let h):
      return
        "compositor: frame of \(Int(w))×\(Int(h)) px is too large; at most \(Compositor.maxSide) px a side and \(Compositor.maxFrameBytes >> 20) MiB per frame"
    case .cairo(let m):
      return "compositor: cairo failed: \(m)"
    }
  }
}

/// Turns a `FrameSnapshot` into pixels with Core Animation's compositing rules
/// (docs/core-animation.md, Compositing): the full 3D transform chain with flattening at every
/// ordinary layer, back-face culling, near-plane clipping, depth sorting inside transform-layer
/// contexts, exact vector geometry for solid content, raster content mapped through the true
/// homography with trilinear filtering, group opacity, rounded clipping, borders, shadows, and
/// touch indicators. Two steps: `Resolver` settles all of that into a `DrawList` of
/// device-space items, and `Painter` paints the list with Cairo.
///
/// Thread safety: `render` may be called concurrently from any number of threads on the same
/// value. Each call owns its Cairo surfaces; the only shared state is a lock-protected cache of
/// premultiplied, mipmapped textures (of `Bitmap`s and frozen subtrees) keyed by identity.
/// Output is deterministic: the same snapshot gives the same bytes on every run and at every
/// thread count (for a given Cairo and pixman build).
public struct Compositor: Sendable {
  /// The largest accepted side of a frame in pixels.
  public static let maxSide = 8192
  /// The largest accepted frame in bytes (RGBA8).
  public static let maxFrameBytes = 256 << 20

  /// Device pixels per point (1, 2 or 3 for iOS screens; any finite value > 0 works).
  public let scale: Double
  let cache: ContentCache
  let buffers: BufferPool

  public init(scale: Double) {
    self.scale = scale
    self.cache = ContentCache()
    self.buffers = BufferPool()
  }

  /// The frame's size in pixels: `round(points × scale)` per side, checked against the limits
  /// before anything is allocated.
  public func pixelSize(of size: Size) throws -> (width: Int, height: Int) {
    guard scale.isFinite, scale > 0 else { throw CompositorError.invalidScale(scale) }
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
      throw CompositorError.invalidSize(width: size.width, height: size.height)
    }
    let w = Self.pixels(size.width, scale: scale), h = Self.pixels(size.height, scale: scale)
    guard w <= Double(Self.maxSide), h <= Double(Self.maxSide), w * h * 4 <= Double(Self.maxFrameBytes) else {
      throw CompositorError.frameTooLarge(width: w, height: h)
    }
    return (Int(w), Int(h))
  }

  /// Pixels along a side of `points` points at `scale` pixels per point: rounded to nearest
  /// (halves away from zero), at least 1. The one rounding of frame sizes.
  public static func pixels(_ points: Double, scale: Double) -> Double { max(1, (points * scale).rounded()) }

  /// The frame's resolved draw list as text, one item per line (nested items indented): what
  /// `render` paints, for reading and debugging. Throws what `render` throws for the size.
  public func drawList(_ frame: FrameSnapshot) throws -> String {
    let (w, h) = try pixelSize(of: frame.size)
    return Resolver(scale: scale, width: w, height: h).resolve(frame).description
  }

  /// Renders one frame: background (nil = transparent), the layer tree from `frame.root`, then
  /// a touch indicator per touch. Returns straight RGBA8, unpremultiplied from Cairo's
  /// premultiplied ARGB32 with `c = (c·255 + a/2) / a` (0 when a = 0).
  public func render(_ frame: FrameSnapshot) throws -> RGBAImage {
    let (w, h) = try pixelSize(of: frame.size)
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
    let buffer = buffers.take(bytes: stride * h)
    defer { buffers.give(buffer.pointer, capacity: buffer.capacity) }
    let surface = cairo_image_surface_create_for_data(
      buffer.pointer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride))!
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw CompositorError.cairo(String(cString: cairo_status_to_string(status)))
    }
    let cr = cairo_create(surface)!
    let list = Resolver(scale: scale, width: w, height: h).resolve(frame)
    Painter(cr: cr, scale: scale, cache: cache).paint(list)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return PixelConversion.straightRGBA(surface)
  }
}

/// Touch indicators: a soft, translucent disc `diameter` points wide at each touch point,
/// drawn above everything (the look of the simulator's and screen recorders' touch dots).
enum TouchIndicator {
  static let diameter = 44.0

  /// One indicator centred at `center` (device pixels), `radius` pixels wide.
  static func draw(_ cr: OpaquePointer, center: Point, radius r: Double) {
    let (cx, cy) = (center.x, center.y)
    let g = cairo_pattern_create_radial(cx, cy, 0, cx, cy, r)!
    cairo_pattern_add_color_stop_rgba(g, 0, 1, 1, 1, 0.55)
    cairo_pattern_add_color_stop_rgba(g, 0.70, 0.95, 0.95, 0.95, 0.45)
    cairo_pattern_add_color_stop_rgba(g, 0.86, 0.55, 0.55, 0.55, 0.35)
    cairo_pattern_add_color_stop_rgba(g, 1, 0.5, 0.5, 0.5, 0)
    cairo_set_source(cr, g)
    cairo_new_path(cr)
    cairo_arc(cr, cx, cy, r, 0, 2 * Double.pi)
    cairo_fill(cr)
    cairo_pattern_destroy(g)
  }
}

/// Cairo ARGB32 (premultiplied, native-endian words) → straight RGBA8 bytes.
public enum PixelConversion {
  /// `table[a << 8 | c] = (c·255 + a/2) / a` for c ≤ a, 0 for a = 0 (c > a is clamped to 255).
  static let unpremultiplyTable: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 65536)
    for a in 1..<256 {
      for c in 0..<256 { t[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
    }
    return t
  }()

  /// The pixels of a flushed Cairo ARGB32 image surface as straight RGBA8.
  public static func straightRGBA(_ surface: OpaquePointer) -> RGBAImage {
    let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    let bytes = [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, initialized in
      unpremultiplyTable.withUnsafeBufferPointer { table in
        let o = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
          let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
          let orow = o + y * w
          var x = 0
          // Eight pixels at a time while they are all opaque: only the byte order changes
          // (native ARGB word → R, G, B, A bytes).
          #if _endian(little)
            while x + 8 <= w {
              let p = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self)
              if p &>> 24 != SIMD8(repeating: 255) {
                break8(row, orow, x, table)
                x += 8
                continue
              }
              let q = ((p &>> 16) & 0xff) | (p & 0xff00) | ((p & 0xff) &<< 16) | 0xff00_0000
              UnsafeMutableRawPointer(orow + x).storeBytes(of: q, toByteOffset: 0, as: SIMD8<UInt32>.self)
              x += 8
            }
          #endif
          while x < w {
            orow[x] = convert(row[x], table)
            x += 1
          }
        }
      }
      initialized = w * h * 4
    }
    return RGBAImage(width: w, height: h, pixels: bytes)!
  }

  @inline(__always)
  private static func break8(
    _ row: UnsafePointer<UInt32>, _ orow: UnsafeMutablePointer<UInt32>, _ x: Int, _ table: UnsafeBufferPointer<UInt8>
  ) {
    for i in x..<x + 8 { orow[i] = convert(row[i], table) }
  }

  /// One premultiplied ARGB word → straight RGBA bytes as a little-endian word.
  @inline(__always)
  private static func convert(_ p: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let a = p >> 24
    if a == 255 {
      return ((p >> 16) & 0xff | (p & 0xff00) | (p & 0xff) << 16 | 0xff00_0000).littleEndian
    } else if a == 0 {
      return 0
    }
    let base = Int(a) << 8
    let rr = UInt32(table[base | Int((p >> 16) & 0xff)])
    let gg = UInt32(table[base | Int((p >> 8) & 0xff)])
    let bb = UInt32(table[base | Int(p & 0xff)])
    return (rr | gg << 8 | bb << 16 | a << 24).littleEndian
  }
}
