import Foundation

/// What `render verify` found.
package enum VerificationOutcome: Equatable, Sendable {
  /// Every frame matches (by hash, or by pixels within the tolerance).
  case match(frames: Int)
  /// A difference: the frames, or a frame-count, frame-rate or size change, and where the
  /// artifacts were written.
  case mismatch(description: String, artifacts: String)
  /// The frames match, but the GIF written with them (the manifest's `animation`) does not
  /// show them: missing, not decoding, or outside its encoding's budget, the frame named.
  case undecodable(String)
}

/// Re-renders a manifest's recipe and checks it as a snapshot test does: hashes first, then,
/// where a reference sheet keeps the pixels (`name.png` beside `name.json`), pixels within the
/// tolerance; then decodes the GIF the manifest records (`animation`) against the frames.
package struct Verifier {
  public let threads: Int
  public var tolerance: SnapshotTolerance
  public init(threads: Int, tolerance: SnapshotTolerance = .exact) {
    self.threads = threads
    self.tolerance = tolerance
  }

  /// `artifacts` is the folder for expected | actual | difference.
  @MainActor
  public func verify(manifestPath: String, artifacts: String) throws -> VerificationOutcome {
    let manifest = try HashManifest.load(path: manifestPath)
    guard let recipe = manifest.recipe else {
      throw RenderError(
        "\(manifestPath) is the reference of a recording made in code (a snapshot test's): its test checks it, render verify cannot render it"
      )
    }
    let recording = try simulate(
      try recipe.settings(relativeTo: URL(fileURLWithPath: manifestPath).deletingLastPathComponent()))
    let sheet = SnapshotReference.sheet(forManifest: manifestPath)
    let reference = SnapshotReference(
      manifest: manifestPath, sheet: FileManager.default.fileExists(atPath: sheet) ? sheet : nil, recipe: recipe)
    let keep = KeepFramesSink()
    try RenderJob(recording, threads: threads).run(into: [keep])
    do {
      _ = try checkSnapshot(
        keep.frames, of: recording, against: reference, mode: .never, tolerance: tolerance, artifacts: artifacts)
    } catch let failure as SnapshotFailure {
      return .mismatch(description: failure.problem, artifacts: failure.artifacts ?? artifacts)
    }
    if let animation = manifest.animation,
      let problem = try animation.problem(
        besideManifest: manifestPath, frames: keep.frames.map(\.image), fps: recording.fps)
    {
      return .undecodable(problem)
    }
    return .match(frames: recording.frames.count)
  }
}
