import Foundation
import Animator

/// Recording time (what the frames show, seconds from the first action) against the virtual
/// clock's: frame i shows the world at `(i · rate − offset) / fps`, where `rate` is virtual
/// seconds per recording second (`Recorder.speed`, times a transition's own duration over
/// `Recorder.transitionDuration` while one runs). The rate changes only at frames, and the map
/// stays continuous there. Written in frame units so that at rate 1 frame i is at exactly
/// `i / fps`, the same double the clock reads with no speed at all (docs/encoders.md#frame-sampling).
struct RecordingClock {
  let fps: Double
  private(set) var rate: Double
  /// `i · rate − fps · world(i)`, constant between rate changes.
  private var offset = 0.0

  init(fps: Double, rate: Double) {
    self.fps = fps
    self.rate = rate
  }

  /// Virtual time shown by frame `i`.
  func world(atFrame i: Int) -> Double { (Double(i) * rate - offset) / fps }

  /// Virtual time at recording time `t`, with the rate in force since the last change.
  func world(at t: Double) -> Double { (t * fps * rate - offset) / fps }

  /// Recording time of virtual time `w`, which lies after the last change of rate.
  func recordingTime(ofWorld w: Double) -> Double { rate > 0 ? (w * fps + offset) / (fps * rate) : 0 }

  /// From frame `i` on, the world runs at `newRate`; frame `i` itself keeps its time.
  mutating func setRate(_ newRate: Double, fromFrame i: Int) {
    guard newRate != rate else { return }
    offset += Double(i) * (newRate - rate)
    rate = newRate
  }
}

/// Sees the recorder's live window between and at frames: what motion curves and stills
/// sample (the views themselves, with their identity, not the snapshot values).
@MainActor
package protocol WindowObserver: AnyObject {
  /// Recording times strictly between two consecutive frames' times at which to be called.
  func times(after from: Double, before to: Double) -> [Double]
  /// The window at recording time `time` (the clock has been advanced there); `frame` is the
  /// frame's index when this is a frame.
  func observe(_ window: Window, at time: Double, frame: Int?)
}
