import Compositor
import Foundation
import Rendering

/// How a media set's animations, filmstrips and budgets are made: one value for the whole set,
/// recorded in its manifest, so a change of it makes every animation stale.
package struct MediaStyle: Codable, Sendable, Equatable {
  /// Frames a second of the animations.
  public var fps = 15.0
  /// Lossy WebP quality, 0 to 100: the primary file a browser shows.
  public var webpQuality = 75
  /// GIF quality, 0 to 100, and its dithering (`GIFDither`'s name): the fallback.
  public var gifQuality = 39
  public var gifDither = GIFDither.auto.rawValue
  /// The GIF's size against the WebP's, more than 0 and at most 1: a fallback few readers see
  /// may be smaller.
  public var gifScale = 1.0
  /// The filmstrip's progress points (0 the start, 1 the end) and each still's width in pixels.
  public var stillPoints = [0, 0.25, 0.5, 0.75, 1]
  public var stillWidth = 120.0
  /// Most bytes one animation (a WebP or a GIF) may take: each is encoded at its quality and,
  /// when bigger, at the highest lower quality that fits (`SizeFit`); nil for no limit.
  public var maxFileBytes: Int?
  /// Most bytes every file of the set together (animations, filmstrips, curves) may take; nil
  /// for no limit.
  public var maxTotalBytes: Int?

  public init() {}

  /// The encoding of `format`'s file at `quality` (the style's own when nil), `holds` seconds
  /// on the first and the last frame, looping forever.
  public func options(_ format: OutputFormat, holds: (first: Double, last: Double), quality: Int? = nil)
    -> EncodingOptions
  {
    var options = EncodingOptions()
    options.fps = fps
    options.quality = quality ?? (format == .gif ? gifQuality : webpQuality)
    if format == .gif { options.dither = GIFDither(rawValue: gifDither) ?? .none }
    (options.holdFirst, options.holdLast) = holds
    return options
  }

  /// Whether `other` encodes the animations as this style does (the size limits, the
  /// filmstrips and the curves are checked on their own).
  func encodesLike(_ other: MediaStyle) -> Bool {
    (fps, webpQuality, gifQuality, gifDither, gifScale)
      == (other.fps, other.webpQuality, other.gifQuality, other.gifDither, other.gifScale)
  }
}

/// What a media folder holds (`media.json`, the gallery's `gallery.json`): the style, and per
/// transition its frames' hashes and each file's hash, size and quality, so that regenerating
/// rewrites only what changed and a check tells what is stale without encoding anything.
package struct MediaManifest: Codable, Sendable, Equatable {
  public var cairo = LibraryVersions.cairo
  public var pixman = LibraryVersions.pixman
  public var style: MediaStyle
  public var entries: [MediaEntry]

  public init(style: MediaStyle, entries: [MediaEntry]) {
    self.style = style
    self.entries = entries
  }

  /// The manifest at `path`; nil when there is none or it does not decode (then everything is
  /// stale).
  static func load(_ path: String) -> MediaManifest? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONDecoder().decode(MediaManifest.self, from: data)
  }

  /// Pretty-printed, keys sorted, a final newline: the same entries give the same bytes.
  package func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return [UInt8](try encoder.encode(self)) + [10]
  }

  /// Bytes of every file the entries list.
  public var totalBytes: Int { entries.reduce(0) { $0 + $1.files.reduce(0) { $0 + $1.bytes } } }
}

/// One transition's media.
package struct MediaEntry: Codable, Sendable, Equatable {
  public var name: String
  public var alt: String
  /// The gallery's recipe; nil for a user's transition.
  public var recipe: RenderRecipe?
  /// The animations' size in pixels.
  public var width: Int
  public var height: Int
  /// Seconds the first and the last frame are held.
  public var holdFirst: Double
  public var holdLast: Double
  /// The light and the dark variant, in that order.
  public var variants: [MediaVariant]
  /// The motion curves (SVG), the same in both appearances.
  public var curves: MediaFile

  public func variant(_ appearance: MediaAppearance) -> MediaVariant? {
    variants.first { $0.appearance == appearance }
  }

  /// Every file of the entry: each variant's WebP, GIF and filmstrip, then the curves.
  public var files: [MediaFile] { variants.flatMap { [$0.webp, $0.gif, $0.stills] } + [curves] }

  /// Seconds one play of an animation lasts: its frames at `fps` and the end holds.
  public func loopSeconds(fps: Double) -> Double {
    Double(variants.first?.frames.count ?? 0) / fps + holdFirst + holdLast
  }
}

/// One appearance of a transition: its frames and its three files.
package struct MediaVariant: Codable, Sendable, Equatable {
  public var appearance: MediaAppearance
  /// SHA-256 of each frame's straight RGBA pixels: the WebP's, and the GIF's when it is
  /// smaller (nil: the same frames).
  public var frames: [String]
  public var gifFrames: [String]?
  public var webp: MediaFile
  public var gif: MediaFile
  public var stills: MediaFile
}

/// A file as it was written.
package struct MediaFile: Codable, Sendable, Equatable {
  /// Its name in the folder.
  public var file: String
  public var sha256: String
  public var bytes: Int
  /// The quality an animation was encoded at (lower than the style's when a size limit asked
  /// for it); nil for the filmstrips and curves.
  public var quality: Int?
}
