import Foundation

// UIKit's system colours with their light and dark values (iOS 13 to 18, sRGB); each figure and
// where it comes from is in docs/colors.md#the-values. The ones whose two values are equal
// (systemGray) are plain colours.
extension Color {
  // MARK: Tints

  /// Light #FF3B30, dark #FF453A.
  public static let systemRed = pair(0xFF3B30, 0xFF453A)
  /// Light #FF9500, dark #FF9F0A.
  public static let systemOrange = pair(0xFF9500, 0xFF9F0A)
  /// Light #FFCC00, dark #FFD60A.
  public static let systemYellow = pair(0xFFCC00, 0xFFD60A)
  /// Light #34C759, dark #30D158.
  public static let systemGreen = pair(0x34C759, 0x30D158)
  /// Light #00C7BE, dark #66D4CF.
  public static let systemMint = pair(0x00C7BE, 0x66D4CF)
  /// Light #30B0C7, dark #40C8E0.
  public static let systemTeal = pair(0x30B0C7, 0x40C8E0)
  /// Light #32ADE6, dark #64D2FF.
  public static let systemCyan = pair(0x32ADE6, 0x64D2FF)
  /// Light #007AFF, dark #0A84FF.
  public static let systemBlue = pair(0x007AFF, 0x0A84FF)
  /// Light #5856D6, dark #5E5CE6.
  public static let systemIndigo = pair(0x5856D6, 0x5E5CE6)
  /// Light #AF52DE, dark #BF5AF2.
  public static let systemPurple = pair(0xAF52DE, 0xBF5AF2)
  /// Light #FF2D55, dark #FF375F.
  public static let systemPink = pair(0xFF2D55, 0xFF375F)
  /// Light #A5845E, dark #AC8E68.
  public static let systemBrown = pair(0xA5845E, 0xAC8E68)
  /// #8E8E93 in both appearances: a plain colour.
  public static let systemGray = pair(0x8E8E93, 0x8E8E93)
  /// Light #AEAEB2, dark #636366.
  public static let systemGray2 = pair(0xAEAEB2, 0x636366)
  /// Light #C7C7CC, dark #48484A.
  public static let systemGray3 = pair(0xC7C7CC, 0x48484A)
  /// Light #D1D1D6, dark #3A3A3C.
  public static let systemGray4 = pair(0xD1D1D6, 0x3A3A3C)
  /// Light #E5E5EA, dark #2C2C2E.
  public static let systemGray5 = pair(0xE5E5EA, 0x2C2C2E)
  /// Light #F2F2F7, dark #1C1C1E.
  public static let systemGray6 = pair(0xF2F2F7, 0x1C1C1E)

  // MARK: Backgrounds

  /// A screen's background: light #FFFFFF, dark #000000.
  public static let systemBackground = pair(0xFFFFFF, 0x000000)
  /// Content on `systemBackground`: light #F2F2F7, dark #1C1C1E.
  public static let secondarySystemBackground = pair(0xF2F2F7, 0x1C1C1E)
  /// Content on `secondarySystemBackground`: light #FFFFFF, dark #2C2C2E.
  public static let tertiarySystemBackground = pair(0xFFFFFF, 0x2C2C2E)
  /// A grouped list's background: light #F2F2F7, dark #000000.
  public static let systemGroupedBackground = pair(0xF2F2F7, 0x000000)
  /// A grouped list's cells: light #FFFFFF, dark #1C1C1E.
  public static let secondarySystemGroupedBackground = pair(0xFFFFFF, 0x1C1C1E)
  /// Content in a grouped list's cells: light #F2F2F7, dark #2C2C2E.
  public static let tertiarySystemGroupedBackground = pair(0xF2F2F7, 0x2C2C2E)

  // MARK: Labels, separators, links

