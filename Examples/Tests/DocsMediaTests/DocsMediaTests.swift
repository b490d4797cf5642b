import Foundation
import Testing
import TransitionRenderDocs
import UIKit

@testable import UIKitSeedTransitions

/// The README's docs media (media/, written by `swift package
/// --allow-writing-to-package-directory render-transitions --output media`) against the
/// declarations in DocsTransitions.swift, as the plugin's `--check` checks them in CI.
@MainActor
@Suite("The README's docs media")
struct DocsMediaTests {
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let media = package.appendingPathComponent("media").path
  /// What the plugin passes for `--output media`.
  static let arguments = ["--output", media, "--link-prefix", "media/", "--threads", "2"]

  @Test("docs-media-check: the committed media/ are what the declarations make today (--check exits 0)")
  func committedMediaAreCurrent() {
    let run = DocsMedia.run(docsTransitions, arguments: Self.arguments + ["--check"])
    #expect(run.status == 0, "\(run.errors)")
  }

  @Test(
    "docs-media-check: after a transition's duration changes (the scale push at 0.5 s, where its animator says 0.4 s), --check exits 1 naming that transition and that its pixels changed, and the others stay current"
  )
  func durationChangeIsStale() {
    var changed = docsTransitions
    let push = changed[0]
    changed[0] = DocsTransition(push.name, alt: push.alt, size: push.size) { stage in
      let home = HomeViewController()
      let recorder = try stage.recorder(root: UINavigationController(rootViewController: home))
      recorder.transitionDuration = 0.5
      return try recorder.record { home.showDetails() }
    }
    let run = DocsMedia.run(changed, arguments: Self.arguments + ["--check"])
    #expect(run.status == 1)
    let stale = run.errors.components(separatedBy: "are stale: ").last ?? ""
    #expect(stale.hasPrefix("\(push.name) (its pixels changed"), "\(run.errors)")
    for other in changed.dropFirst() { #expect(!run.errors.contains("\(other.name) ("), "\(run.errors)") }
  }

  @Test(
    "docs-media-readme: README.md shows each transition's <picture> snippet as the plugin wrote it (media/NAME.md), whose sources are the dark WebP, the light WebP, the dark GIF and the light GIF, all committed"
  )
  func readmeShowsTheSnippets() throws {
    let readme = try String(contentsOf: Self.package.appendingPathComponent("README.md"), encoding: .utf8)
    for transition in docsTransitions {
      let snippet = try String(contentsOfFile: Self.media + "/\(transition.name).md", encoding: .utf8)
      #expect(readme.contains(snippet), "README.md lacks media/\(transition.name).md")
      for file in ["-dark.webp", ".webp", "-dark.gif", ".gif", "@2x.png", "~dark@2x.png", "-curves.svg"] {
        #expect(FileManager.default.fileExists(atPath: Self.media + "/" + transition.name + file), "\(transition.name)\(file)")
      }
      let sources = snippet.components(separatedBy: "srcset=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
      #expect(
        sources == ["media/\(transition.name)-dark.webp", "media/\(transition.name).webp", "media/\(transition.name)-dark.gif"])
      #expect(snippet.contains("<img src=\"media/\(transition.name).gif\" width=\"300\" alt=\"\(transition.alt)\">"))
    }
  }
}
