import Foundation
/// One sample of a scripted gesture: where the fingers are at a virtual time.
public struct TouchSample: Sendable, Equatable {
  /// What a sample does: a script begins with `.began`, moves with `.moved` and ends with
  /// `.ended` or `.cancelled`; the raw values are the names a script file spells.
  public enum Phase: String, Sendable {
    /// The fingers touch down: the first sample, only.
    case began
    /// The fingers move: every sample between the first and the last.
    case moved
    /// The fingers lift: the last sample.
    case ended
    /// The gesture is interrupted: the last sample, instead of `ended`.
    case cancelled
  }
  /// Seconds of virtual time.
  public var time: Double
  /// One point per finger, in window coordinates (points).
  public var locations: [Point]
  /// What this sample does; a script's checks fix which phase each position may have.
  public var phase: Phase

  /// `time` in seconds of virtual time, `locations` one window point per finger; unchecked
  /// until a `TouchScript` is made of it.
  public init(time: Double, locations: [Point], phase: Phase) {
    self.time = time
    self.locations = locations
    self.phase = phase
  }
}

/// A gesture as a timeline of touches: the first sample begins it, the last ends (or cancels)
/// it, samples in between move the fingers. Times must not decrease.
public struct TouchScript: Sendable, Equatable {
  /// The timeline in time order; setting it directly skips the checks `init(samples:)` makes.
  public var samples: [TouchSample]

  /// Validates the timeline; the message names the first problem.
  public init(samples: [TouchSample]) throws {
    guard let first = samples.first, let last = samples.last, samples.count >= 2 else {
      throw GestureScriptError("a gesture needs at least two samples (a began and an ended)")
    }
    guard first.phase == .began else { throw GestureScriptError("the first sample must have phase 'began'") }
    guard last.phase == .ended || last.phase == .cancelled else {
      throw GestureScriptError("the last sample must have phase 'ended' or 'cancelled'")
    }
    for (i, s) in samples.enumerated() {
      if i > 0 && s.time < samples[i - 1].time {
        throw GestureScriptError("sample \(i): time \(s.time) is before the previous sample's")
      }
      if s.locations.isEmpty || s.locations.count != first.locations.count {
        throw GestureScriptError("sample \(i): expected \(first.locations.count) finger location(s)")
      }
      if i > 0 && i < samples.count - 1 && s.phase != .moved {
        throw GestureScriptError("sample \(i): phase must be 'moved' between the first and the last")
      }
      if !s.time.isFinite || s.time < 0 { throw GestureScriptError("sample \(i): time must be a number ≥ 0") }
    }
    self.samples = samples
  }

  /// A one-finger drag from `start` to `end` over `duration` seconds beginning at `startTime`,
  /// sampled every `step` seconds, easing in and out (smoothstep) like a hand that lifts at
  /// rest.
  public static func drag(
    from start: Point, to end: Point, startTime: Double = 0, duration: Double, step: Double = 1.0 / 60
  ) -> TouchScript {
    var samples = [TouchSample(time: startTime, locations: [start], phase: .began)]
    let n = max(2, Int((duration / step).rounded()))
    for i in 1...n {
      let u = Double(i) / Double(n)
      // Smoothstep: the finger accelerates, then slows before lifting.
      let e = u * u * (3 - 2 * u)
      let p = Point(x: start.x + (end.x - start.x) * e, y: start.y + (end.y - start.y) * e)
      samples.append(TouchSample(time: startTime + duration * u, locations: [p], phase: i == n ? .ended : .moved))
    }
    return try! TouchScript(samples: samples)
  }

  /// The same gesture `seconds` later.
  public func delayed(by seconds: Double) -> TouchScript {
    var copy = self
    for i in copy.samples.indices { copy.samples[i].time += seconds }
    return copy
  }

  /// Where the fingers are at `time`, linearly between samples; nil before the first sample
  /// and after the last. At a time several samples share, the first of them.
  public func locations(at time: Double) -> [Point]? {
    guard let first = samples.first, let last = samples.last, time >= first.time, time <= last.time else { return nil }
    // The first sample from the second on at `time` or later; the times do not decrease.
    let j = min(samples.partitionPoint(from: 1) { $0.time >= time }, samples.count - 1)
    let (previous, next) = (samples[j - 1], samples[j])
    let span = next.time - previous.time
    let u = span > 0 ? (time - previous.time) / span : 1
    return zip(previous.locations, next.locations).map { a, b in
      Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
    }
  }
}

/// A malformed gesture script.
public struct GestureScriptError: Error, CustomStringConvertible, Equatable {
  public let description: String
  /// The one-line message naming what is wrong.
  public init(_ description: String) { self.description = description }
}

extension Array {
  /// The first index from `start` on whose element satisfies `isAtOrPast`, or `count`: a
  /// binary search, for elements that fail it up to some index and pass it from there on
  /// (samples by time: a gesture of n samples asks this up to n times).
  func partitionPoint(from start: Int, _ isAtOrPast: (Element) -> Bool) -> Int {
    var (low, high) = (start, count)
    while low < high {
      let mid = (low + high) / 2
      if isAtOrPast(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
