#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Pixels

/// Streaming animated WebP: our own frame differencing and container around libwebp's still
/// encoder (docs/encoders.md#webp-encoder).
///
/// Contract:
/// - `lossless` → VP8L frames (pixels decode exactly, alpha included); otherwise lossy VP8 at
///   `quality` (0...100) with lossless alpha.
/// - Lossy error stays bounded whatever the length: a 16 × 16 block is coded again as soon as
///   its source moves from the source it was last coded for by more than a level or two
///   (`WebPDifferencing.tolerance`), so every pixel on screen is a coding of nearly its
///   current source. The first and last frames, and any shown 1.5 frame intervals or more
///   (`isHeld`), are coded whole: they decode as the frame encoded alone.
/// - Timing: frame i starts at `holdFirst + i/fps` rounded to whole milliseconds (cumulative,
///   so 30 fps gives 33, 33, 34 ms…); the last frame lasts `1/fps + holdLast`. A frame
///   identical to the one before it is merged into its duration. fps above 90.9 is refused
///   (`OutputFormat.checkFPS`: browsers play delays of 10 ms or less at 100 ms) unless
///   `dropFramesToFit`, which drops frames so every delay is at least 11 ms (the latest
///   frame due wins; the last frame is always kept).
/// - Loop: loop_count 0 = forever, else the number of plays (at most 65535).
/// - Streaming: each frame reaches the sink one `add` late (its duration depends on the
///   next); the sink must support `overwrite` (memory or file), since the RIFF size and the
///   alpha flag are patched at `finish`. Memory: the pending frame, the sources the canvas
///   was coded for, one sub-frame and libwebp's memory for one frame, whatever the length.
/// - Deterministic: libwebp is run single-threaded with fixed settings.
public struct WebPAnimationEncoder: AnimationEncoder {
  private let core: WebPCore

  /// An encoder writing WebP to `sink` (which must support `overwrite`); options out of range
  /// (`EncodingOptions.validate`) or an fps browsers cannot play (`OutputFormat.checkFPS`) throw.
  public init(sink: ByteSink, options: EncodingOptions = EncodingOptions()) throws {
    try options.validate()
    try OutputFormat.webp.checkFPS(options)
    core = WebPCore(sink: sink, options: options)
  }

  public mutating func add(_ frame: RGBAImage) throws { try core.add(frame) }
  public mutating func finish() throws { try core.finish() }
}

final class WebPCore {
  let sink: ByteSink
  let options: EncodingOptions
  let timing: FrameTiming
  var width = 0, height = 0
  var added = 0
  var written = 0
  var finished = false
  /// The latest distinct frame and the index of the `add` it is due at, written when the
  /// next distinct frame shows how long it lasts.
  var pending: (pixels: [UInt8], index: Int)? = nil
  var still: WebPStillEncoder? = nil
  var container: WebPContainerWriter? = nil
  var differencing: WebPDifferencing? = nil

  init(sink: ByteSink, options: EncodingOptions) {
    self.sink = sink
    self.options = options
    timing = FrameTiming(options)
  }

  func add(_ frame: RGBAImage) throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    if added == 0 {
      try start(width: frame.width, height: frame.height)
    } else if frame.width != width || frame.height != height {
      throw EncodingError.frameSizeMismatch(expected: (width, height), got: (frame.width, frame.height))
    }
    defer { added += 1 }
    guard let p = pending else {
      pending = (frame.pixels, added)
      return
    }
    if sameBytes(p.pixels, frame.pixels) { return }
    let ms = timing.start(added, unitsPerSecond: 1000) - timing.start(p.index, unitsPerSecond: 1000)
    if ms < OutputFormat.webp.shortestDelay {  // only with dropFramesToFit: the latest frame due wins
      pending = (frame.pixels, p.index)
      return
    }
    try write(p.pixels, milliseconds: ms, last: false)
    pending = (frame.pixels, added)
  }

  func finish() throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    guard let p = pending, let container else { throw EncodingError.noFrames }
    finished = true
    let end = timing.end(frameCount: added, unitsPerSecond: 1000)
    try write(p.pixels, milliseconds: end - timing.start(p.index, unitsPerSecond: 1000), last: true)
    pending = nil
    try container.finish()
  }

  private func start(width: Int, height: Int) throws {
    guard (1...16383).contains(width), (1...16383).contains(height) else {
      throw EncodingError.invalidOption("WebP sides are 1 to 16383 pixels, got \(width)x\(height)")
    }
    self.width = width
    self.height = height
    still = try WebPStillEncoder(options: options)
    var loop = 0
    if case .plays(let n) = options.loop { loop = n }
    container = try WebPContainerWriter(sink: sink, width: width, height: height, loopCount: loop)
    differencing = WebPDifferencing(width: width, height: height, options: options)
  }

  /// Codes a frame shown for `milliseconds` and appends it to the file: whole when it is the
  /// first, or held (lossy), else only the blocks that changed.
  private func write(_ source: [UInt8], milliseconds: Int, last: Bool) throws {
    guard let still, let container, let differencing else { return }
    let whole = written == 0 || (!options.lossless && (last || isHeld(milliseconds: milliseconds)))
    let r = whole ? differencing.whole(source) : differencing.changes(source)
    let data = try (whole ? source : differencing.pixels).withUnsafeBufferPointer {
      try still.encode($0.baseAddress!, width: r.width, height: r.height, stride: r.width * 4)
    }
    try container.writeFrame(
      data, x: r.x, y: r.y, width: r.width, height: r.height, duration: milliseconds, blend: r.blend)
    written += 1
  }

  /// A frame a viewer stares at: shown for 1.5 intervals between written frames or more. The
  /// interval is one frame's, or with `dropFramesToFit` above 90.9 fps the few frames that
  /// make the shortest playable delay (120 fps: 2), since every written frame lasts that long.
  private func isHeld(milliseconds: Int) -> Bool {
    let framesPerInterval = max(1, (Double(OutputFormat.webp.shortestDelay) * options.fps / 1000).rounded(.up))
    return Double(milliseconds) * options.fps >= 1500 * framesPerInterval
  }
}

/// Whether two byte arrays are equal (`memcmp`).
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  a.count == b.count
    && a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 } }
}
