import Animator
import Effects
import Foundation

/// A range a recording's setting must lie in, and the one message that refuses a value outside
/// it: "fps 500 is out of range: frames per second must be 1 to 120".
public struct SettingRange: Sendable {
  /// The setting's name in messages, as a recipe spells it ("fps").
  public let name: String
  /// The smallest value accepted (or, with `excludesLowerBound`, the largest refused below).
  public let lowerBound: Double
  /// Whether the lower bound itself is refused (speed: more than 0).
  public let excludesLowerBound: Bool
  /// The largest value accepted.
  public let upperBound: Double
  /// The words before the bounds in the message ("frames per second must be").
  let measure: String
  /// The words after them (" seconds"), with a leading space.
  let unit: String

  /// Whether `value` is finite and within the range.
  public func contains(_ value: Double) -> Bool {
    value.isFinite && (excludesLowerBound ? value > lowerBound : value >= lowerBound) && value <= upperBound
  }

  /// The bounds in words: "1 to 120", "more than 0 and at most 3".
  public var bounds: String {
    let (low, high) = (RecordingLimits.number(lowerBound), RecordingLimits.number(upperBound))
    return excludesLowerBound ? "more than \(low) and at most \(high)" : "\(low) to \(high)"
  }

  /// Throws the range's usage error unless `value` is within it.
  public func check(_ value: Double) throws {
    guard !contains(value) else { return }
    throw RenderError(
      "\(name) \(RecordingLimits.number(value)) is out of range: \(measure) \(bounds)\(unit)", usage: true)
  }
}

/// What a recording may ask for: the one owner of each range, which the command line, recipes
/// (manifests), the `Recorder` and the help texts all read, each refusal naming the accepted
/// range (docs/encoders.md#recording-limits).
public enum RecordingLimits {
  /// Points a side of the screen (the command line's `--size`, a recipe's, a scene file's).
  public static let side = SettingRange(
    name: "size", lowerBound: 1, excludesLowerBound: false, upperBound: 4096, measure: "each side must be",
    unit: " points")
  /// Frames per second. At least 1: slower sampling would step past a whole transition (and
  /// `Recorder.timeLimit`) between two frames; stills are `--stills`' job.
  public static let fps = SettingRange(
    name: "fps", lowerBound: 1, excludesLowerBound: false, upperBound: 120, measure: "frames per second must be",
    unit: "")
  /// Pixels per point: iOS screens' 1, 2 or 3, and the fractions that make README-sized frames.
  public static let scale = SettingRange(
    name: "scale", lowerBound: 0, excludesLowerBound: true, upperBound: 3, measure: "pixels per point must be",
    unit: "")
  /// How fast the virtual clock runs against the recording (`Recorder.speed`): slow motion only.
  public static let speed = SettingRange(
    name: "speed", lowerBound: 0, excludesLowerBound: true, upperBound: 1, measure: "the clock's speed must be",
    unit: " (0.25 is four times slower)")
  /// Seconds a transition may be asked to last (`--duration`, `Recorder.transitionDuration`):
  /// the built-in effects' range (`Effect.durations`).
  public static let transitionDuration = SettingRange(
    name: "duration", lowerBound: Effect.durations.lowerBound, excludesLowerBound: false,
    upperBound: Effect.durations.upperBound, measure: "a transition lasts", unit: " seconds")
  /// Seconds an end state is held (`--hold`).
  public static let hold = SettingRange(
    name: "hold", lowerBound: 0, excludesLowerBound: false, upperBound: 60, measure: "an end state is held",
    unit: " seconds")

  /// The screen when none is given: an iPhone 8's 375 × 667 points.
  public static let defaultSize = Size(width: 375, height: 667)

  /// Every range a recipe's numbers must lie in, in the order the command line lists them.
  package static func check(_ recipe: RenderRecipe) throws {
    if let size = recipe.size { try check(size: size) }
    try scale.check(recipe.scale)
    try fps.check(recipe.fps)
    if let duration = recipe.duration { try transitionDuration.check(duration) }
    if let speed = recipe.speed { try self.speed.check(speed) }
    if let hold = recipe.hold { try self.hold.check(hold) }
  }

  /// Both sides of `size` within `side`, as one message naming the size.
  public static func check(size: Size) throws {
    guard side.contains(size.width), side.contains(size.height) else {
      throw RenderError(
        "size \(number(size.width))x\(number(size.height)) is out of range: \(side.measure) \(side.bounds)\(side.unit)",
        usage: true)
    }
  }

  /// `value` as people write it: whole numbers without a decimal point.
  static func number(_ v: Double) -> String {
    v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}
