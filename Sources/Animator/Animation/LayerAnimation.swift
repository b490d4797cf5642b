import Foundation

/// What an explicit layer animation shows outside its active time (CAMediaTimingFillMode):
/// `removed` nothing, `forwards` its last value after its end (while it stays on the layer),
/// `backwards` its first value before its begin, `both` both
/// (docs/core-animation.md#explicit-animation-timing).
public enum FillMode: Sendable, Hashable {
  case removed, forwards, backwards, both

  var fillsBackwards: Bool { self == .backwards || self == .both }
  var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Told when an explicit layer animation starts and stops (CAAnimationDelegate). Both methods
/// do nothing by default.
@MainActor
public protocol LayerAnimationDelegate: AnyObject {
  /// The animation's begin time was reached.
  func animationDidStart(_ anim: LayerAnimation)
  /// The animation ended: `flag` is true when its active time ran out, false when it was removed
  /// (or replaced by another of the same key) before.
  func animationDidStop(_ anim: LayerAnimation, finished flag: Bool)
}

extension LayerAnimationDelegate {
  public func animationDidStart(_ anim: LayerAnimation) {}
  public func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) {}
}

/// An explicit layer animation (CAAnimation): its timing on the virtual clock, in Core
/// Animation's terms (docs/core-animation.md#explicit-animations). `Layer.add(_:forKey:)`
/// attaches a copy; the layer's model values never change, its presentation shows the animation.
open class LayerAnimation {
  /// Seconds of one iteration; 0 or less means 0.25 s once added.
  public var duration: Double = 0
  /// When the animation begins: 0 means when it is added; otherwise a time on
  /// `CACurrentMediaTime()`'s clock (so `CACurrentMediaTime() + 0.5` waits half a second). Inside
  /// a group, seconds from the group's start.
  public var beginTime: Double = 0
  /// Seconds of the animation's own time to start from; its time wraps around at the end.
  public var timeOffset: Double = 0
  /// Iterations, fractions allowed; 0 means 1, `.infinity` forever.
  public var repeatCount: Float = 0
  /// When above 0, the seconds the iterations last instead of `repeatCount`.
  public var repeatDuration: Double = 0
  /// Each iteration plays forward, then backward.
  public var autoreverses = false
  /// How fast the animation's time runs against its parent's (1 = as fast; 0 = stopped).
  public var speed: Float = 1
  /// What shows before the begin and after the end (default `.removed`: nothing).
  public var fillMode: FillMode = .removed
  /// The pacing of each iteration; nil is linear.
  public var timingFunction: TimingFunction?
  /// True (the default): the layer lets go of the animation when it ends, and its values stop
  /// showing whatever `fillMode` says.
  public var isRemovedOnCompletion = true
  /// Told when the animation starts and stops. Held strongly, as Core Animation holds it.
  public var delegate: (any LayerAnimationDelegate)?
  /// Values stored by `setValue(_:forKey:)`.
  private var storedValues: [String: Any] = [:]

  public init() {}

  /// A copy of `other`'s settings (what `Layer.add(_:forKey:)` attaches).
  public required init(copying other: LayerAnimation) {
    duration = other.duration
    beginTime = other.beginTime
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    speed = other.speed
    fillMode = other.fillMode
    timingFunction = other.timingFunction
    isRemovedOnCompletion = other.isRemovedOnCompletion
    delegate = other.delegate
    storedValues = other.storedValues
  }

  /// Stores any value under `key` (CAAnimation's key-value coding of arbitrary keys, how an
  /// animation is told apart in its delegate); nil removes it. Copies keep the values.
  open func setValue(_ value: Any?, forKey key: String) { storedValues[key] = value }

  /// The value stored under `key`, nil when none.
  open func value(forKey key: String) -> Any? { storedValues[key] }

  /// A copy of this animation of the same class.
  func duplicate() -> LayerAnimation { type(of: self).init(copying: self) }
}

// CAAnimation is an NSObject: equal only to itself.
extension LayerAnimation: Hashable {
  public static func == (a: LayerAnimation, b: LayerAnimation) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An animation of one layer property named by a key path (CAPropertyAnimation): "opacity",
/// "position", "position.x", "bounds.size", "transform.rotation.z"… (the list:
/// docs/core-animation.md#explicit-animation-key-paths).
open class LayerPropertyAnimation: LayerAnimation {
  /// The animated key path; nil animates nothing.
  public var keyPath: String?
  /// The animated value is added to the value beneath it (numbers, points, sizes, rectangles and
  /// colours add, transforms concatenate) instead of replacing it.
  public var isAdditive = false
  /// Each repetition starts where the previous one ended instead of from the first value.
  public var isCumulative = false

