import Foundation
import Animator
import Compositor

/// A recorded transition: the window's presentation state at each frame time, as plain
/// values. It holds no pixels (a snapshot is a small tree of numbers), so recording costs
/// little memory whatever the size; the pixels are made when the recording is rendered, and
/// streamed to the outputs.
public struct Recording: Sendable {
  /// The frames in time order; frame i is shown at t = i / fps (seconds from the action).
  public let frames: [FrameSnapshot]
  /// Frames per second of the sampling (> 0).
  public let fps: Double
  /// Pixels per point of the rendered frames (> 0).
  public let scale: Double
  /// Virtual seconds per recording second (`Recorder.speed`; 1 = as fast as the app runs).
  public let speed: Double
  /// When each transition called `completeTransition`, in seconds of the recording, in order.
  public let completions: [Double]
  /// Every animated view's motion, sampled densely (when `Recorder.samplesMotion` asked for it).
  package var motion: MotionCurves?

  /// A recording of `frames` (frame i shown at i / `fps`, `fps` > 0) to render at `scale` pixels
  /// per point (> 0); `speed` and `completions` as `Recorder` reports them. The recorder makes
  /// recordings; this is for frames made otherwise.
  public init(frames: [FrameSnapshot], fps: Double, scale: Double, speed: Double = 1, completions: [Double] = []) {
    self.frames = frames
    self.fps = fps
    self.scale = scale
    self.speed = speed
    self.completions = completions
  }

  /// The screen size in points (the window's).
  public var size: Size { frames.first?.size ?? .zero }
  /// The rendered frames' width in pixels: the point size × scale rounded to nearest, as the
  /// compositor sizes them (`Compositor.pixels`).
  public var pixelWidth: Int { Int(Compositor.pixels(size.width, scale: scale)) }
  /// The rendered frames' height in pixels, rounded as `pixelWidth`.
  public var pixelHeight: Int { Int(Compositor.pixels(size.height, scale: scale)) }
  /// Seconds from the first frame to the end of the last one (each frame lasts 1 / fps).
  public var duration: Double { (frames.last?.time ?? 0) + 1 / fps }
}
