import Foundation
import Testing

@testable import Text

/// What manifests record about text (docs/text.md#text-versions-in-manifests), checked against
/// the system's own tools.
@Suite("Text library versions and font hashes")
struct VersionTests {
  @Test(
    "text-versions-in-manifests: the versions reported are the runtime libraries' (pango-view and fc-match say the same)"
  )
  func versions() throws {
    #expect(try run("/usr/bin/pango-view", ["--version"]).contains("(pango) \(TextLibraries.pango)"))
    #expect(try run("/usr/bin/fc-match", ["--version"]).contains("version \(TextLibraries.fontconfig)"))
    #expect(TextLibraries.harfbuzz.split(separator: ".").count == 3)
    #expect(TextLibraries.freetype.split(separator: ".").count == 3)
  }

  @Test("text-versions-in-manifests: each font file's hash is the SHA-256 sha256sum computes")
  func hashes() throws {
    for file in [ShippedFonts.files[3], ShippedFonts.files.last!] {
      let line = try run("/usr/bin/sha256sum", [file.path])
      #expect(line.hasPrefix(try #require(ShippedFonts.hashes[file.name])))
    }
    #expect(ShippedFonts.hashes.count == ShippedFonts.files.count)
  }
}
