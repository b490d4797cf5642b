import Compositor
import Effects
import Foundation
import Rendering
import FrameEncoding
import Pixels

/// The docs gallery: per effect a looping GIF (its default operation, the end state held, then
/// the reverse when the effect has one, the start held; a one-way effect holds its ends and cuts
/// back), a labelled filmstrip in the phone outline and the motion curves, plus the README.md
/// and index.html pages. A manifest (`gallery.json`) records each image's frame hashes and file
/// hashes, so regenerating rewrites a file only when it changes, and `--check` can tell a stale
/// gallery.
package struct Gallery {
  /// Frame width of the committed GIFs, in pixels (README-sized).
  public static let width = 240.0
  /// 15 frames a second and GIF quality 39 (a 38.2 dB target on moving frames; the held first
  /// and last frames are exact) with `dither` keep the gallery of text-filled screens, with its
  /// filmstrips and curves, within the 9.1 MB it took at quality 40 without dithering, under
  /// 10 MB: the bytes visual masking saved went to smoothing the photographs' skies
  /// (docs/gif-encoder.md#dithering).
  public static let fps = 15.0
  public static let quality = 39
  /// `auto`: gradients that would band are dithered (the demo photograph's sky: a third to a
  /// half of the banded share, for about 3 % more bytes).
  public static let dither = GIFDither.auto
  public static let screen = [375.0, 667.0]
  /// Width of each still of a filmstrip, in pixels: five fit a phone's screen turned sideways.
  public static let stillWidth = 120.0
  /// The filmstrips' progress points: start, quarters, end.
  public static let stillPoints = [0, 0.25, 0.5, 0.75, 1]

  public let folder: String
  public let threads: Int
  /// The effects to render or check (others keep their manifest entries).
  public let effects: [Effect]

  public init(folder: String, threads: Int, effects: [Effect] = EffectCatalog.all) {
    self.folder = folder
    self.threads = threads
    self.effects = effects
  }

  /// One gallery image: how it is rendered and what it looked like when written.
  public struct Entry: Codable, Sendable, Equatable {
    public var effect: String
    public var operations: [String]
    /// The GIF, the filmstrip (PNG) and the motion curves (SVG).
    public var file: String
    public var stills: String
    public var curves: String
    public var recipe: RenderRecipe
    /// SHA-256 of each frame's straight RGBA pixels.
    public var frames: [String]
    /// SHA-256 of the GIF's, the filmstrip's and the curves' bytes.
    public var fileSHA256: String
    public var stillsSHA256: String
    public var curvesSHA256: String

    /// Seconds one play of the GIF lasts: its frames at the frame rate and the end holds.
    public var loopSeconds: Double {
      let holds = recipe.encodingHolds
      return Double(frames.count) / recipe.fps + holds.first + holds.last
    }
  }

  public struct Manifest: Codable, Sendable, Equatable {
    public var cairo: String
    public var pixman: String
    public var entries: [Entry]
  }

  /// What regeneration or a check found for one effect.
  public enum Status: Equatable, Sendable {
    case unchanged, written, stale(String)
  }

  /// The recipe of an effect's gallery GIF: a bounce when the effect has the reverse operation
  /// (holding each end state `RenderRecipe.defaultBounceHold`), else the operation alone with
  /// the same hold at both ends.
  public static func recipe(for effect: Effect) -> RenderRecipe {
    var r = RenderRecipe(effect: effect.name)
    r.operation = effect.defaultOperation
    if effect.operations.contains(effect.defaultOperation.reverse) {
      r.bounce = true
    } else {
      r.hold = RenderRecipe.defaultBounceHold
    }
    r.size = Size(width: screen[0], height: screen[1])
    r.scale = width / screen[0]
    r.fps = fps
    return r
  }

  /// The recipe of the filmstrip and the curves: the operation once, stills `stillWidth` wide.
  static func oneTransition(of recipe: RenderRecipe) -> RenderRecipe {
    var r = recipe
    r.bounce = nil
    r.hold = nil
    r.scale = stillWidth / screen[0]
    return r
  }

  var manifestPath: String { folder + "/gallery.json" }

  func loadManifest() -> Manifest? {
    guard let data = FileManager.default.contents(atPath: manifestPath) else { return nil }
    return try? JSONDecoder().decode(Manifest.self, from: data)
  }

  /// Renders every effect; writes the files whose pixels changed (or that are missing), the
  /// manifest and the index pages. With `check`, writes nothing and reports stale entries.
  /// `progress` is called after each effect.
  @MainActor
  public func run(check: Bool, progress: (String, Status) -> Void = { _, _ in }) throws -> [String: Status] {
    if !check { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    let old = loadManifest()
    var entries: [Entry] = []
    var results: [String: Status] = [:]
    for effect in effects {
      let (entry, status) = try render(effect, previous: old?.entries.first { $0.effect == effect.name }, check: check)
      entries.append(entry)
      results[effect.name] = status
      progress(effect.name, status)
    }
    if !check { try writeIndex(entries, keeping: old) }
    return results
  }

  /// Renders one effect's GIF, filmstrip and curves and, unless checking or unchanged, writes
  /// the files that differ from what is on disk.
  @MainActor
  func render(_ effect: Effect, previous: Entry?, check: Bool) throws -> (Entry, Status) {
    let recipe = Self.recipe(for: effect)
    let hashes = ManifestSink(), frames = KeepFramesSink()
    let job = try RenderJob(try simulate(try recipe.settings()), threads: threads)
    try job.run(into: [hashes, frames])
    let extras = try stillsAndCurves(of: recipe, title: "\(effect.name) --\(effect.defaultOperation.rawValue)")
    var entry = Entry(
      effect: effect.name, operations: effect.operations.map(\.rawValue), file: "\(effect.name).gif",
      stills: "\(effect.name)-stills.png", curves: "\(effect.name)-curves.svg", recipe: recipe,
      frames: hashes.frames.map(\.sha256),
      fileSHA256: previous?.fileSHA256 ?? "", stillsSHA256: SHA256.hex(extras.stills),
      curvesSHA256: SHA256.hex(extras.curves))
    let status = staleness(of: entry, previous: previous, frames: frames.frames)
    if check || status == .unchanged { return (entry, status) }
    entry.fileSHA256 = try writeGIF(of: job, to: entry.file, options: Self.gifOptions(entry.recipe))
    try writeAtomically(extras.stills, to: folder + "/" + entry.stills)
    try writeAtomically(extras.curves, to: folder + "/" + entry.curves)
    return (entry, .written)
  }

  /// The filmstrip (PNG) and motion curves (SVG) of the recipe's operation: one recording
  /// gives the curves and the completion the stills are timed by, a second catches the stills.
  @MainActor
  func stillsAndCurves(of recipe: RenderRecipe, title: String) throws -> (stills: [UInt8], curves: [UInt8]) {
    let settings = try Self.oneTransition(of: recipe).settings()
    let recording = try simulate(settings, motion: true)
    guard let motion = recording.motion else { throw RenderError("\(recipe.effect): no motion curves") }
    let stills = try Rendering.stills(
      of: settings, atProgress: Self.stillPoints, completion: recording.completions.first)
    let strip = try FilmStrip(framed: true).png(stills, scale: settings.scale, threads: threads)
    return (strip, try CurvePlot(title: title + ": motion curves").svg(motion))
  }

  /// Whether the files on disk are those of `entry` (its frames as the previous manifest
  /// recorded them, its filmstrip and curves byte for byte), and the GIF shows `frames` to a
  /// viewer (decoded, against them).
  func staleness(of entry: Entry, previous: Entry?, frames: [RenderedFrame]) -> Status {
    guard let previous else { return .stale("not in the gallery") }
    if previous.frames != entry.frames || previous.recipe != entry.recipe { return .stale("its pixels changed") }
    guard let onDisk = fileHash(entry.file) else { return .stale("\(entry.file) is missing") }
    if onDisk != previous.fileSHA256 { return .stale("\(entry.file) was modified") }
    for (file, hash) in [(entry.stills, entry.stillsSHA256), (entry.curves, entry.curvesSHA256)]
    where fileHash(file) != hash {
      return .stale("\(file) is missing or differs")
    }
    if let problem = AnimationRecord.gifProblem(
      folder + "/" + entry.file, frames: frames.map(\.image), options: Self.gifOptions(entry.recipe))
    {
      return .stale("\(entry.file): \(problem)")
    }
    return .unchanged
  }

  /// A gallery GIF's encoding: the gallery's quality and dithering at the recipe's frame rate,
  /// with its end holds.
  public static func gifOptions(_ recipe: RenderRecipe) -> EncodingOptions {
    var options = EncodingOptions()
    options.fps = recipe.fps
    options.quality = quality
    options.dither = dither
    (options.holdFirst, options.holdLast) = recipe.encodingHolds
    return options
  }

  func fileHash(_ name: String) -> String? {
    FileManager.default.contents(atPath: folder + "/" + name).map { SHA256.hex([UInt8]($0)) }
  }

  /// Writes the looping GIF through the job (composited again: only a stale entry is
  /// written, which its kept frames' hashes decide after the first pass); returns its SHA-256.
  func writeGIF(of job: RenderJob, to file: String, options: EncodingOptions) throws -> String {
    let path = folder + "/" + file
    try job.write(to: .animation(path, .gif), encoding: OutputEncoding(options: options))
    guard let bytes = FileManager.default.contents(atPath: path) else {
      throw RenderError("cannot read back '\(path)'")
    }
    return SHA256.hex([UInt8](bytes))
  }

  /// The manifest and index pages; entries of effects not rendered this time stay, in catalog
  /// order.
  func writeIndex(_ rendered: [Entry], keeping old: Manifest?) throws {
    let names = Set(rendered.map(\.effect))
    let kept = (old?.entries ?? []).filter {
      !names.contains($0.effect) && EffectCatalog.effect(named: $0.effect) != nil
    }
    let order = Dictionary(uniqueKeysWithValues: EffectCatalog.all.enumerated().map { ($1.name, $0) })
    let entries = (rendered + kept).sorted { order[$0.effect]! < order[$1.effect]! }
    let manifest = Manifest(cairo: LibraryVersions.cairo, pixman: LibraryVersions.pixman, entries: entries)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let bytes = [UInt8](try encoder.encode(manifest)) + [10]
    if FileManager.default.contents(atPath: manifestPath).map({ [UInt8]($0) }) != bytes {
      try writeAtomically(bytes, to: manifestPath)
    }
    try writeIfChanged(GalleryPage(entries: entries).markdown(), "README.md")
    try writeIfChanged(GalleryPage(entries: entries).html(), "index.html")
  }

  func writeIfChanged(_ text: String, _ name: String) throws {
    let path = folder + "/" + name
    let bytes = [UInt8](text.utf8)
    if FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) != bytes { try writeAtomically(bytes, to: path) }
  }
}
