import Foundation

/// An item image as a bar draws it: as a template, its shape filled with the item's colour,
/// unless it is `.alwaysOriginal` (UIKit's `.automatic` is a template in tab bars, navigation
/// bars and toolbars; docs/uikit-bars.md#bar-item-images). Keeps the last template it drew,
/// so that laying the bar out again reuses its pixels (and the compositor its textures).
struct BarTemplateImage {
  private var last: (source: Bitmap, tint: Color, image: Image)?

  /// `image` drawn in `tint`, a plain colour (resolved for the bar's appearance).
  mutating func drawn(_ image: Image, tint: Color) -> Image {
    guard image.renderingMode != .alwaysOriginal else { return image }
    if let last, last.source === image.bitmap, last.tint == tint { return last.image }
    let tinted = image.tinted(tint)
    last = (image.bitmap, tint, tinted)
    return tinted
  }
}

/// A bar button item's image in a navigation bar or a toolbar, drawn as a template in `tint`
/// (a dynamic colour resolved for the appearance the view is shown in, again when it changes),
/// at the image's size.
@MainActor
final class BarItemImageView: View {
  private let item: BarButtonItem
  private let source: Image
  private let tint: Color

  init(_ item: BarButtonItem, image: Image, tint: Color) {
    (self.item, source, self.tint) = (item, image, tint)
    super.init(frame: Rect(origin: .zero, size: image.size))
    setNeedsDisplay()
  }

  override func effectiveAppearanceDidChange() { setNeedsDisplay() }

  override func display(_ layer: Layer) {
    let drawn = item.template.drawn(source, tint: tint.resolvedColor(with: traitCollection))
    layer.contents = .image(drawn.bitmap)
    layer.contentsScale = drawn.scale
  }
}
