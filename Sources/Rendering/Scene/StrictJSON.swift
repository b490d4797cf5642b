import Foundation

/// JSON as RFC 8259 writes it, for the files users hand us (scenes, gestures).
/// Foundation's parser on Linux also takes a comma before `]` or `}` and an object that names
/// one key twice (keeping one of the values), so a typo would pass silently and a second
/// setting would be dropped; these are refused first, naming the line.
enum StrictJSON {
  /// The parsed value of `data`; a `RenderError` prefixed with `name` otherwise.
  static func parse(_ data: Data, name: String) throws -> Any {
    try checkCommasAndKeys(data, name: name)
    do {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw RenderError(
        "\(name): not valid JSON (\((error as NSError).userInfo["NSDebugDescription"] as? String ?? "syntax error"))")
    }
  }

  /// One pass over the tokens: a `,` followed by `]` or `}`, or a key seen twice in one object,
  /// is an error naming its line. Anything else malformed is left to the parser's message.
  static func checkCommasAndKeys(_ data: Data, name: String) throws {
    struct Container {
      var isObject: Bool
      var keys: Set<[UInt8]> = []
      var expectingKey: Bool
    }
    var stack: [Container] = []
    var line = 1
    var afterComma = false
    var i = data.startIndex
    while i < data.endIndex {
      let byte = data[i]
      if byte == UInt8(ascii: "\n") { line += 1 }
      if [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(byte) {
        i += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        let (string, end) = readString(data, from: i)
        if let top = stack.last, top.isObject, top.expectingKey {
          guard stack[stack.count - 1].keys.insert(string).inserted else {
            throw RenderError(
              "\(name): line \(line): the key \"\(String(decoding: string, as: UTF8.self))\" appears twice in one object"
            )
          }
          stack[stack.count - 1].expectingKey = false
        }
        afterComma = false
        i = end
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        stack.append(Container(isObject: byte == UInt8(ascii: "{"), expectingKey: byte == UInt8(ascii: "{")))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if afterComma {
          throw RenderError(
            "\(name): line \(line): a comma before '\(Character(UnicodeScalar(byte)))' (JSON allows no trailing comma)")
        }
        if !stack.isEmpty { stack.removeLast() }
      case UInt8(ascii: ","):
        if let top = stack.last, top.isObject { stack[stack.count - 1].expectingKey = true }
      default: break
      }
      afterComma = byte == UInt8(ascii: ",")
      i += 1
    }
  }

  /// The raw bytes of the string starting at the quote `start` (escapes kept as written), and
  /// the index after its closing quote.
  private static func readString(_ data: Data, from start: Data.Index) -> ([UInt8], Data.Index) {
    var bytes: [UInt8] = []
    var i = start + 1
    while i < data.endIndex {
      let b = data[i]
      if b == UInt8(ascii: "\\"), i + 1 < data.endIndex {
        bytes += [b, data[i + 1]]
        i += 2
        continue
      }
      if b == UInt8(ascii: "\"") { return (bytes, i + 1) }
      bytes.append(b)
      i += 1
    }
    return (bytes, i)
  }
}
