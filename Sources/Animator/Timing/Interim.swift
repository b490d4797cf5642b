// Interim math, replaced by the Timing/ and Geometry/ interpolation files when they land.
import Foundation

public protocol Interpolatable: Sendable {
  func interpolated(to other: Self, amount: Double) -> Self
}
extension Double: Interpolatable {
  public func interpolated(to o: Double, amount t: Double) -> Double { self + (o - self) * t }
}
extension Point: Interpolatable {
  public func interpolated(to o: Point, amount t: Double) -> Point {
    Point(x: x.interpolated(to: o.x, amount: t), y: y.interpolated(to: o.y, amount: t))
  }
}
extension Size: Interpolatable {
  public func interpolated(to o: Size, amount t: Double) -> Size {
    Size(width: width.interpolated(to: o.width, amount: t), height: height.interpolated(to: o.height, amount: t))
  }
}
extension Rect: Interpolatable {
  public func interpolated(to o: Rect, amount t: Double) -> Rect {
    Rect(origin: origin.interpolated(to: o.origin, amount: t), size: size.interpolated(to: o.size, amount: t))
  }
}
extension Color: Interpolatable {
  public func interpolated(to o: Color, amount t: Double) -> Color {
    Color(red: red.interpolated(to: o.red, amount: t), green: green.interpolated(to: o.green, amount: t),
          blue: blue.interpolated(to: o.blue, amount: t), alpha: alpha.interpolated(to: o.alpha, amount: t))
  }
}
extension Transform3D: Interpolatable {
  /// Core Animation's decomposition-based interpolation (branch math,
  /// `Transform3D.interpolate(from:to:progress:)`); the interim entrywise blend is gone.
  public func interpolated(to o: Transform3D, amount t: Double) -> Transform3D {
    Transform3D.interpolate(from: self, to: o, progress: t)
  }
}
