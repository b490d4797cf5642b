import Foundation
extension Color {
  /// The one color syntax of command lines, scene files and manifests: `#RRGGBB` or
  /// `#RRGGBBAA` (hexadecimal, straight alpha; the `#` may be left out), the names `black`,
  /// `white`, `clear` (`transparent`), or a system colour's UIKit name (`systemBackground`,
  /// `label`, …: a dynamic colour, docs/colors.md#the-values); letter case is ignored. Nil for
  /// anything else.
  public init?(parsing text: String) {
    switch text.lowercased() {
    case "black": self = .black
    case "white": self = .white
    case "clear", "transparent": self = .clear
    default:
      if let named = Color.systemColor(named: text) {
        self = named
        return
      }
      let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
      guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let v = UInt64(digits, radix: 16)
      else {
        return nil
      }
      if digits.count == 6 {
        self.init(hex: UInt32(v))
      } else {
        self.init(hex: UInt32(v >> 8), alpha: Double(v & 0xff) / 255)
      }
    }
  }

  /// `#RRGGBBAA`, each channel rounded to 8 bits: what `init(parsing:)` reads back (for a
  /// dynamic colour, its light value).
  public var hexString: String {
    let digits = Array("0123456789ABCDEF")
    return "#"
      + [red, green, blue, alpha].map { channel in
        let v = Int((min(1, max(0, channel)) * 255).rounded())
        return String([digits[v >> 4], digits[v & 15]])
      }.joined()
  }
}
