// UIKit's property animator and timing parameters.

/// UIViewPropertyAnimator.
public typealias UIViewPropertyAnimator = PropertyAnimator
/// UIViewImplicitlyAnimating: the property animator (the one kind of animator there is), so an
/// animation controller's `interruptibleAnimator(using:) -> UIViewImplicitlyAnimating` is
/// driven by the transition as on iOS.
public typealias UIViewImplicitlyAnimating = PropertyAnimator
/// UIViewAnimating: the property animator.
public typealias UIViewAnimating = PropertyAnimator
/// UIViewAnimatingState (`.inactive`, `.active`, `.stopped`).
public typealias UIViewAnimatingState = ViewAnimatingState
/// UIViewAnimatingPosition (`.end`, `.start`, `.current`).
public typealias UIViewAnimatingPosition = ViewAnimatingPosition
/// UITimingCurveProvider: a cubic curve or a spring.
public typealias UITimingCurveProvider = TimingParameters
/// UICubicTimingParameters: `init(animationCurve:)`, `init(controlPoint1:controlPoint2:)`.
public typealias UICubicTimingParameters = TimingParameters
/// UISpringTimingParameters: `init(dampingRatio:)`, `init(dampingRatio:initialVelocity:)`,
/// `init(mass:stiffness:damping:initialVelocity:)`.
public typealias UISpringTimingParameters = TimingParameters

extension TimingParameters {
  @available(
    *, unavailable,
    message:
      "both timing-parameter names are one type here, so init() cannot mean both: .systemSpring or .curve(.easeInOut)"
  )
  public init() { self = .systemSpring }

  /// UISpringTimingParameters(dampingRatio:initialVelocity:): a spring solved for the
  /// animator's duration, with the initial velocity in whole distances per second
  /// (`velocity(in:)` over the distance left, as UIKit asks). The library's springs move every
  /// property with one velocity: a vector along one axis (or with equal components) gives it;
  /// other vectors are reported (see `springVelocity(_:)`).
  @MainActor
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    self = .dampingRatio(ratio, initialVelocity: Self.springVelocity(velocity))
  }

  /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:): the physical spring
  /// (the animator's duration is ignored; the motion lasts until the spring settles). The
  /// velocity is taken as in `init(dampingRatio:initialVelocity:)`.
  @MainActor
  public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
    self = .spring(
      Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: Self.springVelocity(velocity)))
  }

  /// The one velocity of a spring for UIKit's vector: its non-zero component, or the common
  /// value of equal components. Two different non-zero components cannot be given to one
  /// spring: reported (the recording fails naming it), and `dx` is used.
  @MainActor
  static func springVelocity(_ velocity: CGVector) -> Double {
    if velocity.dy == 0 || velocity.dy == velocity.dx { return velocity.dx }
    if velocity.dx == 0 { return velocity.dy }
    AnimationEngine.current.report(
      "UISpringTimingParameters initialVelocity (\(velocity.dx), \(velocity.dy)): the library's springs move every property with one velocity; give a vector along one axis or with equal components"
    )
    return velocity.dx
  }
}
