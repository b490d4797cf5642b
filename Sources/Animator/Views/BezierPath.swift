import Foundation

/// A closed shape made by UIBezierPath's shape initialisers, for a layer's `shadowPath`
/// (docs/core-animation.md#shadow-path-is-the-shadows-shape). Paths drawn segment by segment
/// are not modelled.
public final class BezierPath {
  /// The shape (CGPath's role: what `shadowPath` takes).
  public let cgPath: ShapePath

  /// UIBezierPath(rect:).
  public init(rect: Rect) { cgPath = .rect(rect) }

  /// UIBezierPath(ovalIn:): the ellipse inscribed in `rect`.
  public init(ovalIn rect: Rect) { cgPath = .ellipse(rect) }

  /// UIBezierPath(roundedRect:cornerRadius:): every corner a circular arc of `cornerRadius`
  /// points, clamped to half the shorter side (iOS draws these corners continuous; here they are
  /// circular, as `cornerCurve` is: docs/uikit-names.md).
  public init(roundedRect rect: Rect, cornerRadius: Double) {
    cgPath = .roundedRect(rect, radius: cornerRadius, corners: .all)
  }

  /// UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:): the `corners` named rounded with
  /// circular arcs of `cornerRadii.width` points (the height is not used, as on iOS), the others
  /// square.
  public init(roundedRect rect: Rect, byRoundingCorners corners: CornerMask, cornerRadii: Size) {
    cgPath = .roundedRect(rect, radius: cornerRadii.width, corners: corners)
  }

  /// The smallest rectangle holding the shape.
  public var bounds: Rect { cgPath.bounds }
}
