import Foundation
import Testing

@testable import DocsImages
@testable import Rendering

/// The committed gallery's pages: what a reader of index.html and of output/README.md on GitHub
/// finds there, read from the files themselves.
@MainActor
@Suite("gallery pages")
struct GalleryPageTests {
  static let folder = CommittedOutputTests.folder

  func manifest() throws -> Gallery.Manifest {
    try JSONDecoder().decode(
      Gallery.Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: Self.folder + "/gallery.json")))
  }

  func page(_ name: String) throws -> String { try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8) }

  @Test(
    "index.html scales to a phone and follows dark mode: a viewport meta tag, light and dark colour schemes, a grid that flows into as many 300 px columns as fit"
  )
  func responsiveAndDark() throws {
    let html = try page("index.html")
    #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
    #expect(html.contains("@media (prefers-color-scheme:dark)"))
    #expect(html.contains("grid-template-columns:repeat(auto-fill,minmax(300px,1fr))"))
  }

  @Test(
    "index.html and README.md introduce the images with the one command that remakes them, then group the cards by family in catalog order, one card per effect with its GIF, filmstrip and curves, all committed"
  )
  func cardsByFamily() throws {
    let entries = try manifest().entries
    for name in ["index.html", "README.md"] {
      let text = try page(name)
      #expect(text.contains("render gallery -o output/"), "\(name)")
      let headings = EffectCatalog.families.map { text.range(of: $0.name)?.lowerBound }
      #expect(
        headings.allSatisfy { $0 != nil } && headings.map { $0! } == headings.map { $0! }.sorted(),
        "\(name): families in order")
      for entry in entries {
        #expect(
          text.contains("src=\"\(entry.file)\"") && text.contains("href=\"\(entry.stills)\"")
            && text.contains("href=\"\(entry.curves)\""), "\(name): \(entry.effect)")
      }
    }
    #expect(try page("index.html").components(separatedBy: "<article class=\"card\"").count - 1 == entries.count)
    for entry in entries {
      for file in [entry.file, entry.stills, entry.curves] {
        #expect(FileManager.default.fileExists(atPath: Self.folder + "/" + file), "\(file)")
      }
    }
  }

  @Test(
    "A card says what its GIF plays: a bounce names both operations and the hold; a one-way effect (shrink) says it holds each end and cuts back; every card gives the transition's duration and the loop's length"
  )
  func cardsSayWhatPlays() throws {
    let entries = try manifest().entries
    let cards = GalleryPage(entries: entries).families.flatMap(\.cards)
    let shrink = try #require(cards.first { $0.name == "shrink" })
    #expect(shrink.plays == "dismiss (it has no reverse): each end held 0.5 s, then a cut back to the start")
    let cube = try #require(cards.first { $0.name == "cube" })
    #expect(cube.plays == "push, then pop, each end held 0.5 s")
    #expect(cube.others == "present, dismiss, tab")
    #expect(cube.timing.hasPrefix("1.00 s transition, "))
    let html = try page("index.html")
    for card in cards {
      #expect(
        html.contains(GalleryPage.escape(card.timing)) && html.contains(GalleryPage.escape(card.plays)), "\(card.name)")
    }
  }
}
