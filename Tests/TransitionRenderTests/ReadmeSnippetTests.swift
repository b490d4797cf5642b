import Foundation
import Testing

/// The README's "Your own transition" code is copied from Examples/, where it compiles and runs
/// (`swift run render-examples`, `swift test` there): this keeps the copy true.
@Suite("README snippets")
struct ReadmeSnippetTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The lines between `// README: <marker>` and `// README: end` in `file`, dedented.
  static func snippet(_ file: String, _ marker: String) throws -> String {
    let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// README: \(marker)" })
    let end = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// README: end" })
    let body = lines[(start + 1)..<end]
    let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }

  @Test("The README's render and snapshot-test blocks are, line for line, the marked code of Examples/ (render-examples/main.swift, ReadmeSnapshotTests.swift)")
  func snippetsMatchExamples() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    for (file, marker) in [("Examples/Sources/render-examples/main.swift", "render"), ("Examples/Tests/SeedTransitionsTests/ReadmeSnapshotTests.swift", "test")] {
      let code = try Self.snippet(file, marker)
      #expect(code.split(separator: "\n").count >= 5, "\(file): a snippet")
      #expect(readme.contains("```swift\n" + code + "\n```"), "README.md does not hold the \(marker) lines of \(file) as a swift block")
    }
  }
}
