import Foundation
import Animator
import Compositor
import Dispatch
import Pixels

/// A rendered frame on its way to an output, in timeline order.
public struct RenderedFrame: Sendable {
  /// The frame's place in the recording, from 0.
  public let index: Int
  /// Seconds from the start of the transition.
  public let time: Double
  /// The frame's pixels: straight RGBA8, the recording's size × scale rounded to pixels.
  public let image: RGBAImage
}

/// Where rendered frames go, one at a time and in order. Sinks are objects: whoever made one
/// reads what it collected after the job.
package protocol FrameSink: AnyObject {
  /// Receives frame `frame.index`; frames arrive in index order.
  func add(_ frame: RenderedFrame) throws
  /// Called once after the last frame; `endTime` is when the last frame stops being shown.
  func finish(endTime: Double) throws
}

/// Composites snapshots on several threads and hands the frames to sinks in order. Frames are
/// rendered in batches of `threads`, the next batch while the sinks take the one before, so
/// that compositing fills the cores encoding leaves idle. Memory stays bounded by a window of
/// `2 × threads` frames whatever the length of the animation, and the bytes do not depend on
/// the thread count (each frame is rendered independently, and the sinks see them in order).
struct FramePipeline: Sendable {
  let compositor: Compositor
  /// Threads to composite on (≥ 1).
  let threads: Int

  init(compositor: Compositor, threads: Int) {
    self.compositor = compositor
    self.threads = max(1, threads)
  }

  /// Renders every snapshot into each of `sinks`; `frameDuration` is how long the last frame is
  /// shown. `progress` is called with the number of frames done after each batch. Returns how
  /// long compositing and the sinks (encoding, writing) took.
  func run(
    _ snapshots: [FrameSnapshot], frameDuration: Double, into sinks: [any FrameSink], progress: ((Int) -> Void)? = nil
  ) throws -> PipelineTimings {
    var timings = PipelineTimings()
    let batches = stride(from: 0, to: snapshots.count, by: threads).map {
      $0..<min($0 + threads, snapshots.count)
    }
    var ahead = batches.first.map { start($0, of: snapshots) }
    // A sink that throws leaves no batch rendering behind the caller's back.
    defer { _ = try? ahead?.images() }
    for (k, range) in batches.enumerated() {
      let t0 = DispatchTime.now().uptimeNanoseconds
      let images = try ahead!.images()
      timings.composite += ahead!.seconds
      timings.waited += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
      ahead = k + 1 < batches.count ? start(batches[k + 1], of: snapshots) : nil
      let t1 = DispatchTime.now().uptimeNanoseconds
      for (offset, image) in images.enumerated() {
        let frame = RenderedFrame(
          index: range.lowerBound + offset, time: snapshots[range.lowerBound + offset].time, image: image)
        for sink in sinks { try sink.add(frame) }
      }
      timings.sink += Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e9
      progress?(range.upperBound)
    }
    let t2 = DispatchTime.now().uptimeNanoseconds
    for sink in sinks { try sink.finish(endTime: (snapshots.last?.time ?? 0) + frameDuration) }
    timings.sink += Double(DispatchTime.now().uptimeNanoseconds - t2) / 1e9
    return timings
  }

  /// The batch's frames, rendering on other threads from now on.
  private func start(_ range: Range<Int>, of snapshots: [FrameSnapshot]) -> BatchInFlight {
    let batch = Array(snapshots[range])
    return BatchInFlight { try self.renderBatch(batch) }
  }

  private func renderBatch(_ batch: [FrameSnapshot]) throws -> [RGBAImage] {
    let results = ResultSlots(count: batch.count)
    let compositor = self.compositor
    let workers = min(threads, batch.count)
    // Worker k renders frames k, k + workers, …: exactly `threads` threads at most, and the
    // result of a frame never depends on which worker drew it.
    DispatchQueue.concurrentPerform(iterations: workers) { k in
      for i in stride(from: k, to: batch.count, by: workers) {
        results.set(i, Result { try compositor.render(batch[i]) })
      }
    }
    return try results.values().map { try $0.get() }
  }
}

/// Wall-clock seconds spent in each stage of a pipeline run (for `--perf`). Compositing runs
/// while the sinks work, so the stages add up to more than the run.
package struct PipelineTimings: Sendable {
  /// Rasterizing frames (on all threads).
  public var composite = 0.0
  /// Of that, how long the sinks waited for frames (compositing not hidden behind them).
  public var waited = 0.0
  /// Encoding and writing, in frame order.
  public var sink = 0.0
  public init() {}
}

/// A batch of frames rendering on a global queue; `images()` waits for them.
private final class BatchInFlight: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<[RGBAImage], Error>? = nil
  /// Wall-clock seconds the batch took to render (valid after `images()`).
  private(set) var seconds = 0.0

  init(_ render: @escaping @Sendable () throws -> [RGBAImage]) {
    DispatchQueue.global().async {
      let t0 = DispatchTime.now().uptimeNanoseconds
      self.result = Result { try render() }
      self.seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
      self.done.signal()
    }
  }

  /// The frames, once rendered (the first call waits); rethrows the rendering's error.
  func images() throws -> [RGBAImage] {
    // Signalled again for the next caller; the semaphore orders the worker's writes before these reads.
    done.wait()
    done.signal()
    return try result!.get()
  }
}

/// Slots filled concurrently, each by exactly one iteration.
private final class ResultSlots: @unchecked Sendable {
  private var slots: [Result<RGBAImage, Error>?]
  private let lock = DispatchSemaphore(value: 1)
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ value: Result<RGBAImage, Error>) {
    lock.wait()
    slots[i] = value
    lock.signal()
  }
  func values() -> [Result<RGBAImage, Error>] { slots.map { $0! } }
}
