/// Frame times on the animation's clock: frame i starts at `holdFirst + i / fps` seconds for
/// i ≥ 1 and at 0 for i = 0 (so the first frame lasts `holdFirst + 1/fps`); the last frame lasts
/// `1/fps + holdLast`.
package struct FrameTiming: Sendable, Equatable {
  public let fps: Double
  public let holdFirst: Double
  public let holdLast: Double

  public init(fps: Double, holdFirst: Double = 0, holdLast: Double = 0) {
    self.fps = fps
    self.holdFirst = holdFirst
    self.holdLast = holdLast
  }

  public init(_ o: EncodingOptions) { self.init(fps: o.fps, holdFirst: o.holdFirst, holdLast: o.holdLast) }

  /// Start of frame i in seconds.
  public func start(_ i: Int) -> Double { i == 0 ? 0 : holdFirst + Double(i) / fps }

  /// Start of frame i rounded to whole units of 1/`unitsPerSecond` (100 for GIF centiseconds,
  /// 1000 for WebP milliseconds). Delays are differences of these cumulative values, so
  /// 30 fps in centiseconds gives 3, 4, 3, 3, 4, 3… and never drifts.
  public func start(_ i: Int, unitsPerSecond: Int) -> Int {
    Int((start(i) * Double(unitsPerSecond)).rounded())
  }

  /// End of the animation (after frame `count − 1` and `holdLast`) in the same units.
  public func end(frameCount count: Int, unitsPerSecond: Int) -> Int {
    let t = holdFirst + Double(count) / fps + holdLast
    return Int((t * Double(unitsPerSecond)).rounded())
  }
}
