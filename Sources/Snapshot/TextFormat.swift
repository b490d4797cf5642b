import Foundation

/// The numbers of snapshot text (and of the compositor's draw-list text): 3 decimals with
/// trailing zeros trimmed, negative zero printed as 0, so equal geometry prints equal text.
public enum TextFormat {
  /// `1.5`, `-0.333`, `2`; values that round to -0.000 print as `0`.
  public static func number(_ v: Double) -> String {
    var s = String(format: "%.3f", v)
    if s == "-0.000" { s = "0.000" }
    // Trim trailing zeros for readability; the precision stays fixed at 3 decimals.
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
  }

  /// `(x,y)`.
  public static func point(_ p: Point) -> String { "(\(number(p.x)),\(number(p.y)))" }

  /// `(x,y,width,height)`.
  public static func rect(_ r: Rect) -> String {
    "(\(number(r.origin.x)),\(number(r.origin.y)),\(number(r.width)),\(number(r.height)))"
  }

  /// `rgba(r,g,b,a)`, components in 0...1.
  public static func color(_ c: Color) -> String {
    "rgba(\(number(c.red)),\(number(c.green)),\(number(c.blue)),\(number(c.alpha)))"
  }

  /// `affine[a b c d tx ty]` when the matrix is affine, else its 16 entries in memory order.
  public static func transform(_ t: Transform3D) -> String {
    if t.isAffine {
      let a = t.affine
      return "affine[\([a.a, a.b, a.c, a.d, a.tx, a.ty].map(number).joined(separator: " "))]"
    }
    return "[\(t.entries.map(number).joined(separator: " "))]"
  }
}