  /// Primary text: light #000000, dark #FFFFFF.
  public static let label = pair(0x000000, 0xFFFFFF)
  /// Secondary text: light #3C3C43 at alpha 0.6, dark #EBEBF5 at 0.6.
  public static let secondaryLabel = pair(0x3C3C43, 0xEBEBF5, alphas: (0.6, 0.6))
  /// Tertiary text: light #3C3C43 at alpha 0.3, dark #EBEBF5 at 0.3.
  public static let tertiaryLabel = pair(0x3C3C43, 0xEBEBF5, alphas: (0.3, 0.3))
  /// Quaternary text: light #3C3C43 at alpha 0.18, dark #EBEBF5 at 0.16.
  public static let quaternaryLabel = pair(0x3C3C43, 0xEBEBF5, alphas: (0.18, 0.16))
  /// A text field's placeholder: light #3C3C43 at alpha 0.3, dark #EBEBF5 at 0.3.
  public static let placeholderText = pair(0x3C3C43, 0xEBEBF5, alphas: (0.3, 0.3))
  /// Translucent: the hairline of a table, drawn over content.
  public static let separator = pair(0x3C3C43, 0x545458, alphas: (0.29, 0.6))
  /// The separator as an opaque colour, for where it must hide what is under it.
  public static let opaqueSeparator = pair(0xC6C6C8, 0x38383A)
  /// Links: light #007AFF, dark #0984FF.
  public static let link = pair(0x007AFF, 0x0984FF)

  // MARK: Fills

  /// Thin and small shapes: light #787880 at alpha 0.2, dark #787880 at 0.36.
  public static let systemFill = pair(0x787880, 0x787880, alphas: (0.2, 0.36))
  /// Medium-size shapes: light #787880 at alpha 0.16, dark #787880 at 0.32.
  public static let secondarySystemFill = pair(0x787880, 0x787880, alphas: (0.16, 0.32))
  /// Large shapes: light #767680 at alpha 0.12, dark #767680 at 0.24.
  public static let tertiarySystemFill = pair(0x767680, 0x767680, alphas: (0.12, 0.24))
  /// Large areas holding complex content: light #747480 at alpha 0.08, dark #767680 at 0.18.
  public static let quaternarySystemFill = pair(0x747480, 0x767680, alphas: (0.08, 0.18))

  /// The system colours by their UIKit names (`systemBackground`, `label`, …), in the order
  /// declared above.
  public static let systemColorNames: [(name: String, color: Color)] = [
    ("systemRed", systemRed), ("systemOrange", systemOrange), ("systemYellow", systemYellow),
    ("systemGreen", systemGreen), ("systemMint", systemMint), ("systemTeal", systemTeal), ("systemCyan", systemCyan),
    ("systemBlue", systemBlue), ("systemIndigo", systemIndigo), ("systemPurple", systemPurple),
    ("systemPink", systemPink), ("systemBrown", systemBrown), ("systemGray", systemGray), ("systemGray2", systemGray2),
    ("systemGray3", systemGray3), ("systemGray4", systemGray4), ("systemGray5", systemGray5),
    ("systemGray6", systemGray6), ("systemBackground", systemBackground),
    ("secondarySystemBackground", secondarySystemBackground), ("tertiarySystemBackground", tertiarySystemBackground),
    ("systemGroupedBackground", systemGroupedBackground),
    ("secondarySystemGroupedBackground", secondarySystemGroupedBackground),
    ("tertiarySystemGroupedBackground", tertiarySystemGroupedBackground), ("label", label),
    ("secondaryLabel", secondaryLabel), ("tertiaryLabel", tertiaryLabel), ("quaternaryLabel", quaternaryLabel),
    ("placeholderText", placeholderText), ("separator", separator), ("opaqueSeparator", opaqueSeparator),
    ("link", link), ("systemFill", systemFill), ("secondarySystemFill", secondarySystemFill),
    ("tertiarySystemFill", tertiarySystemFill), ("quaternarySystemFill", quaternarySystemFill),
  ]

  /// The system colour named `name` as UIKit spells it (`systemBackground`), letter case
  /// ignored; nil for any other name.
  public static func systemColor(named name: String) -> Color? {
    let key = name.lowercased()
    return systemColorNames.first { $0.name.lowercased() == key }?.color
  }

  /// `0xRRGGBB` light and dark, each with its alpha.
  private static func pair(_ light: UInt32, _ dark: UInt32, alphas: (light: Double, dark: Double) = (1, 1)) -> Color {
    Color(light: Color(hex: light, alpha: alphas.light), dark: Color(hex: dark, alpha: alphas.dark))
  }
}
