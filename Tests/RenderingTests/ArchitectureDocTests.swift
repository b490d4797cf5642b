import Foundation
import Testing

/// docs/architecture.md names types and functions by their names; a rename that forgets it
/// fails here instead of leaving the map wrong.
@Suite("docs/architecture.md")
struct ArchitectureDocTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every name declared in the Swift files under `folder` (after `struct`, `func`, `case`, …),
  /// and every target of Package.swift.
  static func declaredNames() throws -> Set<String> {
    let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "case"]
    var names: Set<String> = []
    for (folder, suffix) in [("Sources", ".swift"), ("Tests", ".swift"), (".", "Package.swift")] {
      let url = root.appendingPathComponent(folder)
      let files = (FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []).filter {
        $0.hasSuffix(suffix) && !$0.hasPrefix(".build") && !$0.hasPrefix("Examples")
      }
      for file in files {
        let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        for (keyword, name) in zip(words, words.dropFirst()) where keywords.contains(keyword) {
          names.insert(String(name))
        }
        // Targets: `name: "Rendering"`.
        for line in text.split(separator: "\n") where folder == "." && line.contains("name: \"") {
          names.insert(String(line.split(separator: "\"")[1]))
        }
      }
    }
    return names
  }

  @Test("Every type, function, member and module docs/architecture.md names in code font is declared in the package")
  func namesExist() throws {
    let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let declared = try Self.declaredNames()
    // What the map names that is not ours: the standard library's protocols, an option's syntax.
    let others: Set<String> = ["Codable", "Sendable", "WxH", "swift", "import"]
    var missing: Set<String> = []
    // `Name`, `Name.member`, `Name(args)`, `name(_:)`: each dotted part must be declared.
    for match in doc.matches(of: #/`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\([^`]*\))?`/#) {
      for name in match.output.1.split(separator: ".").map(String.init)
      where !declared.contains(name) && !others.contains(name) {
        missing.insert(name)
      }
    }
    #expect(missing.isEmpty, "named in docs/architecture.md but declared nowhere: \(missing.sorted())")
  }
}
