/// A failure while running a transition or rendering it.
public struct RenderError: Error, CustomStringConvertible, Equatable {
  /// One line naming what was wrong and, where there is one, what is accepted.
  public let description: String
  /// True when the request itself was wrong (unknown effect, bad parameter): exit status 64.
  public let isUsageError: Bool
  /// Which of a recorder's failures this is, for callers that handle one of them; nil for
  /// every other failure (bad input, a file that cannot be written…).
  public let kind: Kind?

  /// An error saying `description`; `usage` when the request was wrong (exit status 64),
  /// `kind` when it is one of a recorder's failures.
  public init(_ description: String, usage: Bool = false, kind: Kind? = nil) {
    self.description = description
    self.isUsageError = usage
    self.kind = kind
  }

  /// A recording that could not be made, by cause (`Recorder`'s misuse errors).
  public enum Kind: Sendable, Equatable {
    /// `record` was given no action.
    case nothingToRecord
    /// An action (`Recorder.Action.perform`) started no transition or animation.
    case actionStartedNothing
    /// A scripted gesture ended without starting a transition or animation.
    case gestureStartedNothing
    /// Something was still running at `Recorder.timeLimit`: an animator that never called
    /// `completeTransition`, an animation that repeats forever.
    case timeLimitReached
    /// The recording needed more frames than `JobLimits.maximumFrames`.
    case tooManyFrames
    /// User code did what UIKit refuses, ignores or crashes on (a second
    /// `completeTransition`, a transition started during another…), reported by the engine.
    case misuse
  }
}
