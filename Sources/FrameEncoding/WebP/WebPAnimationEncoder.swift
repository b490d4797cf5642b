import CWebP
import Pixels

/// Animated WebP through libwebp's `WebPAnimEncoder`.
///
/// Contract:
/// - `lossless` → VP8L lossless frames (pixels decode exactly, alpha included); otherwise lossy
///   VP8 at `quality` (0...100) with lossy alpha-free color and lossless alpha.
/// - Timing: frame i starts at `holdFirst + i/fps` rounded to whole milliseconds (cumulative,
///   so 30 fps gives 33, 33, 34 ms…); the last frame lasts `1/fps + holdLast`. fps above 90.9
///   is refused (`OutputFormat.checkFPS`: browsers play delays of 10 ms or less at 100 ms)
///   unless `dropFramesToFit`, which drops frames so every delay is at least 11 ms (the latest
///   frame due wins; the last frame is always kept). A frame is encoded one `add` late.
/// - Loop: loop_count 0 = forever, else the number of plays.
/// - libwebp keeps the *compressed* frames until `finish()` assembles the file, so memory
///   grows with the output size (not with raw frames); the bytes are written at `finish()`.
/// - Deterministic: libwebp is run single-threaded with fixed settings.
public struct WebPAnimationEncoder: AnimationEncoder {
  private let core: WebPCore

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
  var encoder: OpaquePointer? = nil
  var config = WebPConfig()
  var width = 0, height = 0
  var added = 0
  var finished = false
  /// The latest frame, encoded when the next one shows it is due at least the shortest
  /// playable delay later (or at `finish`).
  var held: (frame: RGBAImage, ms: Int)? = nil

  init(sink: ByteSink, options: EncodingOptions) {
    self.sink = sink
    self.options = options
    timing = FrameTiming(options)
  }

  deinit {
    if let e = encoder { WebPAnimEncoderDelete(e) }
  }

  func add(_ frame: RGBAImage) throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    if encoder == nil {
      width = frame.width
      height = frame.height
      guard width <= 16383, height <= 16383 else {
        throw EncodingError.invalidOption("WebP sides are at most 16383 pixels, got \(width)x\(height)")
      }
      var encOptions = WebPAnimEncoderOptions()
      guard WebPAnimEncoderOptionsInit(&encOptions) != 0 else { throw EncodingError.webp("library version mismatch") }
      if case .plays(let n) = options.loop {
        encOptions.anim_params.loop_count = Int32(n)
      } else {
        encOptions.anim_params.loop_count = 0
      }
      encOptions.allow_mixed = 0
      encOptions.minimize_size = 0
      encOptions.kmin = 0
      encOptions.kmax = 0
      encOptions.verbose = 0
      guard let e = WebPAnimEncoderNew(Int32(width), Int32(height), &encOptions) else {
        throw EncodingError.webp("could not create the animation encoder")
      }
      encoder = e
      guard WebPConfigInit(&config) != 0 else { throw EncodingError.webp("library version mismatch") }
      config.lossless = options.lossless ? 1 : 0
      config.quality = Float(options.lossless ? 75 : options.quality)
      config.method = options.lossless ? 1 : 4
      config.thread_level = 0
      config.exact = 1
    } else if frame.width != width || frame.height != height {
      throw EncodingError.frameSizeMismatch(expected: (width, height), got: (frame.width, frame.height))
    }
    // With dropFramesToFit, a frame due less than the shortest playable delay after the one
    // held replaces it (the latest frame due wins); otherwise the held frame goes in.
    let ms = timing.start(added, unitsPerSecond: 1000)
    added += 1
    if let held, ms - held.ms < OutputFormat.webp.shortestDelay {
      self.held = (frame, held.ms)
      return
    }
    if let held { try encode(held.frame, at: held.ms) }
    held = (frame, ms)
  }

  private func encode(_ frame: RGBAImage, at ms: Int) throws {
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw EncodingError.webp("library version mismatch") }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    defer { WebPPictureFree(&picture) }
    let ok = frame.pixels.withUnsafeBufferPointer {
      WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
    }
    guard ok != 0 else { throw EncodingError.webp("out of memory importing a frame") }
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(ms), &config) != 0 else {
      throw EncodingError.webp(String(cString: WebPAnimEncoderGetError(encoder)))
    }
  }

  func finish() throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    guard let e = encoder, let last = held else { throw EncodingError.noFrames }
    finished = true
    try encode(last.frame, at: last.ms)
    held = nil
    let end = Int32(timing.end(frameCount: added, unitsPerSecond: 1000))
    guard WebPAnimEncoderAdd(e, nil, end, nil) != 0 else {
      throw EncodingError.webp(String(cString: WebPAnimEncoderGetError(e)))
    }
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAssemble(e, &data) != 0 else {
      throw EncodingError.webp(String(cString: WebPAnimEncoderGetError(e)))
    }
    try sink.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
  }
}
