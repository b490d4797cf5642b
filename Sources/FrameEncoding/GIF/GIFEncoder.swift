#if canImport(Glibc)
  import Glibc
#endif
import Pixels

/// Streaming animated-GIF encoder (GIF89a): frames in, bytes out through a `ByteSink`.
///
/// What it writes, per frame:
/// - **Timing.** Frame i starts at `holdFirst + i/fps` (frame 0 at 0); its delay is the
///   difference of cumulative starts rounded to centiseconds, so 30 fps gives 3, 4, 3, 3, 4…
///   and the animation never drifts. The last frame lasts `1/fps + holdLast`. fps above 50 is
///   refused (`EncodingError.fpsTooHigh`) because browsers play delays ≤ 1 cs as 10 cs,
///   unless `dropFramesToFit`, which drops frames so every delay is ≥ 2 cs (the latest frame
///   wins; the last frame is always kept). A frame identical to the one on screen is merged
///   into its predecessor's delay.
/// - **Loop.** See `LoopCount`: forever → NETSCAPE2.0 count 0; `.plays(1)` → no NETSCAPE block;
///   `.plays(n)` → count n − 1.
/// - **Differencing.** Only the bounding rectangle of the pixels that differ from what is on
///   screen is stored; inside it, pixels equal to the screen become the transparent index. Disposal is "do not dispose" unless the next frame makes opaque pixels
///   transparent: then "restore to background" and the rectangle grows to cover them.
/// - **Temporal stability.** A pixel whose source is unchanged since its screen value was
///   coded keeps that value even when it is a quantized approximation (it counts as "equal to
///   the screen" above), so a static region decodes identically in every frame: its error,
///   hence its flicker, stays constant.
/// - **Palettes.** A frame whose changed pixels have ≤ 256 colors (255 with transparency) gets
///   an exact palette (lossless). The first frame's exact palette becomes the global color
///   table, reused by every later frame whose colors it holds. Other frames are quantized
///   (`Quantizer`: median cut + k-means) into a local table built from the changed rectangle,
///   with as few colors as the frame's error budget allows (the palette may use 60% of it).
/// - **Dithering.** Off unless `EncodingOptions.dither` asks: then quantized frames get 8×8
///   Bayer dithering (`OrderedDither`) in every block or only in blocks that would band, with
///   the pattern anchored to screen coordinates; its error counts as the palette's.
/// - **Error budget.** Each frame may carry the squared RGB error of its PSNR target
///   (`EncodingOptions.quality`, 50.5 dB at 80) over the whole frame, or, where quantization
///   alone already misses the target (photos), a multiple of the quantization error that
///   grows as quality falls (1.15 × at 80: `EncodingOptions.gifPhotoRelativeBudget`).
/// - **Lossy LZW.** What the palette leaves of the budget goes to the LZW coder: from each
///   position it codes the longest dictionary string whose pixels are exact or within the
///   tolerance (per channel, 12 at quality 80; 9 on photo-like frames, where a tighter bound
///   per pixel spreads the error evenly: fewer bytes per dB, a higher worst frame and less
///   flicker), including "keep what is on screen"; a bounded depth-first search, with the
///   spent error capped pro rata along the frame.
/// - **Alpha.** 1-bit: alpha < 128 is transparent; other pixels are composited over `matte`.
///
/// Memory: the screen canvas, one pending frame and per-frame scratch buffers, whatever the
/// animation's length. The encoder lags one frame behind `add` (a frame's delay and disposal
/// depend on the next frame).
public struct GIFEncoder: AnimationEncoder {
  private let core: GIFEncoderCore

  /// Validates the options (and refuses fps > 50 unless `dropFramesToFit`). `threads` (at
  /// least 1; nil: every core) is how many threads a frame's work is spread over; the bytes
  /// are the same for every count.
  public init(sink: ByteSink, options: EncodingOptions = EncodingOptions(), threads: Int? = nil) throws {
    try options.validate()
    try OutputFormat.gif.checkFPS(options)
    core = GIFEncoderCore(sink: sink, options: options)
    core.threads = max(1, threads ?? availableCores())
  }

