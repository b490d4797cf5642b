#if canImport(Glibc)
  import Glibc
#endif
import Pixels

/// Whether a decoded GIF shows its source frames as the encoder promises
/// (docs/gif-encoder.md#error-budget, #held-frames-are-clean): every source frame on screen at
/// its time, for as long as the options say, and within the quality's budget.
///
/// The budget of one frame, compared after the 1-bit alpha flattening (`matte`):
/// - a held frame (the first, the last, one shown 1.5 frame intervals or more) whose colors fit
///   a table: exact;
/// - another frame whose colors fit a table (255, leaving the transparent entry for pixels kept
///   from the screen): PSNR at least the quality's target (its coded pixels are within the
///   lossy tolerance, but a static pixel keeps the approximation an earlier, quantized frame
///   gave it: docs/gif-encoder.md#stable-keep);
/// - a held frame that had to be quantized: exactly as the same frame encoded alone decodes;
/// - a moving frame that had to be quantized: PSNR at least 30 dB (any palette of 256 colors
///   does better on a screen; a stream decoded wrongly falls far below).
package enum GIFCheck {
  /// Problems found, each naming the frame (source frame numbers); empty when all is well.
  public static func problems(_ decoded: DecodedAnimation, sources: [RGBAImage], options: EncodingOptions) -> [String] {
    guard let first = sources.first else { return ["no source frames"] }
    guard decoded.width == first.width, decoded.height == first.height else {
      return ["the GIF is \(decoded.width)x\(decoded.height), its frames \(first.width)x\(first.height)"]
    }
    var problems = timingProblems(decoded, frameCount: sources.count, options: options)
    let shown = shownFrames(decoded, frameCount: sources.count, options: options)
    for (i, source) in sources.enumerated() {
      guard let j = shown[i] else { problems.append("frame \(i) is never on screen"); continue }
      let frame = decoded.frames[j]
      let held = j == 0 || j == decoded.frames.count - 1 || frame.duration * options.fps >= 1.5 - 1e-9
      if let problem = budgetProblem(
        frame.image, source: flattened(source, matte: options.matte), held: held, options: options)
      {
        problems.append("frame \(i): \(problem)")
      }
    }
    return problems
  }

  /// The decoded frame on screen when each source frame starts (merged frames share one).
  static func shownFrames(_ decoded: DecodedAnimation, frameCount: Int, options: EncodingOptions) -> [Int?] {
    let timing = FrameTiming(options)
    var starts: [Int] = [], t = 0
    for f in decoded.frames {
      starts.append(t)
      t += Int((f.duration * 100).rounded())
    }
    return (0..<frameCount).map { i in
      let due = timing.start(i, unitsPerSecond: 100)
      return starts.lastIndex { $0 <= due }
    }
  }

  static func timingProblems(_ decoded: DecodedAnimation, frameCount: Int, options: EncodingOptions) -> [String] {
    var problems: [String] = []
    let total = decoded.frames.reduce(0) { $0 + Int(($1.duration * 100).rounded()) }
    let expected = FrameTiming(options).end(frameCount: frameCount, unitsPerSecond: 100)
    if total != expected { problems.append("plays for \(total) cs, not \(expected) cs") }
    let plays: Int? = if case .plays(let n) = options.loop { n } else { nil }
    if decoded.plays != plays {
      problems.append(
        "plays \(decoded.plays.map { "\($0) times" } ?? "forever"), not \(plays.map { "\($0) times" } ?? "forever")")
    }
    return problems
  }

  /// What a GIF can show of `source`: alpha < 128 transparent, the rest over `matte`.
  static func flattened(_ source: RGBAImage, matte: RGBA8) -> RGBAImage {
    var out = source
    for p in 0..<(source.width * source.height) {
      let i = p * 4, a = Int(source.pixels[i + 3])
      if a == 255 { continue }
      if a < 128 {
        for c in 0..<4 { out.pixels[i + c] = 0 }
        continue
      }
      for (c, m) in [matte.r, matte.g, matte.b].enumerated() {
        out.pixels[i + c] = UInt8((Int(source.pixels[i + c]) * a + Int(m) * (255 - a) + 127) / 255)
      }
      out.pixels[i + 3] = 255
    }
    return out
  }

  static func budgetProblem(_ decoded: RGBAImage, source: RGBAImage, held: Bool, options: EncodingOptions) -> String? {
    var sse = 0.0, worst = 0, worstAt = 0
    for p in 0..<(source.width * source.height) {
      let i = p * 4
      for c in 0..<4 {
        let d = abs(Int(decoded.pixels[i + c]) - Int(source.pixels[i + c]))
        if c < 3 { sse += Double(d * d) }
        if d > worst { worst = d; worstAt = p }
      }
    }
    let psnr = sse == 0 ? Double.infinity : 10 * log10(65025 * Double(source.width * source.height * 3) / sse)
    let at = "(\(worstAt % source.width), \(worstAt / source.width))"
    // A moving frame with pixels kept from the screen needs a transparent entry: 255 colors.
    if fitsTable(source, colors: held ? 256 : 255) {
      if held && worst > 0 { return "a held frame decodes off by up to \(worst) at \(at), not exactly" }
      if psnr < options.gifTargetPSNR - 1e-9 {
        return "PSNR \(decibels(psnr)) dB, below the target \(decibels(options.gifTargetPSNR)) dB"
      }
    } else if held {
      if let alone = try? encodedAlone(source, options: options), alone != decoded {
        return "a held frame decodes otherwise than the same frame encoded alone"
      }
    } else if psnr < 30 {
      return "PSNR \(decibels(psnr)) dB, below 30 dB"
    }
    return nil
  }

  /// `frame` encoded as a GIF of its own and decoded.
  static func encodedAlone(_ frame: RGBAImage, options: EncodingOptions) throws -> RGBAImage? {
    let sink = MemorySink()
    var encoder = try GIFEncoder(sink: sink, options: options)
    try encoder.add(frame)
    try encoder.finish()
    return try GIFDecoder.decode(sink.bytes).frames.first?.image
  }

  /// Two decimals.
  static func decibels(_ x: Double) -> String {
    let hundredths = Int((x * 100).rounded())
    let fraction = abs(hundredths) % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// At most `colors` colors (transparency counting as one).
  static func fitsTable(_ image: RGBAImage, colors: Int) -> Bool {
    var seen = Set<UInt32>()
    return image.pixels.withUnsafeBytes { raw in
      for word in raw.bindMemory(to: UInt32.self) {
        seen.insert(word >> 24 == 0 ? 0 : word)
        if seen.count > colors { return false }
      }
      return true
    }
  }
}
