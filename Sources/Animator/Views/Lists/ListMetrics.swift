import Foundation

/// UIKit's metrics, fonts and colours for table and collection views on iPhone at the default
/// Dynamic Type size (iOS 15 to 18), in one place; docs/uikit-lists.md gives each one's source.
enum ListMetrics {
  // MARK: Rows

  /// A row's height when nothing else decides it: twice the body style's 22-point leading.
  static let standardRowHeight = 44.0
  /// Space above and below a cell's content: half the body font's line height, rounded up.
  static let cellVerticalMargin = 11.0
  /// Space above and below the content of a cell of the legacy subtitle style.
  static let subtitleStyleVerticalMargin = 4.0
  /// Between the text and the secondary text below it (a content configuration's default).
  static let textToSecondaryTextPadding = 3.0
  /// Between an image and the text after it.
  static let imageToTextPadding = 16.0
  /// Between the content and an accessory.
  static let contentToAccessoryPadding = 8.0
  /// Between the text and the value of a value cell, at least.
  static let textToValuePadding = 8.0
  /// The share of the content's width the right-aligned title of a value2 cell takes
  /// (assumed).
  static let value2TitleShare = 0.25
  /// Between the title and the detail of a value2 cell (assumed).
  static let value2TitleToDetailPadding = 6.0

  /// The leading and trailing margin of a table's content: 16 points, 20 on the wide phones
  /// (414 points and wider); never less than the table's own layout margin.
  @MainActor static func tableMargin(for table: View) -> Double {
    let base = Screen.main.bounds.width >= 414 ? 20.0 : 16.0
    return max(base, table.directionalLayoutMargins.leading)
  }

  // MARK: Sections

  /// The corner radius of an inset grouped section.
  static let insetGroupedCornerRadius = 10.0
  /// A grouped table's header or footer without a title.
  static let groupedEmptyHeaderFooterHeight = 17.5
  /// Above the first section of a grouped table when it has no header.
  static let groupedFirstSectionOffset = 35.0
  /// Above a grouped header's title: in the first section, and in the others.
  static let groupedHeaderTopMargin = (first: 32.0, other: 17.0)
  /// Below a grouped header's title.
  static let groupedHeaderBottomMargin = 6.0
  /// Above and below a grouped footer's text.
  static let groupedFooterMargins = (top: 6.0, bottom: 12.0)
  /// Above and below a plain header's or footer's title.
  static let plainHeaderFooterMargin = 4.0
  /// A plain header's least height.
  static let plainHeaderMinimumHeight = 28.0
  /// Above each header of a plain table (UITableView.sectionHeaderTopPadding, iOS 15).
  static let plainHeaderTopPadding = 22.0

  // MARK: Fonts

  /// A cell's text: body; the value2 style's title: footnote.
  static func textFont(_ style: TableViewCell.CellStyle) -> Font {
    .preferredFont(forTextStyle: style == .value2 ? .footnote : .body)
  }

  /// A cell's detail text: caption 1 under a subtitle, body beside a value1 title, footnote in a
  /// value2 cell.
  static func detailFont(_ style: TableViewCell.CellStyle) -> Font {
    switch style {
    case .default, .value1: return .preferredFont(forTextStyle: .body)
    case .subtitle: return .preferredFont(forTextStyle: .caption1)
    case .value2: return .preferredFont(forTextStyle: .footnote)
    }
  }

  /// A plain table's header and footer titles: the subheadline style, emphasized (semibold).
  static let plainHeaderFont = Font.systemFont(ofSize: Font.TextStyle.subheadline.pointSize, weight: .semibold)
  /// A grouped table's header and footer titles: footnote.
  static let groupedHeaderFont = Font.preferredFont(forTextStyle: .footnote)

  // MARK: Colours

  /// A cell's text: label; the value2 style's title: the tint colour.
  static func textColor(_ style: TableViewCell.CellStyle) -> Color { style == .value2 ? .systemBlue : .label }
  /// A cell's detail text: secondary label beside a value1 title, label otherwise.
  static func detailColor(_ style: TableViewCell.CellStyle) -> Color { style == .value1 ? .secondaryLabel : .label }
  /// Behind the rows of a plain table, and its cells.
  static let plainBackground = Color.systemBackground
  /// Behind the sections of a grouped table.
  static let groupedBackground = Color.systemGroupedBackground
  /// A grouped table's cells.
  static let groupedCellBackground = Color.secondarySystemGroupedBackground
  /// A selected or highlighted cell's background.
  static let selectedBackground = Color.systemGray4
  /// Header and footer titles.
  static let headerFooterColor = Color.secondaryLabel
  /// The separators between rows.
  static let separatorColor = Color.separator
  /// The disclosure chevron: tertiary label (its opaque colour, drawn at this opacity so the
  /// strokes do not add up where they meet).
  static let accessoryGlyphColor = Color(light: Color(hex: 0x3C3C43), dark: Color(hex: 0xEBEBF5))
  static let accessoryGlyphOpacity = 0.3

  /// One pixel of the screen, in points: a separator's thickness.
  @MainActor static var hairline: Double { 1 / max(1, Screen.main.scale) }
}
