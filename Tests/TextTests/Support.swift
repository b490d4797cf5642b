import Foundation
import Snapshot

@testable import Text

/// A layout as pango-view (Debian's pango1.0-tools, the system's fontconfig) serializes it:
/// the independent measurement the engine's layouts are checked against.
struct PangoViewLayout {
  /// Total height and width, in points.
  var height: Double
  var width: Double
  /// Each line's runs: the SHA-256 of the run's font file, and its glyphs (index, advance in
  /// points).
  var lines: [[(fontSHA256: String, glyphs: [(glyph: Int, advance: Double)])]]
}

/// Runs pango-view on `text` at 72 dpi with unhinted, unrounded metrics and subpixel
/// positions (Pango 1.50's pango-view leaves metrics unrounded with `--hint-metrics=on` when
/// hinting is none, and rounds them with `off`: measured, 41.105 against 42 pt for
/// Inter Display Bold 34), optionally wrapped at `width` (whole) points.
func pangoView(font: String, text: String, width: Int? = nil) throws -> PangoViewLayout {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pango-view-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let json = folder.appendingPathComponent("layout.json").path
  var args = [
    "--font", font, "--pixels", "--hinting=none", "--hint-metrics=on", "--subpixel-positions", "-q",
    "--serialize-to=\(json)", "-o", folder.appendingPathComponent("layout.png").path, "-t", text,
  ]
  if let width { args += ["--width=\(width)"] }
  let p = Process()
  p.executableURL = URL(fileURLWithPath: "/usr/bin/pango-view")
  p.arguments = args
  try p.run()
  p.waitUntilExit()
  guard p.terminationStatus == 0, let data = FileManager.default.contents(atPath: json),
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let output = root["output"] as? [String: Any],
    let lines = output["lines"] as? [[String: Any]]
  else { throw PangoViewError(message: "pango-view failed for \(font)") }
  func points(_ v: Any?) -> Double { ((v as? NSNumber)?.doubleValue ?? .nan) / 1024 }
  return PangoViewLayout(
    height: points(output["height"]), width: points(output["width"]),
    lines: lines.map { line in
      ((line["runs"] as? [[String: Any]]) ?? []).map { run in
        let font = run["font"] as? [String: Any]
        let glyphs = ((run["glyphs"] as? [[String: Any]]) ?? []).map {
          (glyph: ($0["glyph"] as? NSNumber)?.intValue ?? -1, advance: points($0["width"]))
        }
        return (fontSHA256: font?["checksum"] as? String ?? "", glyphs: glyphs)
      }
    })
}

struct PangoViewError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The glyph index of an outline name `File.otf#123`.
func glyphIndex(_ outline: GlyphOutline) -> Int { Int(outline.name.split(separator: "#").last!)! }

/// The font file of an outline name.
func fileName(_ outline: GlyphOutline) -> String { String(outline.name.split(separator: "#").first!) }

/// The outline the engine draws for "…" in `font`.
func ellipsis(_ font: Font) -> GlyphOutline {
  TextEngine.shared.layout(TextBlock("…", font: font), in: Size(width: 100, height: 100)).glyphs[0].outline
}

/// Runs a command; returns what it printed on standard output and error.
func run(_ path: String, _ args: [String]) throws -> String {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: path)
  p.arguments = args
  let pipe = Pipe()
  p.standardOutput = pipe
  p.standardError = pipe
  try p.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}
