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
  /// 15 frames a second and GIF quality 55 (a 43 dB target on moving frames; the first and
  /// last frames are exact) keep the gallery of text-filled screens under 10 MB.
  public static let fps = 15.0
  public static let quality = 55
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
    let fm = FileManager.default
    if !check { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    let old = loadManifest()
    var entries: [Entry] = []
    var results: [String: Status] = [:]
    for effect in effects {
      let recipe = Self.recipe(for: effect)
      let settings = try recipe.settings()
      let snapshots = try simulate(settings)
      var hashes = ManifestSink()
      var tiles = KeepFramesSink()
      var fanOut = FanOutSink([hashes, tiles])
      try FramePipeline(compositor: .init(scale: settings.scale), threads: threads).run(snapshots, frameDuration: 1 / settings.fps, into: &fanOut)
      hashes = fanOut.sinks[0] as! ManifestSink
      tiles = fanOut.sinks[1] as! KeepFramesSink
      let frameHashes = hashes.frames.map(\.sha256)
      let file = "\(effect.name).gif", sheet = "\(effect.name).png"
      let previous = old?.entries.first { $0.effect == effect.name }
      let onDisk = fm.contents(atPath: folder + "/" + file).map { SHA256.hex([UInt8]($0)) }
      let sheetOnDisk = fm.contents(atPath: folder + "/" + sheet).map { SHA256.hex([UInt8]($0)) }
      var entry = Entry(
        effect: effect.name, operations: effect.operations.map(\.rawValue), file: file, sheet: sheet,
        recipe: recipe, frames: frameHashes, fileSHA256: previous?.fileSHA256 ?? "", sheetSHA256: previous?.sheetSHA256 ?? "")
      var options = EncodingOptions()
      options.fps = settings.fps
      options.quality = Self.quality
      // What a viewer gets: the file on disk decoded, against the frames just rendered.
      let decodeProblem = onDisk == nil ? nil : Self.decodeProblem(folder + "/" + file, frames: tiles.frames.map(\.image), options: options)
      let fresh = previous?.frames == frameHashes && previous?.recipe == recipe && onDisk != nil && onDisk == previous?.fileSHA256
        && sheetOnDisk != nil && sheetOnDisk == previous?.sheetSHA256 && decodeProblem == nil
      let status: Status
      if check {
        if previous == nil {
          status = .stale("not in the gallery")
        } else if previous?.frames != frameHashes || previous?.recipe != recipe {
          status = .stale("its pixels changed")
        } else if onDisk == nil {
          status = .stale("\(file) is missing")
        } else if onDisk != previous?.fileSHA256 {
          status = .stale("\(file) was modified")
        } else if sheetOnDisk != previous?.sheetSHA256 {
          status = .stale("\(sheet) is missing or was modified")
        } else if let decodeProblem {
          status = .stale("\(file): \(decodeProblem)")
        } else {
          status = .unchanged
        }
      } else if fresh {
        status = .unchanged
      } else {
        let memory = MemorySink()
        var encoder = try AnyAnimationEncoder(format: .gif, sink: memory, options: options)
        for frame in tiles.frames { try encoder.add(frame.image) }
        try encoder.finish()
        try writeAtomically(memory.bytes, to: folder + "/" + file)
        // The sheet shows the forward half, at most 8 evenly spaced frames, in small tiles.
        var contact = ContactSheet()
        contact.maximumTileWidth = 80
        contact.columns = 8
        let forward = Array(tiles.frames.prefix(bounceMidpoint(tiles.frames.count, bounce: recipe.bounce == true)))
        let picked = (0..<min(8, forward.count)).map { forward[$0 * (forward.count - 1) / max(1, min(8, forward.count) - 1)] }
        let sheetBytes = try PNGWriter(compressionLevel: 9).encode(contact.render(picked.map { ($0.image, $0.time) }))
        try writeAtomically(sheetBytes, to: folder + "/" + sheet)
        entry.sheetSHA256 = SHA256.hex(sheetBytes)
        entry.fileSHA256 = SHA256.hex(memory.bytes)
        status = .written
      }
      entries.append(entry)
      results[effect.name] = status
      progress(effect.name, status)
    }
    if !check {
      // Entries of effects not rendered this time stay, in catalog order.
      let rendered = Set(entries.map(\.effect))
      let kept = (old?.entries ?? []).filter { !rendered.contains($0.effect) && EffectCatalog.effect(named: $0.effect) != nil }
      let order = Dictionary(uniqueKeysWithValues: EffectCatalog.all.enumerated().map { ($1.name, $0) })
      entries = (entries + kept).sorted { order[$0.effect]! < order[$1.effect]! }
      let manifest = Manifest(cairo: LibraryVersions.cairo, pixman: LibraryVersions.pixman, entries: entries)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let bytes = [UInt8](try encoder.encode(manifest)) + [10]
      if fm.contents(atPath: manifestPath).map({ [UInt8]($0) }) != bytes { try writeAtomically(bytes, to: manifestPath) }
      try writeIfChanged(Self.markdown(entries), "README.md")
      try writeIfChanged(Self.html(entries), "index.html")
    }
    return results
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

import Compositor
