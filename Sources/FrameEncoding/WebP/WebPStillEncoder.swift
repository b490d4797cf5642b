import CWebP

/// One frame's image data as an animation frame carries it: the chunks of a WebP still
/// (`ALPH` then `VP8 `, or `VP8L`), each with its header and padding, ready to follow an
/// `ANMF` header.
struct WebPFrameData {
  var chunks: [UInt8]
  /// Whether some pixel may be other than opaque (an `ALPH` chunk, or a `VP8L` image with its
  /// alpha bit set): the container's `VP8X` alpha flag must then be set.
  var hasAlpha: Bool
}

/// libwebp's still-image encoder (`WebPEncode`) with the animation's fixed settings.
///
/// Lossy: VP8 at `quality`, method 4, alpha (when a pixel is not opaque) coded losslessly in
/// `ALPH`; RGB under fully transparent pixels is kept as given (`exact`), since the
/// differencing chooses what lies under the transparent blocks it leaves. Lossless: VP8L,
/// method 1, exact RGB under transparent pixels. Single-threaded, so the bytes depend only on
/// the pixels and the library's version.
final class WebPStillEncoder {
  private var config = WebPConfig()

  init(options: EncodingOptions) throws {
    guard WebPConfigInit(&config) != 0 else { throw EncodingError.webp("library version mismatch") }
    config.lossless = options.lossless ? 1 : 0
    config.quality = Float(options.lossless ? 75 : options.quality)
    config.method = options.lossless ? 1 : 4
    config.thread_level = 0
    config.exact = 1
    guard WebPValidateConfig(&config) != 0 else { throw EncodingError.webp("invalid encoder settings") }
  }

  /// `pixels` (`width` × `height` straight RGBA, rows `stride` bytes apart) coded as a still.
  func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> WebPFrameData {
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw EncodingError.webp("library version mismatch") }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    defer { WebPPictureFree(&picture) }
    guard WebPPictureImportRGBA(&picture, pixels, Int32(stride)) != 0 else {
      throw EncodingError.webp("out of memory importing a frame")
    }
    let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
    WebPMemoryWriterInit(writer)
    defer {
      WebPMemoryWriterClear(writer)
      writer.deallocate()
    }
    picture.writer = WebPMemoryWrite
    picture.custom_ptr = UnsafeMutableRawPointer(writer)
    guard WebPEncode(&config, &picture) != 0 else {
      throw EncodingError.webp("could not encode a frame (libwebp error \(picture.error_code.rawValue))")
    }
    return try Self.frameData(UnsafeBufferPointer(start: writer.pointee.mem, count: writer.pointee.size))
  }

  /// The image chunks of a still file: everything after the RIFF header but `VP8X`.
  static func frameData(_ file: UnsafeBufferPointer<UInt8>) throws -> WebPFrameData {
    var data = WebPFrameData(chunks: [], hasAlpha: false)
    var at = 12
    while at + 8 <= file.count {
      let fourCC = String(decoding: file[at..<(at + 4)], as: UTF8.self)
      let size = Int(readLE32(file, at + 4))
      let end = at + 8 + size + (size & 1)
      guard end <= file.count else { break }
      switch fourCC {
      case "ALPH":
        data.hasAlpha = true
        data.chunks += file[at..<end]
      case "VP8 ":
        data.chunks += file[at..<end]
      case "VP8L":
        // The bit after the 14-bit width and height fields of the header (past the 0x2F signature).
        if size >= 5 && file[at + 12] & 0x10 != 0 { data.hasAlpha = true }
        data.chunks += file[at..<end]
      default:
        break
      }
      at = end
    }
    guard !data.chunks.isEmpty else { throw EncodingError.webp("the encoder wrote no image data") }
    return data
  }
}

/// The little-endian 32-bit word at `at`.
func readLE32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
  UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
}
