#if canImport(Glibc)
  import Glibc
#endif
import CPNG
import Pixels

/// Reads any PNG libpng accepts (every bit depth, palette, gray, tRNS, interlaced) into
/// straight RGBA8. 16-bit channels are reduced to 8 bits; missing alpha becomes 255.
///
/// Contract: corrupt or truncated input throws `EncodingError.png` with libpng's reason
/// ("not a PNG file (bad signature)", "file is truncated", "IDAT: incorrect data check", …)
/// and never crashes; width × height is checked against `maxPixels` before any pixel memory is
/// allocated. Only the first frame of an APNG is read (that is what plain PNG decoders show).
///
/// 8-bit RGB and RGBA files (what renderers write) take a shorter path (`cpng_decode_fast`:
/// inflate, then each row unfiltered once straight into RGBA); it hands anything else, and
/// anything damaged, to libpng, so results and errors are libpng's either way.
public struct PNGReader: Sendable {
  /// Largest accepted width × height (default 100 megapixels, 400 MB of RGBA).
  public var maxPixels: Int

  /// A reader that refuses images of more than `maxPixels` pixels, from their header.
  public init(maxPixels: Int = 100_000_000) { self.maxPixels = maxPixels }

  /// Decodes PNG bytes.
  public func decode(_ bytes: [UInt8]) throws -> RGBAImage {
    try bytes.withUnsafeBufferPointer { try decode(UnsafeRawBufferPointer($0)) }
  }

  /// Decodes PNG bytes in memory.
  public func decode(_ bytes: UnsafeRawBufferPointer) throws -> RGBAImage {
    var storage: [UInt8] = []
    return try decode(bytes, into: &storage)
  }

  /// Decodes PNG bytes, into `storage`'s memory when it already has the image's size (a
  /// recycled frame; else a new array). The image shares that memory with `storage`, so drop
  /// `storage` to leave the image the only owner.
  func decode(_ bytes: UnsafeRawBufferPointer, into storage: inout [UInt8]) throws -> RGBAImage {
    if let image = try decodeInPlace(bytes, into: &storage) { return image }
    var err = [CChar](repeating: 0, count: 256)
    var pixels: UnsafeMutablePointer<UInt8>? = nil
    var w: UInt32 = 0, h: UInt32 = 0
    let status = cpng_decode_rgba(
      bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, UInt64(max(0, maxPixels)),
      &pixels, &w, &h, &err, err.count)
    guard status == 0, let p = pixels else {
      throw EncodingError.png(status == 0 ? "decoder returned no pixels" : cMessage(err))
    }
    defer { cpng_free_pixels(p) }
    let count = Int(w) * Int(h) * 4
    let array = [UInt8](unsafeUninitializedCapacity: count) { buf, n in
      buf.baseAddress!.update(from: p, count: count)
      n = count
    }
    guard let image = RGBAImage(width: Int(w), height: Int(h), pixels: array) else {
      throw EncodingError.png("image has an empty side (\(w)x\(h))")
    }
    return image
  }

  /// Decodes straight into the image's array when the IHDR announces a size within
  /// `maxPixels` (no second buffer, no copy); nil means "use the general path".
  private func decodeInPlace(_ bytes: UnsafeRawBufferPointer, into storage: inout [UInt8]) throws -> RGBAImage? {
    guard bytes.count >= 33, bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52
    else { return nil }
    func be32(_ i: Int) -> Int {
      Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }
    let width = be32(16), height = be32(20)
    guard width > 0, height > 0, width <= 1 << 24, height <= 1 << 24, width * height <= maxPixels else { return nil }
    let count = width * height * 4
    var err = [CChar](repeating: 0, count: 256)
    var status: Int32 = 0
    var w: UInt32 = 0, h: UInt32 = 0
    if storage.count != count {
      // Every byte is written before the image is used (or the image is not used at all).
      storage = [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count }
    }
    storage.withUnsafeMutableBufferPointer { buf in
      let data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
      // 8-bit RGB/RGBA without libpng (one pass per row instead of three); anything else,
      // or anything wrong, through libpng, which also words the errors.
      var opaque: Int32 = 0
      status = cpng_decode_fast(data, bytes.count, buf.baseAddress, count, &w, &h, &opaque)
      if status != 0 {
        status = cpng_decode_rgba_into(
          data, bytes.count, UInt64(max(0, maxPixels)), buf.baseAddress, count, &w, &h, &err, err.count)
      }
    }
    if status == -2 { return nil }
    guard status == 0 else { throw EncodingError.png(cMessage(err)) }
    return RGBAImage(width: Int(w), height: Int(h), pixels: storage)
  }

  /// Reads and decodes the PNG file at `path`; errors name the file.
  public func read(file path: String) throws -> RGBAImage {
    var storage: [UInt8] = []
    return try read(file: path, into: &storage)
  }

  /// `read(file:)` into `storage`'s memory when it has the image's size (see `decode(_:into:)`).
  func read(file path: String, into storage: inout [UInt8]) throws -> RGBAImage {
    let bytes = try readFile(path)
    do {
      return try bytes.withUnsafeBytes { try decode($0, into: &storage) }
    } catch let e as EncodingError {
      if case .png(let m) = e { throw EncodingError.png("\(path): \(m)") }
      throw e
    }
  }
}

/// The whole content of a file.
func readFile(_ path: String) throws -> [UInt8] {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { throw EncodingError.io("cannot open \(path): \(String(cString: strerror(errno)))") }
  defer { close(fd) }
  var st = stat()
  guard fstat(fd, &st) == 0 else { throw EncodingError.io("cannot stat \(path)") }
  var result = [UInt8]()
  var size = Int(st.st_size)
  if size <= 0 { size = 1 << 16 }
  result.reserveCapacity(size)
  var chunk = [UInt8](repeating: 0, count: min(max(size, 4096), 1 << 24))
  while true {
    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n < 0 {
      if errno == EINTR { continue }
      throw EncodingError.io("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    if n == 0 { break }
    result.append(contentsOf: chunk[0..<n])
  }
  return result
}
