import Rendering

/// `render verify --json` (docs/json.md#verify): the outcome, and the differing frames one by
/// one.
struct VerifyJSON: Encodable {
  /// The manifest verified, as given.
  var manifest: String
  /// "match", "mismatch" (frames differ, or their count, rate or size) or "undecodable" (the
  /// frames match, the GIF written with them does not show them).
  var result: String
  /// `match`: the frames rendered, all matching.
  var frames: Int?
  /// What differs, in words (as the error line says it).
  var problem: String?
  /// `mismatch`: the folder of expected | actual | difference.
  var artifacts: String?
  /// `mismatch`: each frame that differs (`FrameMismatch`).
  var differingFrames: [FrameMismatch]
  /// Wall-clock seconds the verification took.
  var seconds: Double

  init(manifest: String, outcome: VerificationOutcome, seconds: Double) {
    self.manifest = manifest
    self.seconds = seconds
    differingFrames = []
    switch outcome {
    case .match(let frames):
      (result, self.frames) = ("match", frames)
    case .mismatch(let problem, let artifacts, let frames):
      (result, self.problem, self.artifacts, differingFrames) = ("mismatch", problem, artifacts, frames)
    case .undecodable(let problem):
      (result, self.problem) = ("undecodable", problem)
    }
  }
}
