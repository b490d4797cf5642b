import Animator
import Compositor
import Foundation
import Pixels

/// The render job every path that composites frames shares: `render` and `Recording.write`
/// (`write(to:)`), the gallery's GIFs, stills (`FilmStrip`), `render verify`, the snapshot
/// assertions, `renderedFrames` and `frameHashes`. A job is made only for a recording whose
/// frame count and frame memory are within `JobLimits` at its thread count, checked once when
/// it is made, before anything is composited; its frames are composited in parallel and handed
/// to every sink in frame order. Motion curves composite nothing (`CurvePlot` draws the
/// recording's motion values as a plot), so they are the one output made without a job.
package struct RenderJob: Sendable {
  public let recording: Recording
  /// Compositing threads (≥ 1); the pixels do not depend on it.
  public let threads: Int

  /// The job of `recording` on `threads` threads (at least 1); a recording past a limit of
  /// `JobLimits` is an error naming it and how to raise it.
  public init(_ recording: Recording, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
    self.recording = recording
    self.threads = max(1, threads)
    try JobLimits.check(
      width: recording.pixelWidth, height: recording.pixelHeight, frames: recording.frames.count, threads: self.threads)
  }

  /// Renders every frame into each of `sinks` in order. `progress` gets the number of frames
  /// done after each batch. Returns the time spent compositing and in the sinks.
  @discardableResult
  public func run(into sinks: [any FrameSink], progress: ((Int) -> Void)? = nil) throws -> PipelineTimings {
    let pipeline = FramePipeline(compositor: Compositor(scale: recording.scale), threads: threads)
    return try pipeline.run(recording.frames, frameDuration: 1 / recording.fps, into: sinks, progress: progress)
  }
}
