import Rendering

extension Parse {
  /// `#RRGGBB`, `#RRGGBBAA` (hex, straight alpha), or one of black, white, clear.
  static func color(_ text: String, option: String) throws -> Color {
    switch text.lowercased() {
    case "black": return .black
    case "white": return .white
    case "clear", "transparent": return .clear
    default: break
    }
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected #RRGGBB, #RRGGBBAA, black, white or clear")
    }
    if digits.count == 6 { return Color(hex: UInt32(value)) }
    return Color(hex: UInt32(value >> 8), alpha: Double(value & 0xff) / 255)
  }

  /// `WxH` in points, each side within `RecordingLimits.sides`.
  static func size(_ text: String, option: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected WIDTHxHEIGHT in points, e.g. 375x667")
    }
    let sides = RecordingLimits.sides
    guard w >= sides.lowerBound, h >= sides.lowerBound else { throw UsageError("Invalid value '\(text)' for '\(option)': each side must be at least 1 point") }
    guard w <= sides.upperBound, h <= sides.upperBound else {
      throw UsageError("Invalid value '\(text)' for '\(option)': each side must be at most \(Int(sides.upperBound)) points")
    }
    return Size(width: w, height: h)
  }
}