  public mutating func add(_ frame: RGBAImage) throws { try core.add(frame) }
  public mutating func finish() throws { try core.finish() }

  /// Frames actually written so far (after merging and dropping).
  public var framesWritten: Int { core.framesWritten }
}

final class GIFEncoderCore {
  let sink: ByteSink
  let options: EncodingOptions
  let timing: FrameTiming
  let tolerance: Int
  /// The tolerance for frames whose quantization alone misses the PSNR target (photos).
  let photoTolerance: Int
  /// Per-channel tolerance for leaving a pixel as it is on screen (transparent index).
  let keepTolerance: Int
  var width = 0, height = 0
  let targetPSNR: Double
  var errorBudget = 0.0
  var canvas: [UInt8] = []  // what a decoder shows now (alpha 0 or 255)
  var pending: [UInt8]? = nil
  var pendingHasTransparency = false
  var pendingStart = 0  // centiseconds
  var frameIndex = 0  // frames added so far
  var framesWritten = 0
  var finished = false
  var headerWritten = false
  var global: [UInt32]? = nil  // global color table (exact colors of frame 0)
  var globalLookup = ColorHistogram()
  /// The histogram of the rectangle (the first part's while it is classified in parts).
  var histogram: ColorHistogram { classifyParts[0].histogram }
  let lzw = LZWEncoder()
  /// One LZW coder per segment of a large rectangle (the first is `lzw`).
  var segmentEncoders: [LZWEncoder] = []
  /// Rectangles of at least this many pixels are split into parts (LZW segments, rows to
  /// classify); each part has about `segmentPixels` pixels, and there are at least two.
  var segmentMinPixels = 65536
  var segmentPixels = 65536
  /// Threads a frame's parts are spread over (the bytes never depend on it).
  var threads = 1
  // Scratch, reused.
  var slotOf: [Int32] = []
  var indices: [UInt8] = []
  var chosen: [UInt8] = []
  /// Per pixel of the frame, its source's activity (`VisualMasking`).
  var activity: [UInt8] = []
  /// Per part of a rectangle's classification, its histogram and the direct-mapped cache in
  /// front of it (see `classifyRect`).
  var classifyParts = [ClassifyPart()]
  /// Share of the error budget the palette may use (the rest goes to lossy LZW).
  var paletteShare = 0.8
  /// Where quantization alone already misses the PSNR target (photos), lossy LZW may still
  /// raise the squared error to this multiple of the quantization error
  /// (`EncodingOptions.gifPhotoRelativeBudget`).
  var relativeBudget: Double
  var out: [UInt8] = []
  /// Per pixel, the source (RGBA word) that the screen pixel is a rendering of (see
  /// `stabilized`).
  var codedFor: [UInt32] = []

  init(sink: ByteSink, options: EncodingOptions) {
    self.sink = sink
    self.options = options
    timing = FrameTiming(options)
    tolerance = options.effectiveGIFTolerance
    photoTolerance = options.effectiveGIFPhotoTolerance
    keepTolerance = 0
    relativeBudget = options.gifPhotoRelativeBudget
    let target = options.gifTargetPSNR
    targetPSNR = options.lossless ? .infinity : target
  }

