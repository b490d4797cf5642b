import Compositor
import Foundation
import Pixels
import Text

/// A visual-regression reference: the SHA-256 of each frame's straight RGBA8 pixels, the
/// library versions they were made with, and either the recipe that renders the frames again
/// (`render --hashes`, the goldens) or, for a recording made in code (a snapshot test), its
/// frame rate and scale. When a reference contact sheet keeps the pixels (`name.png` beside
/// `name.json`), each frame names its tile in it, so a tolerant comparison can read it back.
package struct HashManifest: Codable, Sendable, Equatable {
  /// Renderer version that wrote it.
  public var renderer: String
  public var cairo: String
  public var pixman: String
  /// The text libraries' versions and the SHA-256 of each font file text is drawn with, by
  /// file name (docs/text.md#text-versions-in-manifests); nil in manifests recorded before
  /// text, which are compared on Cairo and pixman alone.
  public var pango: String?
  public var harfbuzz: String?
  public var freetype: String?
  public var fontconfig: String?
  public var fonts: [String: String]?
  /// How to render the frames again; nil for a recording made in code.
  public var recipe: RenderRecipe?
  /// Frames per second and pixels per point of a recording made in code (a recipe holds its own).
  public var fps: Double?
  public var scale: Double?
  /// Frame size in pixels.
  public var width: Int
  public var height: Int
  /// Each frame's time in seconds and hash, in order.
  public var frames: [Frame]
  /// The GIF written with the frames, which `render verify` decodes too; nil when none was.
  public var animation: AnimationRecord?

  public struct Frame: Codable, Sendable, Equatable {
    public var time: Double
    public var sha256: String
    /// Where the frame is in the reference sheet, [x, y, width, height] in pixels; nil when
    /// only the hash is kept.
    public var tile: [Int]?
  }

  public init(renderer: String, recipe: RenderRecipe, width: Int, height: Int, frames: [Frame]) {
    self.init(renderer: renderer, width: width, height: height, frames: frames)
    self.recipe = recipe
  }

  /// A manifest of a recording made in code.
  public init(renderer: String, fps: Double, scale: Double, width: Int, height: Int, frames: [Frame]) {
    self.init(renderer: renderer, width: width, height: height, frames: frames)
    self.fps = fps
    self.scale = scale
  }

  private init(renderer: String, width: Int, height: Int, frames: [Frame]) {
    self.renderer = renderer
    self.cairo = LibraryVersions.cairo
    self.pixman = LibraryVersions.pixman
    self.pango = TextLibraries.pango
    self.harfbuzz = TextLibraries.harfbuzz
    self.freetype = TextLibraries.freetype
    self.fontconfig = TextLibraries.fontconfig
    self.fonts = ShippedFonts.hashes
    self.width = width
    self.height = height
    self.frames = frames
  }

  /// The frame rate of the frames: the recording's, or the recipe's.
  public var framesPerSecond: Double? { fps ?? recipe?.fps }

  /// Pretty, key-sorted JSON: stable bytes for the same manifest.
  public func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return [UInt8](try encoder.encode(self)) + [10]
  }

  public static func load(path: String) throws -> HashManifest {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RenderError("cannot read manifest '\(path)': no such file or not readable")
    }
    do {
      return try JSONDecoder().decode(HashManifest.self, from: data)
    } catch {
      throw RenderError("'\(path)' is not a hash manifest (\(describeDecodingError(error)))")
    }
  }

  /// Whether the hashes were made with the libraries and fonts this process runs.
  public var librariesMatch: Bool { libraryDifferences.isEmpty }

  /// What differs between the libraries and fonts the hashes were made with and this
  /// process's: (recorded, here) pairs such as ("pango 1.50.12", "pango 1.52.0"); a font file
  /// is named with the start of its hash. Text fields a manifest does not record are not
  /// compared.
  public var libraryDifferences: [(recorded: String, here: String)] {
    var out: [(String, String)] = []
    func compare(_ name: String, _ recorded: String?, _ here: String) {
      if let recorded, recorded != here { out.append(("\(name) \(recorded)", "\(name) \(here)")) }
    }
    compare("cairo", cairo, LibraryVersions.cairo)
    compare("pixman", pixman, LibraryVersions.pixman)
    compare("pango", pango, TextLibraries.pango)
    compare("harfbuzz", harfbuzz, TextLibraries.harfbuzz)
    compare("freetype", freetype, TextLibraries.freetype)
    compare("fontconfig", fontconfig, TextLibraries.fontconfig)
    for (file, hash) in (fonts ?? [:]).sorted(by: { $0.key < $1.key }) {
      let here = ShippedFonts.hashes[file]
      if here != hash {
        out.append(("\(file) \(hash.prefix(12))", "\(file) \(here.map { String($0.prefix(12)) } ?? "missing")"))
      }
    }
    return out
  }
}

func describeDecodingError(_ error: Error) -> String {
  guard let e = error as? DecodingError else { return "\(error)" }
  func path(_ c: DecodingError.Context) -> String {
    "$" + c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }
  switch e {
  case .keyNotFound(let key, let c): return "\(path(c)): missing key '\(key.stringValue)'"
  case .typeMismatch(_, let c): return "\(path(c)): \(c.debugDescription)"
  case .valueNotFound(_, let c): return "\(path(c)): missing value"
  case .dataCorrupted(let c): return "\(path(c)): \(c.debugDescription)"
  @unknown default: return "\(error)"
  }
}

/// Collects frame hashes (and keeps nothing else).
package final class ManifestSink: FrameSink {
  public private(set) var frames: [HashManifest.Frame] = []
  public private(set) var width = 0
  public private(set) var height = 0
  public init() {}
  public func add(_ frame: RenderedFrame) throws {
    width = frame.image.width
    height = frame.image.height
    frames.append(HashManifest.Frame(time: (frame.time * 1e6).rounded() / 1e6, sha256: SHA256.hex(frame.image.pixels)))
  }
  public func finish(endTime: Double) throws {}
}

/// `path` (relative to the working folder, or absolute) expressed relative to `folder`, so a
/// manifest keeps working wherever its folder is checked out.
package func path(_ path: String, relativeTo folder: String) -> String {
  let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
  let base = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.pathComponents
  var common = 0
  while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
  let ups = Array(repeating: "..", count: base.count - common)
  return (ups + target[common...]).joined(separator: "/")
}
