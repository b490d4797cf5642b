import Foundation
// UIKit's nested type names and NSObject's identity, so code written against UIKit reads the
// same here.

/// UIView.TintAdjustmentMode.
public enum ViewTintAdjustmentMode: Sendable {
  /// Inherits the superview's mode (the default).
  case automatic
  /// Tint colours as they are.
  case normal
  /// Tint colours dimmed; no pixel changes here, views draw no tint-coloured content.
  case dimmed
}

extension View {
  /// UIView.AnimationOptions.
  public typealias AnimationOptions = Animator.AnimationOptions
  /// UIView.KeyframeAnimationOptions.
  public typealias KeyframeAnimationOptions = Animator.KeyframeAnimationOptions
  /// UIView.TintAdjustmentMode.
  public typealias TintAdjustmentMode = ViewTintAdjustmentMode
  /// UIView.AnimationCurve.
  public typealias AnimationCurve = Animator.AnimationCurve

  /// UIView.inheritedAnimationDuration: the duration in seconds of the innermost animation
  /// block the code runs in, 0 outside one (and in `performWithoutAnimation`).
  public static var inheritedAnimationDuration: TimeInterval { AnimationEngine.current.blocks.last?.duration ?? 0 }
}

extension NavigationController {
  /// UINavigationController.Operation.
  public typealias Operation = NavigationOperation
}

// UIView and UIViewController are NSObjects: equal only to themselves, hashed by identity, so
// `viewControllers.firstIndex(of: fromVC)` works as in UIKit.
extension View: Hashable {
  nonisolated public static func == (a: View, b: View) -> Bool { a === b }
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension ViewController: Hashable {
  nonisolated public static func == (a: ViewController, b: ViewController) -> Bool { a === b }
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Layer {
  /// CALayer.presentation(): a copy of this layer and its sublayers holding the values shown
  /// at the engine's current time (running animations applied), detached from the tree and
  /// from the clock. Optional as in UIKit (nil before a layer is first drawn); here every
  /// layer has a presentation, so it is never nil.
  public func presentation() -> Layer? { Layer(presenting: presentationSnapshot()) }
}
