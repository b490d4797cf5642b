import Compositor
import Effects
import Foundation
import FrameEncoding
import Pixels

/// The docs gallery: one looping GIF per effect (its default operation, then the reverse when
/// the effect supports it) and a contact sheet, plus README.md and index.html tables. A
/// manifest (`gallery.json`) records each image's frame hashes and file hash, so regenerating
/// rewrites a file only when its pixels change, and `--check` can tell a stale gallery.
public struct Gallery {
  /// Frame width of the committed GIFs, in pixels (README-sized).
  public static let width = 240.0
  public static let fps = 20.0
  public static let screen = [375.0, 667.0]

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
    public var file: String
    public var sheet: String
    public var recipe: RenderRecipe
    /// SHA-256 of each frame's straight RGBA pixels.
    public var frames: [String]
    /// SHA-256 of the GIF file's bytes.
    public var fileSHA256: String
    /// SHA-256 of the contact sheet's bytes.
    public var sheetSHA256: String
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

  /// The recipe of an effect's gallery image.
  public static func recipe(for effect: Effect) -> RenderRecipe {
    var r = RenderRecipe(effect: effect.name)
    r.operation = effect.defaultOperation.rawValue
    r.bounce = effect.operations.contains(effect.defaultOperation.reverse) ? true : nil
    r.size = screen
    r.scale = width / screen[0]
    r.fps = fps
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

  /// Renders one effect's image and, unless checking or unchanged, writes its GIF and sheet.
  @MainActor
  func render(_ effect: Effect, previous: Entry?, check: Bool) throws -> (Entry, Status) {
    let recipe = Self.recipe(for: effect)
    let hashes = ManifestSink(), frames = KeepFramesSink()
    try RenderJob(try simulate(try recipe.settings()), threads: threads).run(into: [hashes, frames])
    let file = "\(effect.name).gif", sheet = "\(effect.name).png"
    var entry = Entry(
      effect: effect.name, operations: effect.operations.map(\.rawValue), file: file, sheet: sheet,
      recipe: recipe, frames: hashes.frames.map(\.sha256), fileSHA256: previous?.fileSHA256 ?? "", sheetSHA256: previous?.sheetSHA256 ?? "")
    let status = staleness(of: entry, previous: previous, frames: frames.frames)
    if check || status == .unchanged { return (entry, status) }
    (entry.fileSHA256, entry.sheetSHA256) = try writeFiles(frames.frames, file: file, sheet: sheet, bounce: recipe.bounce == true)
    return (entry, .written)
  }

  /// Whether the files on disk are those of `entry`'s frames, as the previous manifest
  /// recorded them, and the GIF shows `frames` to a viewer (decoded, against them).
  func staleness(of entry: Entry, previous: Entry?, frames: [RenderedFrame]) -> Status {
    let onDisk = fileHash(entry.file), sheetOnDisk = fileHash(entry.sheet)
    guard let previous else { return .stale("not in the gallery") }
    if previous.frames != entry.frames || previous.recipe != entry.recipe { return .stale("its pixels changed") }
    guard let onDisk else { return .stale("\(entry.file) is missing") }
    if onDisk != previous.fileSHA256 { return .stale("\(entry.file) was modified") }
    if sheetOnDisk != previous.sheetSHA256 { return .stale("\(entry.sheet) is missing or was modified") }
    if let problem = Self.decodeProblem(folder + "/" + entry.file, frames: frames.map(\.image), options: Self.gifOptions) {
      return .stale("\(entry.file): \(problem)")
    }
    return .unchanged
  }

  /// The gallery GIFs' encoding: the defaults at the gallery's frame rate.
  static var gifOptions: EncodingOptions {
    var options = EncodingOptions()
    options.fps = fps
    return options
  }

  func fileHash(_ name: String) -> String? {
    FileManager.default.contents(atPath: folder + "/" + name).map { SHA256.hex([UInt8]($0)) }
  }

  /// Writes the looping GIF and the contact sheet (the forward half, at most 8 evenly spaced
  /// frames, in small tiles); returns their SHA-256.
  func writeFiles(_ frames: [RenderedFrame], file: String, sheet: String, bounce: Bool) throws -> (String, String) {
    let memory = MemorySink()
    var encoder = try AnyAnimationEncoder(format: .gif, sink: memory, options: Self.gifOptions)
    for frame in frames { try encoder.add(frame.image) }
    try encoder.finish()
    try writeAtomically(memory.bytes, to: folder + "/" + file)
    var contact = ContactSheet()
    contact.maximumTileWidth = 80
    contact.columns = 8
    let forward = Array(frames.prefix(bounceMidpoint(frames.count, bounce: bounce)))
    let picked = (0..<min(8, forward.count)).map { forward[$0 * (forward.count - 1) / max(1, min(8, forward.count) - 1)] }
    let sheetBytes = try PNGWriter(compressionLevel: 9).encode(contact.render(picked.map { ($0.image, $0.time) }))
    try writeAtomically(sheetBytes, to: folder + "/" + sheet)
    return (SHA256.hex(memory.bytes), SHA256.hex(sheetBytes))
  }

  /// The manifest and index pages; entries of effects not rendered this time stay, in catalog
  /// order.
  func writeIndex(_ rendered: [Entry], keeping old: Manifest?) throws {
    let names = Set(rendered.map(\.effect))
    let kept = (old?.entries ?? []).filter { !names.contains($0.effect) && EffectCatalog.effect(named: $0.effect) != nil }
    let order = Dictionary(uniqueKeysWithValues: EffectCatalog.all.enumerated().map { ($1.name, $0) })
    let entries = (rendered + kept).sorted { order[$0.effect]! < order[$1.effect]! }
    let manifest = Manifest(cairo: LibraryVersions.cairo, pixman: LibraryVersions.pixman, entries: entries)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let bytes = [UInt8](try encoder.encode(manifest)) + [10]
    if FileManager.default.contents(atPath: manifestPath).map({ [UInt8]($0) }) != bytes { try writeAtomically(bytes, to: manifestPath) }
    try writeIfChanged(Self.markdown(entries), "README.md")
    try writeIfChanged(Self.html(entries), "index.html")
  }

  /// Why the GIF at `path` does not show `frames` as `options` promise (it does not decode,
  /// its timing differs, or a frame falls outside its budget: `GIFCheck`), or nil.
  static func decodeProblem(_ path: String, frames: [RGBAImage], options: EncodingOptions) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return "cannot be read" }
    do {
      let problems = GIFCheck.problems(try GIFDecoder.decode([UInt8](data)), sources: frames, options: options)
      return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "")
    } catch {
      return "does not decode (\(error))"
    }
  }

  /// The forward half of a bounce (the frames up to the turnaround).
  func bounceMidpoint(_ count: Int, bounce: Bool) -> Int { bounce ? (count + 1) / 2 : count }

  func writeIfChanged(_ text: String, _ name: String) throws {
    let path = folder + "/" + name
    let bytes = [UInt8](text.utf8)
    if FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) != bytes { try writeAtomically(bytes, to: path) }
  }

  static func summary(_ name: String) -> (Effect?, String) {
    let e = EffectCatalog.effect(named: name)
    return (e, e?.summary ?? "")
  }

  static func markdown(_ entries: [Entry]) -> String {
    var out = """
      # Gallery

      Every built-in effect, rendered by `render gallery -o output/` (each GIF plays the effect's
      default operation, then its reverse when the effect has one). Regenerate with `make demo`;
      `render gallery --check output/` fails when an image here is stale.

      | effect | operations | duration | preview | frames |
      | --- | --- | --- | --- | --- |

      """
    for e in entries {
      let (effect, summary) = summary(e.effect)
      let duration = effect.map { String(format: "%.2f s", $0.duration) } ?? ""
      out += "| **\(e.effect)**<br>\(summary) | \(e.operations.joined(separator: ", ")) | \(duration) | ![\(e.effect)](\(e.file)) | [sheet](\(e.sheet)) |\n"
    }
    return out
  }

  static func html(_ entries: [Entry]) -> String {
    func escape(_ s: String) -> String {
      s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
    var rows = ""
    for e in entries {
      let (effect, summary) = summary(e.effect)
      let duration = effect.map { String(format: "%.2f s", $0.duration) } ?? ""
      rows += "<tr><td><b>\(escape(e.effect))</b><br>\(escape(summary))</td><td>\(e.operations.joined(separator: ", "))</td><td>\(duration)</td><td><img src=\"\(e.file)\" width=\"240\" alt=\"\(escape(e.effect))\"></td><td><a href=\"\(e.sheet)\">sheet</a></td></tr>\n"
    }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>TransitionRender gallery</title>
      <style>body{font:15px system-ui,sans-serif;margin:2em;background:#f2f2f7}table{border-collapse:collapse;background:#fff}td,th{padding:8px 12px;border-bottom:1px solid #ddd;vertical-align:top;text-align:left}</style>
      </head><body><h1>TransitionRender gallery</h1>
      <table><tr><th>effect</th><th>operations</th><th>duration</th><th>preview</th><th>frames</th></tr>
      \(rows)</table></body></html>

      """
  }
}
