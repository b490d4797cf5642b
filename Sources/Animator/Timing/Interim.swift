// Interim math, replaced by the Timing/ and Geometry/ interpolation files when they land.
import Foundation

public struct TimingFunction: Sendable, Hashable {
  public let c1x, c1y, c2x, c2y: Double
  public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    (self.c1x, self.c1y, self.c2x, self.c2y) = (c1x, c1y, c2x, c2y)
  }
  public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
  public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
  public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
  public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
  public func value(at x: Double) -> Double {
    let x = min(max(x, 0), 1)
    func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c1x + 3 * (1 - s) * s * s * c2x + s * s * s }
    func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c1y + 3 * (1 - s) * s * s * c2y + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if bx(mid) < x { lo = mid } else { hi = mid }
    }
    return by((lo + hi) / 2)
  }
}

public struct Spring: Sendable, Hashable {
  public var mass, stiffness, damping, initialVelocity: Double
  public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
    mass = 1; stiffness = 100; damping = 2 * dampingRatio * 10; self.initialVelocity = initialVelocity
  }
  public func progress(at t: Double) -> Double { min(t, 1) }
}

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
  public func interpolated(to o: Transform3D, amount t: Double) -> Transform3D {
    Transform3D(entries: zip(entries, o.entries).map { $0 + ($1 - $0) * t })
  }
}
