import Compositor
import FrameEncoding
import Foundation
import Pixels

/// When a snapshot check writes its reference instead of comparing.
public enum RecordMode: String, Sendable, CaseIterable {
  /// Compare only; a missing reference fails (what CI wants).
  case never
  /// Write references that do not exist yet (and fail, so it never passes silently).
  case missing
  /// Compare, and rewrite the reference of a check that fails (still failing).
  case failed
  /// Rewrite every reference (and fail).
  case all

  /// `explicit` when given; else the environment variable `TRANSITIONRENDER_RECORD` (never,
  /// missing, failed, all); else `missing`, or `never` when `CI` is set. An unknown value in
  /// the variable is an error naming the accepted ones.
  public static func resolve(_ explicit: RecordMode?) throws -> RecordMode {
    if let explicit { return explicit }
    let environment = ProcessInfo.processInfo.environment
    if let value = environment["TRANSITIONRENDER_RECORD"], !value.isEmpty {
      guard let mode = RecordMode(rawValue: value) else {
        throw RenderError(
          "TRANSITIONRENDER_RECORD=\(value) is not a record mode; use never, missing, failed or all", usage: true)
      }
      return mode
    }
    return environment["CI"] != nil ? .never : .missing
  }
}

/// Where a snapshot's reference lives: a hash manifest and, when the pixels are kept, the
/// reference contact sheet beside it (every frame at full size, lossless).
public struct SnapshotReference: Sendable, Equatable {
  /// The hash manifest's path (`.json`).
  public var manifestPath: String
  /// nil keeps hashes only: the check is then exact.
  public var sheetPath: String?
  /// Recorded into the manifest so that `render verify` can render it again; nil for a
  /// recording made in code.
  package var recipe: RenderRecipe?
  /// Who writes it, recorded in the manifest ("snapshot", "golden", the CLI's version).
  public var renderer = "snapshot"
  /// The GIF written with the frames, recorded so `render verify` decodes it; nil for none.
  package var animation: AnimationRecord?

  /// The reference whose manifest is at `manifest`, with its sheet at `sheet` (nil: hashes only).
  public init(manifest: String, sheet: String?) {
    manifestPath = manifest
    sheetPath = sheet
  }

  /// The reference of a render the command line can make again from `recipe`.
  package init(manifest: String, sheet: String?, recipe: RenderRecipe?) {
    self.init(manifest: manifest, sheet: sheet)
    self.recipe = recipe
  }

  /// swift-snapshot-testing's layout beside the test file:
  /// `__Snapshots__/<TestFile>/<name>.json` and `<name>.png`.
  public static func beside(testFile: String, named name: String) -> SnapshotReference {
    let file = URL(fileURLWithPath: testFile)
    let folder = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(
      file.deletingPathExtension().lastPathComponent)
    let base = folder.appendingPathComponent(name).path
    return SnapshotReference(manifest: base + ".json", sheet: base + ".png")
  }

  /// The files the reference is made of: the manifest, and the sheet when it keeps pixels.
  public var files: [String] { [manifestPath] + (sheetPath.map { [$0] } ?? []) }

  /// The reference sheet of a manifest written by `render --hashes`: `name.json` → `name.png`.
  public static func sheet(forManifest path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("png").path
  }
}

/// A snapshot check that did not pass: `description` says what differed (the frames, a
/// frame-count or frame-rate change) and where expected | actual | difference were written,
/// or that a reference was recorded.
public struct SnapshotFailure: Error, CustomStringConvertible, Sendable {
  /// One line: the problem, where the artifacts are, or that a reference was recorded.
  public let description: String
  /// What differed, without the artifacts' location.
  public let problem: String
  /// The folder of the artifacts, when frames were compared.
  public let artifacts: String?
  /// Whether a reference was written (a recording run, which always fails).
  public let recorded: Bool
}

/// How a passing check matched.
public enum SnapshotMatch: Sendable, Equatable {
  /// Every frame's hash is the reference's.
  case exact
  /// These frames' hashes differ, but their pixels are within the tolerance.
  case withinTolerance(frames: [Int])
}

