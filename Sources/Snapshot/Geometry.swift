import Foundation

// The geometry is Foundation's: on Linux Foundation defines CGPoint, CGSize and CGRect (with
// CGFloat coordinates that convert to and from Double implicitly), as Core Graphics does on
// iOS. A `CGRect` from a user's file is a `Rect` here, with no conversion and no second type
// to be ambiguous with; `insetBy`, `offsetBy`, `midX`, `standardized`, `zero` mean what they
// mean on iOS.

/// A point in UIKit's coordinate space: points (not pixels), origin top-left, +y down.
public typealias Point = CGPoint

/// A width and height in points. Negative values are allowed, as in Core Graphics.
public typealias Size = CGSize

/// An axis-aligned rectangle in points (`minX` … `maxY` and `width`, `height` of the
/// standardized rectangle, as Core Graphics reads them).
public typealias Rect = CGRect

/// A straight-alpha color, each component in 0...1 (sRGB, as UIColor's RGB initialiser).
public struct Color: Sendable, Hashable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
  /// A gray level `white` in 0...1.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }
  /// `0xRRGGBB` with a separate alpha.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
      blue: Double(hex & 0xff) / 255, alpha: alpha)
  }
  public func withAlphaComponent(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }
  public static let black = Color(white: 0)
  public static let white = Color(white: 1)
  public static let clear = Color(white: 0, alpha: 0)
}