  public override init() { super.init() }

  /// An animation of `keyPath`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  public required init(copying other: LayerAnimation) {
    super.init(copying: other)
    guard let other = other as? LayerPropertyAnimation else { return }
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
  }
}

/// From one value to another (CABasicAnimation). Values are of the key path's type: a number
/// (`Double`, `CGFloat`, `Float`, `Int`, `NSNumber`), `CGPoint`, `CGSize`, `CGRect`, a
/// `Transform3D` or a `Color`; `NSValue`s of points, sizes and rectangles are read too. Which
/// of `fromValue`, `toValue` and `byValue` are set decides the two ends
/// (docs/core-animation.md#basic-animation-ends); a missing end is the value beneath the
/// animation (the model's, unless another animation changes it).
open class BasicAnimation: LayerPropertyAnimation {
  public var fromValue: Any?
  public var toValue: Any?
  public var byValue: Any?

  public override init() { super.init() }

  public required init(copying other: LayerAnimation) {
    super.init(copying: other)
    guard let other = other as? BasicAnimation else { return }
    fromValue = other.fromValue
    toValue = other.toValue
    byValue = other.byValue
  }
}

/// A basic animation moved by a damped spring (CASpringAnimation) with the library's closed
/// forms (docs/core-animation.md#spring-closed-forms): the spring's own time is the animation's
/// time, and `duration` cuts it off (`settlingDuration` is when it has come to rest).
open class SpringAnimation: BasicAnimation {
  /// > 0 (default 1).
  public var mass: Double = 1
  /// > 0 (default 100).
  public var stiffness: Double = 100
  /// ≥ 0, a coefficient, not a ratio (default 10).
  public var damping: Double = 10
  /// Unit distances per second toward the end value (default 0).
  public var initialVelocity: Double = 0

  public override init() { super.init() }

  public required init(copying other: LayerAnimation) {
    super.init(copying: other)
    guard let other = other as? SpringAnimation else { return }
    mass = other.mass
    stiffness = other.stiffness
    damping = other.damping
    initialVelocity = other.initialVelocity
  }

  /// Seconds until the spring is at rest (docs/core-animation.md#spring-settling-duration); 0
  /// when its parameters are not a spring (mass or stiffness not above 0, damping below 0).
  public var settlingDuration: Double { spring?.settlingDuration ?? 0 }

  /// The spring of these parameters, nil when they make none.
  var spring: Spring? {
    let valid = mass > 0 && stiffness > 0 && damping >= 0 && initialVelocity.isFinite
    guard valid, mass.isFinite, stiffness.isFinite, damping.isFinite else { return nil }
    return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
  }
}

/// Through a list of values (CAKeyframeAnimation), computed as `KeyframeTrack` does
/// (docs/core-animation.md#keyframe-calculation-modes); `timingFunction` paces the whole,
/// `timingFunctions` each segment.
open class KeyframeAnimation: LayerPropertyAnimation {
  /// The values, of the key path's type (as `BasicAnimation`'s).
  public var values: [Any]?
  /// Fractions 0...1 of the duration, non-decreasing, one per value (one more in `.discrete`
  /// mode); nil spaces the values evenly.
  public var keyTimes: [NSNumber]?
  /// Segment i's pacing (nil entries or a missing list: linear).
  public var timingFunctions: [TimingFunction]?
  /// How values between the keys are computed (default `.linear`).
  public var calculationMode: CalculationMode = .linear
  /// Kochanek–Bartels tension, continuity and bias per key, for the cubic modes.
  public var tensionValues: [NSNumber]?
  public var continuityValues: [NSNumber]?
  public var biasValues: [NSNumber]?

  public override init() { super.init() }

  public required init(copying other: LayerAnimation) {
    super.init(copying: other)
    guard let other = other as? KeyframeAnimation else { return }
    values = other.values
    keyTimes = other.keyTimes
    timingFunctions = other.timingFunctions
    calculationMode = other.calculationMode
    tensionValues = other.tensionValues
    continuityValues = other.continuityValues
    biasValues = other.biasValues
  }
}

/// Animations run together on the group's time (CAAnimationGroup): each one's `beginTime` counts
/// from the group's start, and they are cut off at the group's duration. The group's delegate and
/// `isRemovedOnCompletion` count; those of the animations inside it are ignored.
open class LayerAnimationGroup: LayerAnimation {
  public var animations: [LayerAnimation]?

  public override init() { super.init() }

  public required init(copying other: LayerAnimation) {
    super.init(copying: other)
    guard let other = other as? LayerAnimationGroup else { return }
    animations = other.animations?.map { $0.duplicate() }
  }
}
