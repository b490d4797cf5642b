import Foundation
import Snapshot

/// Where a layer's picture goes in its bounds (docs/core-animation.md#contents-gravity).
enum ContentsPlacement {
  /// The rectangle, in the layer's bounds space, that a picture of `natural` points (its pixel
  /// size over contentsScale) covers under `gravity`.
  static func rect(_ gravity: ContentsGravity, bounds b: Rect, natural n: Size) -> Rect {
    let bw = abs(b.width), bh = abs(b.height)
    guard n.width > 0, n.height > 0, n.width.isFinite, n.height.isFinite else { return b }
    let size: Size
    switch gravity {
    case .resize: return b
    case .resizeAspect, .resizeAspectFill:
      let sx = bw / n.width, sy = bh / n.height
      let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
      size = Size(width: n.width * s, height: n.height * s)
    default: size = n
    }
    let x: Double, y: Double
    switch gravity {
    case .left, .topLeft, .bottomLeft: x = b.minX
    case .right, .topRight, .bottomRight: x = b.minX + bw - size.width
    default: x = b.minX + (bw - size.width) / 2
    }
    switch gravity {
    case .top, .topLeft, .topRight: y = b.minY
    case .bottom, .bottomLeft, .bottomRight: y = b.minY + bh - size.height
    default: y = b.minY + (bh - size.height) / 2
    }
    return Rect(x: x, y: y, width: size.width, height: size.height)
  }

  /// The part of a layer's own drawing that may lie outside its bounds: a picture placed by a
  /// gravity that overflows them; nil when everything is within the bounds.
  static func overflow(of l: LayerSnapshot) -> Rect? {
    guard case .image(let bitmap) = l.contents, l.contentsGravity != .resize else { return nil }
    let s = max(l.contentsScale, 1e-6)
    let natural = Size(width: Double(bitmap.image.width) / s, height: Double(bitmap.image.height) / s)
    return rect(l.contentsGravity, bounds: l.bounds, natural: natural)
  }
}
