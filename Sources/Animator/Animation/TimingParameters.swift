import Foundation
/// The timing of a `PropertyAnimator` (UITimingCurveProvider: UICubicTimingParameters or
/// UISpringTimingParameters).
public enum TimingParameters: Sendable, Hashable {
  /// UICubicTimingParameters: a cubic Bézier over the animator's duration.
  case cubic(TimingFunction)
  /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:): the physical spring
  /// defines the motion and **the animator's duration is ignored**: the animation lasts the
  /// spring's `settlingDuration` (docs/core-animation.md#spring-timing-parameters).
  case spring(Spring)
  /// UISpringTimingParameters(dampingRatio:initialVelocity:): a spring solved for the animator's
  /// duration as `UIView.animate(…usingSpringWithDamping:…)` solves it
  /// (spring-duration-is-a-settling-time): the duration determines the spring and the motion lasts
  /// exactly the duration.
  case dampingRatio(Double, initialVelocity: Double = 0)

  /// UICubicTimingParameters(animationCurve:).
  public static func curve(_ curve: AnimationCurve) -> TimingParameters { .cubic(curve.timingFunction) }

  /// UICubicTimingParameters(controlPoint1:controlPoint2:).
  public static func controlPoints(_ p1: Point, _ p2: Point) -> TimingParameters {
    .cubic(TimingFunction(controlPoints: p1.x, p1.y, p2.x, p2.y))
  }

  /// UISpringTimingParameters(): the system spring (mass 3, stiffness 1000, damping 500).
  public static let systemSpring = TimingParameters.spring(.systemDefault)

  /// The clock curve for an animator of `duration` seconds, and how many seconds the whole
  /// curve lasts (the duration, or the spring's settling time when the duration is ignored).
  func clockCurve(duration: Double) -> (curve: ClockCurve, seconds: Double) {
    switch self {
    case .cubic(let function): return (.cubic(function), duration)
    case .spring(let spring):
      let settle = spring.settlingDuration
      // An undamped spring never settles; it runs for the duration it was given instead.
      let seconds = settle.isFinite ? settle : duration
      return (.spring(spring, seconds: seconds), seconds)
    case .dampingRatio(let ratio, let velocity):
      let spring = Spring(dampingRatio: ratio, duration: max(duration, 0.01), initialVelocity: velocity)
      return (.spring(spring, seconds: duration), duration)
    }
  }
}
