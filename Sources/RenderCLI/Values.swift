import Rendering

extension Parse {
  /// A color in `Color(parsing:)`'s syntax.
  static func color(_ text: String, option: String) throws -> Color {
    guard let color = Color(parsing: text) else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected #RRGGBB, #RRGGBBAA, black, white or clear")
    }
    return color
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
