import Animator
import Compositor
import Dispatch
import Pixels

/// A rendered frame on its way to an output, in timeline order.
public struct RenderedFrame: Sendable {
  public let index: Int
  /// Seconds from the start of the transition.
  public let time: Double
  public let image: RGBAImage
}

/// Where rendered frames go, one at a time and in order. Sinks are objects: whoever made one
/// reads what it collected after the job.
public protocol FrameSink: AnyObject {
  /// Receives frame `frame.index`; frames arrive in index order.
  func add(_ frame: RenderedFrame) throws
  /// Called once after the last frame; `endTime` is when the last frame stops being shown.
  func finish(endTime: Double) throws
}

/// Composites snapshots on several threads and hands the frames to sinks in order. Memory
/// stays bounded by a window of `2 × threads` frames whatever the length of the animation,
/// and the bytes do not depend on the thread count (each frame is rendered independently).
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
    let window = threads * 2
    var start = 0
    while start < snapshots.count {
      let end = min(start + window, snapshots.count)
      let t0 = DispatchTime.now().uptimeNanoseconds
      let batch = try renderBatch(Array(snapshots[start..<end]))
      let t1 = DispatchTime.now().uptimeNanoseconds
      for (offset, image) in batch.enumerated() {
        let frame = RenderedFrame(index: start + offset, time: snapshots[start + offset].time, image: image)
        for sink in sinks { try sink.add(frame) }
      }
      timings.composite += Double(t1 - t0) / 1e9
      timings.sink += Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e9
      start = end
      progress?(start)
    }
    let t2 = DispatchTime.now().uptimeNanoseconds
    for sink in sinks { try sink.finish(endTime: (snapshots.last?.time ?? 0) + frameDuration) }
    timings.sink += Double(DispatchTime.now().uptimeNanoseconds - t2) / 1e9
    return timings
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

/// Wall-clock seconds spent in each stage of a pipeline run (for `--perf`).
public struct PipelineTimings: Sendable {
  /// Rasterizing frames (on all threads).
  public var composite = 0.0
  /// Encoding and writing, in frame order.
  public var sink = 0.0
  public init() {}
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
