import CPNG
import Pixels

/// Streaming APNG encoder (PNG + acTL/fcTL/fdAT, written chunk by chunk; frame data filtered and compressed as `PNGWriter` does).
///
/// Contract:
/// - Lossless: every frame decodes to exactly the RGBA pixels added (alpha included).
/// - Timing: frame i starts at `holdFirst + i/fps` rounded to whole milliseconds, and each
///   fcTL holds the difference of those cumulative starts (60 fps: 17, 17, 16 ms…, as a reduced
///   fraction of a second). Not the exact 1/60: Chromium truncates every fcTL delay to whole
///   milliseconds (measured with `scripts/check-players`: 1/60 plays as 16 ms, a 60-frame
///   second in 0.96 s), while whole-millisecond delays play on time there and stay within
///   0.5 ms of exact in decoders that honour fractions. Frames identical to their
///   predecessor are merged into its duration. fps above 90.9 is refused
///   (`OutputFormat.checkFPS`: browsers play delays of 10 ms or less at 100 ms) unless
///   `dropFramesToFit`, which drops frames so every delay is at least 11 ms (the latest frame
///   due wins; the last frame is always kept).
/// - Differencing: after the first frame (the default image, IDAT), a frame stores only the
///   bounding rectangle of changed pixels, with dispose_op NONE; blend_op OVER with unchanged
///   pixels fully transparent when every changed pixel is opaque, else blend_op SOURCE.
/// - Loop: acTL num_plays 0 = forever, else the number of plays.
/// - The sink must support `overwrite` (memory or file): acTL's frame count is patched at
///   `finish`, since a stream does not know its length in advance.
/// Memory: the previous frame and one pending frame.
public struct APNGEncoder: AnimationEncoder {
  private let core: APNGCore

  /// An encoder writing APNG to `sink` (which must support `overwrite`); options out of range
  /// (`EncodingOptions.validate`) or an fps browsers cannot play (`OutputFormat.checkFPS`) throw.
  public init(sink: ByteSink, options: EncodingOptions = EncodingOptions()) throws {
    try options.validate()
    try OutputFormat.apng.checkFPS(options)
    core = APNGCore(sink: sink, options: options)
  }

  public mutating func add(_ frame: RGBAImage) throws { try core.add(frame) }
  public mutating func finish() throws { try core.finish() }
}

final class APNGCore {
  let sink: ByteSink
  let options: EncodingOptions
  let timing: FrameTiming
  var width = 0, height = 0
  var previous: [UInt8] = []  // what is on screen after the last written frame
  var pending: [UInt8]? = nil
  var pendingIndex = 0
  var added = 0
  var written = 0
  var sequence: UInt32 = 0
  var offset = 0  // bytes written so far
  var actlOffset = 0
  var finished = false
  var scratch: [UInt8] = []
  /// Filter and compression for frame data: the PNG writer's, measured best for speed at size.
  let settings = PNGWriter()

  init(sink: ByteSink, options: EncodingOptions) {
    self.sink = sink
    self.options = options
    timing = FrameTiming(options)
  }

