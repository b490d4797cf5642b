// Shapes for shadowPath and partial corner rounding: UIBezierPath's shape initialisers, CGPath,
// CACornerMask and UIRectCorner are the library's (docs/core-animation.md#masked-corners,
// #shadow-path-is-the-shadows-shape). Paths drawn segment by segment are not modelled.

/// UIBezierPath: `init(rect:)`, `init(ovalIn:)`, `init(roundedRect:cornerRadius:)`,
/// `init(roundedRect:byRoundingCorners:cornerRadii:)`, `cgPath`, `bounds`.
public typealias UIBezierPath = BezierPath
/// CGPath: a closed shape (what `shadowPath` takes).
public typealias CGPath = ShapePath
/// CACornerMask: the corners `cornerRadius` rounds (`maskedCorners`).
public typealias CACornerMask = CornerMask
/// UIRectCorner: the corners a rounded-rectangle path rounds.
public typealias UIRectCorner = CornerMask

extension CornerMask {
  /// CACornerMask.layerMinXMinYCorner: the top-left corner.
  public static let layerMinXMinYCorner = CornerMask.minXMinY
  /// CACornerMask.layerMaxXMinYCorner: the top-right corner.
  public static let layerMaxXMinYCorner = CornerMask.maxXMinY
  /// CACornerMask.layerMinXMaxYCorner: the bottom-left corner.
  public static let layerMinXMaxYCorner = CornerMask.minXMaxY
  /// CACornerMask.layerMaxXMaxYCorner: the bottom-right corner.
  public static let layerMaxXMaxYCorner = CornerMask.maxXMaxY
  /// UIRectCorner.topLeft.
  public static let topLeft = CornerMask.minXMinY
  /// UIRectCorner.topRight.
  public static let topRight = CornerMask.maxXMinY
  /// UIRectCorner.bottomLeft.
  public static let bottomLeft = CornerMask.minXMaxY
  /// UIRectCorner.bottomRight.
  public static let bottomRight = CornerMask.maxXMaxY
  /// UIRectCorner.allCorners.
  public static let allCorners = CornerMask.all
}

extension BezierPath {
  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public convenience init() { self.init(rect: .zero) }

  @available(
    *, unavailable,
    message: "arcs are not modelled: UIBezierPath(ovalIn:) for a whole circle, as a shadow path"
  )
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) { self.init(rect: .zero) }

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func move(to point: CGPoint) {}

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func addLine(to point: CGPoint) {}

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {}

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {}

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {}

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func close() {}

  @available(*, unavailable, message: "paths drawn segment by segment are not modelled (see UIBezierPath(rect:))")
  public func append(_ path: UIBezierPath) {}

  @available(
    *, unavailable, message: "transformed paths are not modelled: make the path from the transformed rectangle"
  )
  public func apply(_ transform: CGAffineTransform) {}
}

extension ShapePath {
  @available(*, unavailable, message: "build the shape with UIBezierPath(rect:).cgPath")
  public init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self = .rect(rect) }

  @available(*, unavailable, message: "build the shape with UIBezierPath(ovalIn:).cgPath")
  public init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self = .ellipse(rect) }

  @available(*, unavailable, message: "build the shape with UIBezierPath(roundedRect:cornerRadius:).cgPath")
  public init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
  ) { self = .rect(rect) }
}
