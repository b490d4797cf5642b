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
  /// rendering commands share, and the one place its range is checked.
  mutating func threads() throws -> Int {
    guard let text = try option("--threads") else { return ProcessInfo.processInfo.activeProcessorCount }
    let threads = try Parse.wholeNumber(text, option: "--threads")
    guard threads > 0 else {
      throw UsageError("Invalid value '\(text)' for '--threads': expected a whole number greater than 0")
    }
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