/// Renders `recording` and checks it against `reference`: each frame's hash first (the fast
/// path), then, for a frame whose hash differs, its pixels against the reference sheet's
/// within `tolerance`. A change of frame rate, frame size or frame count is reported as such.
/// On failure the expected and actual contact sheets, their difference and an animated
/// expected | actual | difference are written to `artifacts` (default: a folder named after
/// the reference under `TRANSITIONRENDER_ARTIFACTS` or the temporary folder). `record` (or
/// `TRANSITIONRENDER_RECORD`) decides when the reference is written instead; a check that
/// writes one always throws, so a recording run never passes.
public func verifySnapshot(
  of recording: Recording, against reference: SnapshotReference, record: RecordMode? = nil,
  tolerance: SnapshotTolerance = .exact, artifacts: String? = nil,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount
) throws -> SnapshotMatch {
  let mode = try RecordMode.resolve(record)
  try tolerance.validate()
  let exists = FileManager.default.fileExists(atPath: reference.manifestPath)
  if !exists && mode == .never {
    throw SnapshotFailure(
      description: "no reference at \(reference.manifestPath); record one with TRANSITIONRENDER_RECORD=missing",
      problem: "no reference", artifacts: nil, recorded: false)
  }
  let keep = KeepFramesSink()
  try RenderJob(recording, threads: threads).run(into: [keep])
  return try checkSnapshot(
    keep.frames, of: recording, against: reference, mode: exists ? mode : .all, tolerance: tolerance,
    artifacts: artifacts)
}

/// `verifySnapshot` once the frames are rendered: records (`.all`), or compares and on a
/// difference writes the artifacts and, in `.failed` mode, the new reference.
func checkSnapshot(
  _ frames: [RenderedFrame], of recording: Recording, against reference: SnapshotReference, mode: RecordMode,
  tolerance: SnapshotTolerance, artifacts: String?
) throws -> SnapshotMatch {
  if mode == .all {
    try SnapshotReferenceFile(frames: frames, recording: recording).write(to: reference)
    throw SnapshotFailure(
      description:
        "recorded a new reference: \(reference.files.joined(separator: " and ")); re-run without recording to compare against it",
      problem: "recorded", artifacts: nil, recorded: true)
  }
  let expected = try SnapshotExpectation(reference)
  let comparison = expected.compare(frames, fps: recording.fps, tolerance: tolerance)
  guard let problem = comparison.problem else { return comparison.match }
  let place = artifacts.map(ArtifactsPlace.init(folder:)) ?? ArtifactsPlace(for: reference)
  var description = "\(reference.manifestPath): \(problem)"
  do {
    let figures = try writeArtifacts(expected: expected, actual: frames, to: place.folder)
    try FailureReport.shared.add(
      FailureReport.Entry(reference: reference, problem: problem, folder: place.folder, frames: figures),
      reportFolder: place.report)
    description += "; expected | actual | difference in \(place.folder) (report: \(place.report)/index.html)"
  } catch {
    // Fail closed: the comparison's verdict stands, with why its evidence is missing.
    description += "; the artifacts could not be written (\(error))"
  }
  if mode == .failed {
    try SnapshotReferenceFile(frames: frames, recording: recording).write(to: reference)
    description += "; recorded the new reference: \(reference.files.joined(separator: " and ")) (record mode failed)"
  }
  throw SnapshotFailure(
    description: description, problem: problem, artifacts: place.folder, recorded: mode == .failed)
}

/// A reference about to be written: the manifest and, with pixels, the sheet at full size.
struct SnapshotReferenceFile {
  let frames: [RenderedFrame]
  let fps: Double
  let scale: Double

  init(frames: [RenderedFrame], recording: Recording) {
    self.frames = frames
    fps = recording.fps
    scale = recording.scale
  }

  init(frames: [RenderedFrame], fps: Double, scale: Double) {
    self.frames = frames
    self.fps = fps
    self.scale = scale
  }

  /// Writes the sheet (when the reference keeps pixels) and the manifest, staged and committed
  /// together; the folder is made if needed. A folder that cannot be written is an error
  /// naming it.
  func write(to reference: SnapshotReference) throws {
    let folder = URL(fileURLWithPath: reference.manifestPath).deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw RenderError(
        "cannot write the reference: the folder '\(folder)' cannot be created (\(error.localizedDescription))")
    }
    let staging = StagedOutputs()
    let sink = try ReferenceSink(count: frames.count, sheet: reference.sheetPath.map { try staging.file($0).sink })
    for frame in frames { try sink.add(frame) }
    try sink.finish(endTime: frames.last?.time ?? 0)
    try sink.stage(reference, fps: fps, scale: scale, in: staging)
    try staging.commit()
  }

  /// The frames tiled at full size with their times, and each tile's [x, y, width, height].
  static func sheet(_ frames: [RenderedFrame]) -> (RGBAImage, [[Int]]) {
    var contact = ContactSheet()
    contact.maximumTileWidth = .max
    let image = contact.render(frames.map { ($0.image, $0.time) })
    let w = frames.first?.image.width ?? 0, h = frames.first?.image.height ?? 0
    let layout = contact.layout(count: frames.count, tileWidth: w, tileHeight: h)
    return (image, layout.origins.map { [$0.x, $0.y, w, h] })
  }
}
