import Foundation
import FrameEncoding
import Rendering

/// The docs media of a set of transitions in one folder, for a README and a docs site as they
/// are: per transition an animated WebP (what browsers show) and a GIF fallback, each in light
/// and dark, a filmstrip in each appearance under DocC's names, the motion curves, and pages
/// made from the entries (a user's `<picture>` snippets, the gallery's README and index). A
/// manifest records frames and files, so a run rewrites only what changed and a check says
/// what is stale without encoding anything. Everything a run writes is staged and committed
/// together: a run that fails anywhere (a transition that does not record, a folder that
/// cannot be written, a budget no quality meets) replaces nothing.
package struct MediaSet {
  public let folder: String
  public let style: MediaStyle
  public let threads: Int
  /// The manifest's name in the folder.
  public var manifestName = "media.json"
  /// The pages written beside the media (file name, text), made from every entry.
  public var pages: ([MediaEntry]) -> [(name: String, text: String)] = { _ in [] }
  /// Which entries of the previous manifest stay when not made this run (the gallery's effects
  /// left out by `--effects`), and the order of all of them.
  public var keeps: (MediaEntry) -> Bool = { _ in false }
  public var order: ([MediaEntry]) -> [MediaEntry] = { $0 }

  public init(folder: String, style: MediaStyle, threads: Int) {
    self.folder = folder
    self.style = style
    self.threads = threads
  }

  /// What a run found for one transition.
  public struct Outcome: Sendable, Equatable {
    public var name: String
    /// Up to date, written, or (checking) stale with the reasons.
    public var status: Status
    public var entry: MediaEntry
  }

  public enum Status: Sendable, Equatable {
    case unchanged, written
    case stale([String])
  }

  /// A run's result: each transition's outcome, the pages that differ (stale when checking,
  /// written otherwise), and the manifest of the folder as it now is (or should be).
  public struct Report: Sendable {
    public var outcomes: [Outcome]
    public var pages: [String]
    public var manifest: MediaManifest
    /// Whether a check found everything current.
    public var upToDate: Bool { outcomes.allSatisfy { $0.status == .unchanged } && pages.isEmpty }
  }

  var manifestPath: String { folder + "/" + manifestName }

  /// Makes the media of `sources` (in their order) and, unless `check`, writes the files that
  /// differ, the pages and the manifest. `progress` hears each transition's outcome. Throws,
  /// naming the transition, when one cannot be recorded or encoded within the size limit, and
  /// when the set exceeds the total budget; nothing is written then.
  @MainActor
  public func run(_ sources: [any MediaSource], check: Bool, progress: (Outcome) -> Void = { _ in }) throws -> Report {
    let previous = MediaManifest.load(manifestPath)
    let staging = check ? nil : MediaStaging(folder: folder)
    do {
      let maker = MediaMaker(
        folder: folder, style: style, previousStyle: previous?.style, threads: threads, staging: staging)
      var outcomes: [Outcome] = []
      for source in sources {
        let old = previous?.entries.first { $0.name == source.name }
        let made: (entry: MediaEntry, stale: [String])
        do {
          made = try maker.make(source, previous: old)
        } catch {
          throw RenderError("\(source.name): \(error)")
        }
        let status: Status = made.stale.isEmpty ? .unchanged : check ? .stale(made.stale) : .written
        outcomes.append(Outcome(name: source.name, status: status, entry: made.entry))
        progress(outcomes.last!)
      }
      let manifest = merged(outcomes.map(\.entry), previous: previous)
      try checkTotal(manifest)
      let pages = try write(manifest, unchangedManifest: previous == manifest, staging: staging)
      try staging?.commit()
      return Report(outcomes: outcomes, pages: pages, manifest: manifest)
    } catch {
      staging?.discard()
      throw error
    }
  }

  /// This run's entries with the previous ones it keeps, in `order`.
  private func merged(_ made: [MediaEntry], previous: MediaManifest?) -> MediaManifest {
    let names = Set(made.map(\.name))
    let kept = (previous?.entries ?? []).filter { !names.contains($0.name) && keeps($0) }
    return MediaManifest(style: style, entries: order(made + kept))
  }

  /// Refuses a set over the total budget, naming its largest transitions.
  private func checkTotal(_ manifest: MediaManifest) throws {
    guard let limit = style.maxTotalBytes, manifest.totalBytes > limit else { return }
    let largest = manifest.entries.map { ($0.name, $0.files.reduce(0) { $0 + $1.bytes }) }.sorted { $0.1 > $1.1 }
    throw RenderError(
      "the media take \(manifest.totalBytes) bytes, over the total budget of \(limit) (--max-total); the largest: "
        + largest.prefix(3).map { "\($0.0) (\($0.1) bytes)" }.joined(separator: ", "))
  }

  /// Stages the pages and the manifest that differ from the folder's; returns the pages that
  /// do (when checking, nothing is staged and they are what is stale).
  private func write(_ manifest: MediaManifest, unchangedManifest: Bool, staging: MediaStaging?) throws -> [String] {
    var differing: [String] = []
    for (name, text) in pages(manifest.entries) {
      let bytes = [UInt8](text.utf8)
      guard FileManager.default.contents(atPath: folder + "/" + name).map({ [UInt8]($0) }) != bytes else { continue }
      differing.append(name)
      try staging?.stage(bytes, as: name)
    }
    if let staging, !unchangedManifest || !FileManager.default.fileExists(atPath: manifestPath) {
      try staging.stage(try manifest.encoded(), as: manifestName)
    }
    return differing
  }
}

/// Where a run's files wait until the set commits (`StagedOutputs`): in the media folder,
/// made when the first file is staged (so a folder that cannot be made is the error of the
/// transition being written) and removed again when the run fails.
final class MediaStaging {
  let folder: String
  private let outputs = StagedOutputs()
  private var madeFolder: Bool?

  init(folder: String) { self.folder = folder }

  /// Stages `bytes` as the file `name` of the folder.
  func stage(_ bytes: [UInt8], as name: String) throws {
    if madeFolder == nil { madeFolder = try makeFolder() }
    try outputs.file(folder + "/" + name).sink.write(bytes)
  }

  func commit() throws { try outputs.commit() }

  func discard() {
    outputs.discard()
    if madeFolder == true { rmdir(folder) }
  }

  /// Makes the folder when it is missing; true when it did.
  private func makeFolder() throws -> Bool {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw RenderError("cannot write '\(folder)': it is a file, not a folder") }
      return false
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw RenderError("cannot write '\(folder)': the folder cannot be made (\(error.localizedDescription))")
    }
    return true
  }
}
