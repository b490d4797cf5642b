import Foundation
import Snapshot

/// Text in one font and color with a label's rules for wrapping and truncation: what
/// `TextEngine` lays out (a UILabel's text properties, docs/text.md#label-layout).
public struct TextBlock: Sendable, Hashable {
  /// The characters; `\n` starts a paragraph.
  public var text: String
  /// One size and weight for the whole block.
  public var font: Font
  /// Fills every outline glyph; color glyphs (emoji) keep their own colors.
  public var color: Color
  /// Where each line sits across the box.
  public var alignment: TextAlignment
  /// The most lines shown; 0 = as many as fit.
  public var numberOfLines: Int
  /// What the last line shown does with text that does not fit (docs/text.md#truncation).
  public var lineBreakMode: LineBreakMode

  /// Defaults are a UILabel's but for the color: the system font at 17 points, black (not
  /// `.label`), natural alignment, one line, truncating the tail.
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
  /// Against the box's left side.
  case left
  /// Centred in the box.
  case center
  /// Against the box's right side.
  case right
  /// Every line but a paragraph's last stretched to the width; the last aligned naturally.
  case justified
  /// Left for a left-to-right paragraph, right for a right-to-left one (its first strong
  /// character decides); the default.
  case natural
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
