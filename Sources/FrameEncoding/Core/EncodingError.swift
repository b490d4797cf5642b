/// Every failure of the FrameEncoding module, each with a one-line message naming what was
/// wrong and what is accepted.
public enum EncodingError: Error, CustomStringConvertible, Equatable {
  /// An option value outside its accepted range.
  case invalidOption(String)
  /// More fps than browsers play in that format (`OutputFormat.maximumFPS`) without `dropFramesToFit`.
  case fpsTooHigh(OutputFormat, Double)
  /// No quality brings the file within a size limit (`SizeFit`): the smallest reached, in bytes.
  case tooLarge(smallest: Int, limit: Int)
  /// A frame whose size differs from the first frame's.
  case frameSizeMismatch(expected: (Int, Int), got: (Int, Int))
  /// `finish()` with no frame added.
  case noFrames
  /// `add` or `finish` after `finish`.
  case alreadyFinished
  /// A PNG that could not be read or written (libpng's reason included).
  case png(String)
  /// A file or sink error.
  case io(String)
  /// libwebp reported an error.
  case webp(String)
  /// A GIF stream that does not decode (`GIFDecoder`), with the frame and what is wrong.
  case gif(String)

  public var description: String {
    switch self {
    case .invalidOption(let m): return m
    case .fpsTooHigh(let format, let fps):
      let name = format.rawValue.uppercased(), most = Int(format.maximumFPS)
      let why =
        format == .gif
        ? "delays are whole centiseconds and browsers play delays of 1 cs or less at 10 cs"
        : "browsers play frame delays of 10 ms or less at 100 ms"
      let rate = fps == fps.rounded() && abs(fps) < 1e15 ? String(Int(fps)) : String(fps)
      return
        "--fps \(rate) is too fast for \(name): \(name) is limited to \(most) fps, since \(why); use --fps \(most) or less, drop frames to fit (render encode --drop-frames), or \(format == .gif ? "write .apng or .webp" : "write a PNG sequence (-o FOLDER/)")"
    case .tooLarge(let smallest, let limit):
      return
        "cannot fit in \(limit) bytes: even quality 0 gives \(smallest) bytes; fewer or smaller frames are needed (a lower --fps; with render, a smaller --size or --scale)"
    case .frameSizeMismatch(let e, let g):
      return "frame is \(g.0)x\(g.1) but the animation is \(e.0)x\(e.1); all frames must have the same size"
    case .noFrames: return "no frames to encode: an animation needs at least one frame"
    case .alreadyFinished: return "the encoder was already finished; create a new one for another animation"
    case .png(let m): return "PNG: \(m)"
    case .io(let m): return m
    case .webp(let m): return "WebP: \(m)"
    case .gif(let m): return "GIF: \(m)"
    }
  }

  public static func == (a: EncodingError, b: EncodingError) -> Bool { a.description == b.description }
}

/// The text of a NUL-terminated C message buffer.
func cMessage(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
