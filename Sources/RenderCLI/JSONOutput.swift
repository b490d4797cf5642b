import Foundation

/// `--json`: one JSON document on standard output, keys sorted, for a program to read
/// (docs/json.md); what a person reads goes to standard error or is left out.
enum JSONOutput {
  static func write<T: Encodable>(_ document: T, _ streams: CLIStreams) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    streams.out(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
  }
}
