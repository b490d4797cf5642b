import Rendering

extension Parse {
  /// A color in `Color(parsing:)`'s syntax.
  static func color(_ text: String, option: String) throws -> Color {
    guard let color = Color(parsing: text) else {
      throw UsageError(
        "Invalid value '\(text)' for '\(option)': expected #RRGGBB, #RRGGBBAA, black, white, clear or a system color name (systemBackground)"
      )
    }
    return color
  }

  /// `--appearance`: `light` or `dark`; nil for light, the default, so that a recipe names
  /// only what differs from it.
  static func appearance(_ text: String) throws -> String? {
    guard let style = UserInterfaceStyle(name: text), style != .unspecified else {
      throw UsageError("Invalid value '\(text)' for '--appearance': expected light or dark")
    }
    return style == .light ? nil : style.name
  }

  /// `WxH` in points, each side within `RecordingLimits.sides`.
  static func size(_ text: String, option: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = decimal(String(parts[0])), let h = decimal(String(parts[1])) else {
      throw UsageError("Invalid value '\(text)' for '\(option)': expected WIDTHxHEIGHT in points, e.g. 375x667")
    }
    let sides = RecordingLimits.sides
    guard w >= sides.lowerBound, h >= sides.lowerBound else {
      throw UsageError("Invalid value '\(text)' for '\(option)': each side must be at least 1 point")
    }
    guard w <= sides.upperBound, h <= sides.upperBound else {
      throw UsageError(
        "Invalid value '\(text)' for '\(option)': each side must be at most \(Int(sides.upperBound)) points")
    }
    return Size(width: w, height: h)
  }
}

extension Parse {
  /// `--duration`: seconds within `RecordingLimits.transitionDurations`.
  static func duration(_ text: String) throws -> Double {
    let range = RecordingLimits.transitionDurations
    guard let v = decimal(text), range.contains(v) else {
      throw UsageError(
        "Invalid value '\(text)' for '--duration': expected the transition's length in seconds, \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
      )
    }
    return v
  }

  /// `--speed`: more than 0, at most 1.
  static func speed(_ text: String) throws -> Double {
    guard let v = decimal(text), v > 0, v <= 1 else {
      throw UsageError(
        "Invalid value '\(text)' for '--speed': expected a number more than 0 and at most 1 (0.25 plays four times slower)"
      )
    }
    return v
  }

  /// `--hold`: seconds, 0 to `RecordingLimits.maximumHold`.
  static func hold(_ text: String) throws -> Double {
    guard let v = decimal(text), v >= 0, v <= RecordingLimits.maximumHold else {
      throw UsageError(
        "Invalid value '\(text)' for '--hold': expected seconds, 0 to \(formatNumber(RecordingLimits.maximumHold))")
    }
    return v
  }

  /// `--stills`: a count (a whole number, evenly spaced from start to end) or progress points
  /// separated by commas, each 0 to 1.
  static func stills(_ text: String) throws -> [Double] {
    do {
      if let count = Int(text) { return try StillPoints.evenlySpaced(count) }
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      let points = try parts.map { part in
        guard let v = decimal(part.trimmingCharacters(in: .whitespaces)) else {
          throw UsageError(
            "Invalid value '\(text)' for '--stills': expected a count (5) or progress points from 0 to 1 separated by commas (0,0.25,0.5,0.75,1)"
          )
        }
        return v
      }
      return try StillPoints.checked(points)
    } catch let error as RenderError {
      throw UsageError("Invalid value '\(text)' for '--stills': \(error.description)")
    }
  }
}
