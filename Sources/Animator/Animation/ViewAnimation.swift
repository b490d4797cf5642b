import Foundation
/// UIView.AnimationOptions, with UIKit's raw values.
public struct AnimationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Bit 0. Accepted and ignored: a layout run inside the block animates either way
  /// (docs/layout.md#layout-in-an-animation-block-animates).
  public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
  /// Bit 1. Accepted and ignored: no animation keeps scripted touches from their views here.
  public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
  /// Accepted; position and bounds animations are additive (iOS 8+) either way.
  public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
  /// Bit 3. Accepted and ignored: the block runs once; repeat with an explicit
  /// `BasicAnimation`'s `repeatCount`.
  public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
  /// Bit 4. Accepted and ignored: the block plays forward once; use an explicit animation's
  /// `autoreverses`.
  public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
  /// Bit 5. Accepted; a nested block always uses its own duration here, as if this were set.
  public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
  /// Bit 6. Accepted; a nested block always uses its own curve here, as if this were set.
  public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
  /// Bit 7. Accepted and ignored: a view's content is not redrawn in steps during an animation.
  public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
  /// Bit 8. Accepted and ignored: there is no `View.transition(from:to:)` here.
  public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
  /// Bit 9. Accepted; a nested block never inherits options here, as if this were set.
  public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
  /// The default curve (raw value 0): ease-in-ease-out (0.42, 0, 0.58, 1).
  public static let curveEaseInOut = AnimationOptions([])
  /// Raw value 1 << 16: TimingFunction.easeIn, slow start.
  public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
  /// Raw value 2 << 16: TimingFunction.easeOut, slow end.
  public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
  /// Raw value 3 << 16: constant speed.
  public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

  /// The timing function the curve bits select (default easeInEaseOut:
  /// docs/core-animation.md#default-curve-is-ease-in-ease-out).
  var curve: TimingFunction {
    switch (rawValue >> 16) & 0xF {
    case 1: return .easeIn
    case 2: return .easeOut
    case 3: return .linear
    default: return .easeInEaseOut
    }
  }
}

/// UIView.KeyframeAnimationOptions: the UIView option bits plus the calculation mode.
public struct KeyframeAnimationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The default (raw value 0): straight between the values, by key time.
  public static let calculationModeLinear = KeyframeAnimationOptions([])
  /// Raw value 1 << 10: each value held until the next keyframe's start, no blending.
  public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
  /// Raw value 2 << 10: constant speed along the values; relative start times and durations ignored.
  public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
  /// Raw value 3 << 10: a Catmull–Rom spline through the values
  /// (docs/core-animation.md#keyframe-calculation-modes).
  public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
  /// Raw value 4 << 10: the cubic spline at constant speed.
  public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
  /// Bit 1. Accepted and ignored, as `AnimationOptions.allowUserInteraction`.
  public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
  /// Bit 2. Accepted; position and bounds animations are additive (iOS 8+) either way.
  public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
  /// The overall curve is ease-in-ease-out by default
  /// (docs/core-animation.md#keyframes-are-eased-as-a-whole); passing a UIView curve's raw value
  /// (e.g. `curveLinear`) changes it.
  public static func curve(_ c: AnimationOptions) -> KeyframeAnimationOptions {
    KeyframeAnimationOptions(rawValue: c.rawValue & (0xF << 16))
  }

  /// The calculation mode the option bits select (default linear).
  var calculationMode: CalculationMode {
    switch (rawValue >> 10) & 0x7 {
    case 1: return .discrete
    case 2: return .paced
    case 3: return .cubic
    case 4: return .cubicPaced
    default: return .linear
    }
  }
}

extension View {
  /// Animates the changes made in `animations` over `duration` seconds after `delay`, with the
  /// curve in `options` (default ease-in-ease-out). Model values change at once; the
  /// presentation interpolates. `completion` runs once, when every animation of this call has
  /// stopped, with `finished == false` if any was removed early. A duration ≤ 0 applies the
  /// changes at once and completes at the current time.
  public static func animate(
    withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    AnimationEngine.current.runBlock(
      duration: duration, delay: delay, timing: .curve(options.curve), animations: animations, completion: completion)
  }

  /// Like `animate(withDuration:delay:options:animations:completion:)` with any cubic Bézier
  /// curve (UIViewPropertyAnimator's UICubicTimingParameters in one call): for curves UIKit's
  /// four options do not name, such as Hero's.
  public static func animate(
    withDuration duration: Double, delay: Double = 0, timingFunction: TimingFunction,
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    AnimationEngine.current.runBlock(
      duration: duration, delay: delay, timing: .curve(timingFunction), animations: animations, completion: completion)
  }

  /// A spring animation: `dampingRatio` in (0, 1] (1 = no overshoot), `duration` is the
  /// settling time the spring is solved for, `velocity` is in whole distances per second.
  /// Curve options are ignored (the spring replaces the curve).
  public static func animate(
    withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
    initialSpringVelocity velocity: Double, options: AnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let spring = Spring(dampingRatio: dampingRatio, duration: max(duration, 0.01), initialVelocity: velocity)
    AnimationEngine.current.runBlock(
      duration: duration, delay: delay, timing: .spring(spring), animations: animations, completion: completion)
  }

  /// Keyframe animation: inside `animations`, call `addKeyframe(withRelativeStartTime:
  /// relativeDuration:animations:)`; times are fractions of `duration`, warped as a whole by
  /// the overall curve (ease-in-ease-out unless `options` carries another curve).
  public static func animateKeyframes(
    withDuration duration: Double, delay: Double = 0, options: KeyframeAnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let curve = AnimationOptions(rawValue: options.rawValue).curve
    AnimationEngine.current.runBlock(
      duration: duration, delay: delay, timing: .curve(curve), collectKeyframes: true,
      calculationMode: options.calculationMode, animations: animations, completion: completion)
  }

  /// One keyframe of the enclosing `animateKeyframes` block: the changes made in `animations`
  /// are reached between `frameStartTime` and `frameStartTime + frameDuration` (fractions
  /// 0...1 of the whole). Outside a keyframe block the changes apply at once.
  public static func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: () -> Void
  ) {
    let engine = AnimationEngine.current
    guard let collector = engine.blocks.last?.keyframes else {
      engine.report("addKeyframe called outside animateKeyframes; its changes were applied without animation")
      animations()
      return
    }
    let saved = collector.current
    collector.current = (frameStartTime, frameDuration)
    animations()
    collector.current = saved
  }

  /// Runs `actions` with no animation, even inside an animation block.
  public static func performWithoutAnimation(_ actions: () -> Void) {
    let engine = AnimationEngine.current
    let saved = engine.blocks
    engine.blocks = []
    actions()
    engine.blocks = saved
  }
}