  func add(_ frame: RGBAImage) throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    if frameIndex == 0 {
      width = frame.width
      height = frame.height
      guard width <= 65535, height <= 65535 else {
        throw EncodingError.invalidOption("GIF sides are at most 65535 pixels, got \(width)x\(height)")
      }
      canvas = [UInt8](repeating: 0, count: width * height * 4)
      // MSE over all channels of the whole frame at the target PSNR, times the sample count.
      errorBudget = targetPSNR.isFinite ? Double(width * height * 3) * 65025 / pow10(min(targetPSNR, 200) / 10) : 0
    } else if frame.width != width || frame.height != height {
      throw EncodingError.frameSizeMismatch(expected: (width, height), got: (frame.width, frame.height))
    }
    let (p, transparent) = flatten(frame)
    let start = timing.start(frameIndex, unitsPerSecond: 100)
    frameIndex += 1
    guard let prev = pending else {
      pending = p
      pendingHasTransparency = transparent
      pendingStart = start
      return
    }
    if Self.equalBytes(p, prev) { return }  // nothing new on screen: extend the pending frame
    if start - pendingStart < OutputFormat.gif.shortestDelay {  // only with dropFramesToFit (fps > 50)
      pending = p
      pendingHasTransparency = transparent
      return
    }
    try emit(prev, next: p, nextHasTransparency: transparent, delay: start - pendingStart)
    pending = p
    pendingHasTransparency = transparent
    pendingStart = start
  }

  func finish() throws {
    guard !finished else { throw EncodingError.alreadyFinished }
    guard let last = pending else { throw EncodingError.noFrames }
    let end = timing.end(frameCount: frameIndex, unitsPerSecond: 100)
    try emit(last, next: nil, nextHasTransparency: false, delay: max(2, end - pendingStart))
    out.removeAll(keepingCapacity: true)
    out.append(0x3B)
    try sink.write(out)
    pending = nil
    finished = true
  }

  /// How many parts a rectangle or frame of `n` pixels is split into: one below
  /// `segmentMinPixels`, else one per `segmentPixels`, at least two.
  func partCount(_ n: Int) -> Int { n < segmentMinPixels ? 1 : max(2, n / segmentPixels) }

  static func equalBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { pa in
      b.withUnsafeBytes { pb in memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 }
    }
  }

  /// 1-bit alpha: alpha < 128 → (0,0,0,0); otherwise opaque, composited over the matte.
  /// Also tells whether any pixel is transparent.
  func flatten(_ frame: RGBAImage) -> ([UInt8], Bool) {
    // Opaque frames (the usual case) are used as they are, without a copy.
    let allOpaque = frame.pixels.withUnsafeBytes { raw -> Bool in
      // AND of whole RGBA words (vectorizes); its top byte is the AND of the alphas.
      var acc: UInt32 = 0xFFFF_FFFF
      for word in raw.bindMemory(to: UInt32.self) { acc &= word }
      return acc >> 24 == 0xFF
    }
    if allOpaque { return (frame.pixels, false) }
    var result = frame.pixels
    let m = options.matte
    var anyTransparent = false
    result.withUnsafeMutableBufferPointer { px in
      var i = 0
      let n = px.count
      while i < n {
        let a = Int(px[i + 3])
        if a == 255 {
        } else if a < 128 {
          px[i] = 0; px[i + 1] = 0; px[i + 2] = 0; px[i + 3] = 0
          anyTransparent = true
        } else {
          let ia = 255 - a
          px[i] = UInt8((Int(px[i]) * a + Int(m.r) * ia + 127) / 255)
          px[i + 1] = UInt8((Int(px[i + 1]) * a + Int(m.g) * ia + 127) / 255)
          px[i + 2] = UInt8((Int(px[i + 2]) * a + Int(m.b) * ia + 127) / 255)
          px[i + 3] = 255
        }
        i += 4
      }
    }
    return (result, anyTransparent)
  }
}

/// The number of processors online (at least 1).
func availableCores() -> Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// 10^x without Foundation.
func pow10(_ x: Double) -> Double {
  var result = 1.0
  var e = max(-300, min(x, 300))
  while e >= 1 { result *= 10; e -= 1 }
  while e < 0 { result /= 10; e += 1 }
  // 10^e for e in [0, 1): exp(e ln 10) by series.
  let y = e * 2.302585092994046
  var term = 1.0, sum = 1.0
  for i in 1..<30 { term *= y / Double(i); sum += term }
  return result * sum
}
