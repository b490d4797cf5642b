import Pixels

/// A streaming animation encoder: frames go in, in display order, bytes come out through a
/// `ByteSink` as soon as the format allows.
///
/// Contract:
/// - every frame has the size of the first one (else `EncodingError.frameSizeMismatch`);
/// - memory stays bounded by a few frames whatever the animation's length;
/// - `finish()` writes the trailer; nothing may be added after it;
/// - same frames and options → same bytes.
public protocol AnimationEncoder {
  /// Adds the next frame, shown for 1 / fps seconds (plus a hold at either end); its bytes
  /// reach the sink now or with a later frame.
  mutating func add(_ frame: RGBAImage) throws
  /// Writes what is left and the trailer; `EncodingError.noFrames` when nothing was added.
  mutating func finish() throws
}

/// An animated format the encoders write (which file name means which: Rendering's
/// `OutputKind`).
public enum OutputFormat: String, Sendable, CaseIterable {
  /// GIF89a: 256 colours a frame, delays in centiseconds.
  case gif
  /// Animated PNG: lossless, delays in milliseconds.
  case apng
  /// Animated WebP: lossy or lossless, delays in milliseconds.
  case webp

  /// Units of the format's frame delays per second: GIF centiseconds, APNG and WebP milliseconds.
  public var delayUnitsPerSecond: Int { self == .gif ? 100 : 1000 }

  /// The shortest delay browsers play as written, in `delayUnitsPerSecond` units. Chromium,
  /// Firefox and Safari play any frame delay of 10 ms or less at 100 ms, whatever the format:
  /// GIF's 0 and 1 cs, APNG's and WebP's 0…10 ms.
  public var shortestDelay: Int { self == .gif ? 2 : 11 }

  /// The highest fps at which every delay is at least `shortestDelay`: GIF 50, APNG and WebP
  /// 90.9. (Delays are differences of rounded cumulative starts, so each is the floor or the
  /// ceiling of units/fps.)
  public var maximumFPS: Double { Double(delayUnitsPerSecond) / Double(shortestDelay) }

  /// Refuses `options.fps` above `maximumFPS` unless `dropFramesToFit`.
  public func checkFPS(_ options: EncodingOptions) throws {
    if options.fps > maximumFPS && !options.dropFramesToFit { throw EncodingError.fpsTooHigh(self, options.fps) }
  }
}

/// An encoder of any format behind one type, so callers can pick the format at run time.
public struct AnyAnimationEncoder: AnimationEncoder {
  private enum Box {
    case gif(GIFEncoder)
    case apng(APNGEncoder)
    case webp(WebPAnimationEncoder)
  }
  private var box: Box

  /// An encoder for `format` writing to `sink` that uses at most `threads` threads (nil: every
  /// core; GIF only, the bytes are the same for every count). Throws for invalid options (e.g.
  /// GIF above 50 fps without `dropFramesToFit`).
  public init(format: OutputFormat, sink: ByteSink, options: EncodingOptions, threads: Int? = nil) throws {
    switch format {
    case .gif: box = .gif(try GIFEncoder(sink: sink, options: options, threads: threads))
    case .apng: box = .apng(try APNGEncoder(sink: sink, options: options))
    case .webp: box = .webp(try WebPAnimationEncoder(sink: sink, options: options))
    }
  }

  public mutating func add(_ frame: RGBAImage) throws {
    switch box {
    case .gif(var e): try e.add(frame); box = .gif(e)
    case .apng(var e): try e.add(frame); box = .apng(e)
    case .webp(var e): try e.add(frame); box = .webp(e)
    }
  }

  public mutating func finish() throws {
    switch box {
    case .gif(var e): try e.finish(); box = .gif(e)
    case .apng(var e): try e.finish(); box = .apng(e)
    case .webp(var e): try e.finish(); box = .webp(e)
    }
  }
}
