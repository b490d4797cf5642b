import Foundation
/// Helpers shared by UIKit's default transitions and the built-in effects (Effects uses them
/// through `package` access).
///
/// `View.animate` only offers UIKit's four curves. Effects that need another cubic Bézier (Hero's
/// standard and deceleration curves, docs/effects.md#timing-curves) or whose values are not straight
/// interpolations of their end points (rotations about one axis, folds) run as a keyframe
/// animation with a linear overall curve, sampled densely: `apply(u)` is called for
/// u = curve(k / steps), k = 1…steps, inside consecutive keyframes. Values are exact at the
/// sample times and linear in between (for 48 samples over 0.35 s that is one sample every
/// 7 ms, below one frame at 120 fps).
@MainActor
package enum CurveSampling {
  /// The number of keyframes per animation.
  package static let defaultSteps = 48

  /// Animates whatever `apply` changes, from the current model values (progress 0) to
  /// `apply(1)`, over `duration` seconds along `curve`. `apply` receives the eased progress.
  /// `completion` runs once, like `View.animate`'s.
  package static func animate(
    duration: Double, curve: TimingFunction, steps: Int = defaultSteps,
    apply: @escaping (Double) -> Void, completion: @escaping (Bool) -> Void
  ) {
    let n = max(steps, 1)
    View.animateKeyframes(
      withDuration: duration, options: .curve(.curveLinear),
      animations: {
        for k in 1...n {
          let t = Double(k) / Double(n)
          View.addKeyframe(withRelativeStartTime: Double(k - 1) / Double(n), relativeDuration: 1 / Double(n)) {
            apply(k == n ? 1 : curve.value(at: t))
          }
        }
      }, completion: completion)
  }
}

/// The properties an animator may change on a view controller's view, saved so that they can
/// be put back exactly at the end (completed or cancelled).
@MainActor
package struct SavedViewState {
  let transform3D: Transform3D
  let alpha: Double
  let shadowOpacity: Double
  let shadowRadius: Double
  let shadowOffset: Size
  let shadowColor: Color
  let isHidden: Bool

  package init(_ view: View) {
    transform3D = view.transform3D
    alpha = view.alpha
    shadowOpacity = view.layer.shadowOpacity
    shadowRadius = view.layer.shadowRadius
    shadowOffset = view.layer.shadowOffset
    shadowColor = view.layer.shadowColor
    isHidden = view.isHidden
  }

  package func restore(_ view: View) {
    view.transform3D = transform3D
    view.alpha = alpha
    view.layer.shadowOpacity = shadowOpacity
    view.layer.shadowRadius = shadowRadius
    view.layer.shadowOffset = shadowOffset
    view.layer.shadowColor = shadowColor
    view.isHidden = isHidden
  }
}

extension View {
  /// A black overlay covering `host`'s bounds, added on top of its subviews, whose *view* alpha
  /// is the darkness (docs/effects.md#veils-and-gradients). Named "veil".
  @MainActor
  package static func makeVeil(on host: View, alpha: Double) -> View {
    let veil = View(frame: host.bounds)
    veil.name = "veil"
    veil.backgroundColor = .black
    veil.alpha = alpha
    veil.isUserInteractionEnabled = false
    host.addSubview(veil)
    return veil
  }
}

/// Linear interpolation.
@inline(__always)
package func mix(_ a: Double, _ b: Double, _ u: Double) -> Double { a + (b - a) * u }
