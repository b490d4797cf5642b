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

  /// Removes an option and returns its value (the last one wins), or nil when absent.
  mutating func option(_ names: String...) throws -> String? {
    var value: String?
    var i = 0
    while i < items.count {
      let arg = items[i]
      if let name = names.first(where: { arg == $0 }) {
        guard i + 1 < items.count else { throw UsageError("Missing value for '\(name)'") }
        value = items[i + 1]
        items.removeSubrange(i...(i + 1))
        continue
      }
      if let name = names.first(where: { arg.hasPrefix($0 + "=") }) {
        value = String(arg.dropFirst(name.count + 1))
        items.remove(at: i)
        continue
      }
      i += 1
    }
    return value
  }

  /// Removes every occurrence of a repeatable option.
  mutating func options(_ name: String) throws -> [String] {
    var values: [String] = []
    while let v = try option(name) { values.insert(v, at: 0) }
    return values
  }

  /// `--threads N` (≥ 1), every core when absent: the one option all rendering commands share.
  mutating func threads() throws -> Int {
    try option("--threads").map { try Parse.positiveInt($0, option: "--threads") }
      ?? ProcessInfo.processInfo.activeProcessorCount
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
  /// `--max-size`: bytes, or a number with B, KB, MB, KiB or MiB.
  static func size(_ text: String) throws -> Int {
    guard let bytes = SizeFit.parseSize(text) else {
      throw UsageError(
        "Invalid value '\(text)' for '--max-size': expected a size such as 2MB, 500KB, 1.5MiB or 250000 (bytes)")
    }
    return bytes
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
    guard let v = Double(text), v.isFinite, v > 0 else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected a number greater than 0")
    }
    if let max, v > max {
      throw UsageError("Invalid value '\(text)' for '\(option)': the largest accepted value is \(formatNumber(max))")
    }
    return v
  }

  static func nonNegativeDouble(_ text: String, option: String) throws -> Double {
    guard let v = Double(text), v.isFinite, v >= 0 else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected a number 0 or greater")
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
