import CPNG
import Pixels

/// Writes one straight-RGBA8 image as a PNG: PNG row filters, then libdeflate (CPNG's
/// `png_write.c`; libpng's writer is bound to zlib, about half as fast at the same bytes).
///
/// Contract: the output decodes to exactly the input pixels. Fully opaque images are written
/// as color type RGB (no alpha channel); others as RGBA. No ancillary chunks (IHDR, one IDAT,
/// IEND only), so the bytes depend on the pixels, the settings and the libdeflate version.
///
/// The defaults (libdeflate level 6, the Sub filter on every row) were chosen by measurement
/// on the bench frames (375×667, 30 frames; `scripts/bench-encoders`): flat UI 3.2 ms/frame
/// at 0.98× the bytes of Cairo's `cairo_surface_write_to_png` (12.5 ms), photo-like 17.7 ms
/// at 1.10× (80 ms). Paeth and adaptive filtering save 1–3% for twice the time.
public struct PNGWriter: Sendable {
  /// libdeflate level 0 (stored) ... 12 (smallest, slowest).
  public var compressionLevel: Int
  /// PNG row filter for every row.
  public var filter: Filter

  /// The PNG specification's row filters (its numbers as raw values), and our adaptive choice.
  public enum Filter: Int32, Sendable {
    /// The specification's filter types 0…4: each byte as is, minus the byte to its left, above
    /// it, their average, or the Paeth predictor of the three.
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4
    /// Per row, the filter whose bytes have the least sum as signed values (slowest, often smallest).
    case adaptive = 5
  }

  /// A writer at `compressionLevel` (clamped to 0…12) with `filter` on every row.
  public init(compressionLevel: Int = 6, filter: Filter = .sub) {
    self.compressionLevel = max(0, min(12, compressionLevel))
    self.filter = filter
  }

  /// The PNG bytes of `image`.
  public func encode(_ image: RGBAImage) throws -> [UInt8] {
    var out = cpng_buffer(data: nil, length: 0, capacity: 0)
    defer { cpng_free(&out) }
    var err = [CChar](repeating: 0, count: 256)
    let channels: Int32 = image.isOpaque ? 3 : 4
    let status = image.pixels.withUnsafeBufferPointer { px in
      cpng_encode_png(
        px.baseAddress, image.width * 4, UInt32(image.width), UInt32(image.height), channels,
        filter.rawValue, Int32(compressionLevel), &out, &err, err.count)
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
    try writeAtomically(bytes, to: path)
  }
}
