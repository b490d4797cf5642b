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

/// A recorded reference, read back: its manifest and, when kept, its sheet's pixels.
struct SnapshotExpectation {
  let reference: SnapshotReference
  let manifest: HashManifest
  let sheet: RGBAImage?

  init(_ reference: SnapshotReference) throws {
    self.reference = reference
    manifest = try HashManifest.load(path: reference.manifestPath)
    if let path = reference.sheetPath, manifest.frames.allSatisfy({ $0.tile != nil }),
      FileManager.default.fileExists(atPath: path)
    {
      do {
        sheet = try PNGReader(maxPixels: 1 << 28).read(file: path)
      } catch {
        throw RenderError("cannot read the reference sheet '\(path)': \(error)")
      }
    } else {
      sheet = nil
    }
  }

  /// Reference frame `i`'s pixels, cut from the sheet; nil when the reference keeps hashes only.
  func frame(_ i: Int) -> RGBAImage? {
    guard let sheet, i < manifest.frames.count, let t = manifest.frames[i].tile, t.count == 4,
      t[0] >= 0, t[1] >= 0, t[2] > 0, t[3] > 0, t[0] + t[2] <= sheet.width, t[1] + t[3] <= sheet.height
    else { return nil }
    return sheet.crop(x: t[0], y: t[1], width: t[2], height: t[3])
  }

  /// What differs between the reference and `frames`; a nil problem is a match.
  func compare(_ frames: [RenderedFrame], fps: Double, tolerance: SnapshotTolerance) -> (
    problem: String?, match: SnapshotMatch
  ) {
    var problems: [String] = []
    if let expectedFPS = manifest.framesPerSecond, expectedFPS != fps {
      problems.append(
        "the frame rate changed: the reference has \(number(expectedFPS)) fps, the recording \(number(fps))")
    }
    if let first = frames.first, first.image.width != manifest.width || first.image.height != manifest.height {
      problems.append(
        "the frame size changed: the reference has \(manifest.width)x\(manifest.height) px, the recording \(first.image.width)x\(first.image.height)"
      )
      return (problems.joined(separator: "; ") + librariesNote, .exact)
    }
    if frames.count != manifest.frames.count {
      problems.append(
        "the frame count changed: the reference has \(manifest.frames.count) frames, the recording \(frames.count)")
    }
    let (differing, tolerated) = compareFrames(frames, tolerance: tolerance)
    if let description = describe(differing, frames: frames, tolerance: tolerance) { problems.append(description) }
    guard problems.isEmpty else { return (problems.joined(separator: "; ") + librariesNote, .exact) }
    return (nil, tolerated.isEmpty ? .exact : .withinTolerance(frames: tolerated))
  }

  /// How a frame differs: by pixels, or only by its hash.
  private enum FrameDifference {
    case pixels(PixelDifference)
    /// The reference keeps no pixels (hashes only).
    case hashOnly
    /// The sheet's tile is not the frame its manifest hashed (an edited or stale sheet), so
    /// the hash decides.
    case staleSheet
  }

  /// The frames (of those both have) that differ beyond the tolerance, with how, and those
  /// whose hash differs but whose pixels are within it.
  private func compareFrames(_ frames: [RenderedFrame], tolerance: SnapshotTolerance) -> (
    [(Int, FrameDifference)], [Int]
  ) {
    var differing: [(Int, FrameDifference)] = [], tolerated: [Int] = []
    for i in 0..<min(frames.count, manifest.frames.count)
    where SHA256.hex(frames[i].image.pixels) != manifest.frames[i].sha256 {
      guard let expected = frame(i) else {
        differing.append((i, .hashOnly))
        continue
      }
      guard SHA256.hex(expected.pixels) == manifest.frames[i].sha256 else {
        differing.append((i, .staleSheet))
        continue
      }
      let difference = PixelDifference(expected, frames[i].image, perChannel: tolerance.perChannel)
      if difference.within(tolerance) { tolerated.append(i) } else { differing.append((i, .pixels(difference))) }
    }
    return (differing, tolerated)
  }

