import Pixels

/// How many times an animation plays.
///
/// Mapping per format (browsers read GIF's NETSCAPE2.0 count as *repeats*):
/// - GIF: `.forever` writes NETSCAPE2.0 with count 0; `.plays(1)` writes no NETSCAPE block at
///   all (play once); `.plays(n)` for n ≥ 2 writes count n − 1 (n − 1 repeats after the first
///   play).
/// - APNG: acTL num_plays = 0 for forever, else n.
/// - WebP: loop_count = 0 for forever, else n (16 bits), so n ≤ `EncodingOptions.maximumPlays`
///   for every format.
public enum LoopCount: Sendable, Equatable {
  /// Plays until the viewer stops it.
  case forever
  /// Total number of plays, at least 1.
  case plays(Int)
}

/// GIF: where quantized frames get ordered dithering.
///
/// Dithering only ever applies to pixels of frames with more colors than a GIF palette holds;
/// frames that fit stay exact. The pattern is an 8×8 Bayer matrix anchored to screen
/// coordinates (never to the changed rectangle), so a region coded again in a later frame with
/// the same colors gets the same pattern, and a static region is not coded again at all: no
/// crawling noise.
public enum GIFDither: String, Sendable, Equatable, CaseIterable {
  /// Only 8×8 blocks that would band: smooth source (neighboring pixels differ less than the
  /// palette's error there) with a visible quantization error. Noisy photos, whose own noise
  /// already hides the palette steps, stay undithered.
  case auto
  /// Never dither: nearest palette color.
  case none
  /// Dither every quantized pixel.
  case ordered
}

/// The knobs every animation encoder reads. Defaults suit UI transitions at 30 fps.
public struct EncodingOptions: Sendable, Equatable {
  /// Frames per second: frame i is shown at t = i / fps (after `holdFirst`). Must be > 0;
  /// GIF accepts at most 50 unless `dropFramesToFit`.
  public var fps: Double = 30
  /// Loop count (see `LoopCount` for the per-format mapping).
  public var loop: LoopCount = .forever
  /// Extra seconds the first frame stays on screen.
  public var holdFirst: Double = 0
  /// Extra seconds the last frame stays on screen (before looping).
  public var holdLast: Double = 0
  /// GIF above 50 fps: drop frames so every delay is at least 2 cs instead of failing.
  public var dropFramesToFit: Bool = false
  /// Exact pixels: GIF keeps every color exactly while a frame fits 256 colors and uses no
  /// tolerance; WebP uses lossless mode. APNG is always lossless.
  public var lossless: Bool = false
  /// Lossy quality 0...100. WebP: libwebp's quality. GIF: the per-frame PSNR target
  /// 26.5 + 0.3 × quality dB (80 → 50.5 dB) that palette size and lossy LZW may spend down
  /// to; 100 turns lossy LZW off.
  public var quality: Int = 80
  /// Color that semi-transparent pixels are composited over where the format has 1-bit alpha
  /// (GIF). Its alpha is ignored.
  public var matte: RGBA8 = RGBA8(0, 0, 0)
  /// GIF: largest per-channel error lossy LZW may put on one pixel (0 turns it off); nil
  /// derives it from `quality`: 4 + (100 − quality) × 2/5 (12 at 80), and three quarters of
  /// that (9 at 80) on photo-like frames, those whose quantization alone already misses the
  /// PSNR target; 0 when `lossless`. A value given here applies to every frame.
  /// Pixels are left transparent (unchanged) only when exactly equal to what is on screen.
  public var gifTolerance: Int? = nil
  /// GIF: ordered dithering of quantized frames (see `GIFDither`). Ignored by APNG and WebP.
  /// Off by default: on the bench's noisy photo frames `auto` changes nothing measurable
  /// (their noise already dithers), and where it acts (smooth gradients) it trades bytes,
  /// PSNR and flicker for less visible banding.
  public var dither: GIFDither = .none

  /// The defaults: 30 fps, forever, no holds, quality 80, no dithering.
  public init() {}

