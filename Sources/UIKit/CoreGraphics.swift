// Core Graphics' Swift names. CGFloat, CGPoint, CGSize and CGRect are Foundation's, which the
// library's geometry already is; Foundation on Linux lacks the rest.

/// CGAffineTransform: the library's affine transform (`init(scaleX:y:)`, `init(rotationAngle:)`,
/// `init(translationX:y:)`, `scaledBy`, `rotated`, `translatedBy`, `concatenating`,
/// `inverted()`, `isIdentity`, `.identity`). Not Foundation's `AffineTransform`.
public typealias CGAffineTransform = TransitionRender.AffineTransform
/// CGColor: a colour as layers take it, the same `Color` a UIColor is (`UIColor.red.cgColor`).
public typealias CGColor = Color

/// CGVector: a two-dimensional vector (a spring's initial velocity).
public struct CGVector: Sendable, Hashable {
  /// The horizontal component, positive rightwards.
  public var dx: CGFloat
  /// The vertical component, positive downwards (UIKit's y-down space).
  public var dy: CGFloat

  /// A vector of `dx` and `dy`. As a spring's `initialVelocity`: in whole distances per second,
  /// along one axis or with equal components (UISpringTimingParameters).
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  /// The zero vector.
  public init() { self.init(dx: 0, dy: 0) }

  /// The zero vector.
  public static let zero = CGVector()
}

// UIColor.cgColor is the library's (`Color.cgColor`): a dynamic colour resolved with the
// current traits, as UIKit's is.
extension Color {
  /// UIColor(cgColor:): the same colour.
  public init(cgColor: CGColor) { self = cgColor }
}