  /// "frames 3, 4 differ (frame 3 at t = 0.100 s: 1234 of 16000 pixels (7.71 %) by up to 80
  /// levels; the tolerance is 0 levels on 0 % of the pixels)".
  private func describe(_ differing: [(Int, FrameDifference)], frames: [RenderedFrame], tolerance: SnapshotTolerance)
    -> String?
  {
    guard let (first, difference) = differing.first else { return nil }
    let names =
      differing.prefix(12).map { String($0.0) }.joined(separator: ", ")
      + (differing.count > 12 ? ", … (\(differing.count) in all)" : "")
    var text = "\(differing.count == 1 ? "frame" : "frames") \(names) \(differing.count == 1 ? "differs" : "differ")"
    let at = String(format: "t = %.3f s", frames[first].time)
    switch difference {
    case .pixels(let d):
      text += String(
        format:
          " (frame %d at %@: %d of %d pixels (%.2f %%) by up to %d levels; the tolerance is %d levels on %.2f %% of the pixels)",
        first, at, d.differing, d.total, 100 * Double(d.differing) / Double(max(d.total, 1)), d.largest,
        tolerance.perChannel, 100 * tolerance.differingPixels)
    case .hashOnly:
      text += " (frame \(first) at \(at): its hash differs, and the reference keeps hashes only)"
    case .staleSheet:
      text +=
        " (frame \(first) at \(at): its hash differs, and the reference sheet's tile is not the frame the manifest hashed: an edited or stale sheet)"
    }
    return text
  }

  /// Hashes made with other library versions or font files can differ by design: say so,
  /// naming what differs (docs/text.md#text-versions-in-manifests).
  private var librariesNote: String {
    let differences = manifest.libraryDifferences
    guard !differences.isEmpty else { return "" }
    return
      " (a version change, not a regression: the reference was made with \(differences.map(\.recorded).joined(separator: ", ")); "
      + "this machine has \(differences.map(\.here).joined(separator: ", ")); re-record it here)"
  }

  private func number(_ v: Double) -> String { RecordingLimits.number(v) }
}

/// A render's frames made into a reference as they arrive (`render --hashes`, the snapshot
/// assertions): the sheet that keeps the pixels is streamed to its sink a row of tiles at a
/// time, each frame's hash is kept, and `stage` writes the manifest at the end. Memory holds
/// one row of tiles, whatever the number of frames.
package final class ReferenceSink: FrameSink {
  private let sheet: ContactSheetSink?
  private let count: Int
  private var frames: [HashManifest.Frame] = []
  private var width = 0, height = 0

  /// A reference of `count` frames; `sheet`: where the sheet's PNG goes, nil for hashes only.
  public init(count: Int, sheet: ByteSink?) throws {
    self.count = count
    self.sheet = sheet.map { ContactSheetSink(count: count, sink: $0, maximumTileWidth: .max) }
  }

  public func add(_ frame: RenderedFrame) throws {
    if frames.isEmpty { (width, height) = (frame.image.width, frame.image.height) }
    try sheet?.add(frame)
    frames.append(
      HashManifest.Frame(time: (frame.time * 1e6).rounded() / 1e6, sha256: SHA256.hex(frame.image.pixels), tile: nil))
  }

  public func finish(endTime: Double) throws { try sheet?.finish(endTime: endTime) }

  /// Stages the manifest of the frames received (of a recording at `fps` and `scale`) at
  /// `reference.manifestPath` in `staging`, with each frame's tile in the sheet.
  public func stage(_ reference: SnapshotReference, fps: Double, scale: Double, in staging: StagedOutputs) throws {
    var hashes = frames
    if let sheet {
      let layout = sheet.sheet.layout(count: count, tileWidth: width, tileHeight: height)
      for i in hashes.indices { hashes[i].tile = [layout.origins[i].x, layout.origins[i].y, width, height] }
    }
    var manifest =
      reference.recipe.map {
        HashManifest(renderer: reference.renderer, recipe: $0, width: width, height: height, frames: hashes)
      }
      ?? HashManifest(
        renderer: reference.renderer, fps: fps, scale: scale, width: width, height: height, frames: hashes)
    manifest.animation = reference.animation
    try staging.file(reference.manifestPath).sink.write(try manifest.encoded())
  }
}
