/// Writes an animated WebP file (RIFF `WEBP`: `VP8X`, `ANIM`, then one `ANMF` per frame) to a
/// sink as the frames come, so nothing but the frame being written is held.
///
/// The RIFF size and the `VP8X` alpha flag depend on every frame; they are written as 0 at
/// the start and patched by `finish()` (the sink must support `overwrite`: memory or file).
final class WebPContainerWriter {
  private let sink: ByteSink
  private var offset = 0
  private var hasAlpha = false

  /// The largest frame duration an `ANMF` holds (24 bits), in milliseconds.
  static let longestDuration = 0xFF_FFFF

  /// Writes the header: a canvas of `width` × `height` (1…16383), `loopCount` plays (0 =
  /// forever, else 1…65535), background transparent black (libwebp's animation decoder
  /// starts from it whatever the field says; our first frame covers the canvas anyway).
  init(sink: ByteSink, width: Int, height: Int, loopCount: Int) throws {
    self.sink = sink
    var header: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
    header += chunkHeader("VP8X", size: 10)
    header += [Self.animationFlag, 0, 0, 0]
    le24(&header, width - 1)
    le24(&header, height - 1)
    header += chunkHeader("ANIM", size: 6)
    header += [0, 0, 0, 0, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
    try emit(header)
  }

  /// Appends a frame: `data` drawn at (`x`, `y`) (even), `width` × `height`, shown for
  /// `duration` milliseconds (clamped to 0…`longestDuration`). `blend`: alpha-blended over
  /// the canvas (its transparent pixels leave the canvas as it is), else it replaces the
  /// rectangle. The canvas is never disposed.
  func writeFrame(
    _ data: WebPFrameData, x: Int, y: Int, width: Int, height: Int, duration: Int, blend: Bool
  ) throws {
    precondition(x % 2 == 0 && y % 2 == 0, "ANMF offsets are stored halved")
    hasAlpha = hasAlpha || data.hasAlpha
    var header = chunkHeader("ANMF", size: 16 + data.chunks.count)
    le24(&header, x / 2)
    le24(&header, y / 2)
    le24(&header, width - 1)
    le24(&header, height - 1)
    le24(&header, min(max(0, duration), Self.longestDuration))
    header.append(blend ? 0 : 0x02)  // bit 1: do not blend; bit 0 (dispose to background) never set
    try emit(header)
    try emit(data.chunks)  // each chunk is already padded to an even size
  }

  /// Patches the RIFF size and the `VP8X` flags; nothing may be written after.
  func finish() throws {
    var size: [UInt8] = []
    le32(&size, offset - 8)
    try sink.overwrite(size, at: 4)
    try sink.overwrite([Self.animationFlag | (hasAlpha ? Self.alphaFlag : 0)], at: 20)
  }

  private static let animationFlag: UInt8 = 0x02
  private static let alphaFlag: UInt8 = 0x10

  private func emit(_ bytes: [UInt8]) throws {
    try sink.write(bytes)
    offset += bytes.count
  }
}

/// A chunk's FourCC and little-endian payload size.
private func chunkHeader(_ fourCC: String, size: Int) -> [UInt8] {
  var bytes = Array(fourCC.utf8)
  le32(&bytes, size)
  return bytes
}

private func le24(_ bytes: inout [UInt8], _ value: Int) {
  bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)]
}

private func le32(_ bytes: inout [UInt8], _ value: Int) {
  le24(&bytes, value)
  bytes.append(UInt8((value >> 24) & 0xFF))
}
