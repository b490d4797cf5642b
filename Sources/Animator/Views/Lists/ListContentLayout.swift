import Foundation

/// How a list cell places its image, text and secondary text
/// (docs/uikit-lists.md#cell-styles): the one layout of the four cell styles and of the list
/// content configurations.
@MainActor
struct ListContentLayout {
  /// Where the secondary text goes.
  enum Arrangement {
    /// Below the text (default and subtitle styles; `cell()`, `subtitleCell()`).
    case stacked
    /// Right-aligned on the text's line (value1; `valueCell()`).
    case value
    /// After a right-aligned title that takes a fixed share of the width (value2).
    case titleColumn
  }

  var arrangement: Arrangement
  /// Space kept inside the bounds: the vertical margins of the style, the horizontal ones of
  /// the table (or of the cell's accessory).
  var margins: EdgeInsets
  /// Between the image and the text.
  var imageToTextPadding = ListMetrics.imageToTextPadding
  /// Between the text and the secondary text below it.
  var textToSecondaryTextPadding = ListMetrics.textToSecondaryTextPadding
  /// The largest size an image is shown at (zero on an axis: free).
  var imageMaximumSize = Size.zero

  /// The views, sized to their content: `image` nil or hidden, `secondary` nil or empty take
  /// no room.
  struct Parts {
    var image: ImageView?
    var text: Label
    var secondary: Label?
  }

  /// Places the parts in `bounds`.
  func apply(_ parts: Parts, in bounds: Rect) {
    let frames = self.frames(parts, width: bounds.width, height: bounds.height)
    parts.image?.frame = frames.image.offsetBy(dx: bounds.minX, dy: bounds.minY)
    parts.text.frame = frames.text.offsetBy(dx: bounds.minX, dy: bounds.minY)
    parts.secondary?.frame = frames.secondary.offsetBy(dx: bounds.minX, dy: bounds.minY)
  }

  /// The height the parts need at `width`: the margins around the taller of the image and the
  /// text block.
  func fittingHeight(_ parts: Parts, width: Double) -> Double {
    let content = frames(parts, width: width, height: 0)
    return margins.top + content.blockHeight + margins.bottom
  }

  /// The frames of the parts in a box of `width` × `height` from the origin, and the height of
  /// the content between the vertical margins.
  private func frames(_ parts: Parts, width: Double, height: Double) -> (
    image: Rect, text: Rect, secondary: Rect, blockHeight: Double
  ) {
    let imageSize = shownImage(parts).map { Self.fit($0.size, within: imageMaximumSize) } ?? .zero
    let textX = margins.left + (imageSize.width > 0 ? imageSize.width + imageToTextPadding : 0)
    let available = max(0, width - textX - margins.right)
    let secondary = parts.secondary.flatMap { ($0.text ?? "").isEmpty ? nil : $0 }
    var text = Rect.zero, detail = Rect.zero
    switch arrangement {
    case .stacked:
      text.size = size(of: parts.text, width: available)
      detail.size = secondary.map { size(of: $0, width: available) } ?? .zero
      text.origin.x = textX
      detail.origin.x = textX
      detail.origin.y = text.height + (secondary == nil ? 0 : textToSecondaryTextPadding)
    case .value:
      let natural = secondary.map { size(of: $0, width: 0) } ?? .zero
      detail.size = Size(width: min(natural.width, available / 2), height: natural.height)
      let gap = secondary == nil ? 0 : ListMetrics.textToValuePadding
      text.size = size(of: parts.text, width: max(0, available - detail.width - gap))
      text.origin.x = textX
      detail.origin.x = width - margins.right - detail.width
    case .titleColumn:
      let column = (width - margins.left - margins.right) * ListMetrics.value2TitleShare
      text.size = Size(width: column, height: size(of: parts.text, width: column).height)
      text.origin.x = margins.left
      let detailX = margins.left + column + ListMetrics.value2TitleToDetailPadding
      detail.size = secondary.map { size(of: $0, width: max(0, width - detailX - margins.right)) } ?? .zero
      detail.origin.x = detailX
    }
    let stacked = arrangement == .stacked
    let textBlock = stacked ? detail.maxY : max(text.height, detail.height)
    let block = max(textBlock, imageSize.height)
    let inner = max(0, height - margins.top - margins.bottom)
    let top = margins.top + ((height > 0 ? inner : block) - block) / 2
    let blockTop = top + (block - textBlock) / 2
    if stacked {
      text.origin.y = blockTop
      detail.origin.y += blockTop
    } else {
      text.origin.y = top + (block - text.height) / 2
      detail.origin.y = top + (block - detail.height) / 2
    }
    let image = Rect(
      x: margins.left, y: top + (block - imageSize.height) / 2, width: imageSize.width, height: imageSize.height)
    return (image, text, detail, block)
  }

  /// `size` scaled down, keeping its aspect ratio, to fit `maximum` (zero on an axis: free).
  static func fit(_ size: Size, within maximum: Size) -> Size {
    let wide = maximum.width > 0 ? maximum.width / size.width : .infinity
    let tall = maximum.height > 0 ? maximum.height / size.height : .infinity
    let scale = min(1, wide, tall)
    return Size(width: size.width * scale, height: size.height * scale)
  }

  private func shownImage(_ parts: Parts) -> Image? {
    guard let view = parts.image, !view.isHidden else { return nil }
    return view.image
  }

  /// A label's size laid out in `width` (0: one unlimited line), at most `width` wide.
  private func size(of label: Label, width: Double) -> Size {
    guard !(label.text ?? "").isEmpty else { return .zero }
    let natural = label.sizeThatFits(Size(width: width, height: 0))
    return Size(width: width > 0 ? min(natural.width, width) : natural.width, height: natural.height)
  }
}
