import Animator
import Compositor
import Foundation
import Pixels

/// The render job every path shares (the CLI, the gallery, `render verify`, the snapshot
/// assertions, `Recording.write`): the recording's frame count and frame memory are checked
/// against `JobLimits` before anything is composited, then frames are composited in parallel
/// and handed to every sink in frame order.
public struct RenderJob: Sendable {
  public let recording: Recording
  /// Compositing threads (≥ 1); the pixels do not depend on it.
  public let threads: Int

  public init(_ recording: Recording, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.recording = recording
    self.threads = max(1, threads)
  }

  /// Checks the limits (`JobLimits`), then renders every frame into each of `sinks` in order.
  /// `progress` gets the number of frames done after each batch. Returns the time spent
  /// compositing and in the sinks.
  @discardableResult
  public func run(into sinks: [any FrameSink], progress: ((Int) -> Void)? = nil) throws -> PipelineTimings {
    try checkLimits()
    let pipeline = FramePipeline(compositor: Compositor(scale: recording.scale), threads: threads)
    return try pipeline.run(recording.frames, frameDuration: 1 / recording.fps, into: sinks, progress: progress)
  }

  /// `JobLimits.check` for this recording at this thread count.
  public func checkLimits() throws {
    try JobLimits.check(
      width: recording.pixelWidth, height: recording.pixelHeight, frames: recording.frames.count, threads: threads)
  }
}
