import Foundation
import Rendering

/// Readers of option values. Each turns one option's text into a typed value and refuses only
/// text that is not its syntax (a decimal number, `WxH`, a name), naming the option and the
/// syntax. Ranges and combinations are the rules' own, each checked once on the path every
/// entry point shares: `RecordingLimits` and `RenderRecipe.checkValues` (through
/// `RenderRecipe.settings()`), `EncodingOptions.validate` and the output's checks
/// (`OutputEncoding.check`), `StillPoints`; names are read by their types (`Device.preset`,
/// `RecipeColor`, …) with their own messages.
enum Parse {
  /// Most compositing threads: more than any machine this runs on has cores, few enough that
  /// a typo (`--threads 10000`) is caught rather than turned into frame memory.
  static let maximumThreads = max(256, ProcessInfo.processInfo.activeProcessorCount)

  /// A number as people write one on a command line: digits with an optional fraction and
  /// sign (`30`, `0.25`, `.5`, `-1`); nil for anything else, so hexadecimal (`0x1F`),
  /// exponents (`1e3`), `inf` and `nan`, which Swift's `Double(_:)` accepts, are refused.
  static func decimal(_ text: String) -> Double? {
    let unsigned = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
    let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
    guard parts.allSatisfy(isDigits), parts.contains(where: { !$0.isEmpty }), let value = Double(text),
      value.isFinite
    else {
      return nil
    }
    return value
  }

  /// `option`'s value as a decimal number (`decimal`).
  static func number(_ text: String, option: String) throws -> Double {
    guard let value = decimal(text) else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected a decimal number, e.g. 30 or 12.5")
    }
    return value
  }

  /// `option`'s value as a whole number.
  static func wholeNumber(_ text: String, option: String) throws -> Int {
    guard let value = Int(text) else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected a whole number")
    }
    return value
  }

  /// `--loop`: `forever`, or the number of times the animation plays in all.
  static func loop(_ text: String) throws -> LoopCount {
    if text == "forever" { return .forever }
    guard let plays = Int(text) else {
      throw UsageError("Invalid value '\(text)' for '--loop': expected 'forever' or the number of plays")
    }
    return .plays(plays)
  }

  /// `--max-size`: bytes, or a number with B, KB, MB, KiB or MiB.
  static func byteCount(_ text: String) throws -> Int {
    guard let bytes = SizeFit.parseSize(text) else {
      throw UsageError(
        "Invalid value '\(text)' for '--max-size': expected a size such as 2MB, 500KB, 1.5MiB or 250000 (bytes)")
    }
    return bytes
  }

  /// `WxH` in points, each side a decimal number.
  static func size(_ text: String, option: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = decimal(String(parts[0])), let h = decimal(String(parts[1])) else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected WIDTHxHEIGHT in points, e.g. 375x667")
    }
    return Size(width: w, height: h)
  }

  /// `--stills`: a count (a whole number, evenly spaced from start to end) or progress points
  /// separated by commas; `StillPoints` checks them.
  static func stills(_ text: String) throws -> [Double] {
    do {
      if let count = Int(text) { return try StillPoints.evenlySpaced(count) }
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      let points = try parts.map { part in
        guard let v = decimal(part.trimmingCharacters(in: .whitespaces)) else {
          throw UsageError(
            "Invalid value '\(text)' for '--stills': expected a count (5) or progress points from 0 to 1 separated by commas (0,0.25,0.5,0.75,1)"
          )
        }
        return v
      }
      return try StillPoints.checked(points)
    } catch let error as RenderError {
      throw UsageError("Invalid value '\(text)' for '--stills': \(error.description)")
    }
  }

  /// `text` read by the type that owns its names (`Device.preset(named:)`, …); a name it
  /// refuses is a usage error with its message.
  static func named<T>(_ text: String, _ read: (String) throws -> T) throws -> T {
    try RenderCommand.usageErrors { try read(text) }
  }

  /// The encoding flags the user gave, checked against the output they apply to.
  struct EncodingFlags {
    var quality = false, dither = false, lossless = false, tolerance = false

    /// A usage error for a flag the output ignores (`format`: the animation written, nil for
    /// PNG frames, a contact sheet or no file): `--quality` and `--dither` on an APNG,
    /// `--lossless` with `--quality`, `--dither` or `--tolerance` on anything but a GIF.
    func check(for format: OutputFormat?) throws {
      if lossless && quality {
        throw UsageError("--lossless and --quality contradict each other: lossless output has no quality to set")
      }
      let lossy: Set<OutputFormat> = [.gif, .webp]
      if quality && !(format.map(lossy.contains) ?? false) {
        throw UsageError("--quality applies to lossy .gif and .webp output; \(Self.name(format)) is lossless")
      }
      for (given, flag) in [(dither, "--dither"), (tolerance, "--tolerance")] where given && format != .gif {
        throw UsageError("\(flag) applies to .gif output only, not to \(Self.name(format))")
      }
    }

    private static func name(_ format: OutputFormat?) -> String {
      format.map { $0 == .apng ? "APNG" : "." + $0.rawValue } ?? "PNG frames"
    }
  }

  static func formatNumber(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(v)
  }
}
