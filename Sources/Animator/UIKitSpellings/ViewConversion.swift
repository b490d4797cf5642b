import Foundation
// UIView's coordinate conversions between views, composed of the window conversions the
// gesture recognizers use: model values and the affine part of each view's transform (3D
// projections and sublayer transforms are not followed).

extension View {
  /// UIView.convert(_:to:): `point`, given in this view's bounds coordinates, in `view`'s bounds
  /// coordinates (the window's when nil).
  public func convert(_ point: Point, to view: View?) -> Point {
    let inWindow = convertToWindow(point)
    return view?.convert(fromWindow: inWindow) ?? inWindow
  }

  /// UIView.convert(_:from:): `point`, given in `view`'s bounds coordinates (the window's when
  /// nil), in this view's bounds coordinates.
  public func convert(_ point: Point, from view: View?) -> Point {
    convert(fromWindow: view?.convertToWindow(point) ?? point)
  }

  /// UIView.convert(_:to:) for a rectangle: the smallest rectangle holding its four corners
  /// converted (a rotation between the views makes it larger, as in UIKit).
  public func convert(_ rect: Rect, to view: View?) -> Rect { rect.boundingBox { convert($0, to: view) } }

  /// UIView.convert(_:from:) for a rectangle: the smallest rectangle holding its corners converted.
  public func convert(_ rect: Rect, from view: View?) -> Rect { rect.boundingBox { convert($0, from: view) } }
}
