import Foundation
import Testing

/// The README's "Your own transition" code is copied from Examples/, where it compiles and runs
/// (`swift run render-examples`, `swift test` there): this keeps the copy true.
@Suite("README snippets")
struct ReadmeSnippetTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The lines between `// <tag>: <marker>` and `// <tag>: end` in `file`, dedented.
  static func snippet(_ file: String, _ marker: String, tag: String = "README") throws -> String {
    let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// \(tag): \(marker)" })
    let end = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// \(tag): end" })
    let body = lines[(start + 1)..<end]
    let indent =
      body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }

  @Test(
    "The README's render and snapshot-test blocks are, line for line, the marked code of Examples/ (render-examples/main.swift, ReadmeSnapshotTests.swift)"
  )
  func snippetsMatchExamples() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    for (file, marker) in [
      ("Examples/Sources/render-examples/main.swift", "render"),
      ("Examples/Tests/SeedTransitionsTests/ReadmeSnapshotTests.swift", "test"),
    ] {
      let code = try Self.snippet(file, marker)
      #expect(code.split(separator: "\n").count >= 5, "\(file): a snippet")
      #expect(
        readme.contains("```swift\n" + code + "\n```"),
        "README.md does not hold the \(marker) lines of \(file) as a swift block")
    }
  }

  @Test(
    "The documentation's articles hold, line for line, the code of Examples/ they show: Getting Started the whole GettingStarted.swift example, Snapshot Testing the README's test"
  )
  func articlesMatchExamples() throws {
    let catalog = "Sources/TransitionRender/TransitionRender.docc/"
    let cases = [
      (
        "GettingStarted.md",
        try Self.snippet("Examples/Sources/SeedTransitions/GettingStarted.swift", "getting-started", tag: "DOCS")
      ),
      ("SnapshotTesting.md", try Self.snippet("Examples/Tests/SeedTransitionsTests/ReadmeSnapshotTests.swift", "test")),
    ]
    for (article, code) in cases {
      let text = try String(contentsOf: Self.root.appendingPathComponent(catalog + article), encoding: .utf8)
      #expect(code.split(separator: "\n").count >= 5, "\(article): a snippet")
      #expect(
        text.contains("```swift\n" + code + "\n```"), "\(article) does not hold its Examples code as a swift block")
    }
  }

  @Test("The CI recipe's container image and workflow install exactly the Makefile's Debian packages")
  func ciRecipePackages() throws {
    let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
    let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("APT_PACKAGES :=") })
    let packages = line.dropFirst("APT_PACKAGES :=".count).split(separator: " ").map(String.init)
    let article = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/TransitionRender/TransitionRender.docc/ContinuousIntegration.md"), encoding: .utf8)
    let installs = article.split(separator: "\n").filter { $0.contains("libcairo2-dev") }
    #expect(installs.count == 2, "the Dockerfile's and the workflow's package lines")
    for install in installs {
      #expect(
        install.split(separator: " ").map(String.init).filter { !$0.isEmpty && $0 != "\\" } == packages, "\(install)")
    }
  }
}
