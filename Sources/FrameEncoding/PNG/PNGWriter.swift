import CPNG
import Pixels

/// Writes one straight-RGBA8 image as a PNG (libpng through the setjmp-safe CPNG shim).
///
/// Contract: the output decodes to exactly the input pixels. Fully opaque images are written
/// as color type RGB (no alpha channel); others as RGBA. No ancillary chunks (IHDR, IDAT,
/// IEND only), so the bytes depend on the pixels and the settings alone.
///
/// The defaults (zlib level 4, the Sub filter on every row, default strategy) were chosen by
/// measurement on the bench frames (375×667, 30 frames, a shared and loaded 2-core machine):
/// flat UI 5.6–6.1 ms/frame at 1.04× the bytes of Cairo's `cairo_surface_write_to_png`
/// (11.1–16.3 ms/frame in the same runs); photo-like 42.6 ms/frame at 1.06× (Cairo 75–120).
/// Level 3 is ~2× faster on flat frames but 1.21× the bytes; the Up filter is much worse on
/// these frames; the RLE strategy is 4× faster on photos but 1.56× larger on flat UI. See
/// `scripts/bench-encoders`.
public struct PNGWriter: Sendable {
  /// zlib level 0...9.
  public var compressionLevel: Int
  /// PNG row filter for every row.
  public var filter: Filter
  /// zlib strategy.
  public var strategy: Strategy

  public enum Filter: Int32, Sendable {
    case none = 0x08, sub = 0x10, up = 0x20, average = 0x40, paeth = 0x80
    /// libpng picks per row among all five (slowest, usually smallest).
    case adaptive = 0xf8
  }

  public enum Strategy: Int32, Sendable {
    case `default` = 0, filtered = 1, huffmanOnly = 2, rle = 3
  }

  public init(compressionLevel: Int = 4, filter: Filter = .sub, strategy: Strategy = .default) {
    self.compressionLevel = max(0, min(9, compressionLevel))
    self.filter = filter
    self.strategy = strategy
  }

  /// The PNG bytes of `image`.
  public func encode(_ image: RGBAImage) throws -> [UInt8] {
    var out = cpng_buffer(data: nil, length: 0, capacity: 0)
    defer { cpng_free(&out) }
    var err = [CChar](repeating: 0, count: 256)
    let opaque = image.isOpaque
    let status = image.pixels.withUnsafeBufferPointer { px in
      cpng_encode_rgba_ex(
        px.baseAddress, UInt32(image.width), UInt32(image.height), opaque ? 1 : 0,
        Int32(compressionLevel), filter.rawValue, strategy.rawValue, &out, &err, err.count)
    }
    guard status == 0 else { throw EncodingError.png(cMessage(err)) }
    return Array(UnsafeBufferPointer(start: out.data, count: out.length))
  }

  /// Encodes `image` into `sink`.
  public func write(_ image: RGBAImage, to sink: ByteSink) throws {
    try sink.write(try encode(image))
  }

  /// Writes `image` to the file at `path` atomically (temporary file, then rename).
  public func write(_ image: RGBAImage, toFile path: String) throws {
    let bytes = try encode(image)
    try writeAtomically(to: path) { try $0.write(bytes) }
  }
}
