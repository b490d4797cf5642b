// Core Animation's Swift names: layers, CATransform3D and its functions, named timing
// functions, transactions.

/// CALayer.
public typealias CALayer = Layer
/// CATransformLayer.
public typealias CATransformLayer = TransformLayer
/// CAGradientLayer (`colors` takes `cgColor`s, `locations` numbers in 0...1).
public typealias CAGradientLayer = GradientLayer
/// CATransform3D: m11 … m44 with Core Animation's layout; perspective is `m34 = -1/d`.
public typealias CATransform3D = Transform3D
/// CAMediaTimingFunction (`init(name:)`, `init(controlPoints:_:_:_:)`).
public typealias CAMediaTimingFunction = TimingFunction
/// CAMediaTimingFunctionName (`.linear`, `.easeIn`, `.easeOut`, `.easeInEaseOut`, `.default`).
public typealias CAMediaTimingFunctionName = TimingFunction.Name

// MARK: CATransform3D's functions, each the library's function of the same name without "CA"

/// CATransform3DIdentity.
public let CATransform3DIdentity: CATransform3D = Transform3DIdentity

/// CATransform3DIsIdentity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { Transform3DIsIdentity(t) }

/// CATransform3DEqualToTransform.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
  Transform3DEqualToTransform(a, b)
}

/// CATransform3DMakeTranslation.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  Transform3DMakeTranslation(tx, ty, tz)
}

/// CATransform3DMakeScale.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  Transform3DMakeScale(sx, sy, sz)
}

/// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
  Transform3DMakeRotation(angle, x, y, z)
}

/// CATransform3DTranslate: the translation first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  Transform3DTranslate(t, tx, ty, tz)
}

/// CATransform3DScale: the scale first, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  Transform3DScale(t, sx, sy, sz)
}

/// CATransform3DRotate: the rotation first, then `t`.
public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  Transform3DRotate(t, angle, x, y, z)
}

/// CATransform3DConcat: `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { Transform3DConcat(a, b) }

/// CATransform3DInvert: the inverse, or `t` itself when it has none.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { Transform3DInvert(t) }

/// CATransform3DMakeAffineTransform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  Transform3DMakeAffineTransform(m)
}

/// CATransform3DIsAffine.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { Transform3DIsAffine(t) }

/// CATransform3DGetAffineTransform.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  Transform3DGetAffineTransform(t)
}

// MARK: Transactions

/// CATransaction. A transaction batches Core Animation's implicit animations; the library has
/// none (a layer changed outside an animation block shows its new value at once, as on iOS
/// under `setDisableActions(true)`), so the only setting is the one that already holds. Its
/// completion block is the library's `LayerTransaction`'s: it runs when the animations added
/// after it was set (explicit ones and UIView.animate's) have stopped.
public enum CATransaction {
  /// Opens a transaction (`LayerTransaction.begin()`).
  @MainActor
  public static func begin() { LayerTransaction.begin() }

  /// Closes the innermost transaction (`LayerTransaction.commit()`).
  @MainActor
  public static func commit() { LayerTransaction.commit() }

  /// Closes the implicit transaction (`LayerTransaction.flush()`).
  @MainActor
  public static func flush() { LayerTransaction.flush() }

  /// The block to run when the animations added from now in this transaction have stopped
  /// (`LayerTransaction.setCompletionBlock(_:)`).
  @MainActor
  public static func setCompletionBlock(_ block: (() -> Void)?) { LayerTransaction.setCompletionBlock(block) }

  /// The innermost transaction's completion block.
  @MainActor
  public static func completionBlock() -> (() -> Void)? { LayerTransaction.completionBlock() }

  /// Always true: layers here never animate implicitly.
  public static func disableActions() -> Bool { true }

  /// `true` states what already holds. `false` asks for implicit animations, which the library
  /// does not make: reported (the recording fails naming it). Inside an animation block UIKit
  /// stops the block's layer animations under `true`; the library would not, so that is
  /// reported too.
  @MainActor
  public static func setDisableActions(_ flag: Bool) {
    if !flag {
      AnimationEngine.current.report(
        "CATransaction.setDisableActions(false): layers here never animate implicitly; animate the change inside UIView.animate(withDuration:animations:)"
      )
    } else if View.inheritedAnimationDuration > 0 {
      AnimationEngine.current.report(
        "CATransaction.setDisableActions(true) inside an animation block: the block's animations would stop on iOS, and do not here; make the change outside the block (or in UIView.performWithoutAnimation)"
      )
    }
  }

  @available(
    *, unavailable,
    message: "implicit animations are not modelled: give the duration to UIView.animate(withDuration:animations:)"
  )
  public static func setAnimationDuration(_ duration: TimeInterval) {}

  @available(
    *, unavailable,
    message:
      "implicit animations are not modelled: UIView.animate(withDuration:delay:timingFunction:animations:completion:) takes a CAMediaTimingFunction"
  )
  public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {}
}
