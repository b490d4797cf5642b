import Foundation

/// Limits on a whole render job, checked after the timeline is sampled and before any frame is
/// composited. Both can be raised through the environment (see README "Limits").
package enum JobLimits {
  /// Most frames one render may produce (`TRANSITIONRENDER_MAX_FRAMES`); a variable that is
  /// set but not a whole number above 0 is an error, not the default.
  public static var maximumFrames: Int { get throws { try environment("TRANSITIONRENDER_MAX_FRAMES") ?? 10_000 } }
  /// Largest estimated peak of frame memory, in MiB (`TRANSITIONRENDER_MAX_JOB_MB`).
  public static var maximumJobMegabytes: Int { get throws { try environment("TRANSITIONRENDER_MAX_JOB_MB") ?? 4096 } }

  /// Frame memory at the peak: the pipeline keeps a window of 2 × threads frames in flight
  /// (never more than there are frames), plus the frame being encoded and the encoder's previous
  /// frame and work copy.
  public static func estimatedBytes(width: Int, height: Int, frames: Int, threads: Int) -> Int {
    let frameBytes = width.multipliedReportingOverflow(by: height).partialValue.multipliedReportingOverflow(by: 4)
      .partialValue
    let inFlight = min(frames, 2 * max(1, threads)) + 3
    let (total, overflow) = frameBytes.multipliedReportingOverflow(by: inFlight)
    return overflow ? Int.max : total
  }

  /// Throws a `RenderError` naming the limit and how to raise it (`checkFrameCount`, then the
  /// job memory limit).
  public static func check(width: Int, height: Int, frames: Int, threads: Int) throws {
    try checkFrameCount(frames)
    let maximumJobMegabytes = try maximumJobMegabytes
    let bytes = estimatedBytes(width: width, height: height, frames: frames, threads: threads)
    let megabytes = bytes == Int.max ? Int.max : (bytes + (1 << 20) - 1) >> 20
    if megabytes > maximumJobMegabytes {
      throw RenderError(
        "the render needs an estimated \(megabytes) MiB of frame memory (\(width)×\(height) px frames, \(min(frames, 2 * max(1, threads)) + 3) in flight); the limit is \(maximumJobMegabytes) MiB (job memory limit: lower --threads, --scale or --size, or raise it with TRANSITIONRENDER_MAX_JOB_MB=N)"
      )
    }
  }

  /// The frame count limit, the one check of it: the recorder asks before it keeps a frame
  /// past the limit, the job before it renders any. `kind` is `.tooManyFrames`.
  public static func checkFrameCount(_ frames: Int) throws {
    let maximumFrames = try maximumFrames
    guard frames > maximumFrames else { return }
    throw RenderError(
      "the render needs \(frames) frames or more; the limit is \(maximumFrames) (frame count limit: lower the fps or raise it with TRANSITIONRENDER_MAX_FRAMES=N)",
      kind: .tooManyFrames)
  }

  private static func environment(_ name: String) throws -> Int? {
    guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { return nil }
    guard let value = Int(text), value > 0 else {
      throw RenderError(
        "\(name)=\(text) is not a whole number greater than 0; set it to a limit, or unset it for the default")
    }
    return value
  }
}
