import Foundation
/// A label (UILabel): text in one font and color, laid out by `TextEngine` in the label's
/// bounds (docs/text.md#label-layout). The layout becomes the layer's contents before the
/// next snapshot after any change of the text, its attributes or the bounds' size, so the
/// snapshot carries it resolved (docs/text.md#text-is-resolved-into-the-snapshot).
@MainActor
open class Label: View {
  /// nil or empty draws nothing.
  public var text: String? { didSet { contentDidChange() } }
  /// Default: the system font at 17 points.
  public var font: Font = .systemFont(ofSize: 17) { didSet { contentDidChange() } }
  /// Default: `.label` (black, white in the dark appearance), as UIKit's. A dynamic colour is
  /// drawn in the label's appearance, laid out again when that changes.
  public var textColor: Color = .label { didSet { setNeedsDisplay() } }
  /// Default: natural (left for left-to-right text, right for right-to-left).
  public var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
  /// The most lines shown; 0 = as many as fit in the bounds. Default 1.
  public var numberOfLines = 1 { didSet { contentDidChange() } }
  /// Default: truncate the tail with "…".
  public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { contentDidChange() } }
  /// UILabel.preferredMaxLayoutWidth: the width a label of several lines wraps at for its
  /// intrinsic size, in points; 0 (the default) wraps at its current width once Auto Layout has
  /// given it one (docs/layout.md#intrinsic-content-sizes).
  public var preferredMaxLayoutWidth = 0.0 { didSet { invalidateIntrinsicContentSize() } }

  /// The text or how it is set changed: drawn again, and sized again by Auto Layout.
  private func contentDidChange() {
    setNeedsDisplay()
    invalidateIntrinsicContentSize()
  }

  /// An empty label, drawn again whenever its bounds change (`contentMode` `.redraw`); `frame` in points.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentMode = .redraw
    setNeedsDisplay()
  }

  /// A label showing `text` in `font` and `color`, sized to fit it at `origin`.
  public convenience init(
    _ text: String, font: Font = .systemFont(ofSize: 17), color: Color = .label, origin: Point = .zero
  ) {
    self.init(frame: Rect(origin: origin, size: .zero))
    self.text = text
    self.font = font
    self.textColor = color
    sizeToFit()
  }

  /// The label's text and attributes as the engine takes them, the colour resolved for the
  /// label's appearance.
  public var textBlock: TextBlock {
    TextBlock(
      text ?? "", font: font, color: textColor.isDynamic ? textColor.resolvedColor(with: traitCollection) : textColor,
      alignment: textAlignment, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
  }

  override func effectiveAppearanceDidChange() {
    if textColor.isDynamic { setNeedsDisplay() }
  }

  open override func display(_ layer: Layer) {
    guard let text, !text.isEmpty else {
      layer.contents = nil
      return
    }
    layer.contents = .text(TextEngine.shared.layout(textBlock, in: bounds.size))
  }

  /// The size of the text laid out within `size` (a side of 0 or less, or infinite, is
  /// unlimited), with `numberOfLines`; a one-line label ignores `size` and gives its whole
  /// line. Rounded up to whole points (docs/text.md#label-size-that-fits).
  open override func sizeThatFits(_ size: Size) -> Size {
    TextEngine.shared.size(of: textBlock, fitting: numberOfLines == 1 ? .zero : size)
  }

  /// The text's size: one line, each paragraph on one line; several, wrapped at
  /// `preferredMaxLayoutWidth`, or at the current width when that is 0 (none before the label
  /// has a width).
  open override var intrinsicContentSize: Size { TextEngine.shared.size(of: textBlock, fitting: wrapSize) }

  /// The size the text wraps within for the intrinsic size (a side of 0 is unlimited).
  private var wrapSize: Size {
    guard numberOfLines != 1 else { return .zero }
    return Size(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : max(0, bounds.width), height: 0)
  }

  /// After the bounds changed size: a label of several lines that wraps at its own width has a
  /// new intrinsic height.
  func widthDidChange(from old: Size) {
    if numberOfLines != 1, preferredMaxLayoutWidth == 0, old.width != bounds.width { invalidateIntrinsicContentSize() }
  }

  /// Where the baselines of the first and last lines fall, for Auto Layout's baseline
  /// attributes: from the top and from the bottom of a label at its intrinsic size.
  var baselineOffsets: (fromTop: Double, fromBottom: Double) {
    let size = intrinsicContentSize
    let lines = TextEngine.shared.layout(textBlock, in: size).lines
    guard let first = lines.first, let last = lines.last else { return (size.height, 0) }
    return (first.baseline, size.height - last.baseline)
  }
}
