import Foundation
/// A picture with its scale (UIImage): `size` in points is its pixel size over `scale`.
public struct Image: Sendable, Equatable {
  /// The pixels, drawn at `scale` pixels per point.
  public let bitmap: Bitmap
  /// Pixels per point (1, 2, 3 for @1x, @2x, @3x artwork).
  public let scale: Double

  /// An image of `bitmap` at `scale` pixels per point; a scale that is not finite and above 0
  /// is taken as 1.
  public init(bitmap: Bitmap, scale: Double = 1) {
    self.bitmap = bitmap
    self.scale = scale.isFinite && scale > 0 ? scale : 1
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
