import Foundation
import Animator
import Compositor
import Pixels

/// One still of a transition: the window at a point of its progress.
package struct Still: Sendable {
  /// 0 = the transition's start, 1 = its completion (the end state).
  public let progress: Double
  /// Seconds of the recording: progress × the time the transition took to complete.
  public let time: Double
  public let snapshot: FrameSnapshot
}

/// Progress points of a transition (`--stills`): 0 is its start, 1 its completion.
package enum StillPoints {
  /// Most stills one request may ask for.
  public static let maximumCount = 32

  /// `count` points evenly spaced from 0 to 1 (2 ... `maximumCount`).
  public static func evenlySpaced(_ count: Int) throws -> [Double] {
    guard (2...maximumCount).contains(count) else {
      throw RenderError(
        "a count of stills must be 2 to \(maximumCount) (evenly spaced from start to end), got \(count); for progress points give them with a decimal point, e.g. 0,0.5,1.0",
        usage: true)
    }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// Checks explicit points: each in 0...1, at most `maximumCount`, no two within 0.001 (their
  /// file names would be the same). Returns them ascending.
  public static func checked(_ points: [Double]) throws -> [Double] {
    guard !points.isEmpty, points.count <= maximumCount else {
      throw RenderError("give 1 to \(maximumCount) progress points, got \(points.count)", usage: true)
    }
    if let bad = points.first(where: { !($0.isFinite && (0...1).contains($0)) }) {
      throw RenderError(
        "progress \(RecordingLimits.number(bad)) is out of range: a still's progress is 0 (the start) to 1 (the end)",
        usage: true)
    }
    let sorted = points.sorted()
    for (a, b) in zip(sorted, sorted.dropFirst()) where b - a < 0.001 {
      throw RenderError("progress points \(a) and \(b) are less than 0.001 apart; give distinct points", usage: true)
    }
    return sorted
  }
}

/// The transition of `settings` at each of `progress` (checked points, ascending), the window
/// caught at exactly progress × the time the transition takes to complete. That time is known
/// only once it has completed, so a still needs two passes of the clock: `completion`, when a
/// recording of the same settings already made one (the gallery's motion curves), or a
/// recording made here first. Progress 1 is the exact end state (the first moment the
/// transition has completed). A bounce has two transitions: refused.
@MainActor
package func stills(of settings: RenderSettings, atProgress progress: [Double], completion: Double? = nil) throws
  -> [Still]
{
  if settings.bounce { throw RenderError("stills show one transition: drop --bounce", usage: true) }
  guard let end = try completion ?? simulate(settings).completions.first else {
    throw RenderError("the transition never completed, so it has no progress to take stills at")
  }
  let (recorder, script) = try prepare(settings)
  let catcher = StillCatcher(times: progress.map { $0 * end }, end: end, background: recorder.background)
  _ = try recorder.record(
    script.actions(bounce: false, pause: 0, gesture: settings.gesture), observer: catcher)
  guard catcher.caught.count == progress.count else {
    throw RenderError("the transition ended before every still was taken")
  }
  return zip(progress, catcher.caught).map { Still(progress: $0, time: $1.time, snapshot: $1) }
}

/// Catches the window at requested recording times (ascending); the completion time only once
/// the transition has completed, which may be a rounding error after the time asked for.
@MainActor
private final class StillCatcher: WindowObserver {
  private var pending: [Double]
  private let end: Double
  private let background: Color?
  private(set) var caught: [FrameSnapshot] = []

  init(times: [Double], end: Double, background: Color?) {
    pending = times
    self.end = end
    self.background = background
  }

  func times(after from: Double, before to: Double) -> [Double] { pending.filter { $0 > from && $0 < to } }

  func observe(_ window: Window, at time: Double, frame: Int?) {
    let completed = AnimationEngine.current.completedTransitions > 0
    while let next = pending.first, next <= time, next < end || completed {
      var snapshot = window.snapshot(background: background)
      snapshot.time = next
      caught.append(snapshot)
      pending.removeFirst()
    }
  }
}
