/// Finding the highest quality whose file fits a size limit (`--max-size`).
///
/// Bytes do not fall strictly with quality, so the search only ever keeps an encoding that was
/// measured to fit: the requested quality first (one pass when it fits), then a binary search
/// below it. At most ⌈log₂(quality + 1)⌉ + 1 encodings.
package enum SizeFit {
  /// Refuses a size limit on output that cannot trade quality for bytes (APNG, lossless GIF or
  /// WebP): the one check of it, which `encodeFrameFiles` and the render job both call.
  public static func checkFittable(_ format: OutputFormat, options: EncodingOptions) throws {
    guard format == .apng || options.lossless else { return }
    throw EncodingError.invalidOption(
      "--max-size needs lossy output: write .gif or .webp without --lossless (\(format == .apng ? "APNG" : "lossless output") cannot trade quality for bytes)"
    )
  }

  /// The result: the quality used and the encoded bytes (at most the limit).
  public struct Fitted: Sendable {
    public let quality: Int
    public let bytes: [UInt8]
  }

  /// Encodes at `quality`, then lower, until the output is at most `maxBytes`. `encode` makes
  /// the whole file at the quality it is given; `progress` hears each attempt (quality, bytes).
  /// Throws `EncodingError.tooLarge` when even quality 0 does not fit.
  public static func search(
    quality: Int, maxBytes: Int, progress: (Int, Int) -> Void = { _, _ in },
    encode: (Int) throws -> [UInt8]
  ) throws -> Fitted {
    let found = try search(quality: quality, maxBytes: maxBytes, progress: progress) { quality in
      let bytes = try encode(quality)
      return (bytes, bytes.count)
    }
    return Fitted(quality: found.quality, bytes: found.encoded)
  }

  /// The same search over encodings kept anywhere (a file, say): `encode` returns the encoding
  /// and its size in bytes. Only the best fitting encoding so far is kept; the others are
  /// released as soon as they are measured.
  public static func search<Encoded>(
    quality: Int, maxBytes: Int, progress: (Int, Int) -> Void = { _, _ in },
    encode: (Int) throws -> (encoded: Encoded, bytes: Int)
  ) throws -> (quality: Int, encoded: Encoded) {
    let first = try encode(quality)
    progress(quality, first.bytes)
    if first.bytes <= maxBytes { return (quality, first.encoded) }
    var best: (quality: Int, encoded: Encoded)? = nil
    var smallest = first.bytes
    var lo = 0, hi = quality - 1
    while lo <= hi {
      let mid = (lo + hi + 1) / 2
      let attempt = try encode(mid)
      progress(mid, attempt.bytes)
      smallest = min(smallest, attempt.bytes)
      if attempt.bytes <= maxBytes {
        best = (mid, attempt.encoded)
        lo = mid + 1
      } else {
        hi = mid - 1
      }
    }
    guard let best else { throw EncodingError.tooLarge(smallest: smallest, limit: maxBytes) }
    return best
  }

  /// Parses a size: a whole number of bytes, or a number with B, KB, MB (powers of 1000) or
  /// KiB, MiB (powers of 1024), case-insensitive: "2MB", "1.5 MiB", "750kb", "500000".
  /// Nil for anything else, zero, or more than 2^40 bytes.
  public static func parseSize(_ text: String) -> Int? {
    let t = String(text.filter { $0 != " " }).lowercased()
    let units: [(String, Double)] = [
      ("kib", 1024), ("mib", 1_048_576), ("kb", 1000), ("mb", 1_000_000), ("b", 1), ("k", 1000), ("m", 1_000_000),
    ]
    var number = Substring(t), factor = 1.0
    for (suffix, f) in units where t.hasSuffix(suffix) {
      number = t.dropLast(suffix.count)
      factor = f
      break
    }
    guard let v = Double(number), v.isFinite, v > 0 else { return nil }
    let bytes = (v * factor).rounded(.down)
    guard bytes >= 1, bytes <= 1_099_511_627_776 else { return nil }
    return Int(bytes)
  }
}
