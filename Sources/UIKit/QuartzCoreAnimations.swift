// Core Animation's explicit layer animations: each name is the library's class or type
// (docs/core-animation.md#explicit-animations), and the layer's add(_:forKey:),
// removeAnimation(forKey:), animation(forKey:) and animationKeys() are the library's own.

/// CFTimeInterval: seconds (Foundation on Linux has no CoreFoundation names).
public typealias CFTimeInterval = Double
/// CAAnimation: timing (`duration`, `beginTime`, `timeOffset`, `repeatCount`, `repeatDuration`,
/// `autoreverses`, `speed`, `fillMode`, `timingFunction`), `isRemovedOnCompletion`, `delegate`,
/// `setValue(_:forKey:)` / `value(forKey:)`.
public typealias CAAnimation = LayerAnimation
/// CAPropertyAnimation: `keyPath`, `isAdditive`, `isCumulative`.
public typealias CAPropertyAnimation = LayerPropertyAnimation
/// CABasicAnimation: `fromValue`, `toValue`, `byValue`.
public typealias CABasicAnimation = BasicAnimation
/// CASpringAnimation: `mass`, `stiffness`, `damping`, `initialVelocity`, `settlingDuration`.
public typealias CASpringAnimation = SpringAnimation
/// CAKeyframeAnimation: `values`, `keyTimes`, `timingFunctions`, `calculationMode`,
/// `tensionValues`, `continuityValues`, `biasValues`.
public typealias CAKeyframeAnimation = KeyframeAnimation
/// CAAnimationGroup: `animations`.
public typealias CAAnimationGroup = LayerAnimationGroup
/// CAAnimationDelegate: `animationDidStart(_:)`, `animationDidStop(_:finished:)`.
public typealias CAAnimationDelegate = LayerAnimationDelegate
/// CAMediaTimingFillMode (`.removed`, `.forwards`, `.backwards`, `.both`).
public typealias CAMediaTimingFillMode = FillMode
/// CAAnimationCalculationMode (`.linear`, `.discrete`, `.paced`, `.cubic`, `.cubicPaced`).
public typealias CAAnimationCalculationMode = CalculationMode

/// CACurrentMediaTime(): the recording's virtual clock, in seconds (`AnimationEngine.current.now`),
/// so that `beginTime = CACurrentMediaTime() + 0.5` waits half a second of the recording. Call
/// it on the main thread, where the code that animates runs.
public func CACurrentMediaTime() -> CFTimeInterval {
  MainActor.assumeIsolated { AnimationEngine.current.now }
}

extension KeyframeAnimation {
  @available(
    *, unavailable,
    message:
      "paths are not modelled: give the points as values (CGPoint) of a \"position\" keyframe animation, with calculationMode .cubic for a curve through them"
  )
  public var path: CGPath? {
    get { nil }
    set {}
  }
}

// UIKit's NSValue boxes of Core Graphics values, which animations' values take as they are here.
extension NSValue {
  /// NSValue(cgPoint:).
  public convenience init(cgPoint: CGPoint) { self.init(point: cgPoint) }
  /// NSValue(cgSize:).
  public convenience init(cgSize: CGSize) { self.init(size: cgSize) }
  /// NSValue(cgRect:).
  public convenience init(cgRect: CGRect) { self.init(rect: cgRect) }
  /// The boxed point.
  public var cgPointValue: CGPoint { pointValue }
  /// The boxed size.
  public var cgSizeValue: CGSize { sizeValue }
  /// The boxed rectangle.
  public var cgRectValue: CGRect { rectValue }

  @available(
    *, unavailable,
    message: "Foundation on Linux boxes no structures: give the CATransform3D itself (animation.toValue = transform)"
  )
  public convenience init(caTransform3D: CATransform3D) { self.init(point: .zero) }
}
