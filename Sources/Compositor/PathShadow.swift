import Foundation
import Snapshot

// A shadow cast from a layer's shadowPath (docs/core-animation.md#shadow-path-is-the-shadows-shape):
// the path filled opaque is the silhouette, blurred, offset and tinted as the layer's own
// silhouette would be; the layer's body is drawn over it as it is.
extension Resolver {
  /// The shadow of `path` (in the layer's bounds space) and the layer's body over it, in a group
  /// faded as one when `alpha` is below 1. No group is needed otherwise: the shadow's shape does
  /// not depend on the body.
  func appendLayer(
    _ l: LayerSnapshot, castingFrom path: ShapePath, shadow: Shadow, screen: Homography, alpha: Double,
    to list: inout DrawList
  ) {
    let faded = alpha < 1
    if faded { list.items.append(.beginGroup(clip: groupClip(l, screen: screen, shadow: shadow))) }
    if let cast = ShadowGeometry.cast(shadow, layer: l, screen: screen, scale: scale) {
      let ppp = pixelsPerPoint(path.bounds, screen)
      let outline = project(Outline.path(path, pixelsPerPoint: ppp), screen)
      if outline.count >= 3 { list.items.append(.pathShadow(polygon: outline, cast)) }
    }
    appendBody(l, screen: screen, alpha: 1, to: &list)
    if faded { list.items.append(.endGroup(alpha: alpha)) }
  }

  /// The device box of what a layer's shadow is cast from: its shadow path's, else its
  /// subtree's; nil when neither shows.
  func shadowSourceBox(_ l: LayerSnapshot, _ screen: Homography) -> PixelBox? {
    guard let path = l.shadowPath else { return deviceBounds(l, screen) }
    let polygon = project(Self.corners(path.bounds), screen)
    guard let first = polygon.first else { return nil }
    return polygon.reduce(PixelBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)) { box, p in
      box.union(PixelBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y))
    }.expanded(by: 1)
  }
}
