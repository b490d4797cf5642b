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
    "The README's render, snapshot-test, app-test and docs-media blocks are, line for line, the marked code of Examples/ (render-examples/main.swift, ReadmeSnapshotTests.swift, CubeSnapshotTests.swift, DocsTransitions.swift)"
  )
  func snippetsMatchExamples() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    for (file, marker, tag) in [
      ("Examples/Sources/render-examples/main.swift", "render", "README"),
      ("Examples/Tests/SeedTransitionsTests/ReadmeSnapshotTests.swift", "test", "README"),
      ("Examples/Tests/UIKitSeedTransitionsTests/CubeSnapshotTests.swift", "app-test", "DOCS"),
      ("Examples/Sources/UIKitSeedTransitions/DocsTransitions.swift", "docs-media", "README"),
    ] {
      let code = try Self.snippet(file, marker, tag: tag)
      #expect(code.split(separator: "\n").count >= 5, "\(file): a snippet")
      #expect(
        readme.contains("```swift\n" + code + "\n```"),
        "README.md does not hold the \(marker) lines of \(file) as a swift block")
    }
  }

  @Test(
    "The documentation's articles hold, line for line, the code of Examples/ they show: Getting Started the whole GettingStarted.swift example, Snapshot Testing the README's test, Test the File Your App Ships the test of the app's cube"
  )
  func articlesMatchExamples() throws {
    let catalog = "Sources/TransitionRender/TransitionRender.docc/"
    let cases = [
      (
        "GettingStarted.md",
        try Self.snippet("Examples/Sources/SeedTransitions/GettingStarted.swift", "getting-started", tag: "DOCS")
      ),
      ("SnapshotTesting.md", try Self.snippet("Examples/Tests/SeedTransitionsTests/ReadmeSnapshotTests.swift", "test")),
      (
        "TestTheFileYourAppShips.md",
        try Self.snippet("Examples/Tests/UIKitSeedTransitionsTests/CubeSnapshotTests.swift", "app-test", tag: "DOCS")
      ),
    ]
    for (article, code) in cases {
      let text = try String(contentsOf: Self.root.appendingPathComponent(catalog + article), encoding: .utf8)
      #expect(code.split(separator: "\n").count >= 5, "\(article): a snippet")
      #expect(
        text.contains("```swift\n" + code + "\n```"), "\(article) does not hold its Examples code as a swift block")
    }
  }

  @Test(
    "The CI recipes' container image and workflows (Continuous Integration, Test the File Your App Ships) install exactly the Makefile's Debian packages"
  )
  func ciRecipePackages() throws {
    let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
    let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("APT_PACKAGES :=") })
    let packages = line.dropFirst("APT_PACKAGES :=".count).split(separator: " ").map(String.init)
    for (article, lines) in [("ContinuousIntegration.md", 2), ("TestTheFileYourAppShips.md", 1)] {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent("Sources/TransitionRender/TransitionRender.docc/" + article),
        encoding: .utf8)
      let installs = text.split(separator: "\n").filter { $0.contains("libcairo2-dev") }
      #expect(installs.count == lines, "\(article): the Dockerfile's and the workflows' package lines")
      for install in installs {
        #expect(
          install.split(separator: " ").map(String.init).filter { !$0.isEmpty && $0 != "\\" } == packages,
          "\(install)")
      }
    }
  }

  @Test(
    "Test the File Your App Ships shows the selector and @objc lines kept for iOS as Examples/App/Seed001.swift has them, line for line"
  )
  func appLinesMatchExamples() throws {
    func lines(_ text: some StringProtocol) -> [String] {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let app = lines(
      try String(contentsOf: Self.root.appendingPathComponent("Examples/App/Seed001.swift"), encoding: .utf8))
    let article = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/TransitionRender/TransitionRender.docc/TestTheFileYourAppShips.md"), encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
      .filter { $0.hasPrefix("#if canImport(ObjectiveC)") }
    #expect(blocks.count == 2, "the recognizer's block and the handler's")
    for block in blocks.map(lines) {
      #expect(
        app.indices.contains { app[$0...].starts(with: block) }, "not a run of Seed001.swift's lines: \(block)")
    }
  }
}
