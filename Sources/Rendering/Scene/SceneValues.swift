import Animator
import Foundation

extension SceneFile.Parser {
  /// The JSON object at `path`, refusing keys outside `keys` (the first unknown one, sorted,
  /// is named).
  func object(_ value: Any, _ path: String, keys: Set<String>) throws -> [String: Any] {
    guard let dict = value as? [String: Any] else { throw fail(path, "expected an object, got \(describe(value))") }
    if let unknown = dict.keys.sorted().first(where: { !keys.contains($0) }) {
      throw fail("\(path).\(unknown)", "unknown key; expected one of \(keys.sorted().joined(separator: ", "))")
    }
    return dict
  }

  func number(_ value: Any, _ path: String) throws -> Double {
    guard let n = value as? NSNumber, !isJSONBoolean(value), n.doubleValue.isFinite else {
      throw fail(path, "expected a number, got \(describe(value))")
    }
    return n.doubleValue
  }

  /// A number within `range`.
  func number(_ value: Any, _ path: String, in range: ClosedRange<Double>) throws -> Double {
    let n = try number(value, path)
    guard range.contains(n) else {
      throw fail(path, "must be from \(TextFormat.number(range.lowerBound)) to \(TextFormat.number(range.upperBound))")
    }
    return n
  }

  func boolean(_ value: Any, _ path: String) throws -> Bool {
    guard isJSONBoolean(value), let b = value as? NSNumber else {
      throw fail(path, "expected true or false, got \(describe(value))")
    }
    return b.boolValue
  }

  func numbers(_ value: Any, _ path: String, count: Int) throws -> [Double] {
    guard let array = value as? [Any], array.count == count else {
      throw fail(path, "expected \(count) numbers, got \(describe(value))")
    }
    return try array.enumerated().map { try number($0.element, "\(path)[\($0.offset)]") }
  }

  func color(_ value: Any, _ path: String) throws -> Color {
    guard let text = value as? String, let color = Color(parsing: text) else {
      throw fail(
        path,
        "expected a color \"#RRGGBB\", \"#RRGGBBAA\", \"black\", \"white\", \"clear\" or a system color name (\"systemBackground\"), got \(describe(value))"
      )
    }
    return color
  }

  /// One of the named values; an unknown name is refused with the names accepted (`listed`,
  /// or every name in order).
  func choice<T>(_ value: Any, _ path: String, _ options: [(String, T)], listed: String? = nil) throws -> T {
    let names = listed ?? options.map(\.0).joined(separator: ", ")
    guard let name = value as? String else { throw fail(path, "expected a name (\(names)), got \(describe(value))") }
    guard let match = options.first(where: { $0.0 == name }) else {
      throw fail(path, "unknown name '\(name)'; expected one of \(names)")
    }
    return match.1
  }

  /// JSON true/false: Foundation hands them back as a boolean subclass of NSNumber, which
  /// `is Bool` cannot tell from 0 and 1 on Linux.
  func isJSONBoolean(_ value: Any) -> Bool {
    String(describing: type(of: value)).contains("Boolean")
  }

  func describe(_ value: Any) -> String {
    switch value {
    case is String: return "a string"
    case is NSNumber: return isJSONBoolean(value) ? "a boolean" : "a number"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case is NSNull: return "null"
    default: return "a value of another type"
    }
  }
}