  /// Most plays a finite loop may ask for: WebP's 16-bit `loop_count` (GIF's count of n − 1
  /// repeats would hold one more).
  public static let maximumPlays = 65535
  /// Highest frame rate an encoder takes (a format's own, lower limit for browsers is
  /// `OutputFormat.checkFPS`).
  public static let maximumFPS = 1000.0
  /// The range of `quality`.
  public static let qualities = 0...100
  /// The range of `gifTolerance`, in levels of a channel.
  public static let gifTolerances = 0...64

  /// Checks every field against its range, the one check of each: the command line, manifests
  /// and the encoders all call it. Throws `EncodingError.invalidOption` naming the field, its
  /// value and the range.
  public func validate() throws {
    func refuse(_ text: String) throws { throw EncodingError.invalidOption(text) }
    if !(fps.isFinite && fps > 0 && fps <= Self.maximumFPS) {
      try refuse("fps \(fps) is out of range: more than 0 and at most \(Int(Self.maximumFPS)) frames per second")
    }
    if !(holdFirst.isFinite && holdFirst >= 0 && holdLast.isFinite && holdLast >= 0) {
      try refuse(
        "a hold of \(holdFirst < 0 || !holdFirst.isFinite ? holdFirst : holdLast) s is out of range: 0 seconds or more")
    }
    if case .plays(let n) = loop, !(1...Self.maximumPlays).contains(n) {
      try refuse("loop \(n) is out of range: 'forever' or the number of plays, 1 to \(Self.maximumPlays)")
    }
    if !Self.qualities.contains(quality) {
      try refuse("quality \(quality) is out of range: a whole number from 0 to 100 (lower is smaller)")
    }
    if let t = gifTolerance, !Self.gifTolerances.contains(t) {
      try refuse("tolerance \(t) is out of range: a whole number from 0 (exact codes) to 64")
    }
  }

  /// GIF: PSNR (dB, over the whole frame) that lossy LZW may bring a frame down to; derived
  /// from `quality`: 26.5 + 0.3 × quality (80 → 50.5 dB). Infinite when `lossless`.
  var gifTargetPSNR: Double {
    lossless || quality >= 100 ? .infinity : 26.5 + 0.3 * Double(quality)
  }

  /// The GIF tolerance in effect.
  var effectiveGIFTolerance: Int {
    if lossless { return 0 }
    if let t = gifTolerance { return t }
    // Largest per-channel error of one substituted pixel: quality 100 → 0, 80 → 12, 50 → 24.
    return quality >= 100 ? 0 : min(64, 4 + (100 - quality) * 2 / 5)
  }

  /// GIF, photo-like frames (where quantization alone misses the PSNR target): the multiple of
  /// the quantization error that lossy LZW may raise a frame's error to,
  /// 1 + 3.75 × ((100 − quality) / 100)²: 1.15 at 80, about 2 at 50, 4.75 at 0. Why so tight
  /// at the default: there every pixel moves, each frame's error is new, and the flicker a
  /// viewer sees grows with the error (about 1.35 × its mean). On the photo bench at 80 this
  /// gives less flicker than Pillow's GIF at 0.85 × its bytes (docs/gif-encoder.md#error-budget).
  var gifPhotoRelativeBudget: Double {
    let loss = Double(100 - min(100, max(0, quality))) / 100
    return 1 + 3.75 * loss * loss
  }

  /// The GIF tolerance in effect on photo-like frames. Why tighter: there the error budget is
  /// relative to the quantization error, and a smaller bound per pixel spreads it over more
  /// pixels. Measured on the photo bench at quality 80, 9 instead of 12: +2% bytes, worst
  /// frame +1.2 dB, flicker −3.4% (better than spending the same bytes on a smaller budget).
  var effectiveGIFPhotoTolerance: Int {
    if lossless { return 0 }
    if let t = gifTolerance { return t }
    return effectiveGIFTolerance * 3 / 4
  }
}

extension EncodingOptions {
  /// What every encoding checks before its first frame, each rule by its one check: the
  /// options' ranges (`validate`), an fps `format`'s players cannot play
  /// (`OutputFormat.checkFPS`) and, when `fitting` a size limit, output that cannot trade
  /// quality for bytes (`SizeFit.checkFittable`). `encodeFrameFiles`, the render job and the
  /// command line all ask it.
  package func check(for format: OutputFormat, fitting: Bool) throws {
    try validate()
    try format.checkFPS(self)
    if fitting { try SizeFit.checkFittable(format, options: self) }
  }
}