  func add(_ frame: RGBAImage) throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    if added == 0 {
      width = frame.width
      height = frame.height
    } else if frame.width != width || frame.height != height {
      throw EncodingError.frameSizeMismatch(expected: (width, height), got: (frame.width, frame.height))
    }
    defer { added += 1 }
    guard let p = pending else {
      pending = frame.pixels
      pendingIndex = added
      return
    }
    if p == frame.pixels { return }
    let delay = timing.start(added, unitsPerSecond: 1000) - timing.start(pendingIndex, unitsPerSecond: 1000)
    if delay < OutputFormat.apng.shortestDelay {  // only with dropFramesToFit: the latest frame due wins
      pending = frame.pixels
      return
    }
    try write(p, milliseconds: delay)
    pending = frame.pixels
    pendingIndex = added
  }

  func finish() throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    guard let p = pending else { throw EncodingError.noFrames }
    let end = timing.end(frameCount: added, unitsPerSecond: 1000)
    try write(p, milliseconds: end - timing.start(pendingIndex, unitsPerSecond: 1000))
    try chunk("IEND", [])
    // Patch acTL's num_frames now that it is known.
    var body = [UInt8]()
    be32(&body, UInt32(written))
    be32(&body, playsValue)
    try sink.overwrite(chunkBytes("acTL", body), at: actlOffset)
    finished = true
    pending = nil
  }

  private var playsValue: UInt32 {
    if case .plays(let n) = options.loop { return UInt32(n) }
    return 0
  }

  private func write(_ f: [UInt8], milliseconds: Int) throws {
    let (num, den) = fcTLDelay(milliseconds: milliseconds)
    if written == 0 {
      try writeFirst(f, num: num, den: den)
    } else {
      try writeChange(f, num: num, den: den)
    }
    previous = f
    written += 1
  }

  /// The signature, IHDR, acTL (its offset kept to patch the frame count) and frame 0 whole as IDAT.
  private func writeFirst(_ f: [UInt8], num: Int, den: Int) throws {
    try emit([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var ihdr = [UInt8]()
    be32(&ihdr, UInt32(width)); be32(&ihdr, UInt32(height))
    ihdr += [8, 6, 0, 0, 0]
    try chunk("IHDR", ihdr)
    actlOffset = offset
    var actl = [UInt8]()
    be32(&actl, 0); be32(&actl, playsValue)
    try chunk("acTL", actl)
    try fctl(x: 0, y: 0, w: width, h: height, num: num, den: den, blendOver: false)
    try chunk("IDAT", try deflate(f, stride: width * 4, x: 0, y: 0, w: width, h: height))
  }

  /// A later frame as the rectangle that changed since the previous one, in an fdAT.
  private func writeChange(_ f: [UInt8], num: Int, den: Int) throws {
    let change = changedRectangle(f)
    let data: [UInt8]
    if change.allOpaque {
      data = try deflate(changedPixelsOnly(f, in: change), stride: change.w * 4, x: 0, y: 0, w: change.w, h: change.h)
    } else {
      data = try deflate(f, stride: width * 4, x: change.x, y: change.y, w: change.w, h: change.h)
    }
    try fctl(x: change.x, y: change.y, w: change.w, h: change.h, num: num, den: den, blendOver: change.allOpaque)
    var fdat = [UInt8]()
    fdat.reserveCapacity(data.count + 4)
    be32(&fdat, sequence); sequence += 1
    fdat += data
    try chunk("fdAT", fdat)
  }

  /// The bounding box of the pixels that differ from the previous frame (one pixel at the
  /// origin when none do), and whether all of those are opaque.
  private func changedRectangle(_ f: [UInt8]) -> (x: Int, y: Int, w: Int, h: Int, allOpaque: Bool) {
    var x0 = width, y0 = height, x1 = -1, y1 = -1
    var allOpaque = true
    f.withUnsafeBytes { fb in
      previous.withUnsafeBytes { pb in
        let fp = fb.bindMemory(to: UInt32.self), pp = pb.bindMemory(to: UInt32.self)
        for y in 0..<height {
          let row = y * width
          for x in 0..<width where fp[row + x] != pp[row + x] {
            if y0 == height { y0 = y }
            y1 = y
            x0 = min(x0, x); x1 = max(x1, x)
            if fp[row + x] >> 24 != 0xFF { allOpaque = false }
          }
        }
      }
    }
    if y1 < 0 { return (0, 0, 1, 1, allOpaque) }
    return (x0, y0, x1 - x0 + 1, y1 - y0 + 1, allOpaque)
  }

  /// The rectangle of `f` with its unchanged pixels transparent: blending OVER then keeps what
  /// is on screen there, and runs of zeros deflate to little.
  private func changedPixelsOnly(_ f: [UInt8], in r: (x: Int, y: Int, w: Int, h: Int, allOpaque: Bool)) -> [UInt8] {
    scratch = [UInt8](repeating: 0, count: r.w * r.h * 4)
    scratch.withUnsafeMutableBytes { sb in
      f.withUnsafeBytes { fb in
        previous.withUnsafeBytes { pb in
          let sp = sb.bindMemory(to: UInt32.self)
          let fp = fb.bindMemory(to: UInt32.self), pp = pb.bindMemory(to: UInt32.self)
          for y in 0..<r.h {
            for x in 0..<r.w {
              let i = (r.y + y) * width + r.x + x
              sp[y * r.w + x] = fp[i] == pp[i] ? 0 : fp[i]
            }
          }
        }
      }
    }
    return scratch
  }

  private func fctl(x: Int, y: Int, w: Int, h: Int, num: Int, den: Int, blendOver: Bool) throws {
    var b = [UInt8]()
    be32(&b, sequence); sequence += 1
    be32(&b, UInt32(w)); be32(&b, UInt32(h)); be32(&b, UInt32(x)); be32(&b, UInt32(y))
    b += [UInt8(num >> 8), UInt8(num & 0xFF), UInt8(den >> 8), UInt8(den & 0xFF)]
    b += [0, blendOver ? 1 : 0]  // dispose_op NONE, blend_op SOURCE/OVER
    try chunk("fcTL", b)
  }

  private func deflate(_ px: [UInt8], stride: Int, x: Int, y: Int, w: Int, h: Int) throws -> [UInt8] {
    var out = cpng_buffer(data: nil, length: 0, capacity: 0)
    defer { cpng_free(&out) }
    var err = [CChar](repeating: 0, count: 256)
    let status = px.withUnsafeBufferPointer { p in
      cpng_deflate_window(
        p.baseAddress! + (y * stride + x * 4), stride, UInt32(w), UInt32(h), 4, settings.filter.rawValue,
        Int32(settings.compressionLevel), &out, &err, err.count)
    }
    guard status == 0 else { throw EncodingError.png(cMessage(err)) }
    return Array(UnsafeBufferPointer(start: out.data, count: out.length))
  }

  private func chunkBytes(_ type: String, _ body: [UInt8]) -> [UInt8] {
    var b = [UInt8]()
    b.reserveCapacity(body.count + 12)
    be32(&b, UInt32(body.count))
    let t = Array(type.utf8)
    b += t
    b += body
    let crc = b.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress! + 4, $0.count - 4) }
    be32(&b, crc)
    return b
  }

  private func chunk(_ type: String, _ body: [UInt8]) throws { try emit(chunkBytes(type, body)) }

  private func emit(_ bytes: [UInt8]) throws {
    try sink.write(bytes)
    offset += bytes.count
  }
}

@inline(__always) func be32(_ b: inout [UInt8], _ v: UInt32) {
  b += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
}

/// An fcTL delay (numerator, denominator ≤ 65535) for a duration in milliseconds: the reduced
/// fraction of a second (20 ms → 1/50, 17 ms → 17/1000); beyond 65.535 s, whole
/// centiseconds or seconds, as precise as the 16-bit fields allow (clamped at 65535 s).
func fcTLDelay(milliseconds: Int) -> (Int, Int) {
  let ms = max(0, milliseconds)
  func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
  let g = max(1, gcd(ms, 1000))
  if ms / g <= 65535 { return (ms / g, 1000 / g) }
  if (ms + 5) / 10 <= 65535 { return ((ms + 5) / 10, 100) }
  return (min((ms + 500) / 1000, 65535), 1)
}

/// CRC-32 as PNG chunks use it (over type and data).
func pngCRC(_ bytes: ArraySlice<UInt8>) -> UInt32 {
  bytes.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, $0.count) }
}
