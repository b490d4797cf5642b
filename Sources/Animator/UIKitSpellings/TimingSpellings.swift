import Foundation
// Core Animation's named timing functions and UIKit's timing-parameter initialisers, as other
// spellings of the curves and springs the library already has.

extension TimingFunction {
  /// CAMediaTimingFunctionName: the curves Core Animation names.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    /// (0, 0, 1, 1): constant speed.
    case linear
    /// (0.42, 0, 1, 1): slow start.
    case easeIn
    /// (0, 0, 0.58, 1): slow end.
    case easeOut
    /// (0.42, 0, 0.58, 1): UIView.animate's default curve.
    case easeInEaseOut
    /// Core Animation's default curve (0.25, 0.1, 0.25, 1), not UIView.animate's default.
    case `default`
  }

  /// CAMediaTimingFunction(name:): the named curve's control points.
  public init(name: Name) {
    switch name {
    case .linear: self = .linear
    case .easeIn: self = .easeIn
    case .easeOut: self = .easeOut
    case .easeInEaseOut: self = .easeInEaseOut
    case .default: self = .caDefault
    }
  }
}

extension TimingParameters {
  /// UICubicTimingParameters(animationCurve:): `.curve(curve)`.
  public init(animationCurve curve: AnimationCurve) { self = .curve(curve) }

  /// UICubicTimingParameters(controlPoint1:controlPoint2:): a cubic Bézier from (0, 0) to
  /// (1, 1) through these control points.
  public init(controlPoint1 point1: Point, controlPoint2 point2: Point) { self = .controlPoints(point1, point2) }

  /// UISpringTimingParameters(dampingRatio:): a spring solved for the animator's duration,
  /// starting at rest (`.dampingRatio(ratio)`).
  public init(dampingRatio ratio: Double) { self = .dampingRatio(ratio) }
}
