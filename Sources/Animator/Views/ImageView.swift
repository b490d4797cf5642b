import Foundation
import Pixels
/// A picture with its scale (UIImage): `size` in points is its pixel size over `scale`.
public struct Image: Sendable, Equatable {
  /// The pixels, drawn at `scale` pixels per point.
  public let bitmap: Bitmap
  /// Pixels per point (1, 2, 3 for @1x, @2x, @3x artwork).
  public let scale: Double
  /// How bars draw it: as its own colours, or as a template in their tint (`.automatic`, the
  /// default: a template in a bar's items, as UIKit draws them).
  public private(set) var renderingMode = RenderingMode.automatic

  /// UIImage.RenderingMode: whether an image is drawn with its own colours or as a template,
  /// its shape (the alpha of its pixels) filled with a tint colour.
  public enum RenderingMode: Int, Sendable {
    /// The context decides: a template in a bar's items, the image's colours elsewhere.
    case automatic
    /// Always the image's own colours.
    case alwaysOriginal
    /// Always a template: the tint where the image is opaque.
    case alwaysTemplate
  }

  /// An image of `bitmap` at `scale` pixels per point; a scale that is not finite and above 0
  /// is taken as 1.
  public init(bitmap: Bitmap, scale: Double = 1) {
    self.bitmap = bitmap
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  /// UIImage.withRenderingMode(_:): the same pixels drawn as `renderingMode` says.
  public func withRenderingMode(_ renderingMode: RenderingMode) -> Image {
    var image = self
    image.renderingMode = renderingMode
    return image
  }

  /// The image as a template filled with `color`, a plain colour (resolved for the
  /// appearance): each pixel takes the colour's channels and keeps its alpha scaled by the
  /// colour's.
  func tinted(_ color: Color) -> Image {
    let source = bitmap.image
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    let (r, g, b, a) = (byte(color.red), byte(color.green), byte(color.blue), Int(byte(color.alpha)))
    var pixels = source.pixels
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = (Int(pixels[i + 3]) * a + 127) / 255
      (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (r, g, b, UInt8(alpha))
    }
    let image = RGBAImage(width: source.width, height: source.height, pixels: pixels)!
    var tinted = Image(bitmap: Bitmap(image, label: "\(bitmap.label) tinted \(color)"), scale: scale)
    tinted.renderingMode = .alwaysOriginal
    return tinted
  }

  /// The size in points: the pixel size over `scale`.
  public var size: Size {
    Size(width: Double(bitmap.image.width) / scale, height: Double(bitmap.image.height) / scale)
  }
}

/// An image view (UIImageView): its image is the layer's contents, placed by `contentMode`
/// (default `scaleToFill`; docs/core-animation.md#contents-gravity) and clipped by
/// `clipsToBounds` where it overflows.
@MainActor
open class ImageView: View {
  /// The picture shown (nil: nothing); it becomes the layer's contents at its scale.
  public var image: Image? {
    get { shownImage }
    set {
      shownImage = newValue
      layer.contents = newValue.map { .image($0.bitmap) }
      layer.contentsScale = newValue?.scale ?? 1
      invalidateIntrinsicContentSize()
    }
  }
  private var shownImage: Image?

  /// An image view with no image; `frame` in points.
  public override init(frame: Rect = .zero) { super.init(frame: frame) }

  /// An image view the size of `image` (its frame at the origin).
  public convenience init(image: Image?) {
    self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
  }

  /// The image's size in points.
  open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }

  open override var intrinsicContentSize: Size {
    image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }
}
