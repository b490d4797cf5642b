// Core Animation API that transition files touch and the library does not model: layer
// transitions, shape layers, layer time, masks and continuous corners. Each fails to compile
// with what to use instead (docs/uikit-names.md#what-is-not-modelled).

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
    message: "masks are not modelled: clip with masksToBounds (and cornerRadius for a rounded rectangle)"
  )
  public var mask: Layer? {
    get { nil }
    set {}
  }

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
      "layer time is not modelled: delay an explicit animation with its own beginTime (CACurrentMediaTime() + delay), or UIView.animate(withDuration:delay:options:animations:completion:)"
  )
  public var beginTime: TimeInterval {
    get { 0 }
    set {}
  }
}
