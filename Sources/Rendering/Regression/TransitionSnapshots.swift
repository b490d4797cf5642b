import Foundation

/// When a snapshot assertion writes its reference instead of comparing.
public enum RecordMode: String, Sendable {
  /// Compare only; a missing reference fails (what CI wants).
  case never
  /// Write references that do not exist yet (and fail, so it never passes silently).
  case missing
  /// Rewrite every reference (and fail).
  case all

  /// From the environment variable `TRANSITIONRENDER_RECORD` (never, missing, all); default
  /// `missing`, or `never` when `CI` is set.
  public static var fromEnvironment: RecordMode {
    let env = ProcessInfo.processInfo.environment
    if let value = env["TRANSITIONRENDER_RECORD"], let mode = RecordMode(rawValue: value) { return mode }
    return env["CI"] != nil ? .never : .missing
  }
}

/// A failed transition snapshot assertion; `description` says what differed and where the
/// artifacts are, or that a reference was recorded.
public struct TransitionSnapshotFailure: Error, CustomStringConvertible {
  public let description: String
}

/// Renders `recipe` and compares its frame hashes with the manifest at `manifestPath` (for
/// users' own test suites; the project's goldens use it too). Recording writes the manifest
/// and a reference contact sheet beside it, then throws so that a recording run never passes.
/// Paths in the recipe are relative to the manifest's folder.
@MainActor
public func assertTransitionSnapshot(
  _ recipe: RenderRecipe, manifest manifestPath: String, artifacts: String? = nil,
  record: RecordMode = .fromEnvironment, referenceSheet: Bool = true,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount
) throws {
  let exists = FileManager.default.fileExists(atPath: manifestPath)
  if record == .all || (record == .missing && !exists) {
    try recordManifest(recipe, to: manifestPath, threads: threads, rendererVersion: "golden", referenceSheet: referenceSheet)
    throw TransitionSnapshotFailure(description: "recorded a new reference at \(manifestPath); re-run without recording to compare against it")
  }
  guard exists else {
    throw TransitionSnapshotFailure(description: "no reference at \(manifestPath); record one with TRANSITIONRENDER_RECORD=missing")
  }
  let folder = artifacts ?? (NSTemporaryDirectory() + "transitionrender-failures/" + URL(fileURLWithPath: manifestPath).deletingPathExtension().lastPathComponent)
  switch try Verifier(threads: threads).verify(manifestPath: manifestPath, artifacts: folder) {
  case .match: return
  case .libraryMismatch(let expected, let actual):
    throw TransitionSnapshotFailure(description: "\(manifestPath) was recorded with \(expected), this machine has \(actual): hashes are not comparable; re-record on this machine")
  case .mismatch(let problem, let artifacts):
    throw TransitionSnapshotFailure(description: "\(manifestPath): \(problem); actual frames, contact sheet and difference image in \(artifacts)")
  }
}

/// Renders `recipe` and writes its manifest and, when `referenceSheet` is true, a reference
/// contact sheet at full size (`name.png`) that `verify` diffs against.
@MainActor
public func recordManifest(_ recipe: RenderRecipe, to manifestPath: String, threads: Int, rendererVersion: String, referenceSheet: Bool = true) throws {
  let folder = URL(fileURLWithPath: manifestPath).deletingLastPathComponent()
  let settings = try recipe.settings(relativeTo: folder)
  let hashes = ManifestSink()
  var sinks: [any FrameSink] = [hashes]
  if referenceSheet { sinks.append(ContactSheetSink(path: Verifier(threads: threads).referenceSheetPath(for: manifestPath), maximumTileWidth: .max)) }
  try RenderJob(try simulate(settings), threads: threads).run(into: sinks)
  let manifest = HashManifest(renderer: rendererVersion, recipe: recipe, width: hashes.width, height: hashes.height, frames: hashes.frames)
  try writeAtomically(try manifest.encoded(), to: manifestPath)
}

/// `path` (relative to the working folder, or absolute) expressed relative to `folder`, so a
/// manifest keeps working wherever its folder is checked out.
public func path(_ path: String, relativeTo folder: String) -> String {
  let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
  let base = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.pathComponents
  var common = 0
  while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
  let ups = Array(repeating: "..", count: base.count - common)
  return (ups + target[common...]).joined(separator: "/")
}
