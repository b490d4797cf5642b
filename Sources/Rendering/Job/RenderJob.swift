import Animator
import Compositor
import Foundation
import Pixels

/// A recorded transition: the window's presentation state at each frame time, as plain
/// values. It holds no pixels (a snapshot is a small tree of numbers), so recording costs
/// little memory whatever the size; the pixels are made when the recording is rendered, and
/// streamed to the outputs.
public struct Recording: Sendable {
  /// The frames in time order; frame i is sampled at t = i / fps (seconds from the action).
  public let frames: [FrameSnapshot]
  /// Frames per second of the sampling (> 0).
  public let fps: Double
  /// Pixels per point of the rendered frames (> 0).
  public let scale: Double

  public init(frames: [FrameSnapshot], fps: Double, scale: Double) {
    self.frames = frames
    self.fps = fps
    self.scale = scale
  }

  /// The screen size in points (the window's).
  public var size: Size { frames.first?.size ?? .zero }
  /// The rendered frames' size in pixels: the point size × scale, rounded up.
  public var pixelWidth: Int { Int((size.width * scale).rounded(.up)) }
  public var pixelHeight: Int { Int((size.height * scale).rounded(.up)) }
  /// Seconds from the first frame to the end of the last one (each frame lasts 1 / fps).
  public var duration: Double { (frames.last?.time ?? 0) + 1 / fps }
}

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
    try JobLimits.check(width: recording.pixelWidth, height: recording.pixelHeight, frames: recording.frames.count, threads: threads)
  }
}
