// Core Animation API that transition files touch and the library does not model: explicit
// layer animations, layer time, paths, masks and partial corner rounding. Each fails to
// compile with what to use instead (docs/uikit-names.md#what-is-not-modelled).

/// CAAnimation: not modelled.
@available(
  *, unavailable, message: "explicit layer animations are not modelled: UIView.animate(withDuration:animations:)"
)
open class CAAnimation {
  public init() {}
}

/// CABasicAnimation: not modelled.
@available(
  *, unavailable,
  message:
    "explicit layer animations are not modelled: set the layer property inside UIView.animate(withDuration:delay:options:animations:completion:) (or a UIViewPropertyAnimator)"
)
open class CABasicAnimation: CAAnimation {
  public convenience init(keyPath path: String?) { self.init() }
}

/// CAKeyframeAnimation: not modelled.
@available(
  *, unavailable,
  message:
    "explicit layer animations are not modelled: UIView.animateKeyframes(withDuration:delay:options:animations:completion:) with UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)"
)
open class CAKeyframeAnimation: CAAnimation {
  public convenience init(keyPath path: String?) { self.init() }
}

/// CASpringAnimation: not modelled.
@available(
  *, unavailable,
  message:
    "explicit layer animations are not modelled: UIViewPropertyAnimator(duration:timingParameters: UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)) with the same mass, stiffness and damping"
)
open class CASpringAnimation: CAAnimation {
  public convenience init(keyPath path: String?) { self.init() }
}

/// CAAnimationGroup: not modelled.
@available(
  *, unavailable,
  message: "explicit layer animations are not modelled: change the properties together inside one UIView.animate block"
)
open class CAAnimationGroup: CAAnimation {}

/// CATransition: not modelled.
@available(
  *, unavailable,
  message:
    "layer transitions are not modelled: vend an animator from the navigation controller's delegate (or a transitioningDelegate); CrossfadeAnimator and SystemNavigationAnimator are built in"
)
open class CATransition: CAAnimation {}

/// CAShapeLayer: not modelled.
@available(
  *, unavailable,
  message:
    "shape layers are not modelled: a UIView with backgroundColor and layer.cornerRadius for rectangles, rounded rectangles and circles"
)
open class CAShapeLayer {
  public init() {}
}

/// UIBezierPath: not modelled.
@available(
  *, unavailable,
  message:
    "paths are not modelled: a shadow is the layer's own blurred silhouette (delete a shadowPath that is the layer's bounds), and masks are clipsToBounds with cornerRadius"
)
open class UIBezierPath {
  public init() {}
  public convenience init(rect: CGRect) { self.init() }
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) { self.init() }
  public convenience init(ovalIn rect: CGRect) { self.init() }
  public var cgPath: CGPath { fatalError() }
}

/// CGPath: not modelled.
@available(*, unavailable, message: "paths are not modelled (see UIBezierPath)")
public final class CGPath {}

/// CACornerMask: the corners a layer's `cornerRadius` rounds (the type only; see `maskedCorners`).
public struct CACornerMask: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// CALayerCornerCurve: how rounded corners are drawn. The library draws circular arcs.
public struct CALayerCornerCurve: Hashable, Sendable {
  private init() {}

  /// Circular arcs: what the library draws.
  public static let circular = CALayerCornerCurve()

  @available(
    *, unavailable,
    message: "continuous (squircle) corners are not modelled: corners are circular arcs here (delete the line)"
  )
  public static var continuous: CALayerCornerCurve { circular }
}

extension Layer {
  /// How rounded corners are drawn: always `.circular` here (`.continuous` does not compile).
  public var cornerCurve: CALayerCornerCurve {
    get { .circular }
    set {}
  }

  @available(
    *, unavailable,
    message:
      "cornerRadius rounds all four corners here: to round some, round a container that clips (clipsToBounds) and extends past the square corners"
  )
  public var maskedCorners: CACornerMask {
    get { [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] }
    set {}
  }

  @available(
    *, unavailable,
    message:
      "shadow paths are not modelled: the shadow is the layer's blurred silhouette (docs/core-animation.md#shadow-is-the-blurred-silhouette); delete a path that is the layer's own (rounded) bounds"
  )
  public var shadowPath: CGPath? {
    get { nil }
    set {}
  }

  @available(
    *, unavailable,
    message: "masks are not modelled: clip with masksToBounds (and cornerRadius for a rounded rectangle)"
  )
  public var mask: Layer? {
    get { nil }
    set {}
  }

  @available(
    *, unavailable,
    message:
      "explicit layer animations are not modelled: set the property inside UIView.animate(withDuration:animations:)"
  )
  public func add(_ animation: CAAnimation, forKey key: String?) {}

  @available(
    *, unavailable,
    message: "explicit layer animations are not modelled: removeAllAnimations() ends the UIView animations of a layer"
  )
  public func removeAnimation(forKey key: String) {}

  @available(
    *, unavailable,
    message:
      "layer time is not modelled: drive a transition with UIPercentDrivenInteractiveTransition's update(_:), or a UIViewPropertyAnimator's fractionComplete"
  )
  public var speed: Float {
    get { 1 }
    set {}
  }

  @available(
    *, unavailable,
    message:
      "layer time is not modelled: drive a transition with UIPercentDrivenInteractiveTransition's update(_:), or a UIViewPropertyAnimator's fractionComplete"
  )
  public var timeOffset: TimeInterval {
    get { 0 }
    set {}
  }

  @available(
    *, unavailable,
    message:
      "layer time is not modelled: delay an animation with UIView.animate(withDuration:delay:options:animations:completion:)"
  )
  public var beginTime: TimeInterval {
    get { 0 }
    set {}
  }
}

@available(
  *, unavailable,
  message:
    "time is virtual here (it moves only between frames): AnimationEngine.current.now is the clock's time in seconds"
)
public func CACurrentMediaTime() -> TimeInterval { 0 }
