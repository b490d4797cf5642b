import Foundation
import Snapshot

/// Text in one font and color with a label's rules for wrapping and truncation: what
/// `TextEngine` lays out (a UILabel's text properties, docs/text.md#label-layout).
public struct TextBlock: Sendable, Hashable {
  public var text: String
  public var font: Font
  public var color: Color
  public var alignment: TextAlignment
  /// The most lines shown; 0 = as many as fit.
  public var numberOfLines: Int
  public var lineBreakMode: LineBreakMode

  public init(
    _ text: String, font: Font = .systemFont(ofSize: 17), color: Color = .black, alignment: TextAlignment = .natural,
    numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail
  ) {
    self.text = text
    self.font = font
    self.color = color
    self.alignment = alignment
    self.numberOfLines = numberOfLines
    self.lineBreakMode = lineBreakMode
  }
}

/// Horizontal alignment of lines (NSTextAlignment): `left` and `right` are the sides of the
/// box whatever the writing direction; `natural` is left for left-to-right text and right for
/// right-to-left text; `justified` stretches every line but the last to the width.
public enum TextAlignment: String, Sendable, CaseIterable {
  case left, center, right, justified, natural
}

/// What happens to text that does not fit (NSLineBreakMode). In a label of several lines the
/// lines wrap at words and the mode applies to the last line shown
/// (docs/text.md#truncation).
public enum LineBreakMode: String, Sendable, CaseIterable {
  /// Wrap at word boundaries (a word too long for a line breaks between characters).
  case byWordWrapping
  /// Wrap between any two characters.
  case byCharWrapping
  /// No ellipsis: what does not fit is cut at the box's edge.
  case byClipping
  /// "…" replaces the start of the last line.
  case byTruncatingHead
  /// "…" replaces the end of the last line (UILabel's default).
  case byTruncatingTail
  /// "…" replaces the middle of the last line.
  case byTruncatingMiddle
}
