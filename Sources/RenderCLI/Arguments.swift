import Foundation
import Rendering

/// A usage error: printed as `Error: …` followed by the usage line, exit status 64.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// Command-line arguments, consumed front to back. Options take their value either as the
/// next argument (`--fps 30`) or after `=` (`--fps=30`).
struct ArgumentList {
  private var items: [String]
  init(_ items: [String]) { self.items = items }

  var isEmpty: Bool { items.isEmpty }

  /// Removes a flag if present.
  mutating func flag(_ names: String...) -> Bool {
    var found = false
    items.removeAll { arg in
      if names.contains(arg) {
        found = true
        return true
      }
      return false
    }
    return found
  }

  /// Removes an option and returns its value (the last one wins, so a later setting overrides
  /// an earlier one), or nil when absent.
  mutating func option(_ names: String...) throws -> String? {
    try take(names).last
  }

  /// Removes an option that names an output and returns its value, or nil when absent. Given
  /// twice it is a usage error: only one would be written, and the user could not tell which.
  mutating func outputOption(_ names: String...) throws -> String? {
    let values = try take(names)
    if values.count > 1 {
      throw UsageError(
        "'\(names[0])' was given \(values.count) times (\(values.map { "'\($0)'" }.joined(separator: ", "))); give one path"
      )
    }
    return values.first
  }

  /// Removes every occurrence of any of `names` (`--fps 30` or `--fps=30`), returning their
  /// values in order.
  private mutating func take(_ names: [String]) throws -> [String] {
    var values: [String] = []
    var i = 0
    while i < items.count {
      let arg = items[i]
      if let name = names.first(where: { arg == $0 }) {
        guard i + 1 < items.count else { throw UsageError("Missing value for '\(name)'") }
        values.append(items[i + 1])
        items.removeSubrange(i...(i + 1))
        continue
      }
      if let name = names.first(where: { arg.hasPrefix($0 + "=") }) {
        values.append(String(arg.dropFirst(name.count + 1)))
        items.remove(at: i)
        continue
      }
      i += 1
    }
    return values
  }

  /// Removes every occurrence of a repeatable option, returning the values in order.
  mutating func options(_ name: String) throws -> [String] {
    try take([name])
  }

  /// `--threads N` (1 to `Parse.maximumThreads`), every core when absent: the one option all
  /// rendering commands share.
  mutating func threads() throws -> Int {
    guard let text = try option("--threads") else { return ProcessInfo.processInfo.activeProcessorCount }
    let threads = try Parse.positiveInt(text, option: "--threads")
    guard threads <= Parse.maximumThreads else {
      throw UsageError(
        "Invalid value '\(text)' for '--threads': at most \(Parse.maximumThreads) (this machine has \(ProcessInfo.processInfo.activeProcessorCount) cores; more threads than cores only add memory)"
      )
    }
    return threads
  }

  /// What is left: positional arguments. Anything that still looks like an option is unknown.
  mutating func positionals() throws -> [String] {
    if let unknown = items.first(where: { $0.hasPrefix("-") && $0 != "-" && Double($0) == nil }) {
      throw UsageError("Unknown option '\(unknown)'")
    }
    defer { items = [] }
    return items
  }
}

/// Parsers for option values, each with a message naming what is accepted.
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

  /// `--max-size`: bytes, or a number with B, KB, MB, KiB or MiB.
  static func size(_ text: String) throws -> Int {
    guard let bytes = SizeFit.parseSize(text) else {
      throw UsageError(
        "Invalid value '\(text)' for '--max-size': expected a size such as 2MB, 500KB, 1.5MiB or 250000 (bytes)")
    }
    return bytes
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

  /// `--max-size` needs a format that can trade quality for bytes.
  static func checkSizeLimit(format: OutputFormat, lossless: Bool) throws {
    if format == .apng || lossless {
      throw UsageError(
        "--max-size needs lossy output: write .gif or .webp without --lossless (\(format == .apng ? "APNG" : "lossless output") cannot trade quality for bytes)"
      )
    }
  }

  /// Refuses an fps the output format cannot play in browsers (`OutputFormat.maximumFPS`:
  /// GIF 50, APNG and WebP 90), naming the way out. `canDrop`: the command has --drop-frames.
  static func checkFPS(_ fps: Double, for format: OutputFormat, canDrop: Bool) throws {
    guard fps > format.maximumFPS else { return }
    let name = format.rawValue.uppercased()
    let why =
      format == .gif
      ? "delays are whole centiseconds and browsers play delays of 1 cs or less at 10 cs"
      : "browsers play frame delays of 10 ms or less at 100 ms"
    let other = format == .gif ? "write .apng or .webp" : "write a PNG sequence (-o FOLDER/)"
    throw UsageError(
      "--fps \(formatNumber(fps)) is too fast for \(name): \(why); use --fps \(Int(format.maximumFPS)) or less, \(canDrop ? "--drop-frames, " : "")or \(other)"
    )
  }

  static func positiveDouble(_ text: String, option: String, max: Double? = nil) throws -> Double {
    guard let v = decimal(text), v > 0 else {
      throw UsageError(
        "Invalid value '\(text)' for '\(option)': expected a decimal number greater than 0, e.g. 30 or 12.5")
    }
    if let max, v > max {
      throw UsageError("Invalid value '\(text)' for '\(option)': the largest accepted value is \(formatNumber(max))")
    }
    return v
  }

  static func nonNegativeDouble(_ text: String, option: String) throws -> Double {
    guard let v = decimal(text), v >= 0 else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected a decimal number 0 or greater, e.g. 0.5")
    }
    return v
  }

  static func positiveInt(_ text: String, option: String) throws -> Int {
    guard let v = Int(text), v > 0 else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected a whole number greater than 0")
    }
    return v
  }

  /// `forever` or N ≥ 1: the number of times the animation plays in all.
  static func loop(_ text: String) throws -> LoopCount {
    if text == "forever" { return .forever }
    guard let n = Int(text), n >= 1, n <= 65535 else {
      throw UsageError("Invalid value '\(text)' for '--loop': expected 'forever' or the number of plays, 1 to 65535")
    }
    return .plays(n)
  }

  /// 0...100: lower is smaller and less exact.
  static func quality(_ text: String) throws -> Int {
    guard let q = Int(text), (0...100).contains(q) else {
      throw UsageError("Invalid value '\(text)' for '--quality': expected a whole number from 0 to 100")
    }
    return q
  }

  /// 0...64: the largest per-channel error lossy LZW may put on one GIF pixel.
  static func gifTolerance(_ text: String) throws -> Int {
    guard let t = Int(text), (0...64).contains(t) else {
      throw UsageError("Invalid value '\(text)' for '--tolerance': expected a whole number from 0 (exact codes) to 64")
    }
    return t
  }

  /// `auto`, `none` or `ordered`: where quantized GIF frames are dithered.
  static func dither(_ text: String) throws -> GIFDither {
    guard let d = GIFDither(rawValue: text) else {
      throw UsageError("Invalid value '\(text)' for '--dither': expected auto, none or ordered")
    }
    return d
  }

  static func formatNumber(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(v)
  }
}
