import Foundation
import Snapshot

/// The transform chain of one layer (docs/core-animation.md#layer-to-superlayer-matrix), in
/// CATransform3D's row-vector convention.
enum LayerGeometry {
  /// The anchor point in the layer's bounds coordinates (bounds.origin included).
  static func anchor(_ l: LayerSnapshot) -> (x: Double, y: Double, z: Double) {
    (
      l.bounds.minX + l.anchorPoint.x * abs(l.bounds.width),
      l.bounds.minY + l.anchorPoint.y * abs(l.bounds.height), l.anchorPointZ
    )
  }

  /// T(−A) · transform · T(position, zPosition): the layer's bounds space → its superlayer's
  /// bounds space, before the superlayer's sublayerTransform.
  static func localMatrix(_ l: LayerSnapshot) -> Transform3D {
    let a = anchor(l)
    return Transform3D(translationX: -a.x, y: -a.y, z: -a.z)
      .concatenating(l.transform)
      .concatenating(Transform3D(translationX: l.position.x, y: l.position.y, z: l.zPosition))
  }

  /// T(−A) · sublayerTransform · T(A): applied to every sublayer about this layer's anchor;
  /// nil when the sublayerTransform is the identity.
  static func sublayerMatrix(_ l: LayerSnapshot) -> Transform3D? {
    if l.sublayerTransform.isIdentity { return nil }
    let a = anchor(l)
    return Transform3D(translationX: -a.x, y: -a.y, z: -a.z)
      .concatenating(l.sublayerTransform)
      .concatenating(Transform3D(translationX: a.x, y: a.y, z: a.z))
  }

  /// Below this an opacity draws nothing (it would round to zero in 8 bits).
  static let invisibleOpacity = 1.0 / 512
}

/// One layer of a 3D rendering context: a normal or gradient layer reached from a flattening
/// layer directly or through transform layers.
struct ContextItem {
  var layer: LayerSnapshot
  /// Layer bounds space → the context's 3D space (the flattening parent's bounds space),
  /// including the parent's sublayerTransform about its anchor. Not yet flattened.
  var toContext: Transform3D
  /// Opacity inherited from transform layers on the way (they fade each sublayer separately).
  var inheritedOpacity: Double
  /// Quantized camera-space depth of the layer's centre (larger = nearer the viewer).
  var depth: Double
  /// Painter's order: zPosition (stable) then array order, depth-first through transform layers.
  var order: Int
}

/// The 3D rendering context formed by the sublayers of a flattening layer
/// (docs/core-animation.md#ordinary-layers-flatten, #depth-sort-within-a-context): every
/// ordinary layer an ordinary layer's sublayers reach directly or through transform layers
/// shares that layer's 3D space, and is depth-sorted there before the whole context is
/// flattened into the parent's plane.
enum RenderingContext {
  /// The context formed by the sublayers of the flattening layer `parent`, descending through
  /// transform layers, without hidden or invisible layers and with back faces culled
  /// (`isDoubleSided == false` and det of the 3×3 homography into the context ≤ 0,
  /// docs/core-animation.md#back-faces-are-culled),
  /// back to front: by centroid depth (quantized to 1e-6 pt), ties by zPosition then array order.
  static func items(of parent: LayerSnapshot) -> [ContextItem] {
    var items: [ContextItem] = []
    var counter = 0
    let prefix = LayerGeometry.sublayerMatrix(parent) ?? .identity
    collect(parent.sublayers, prefix: prefix, opacity: 1, into: &items, counter: &counter)
    items.sort { a, b in a.depth != b.depth ? a.depth < b.depth : a.order < b.order }
    return items
  }

  private static func collect(
    _ layers: [LayerSnapshot], prefix: Transform3D, opacity: Double, into items: inout [ContextItem],
    counter: inout Int
  ) {
    // Stable sort by zPosition keeps array order among equals.
    let order = layers.indices.sorted { i, j in
      layers[i].zPosition != layers[j].zPosition ? layers[i].zPosition < layers[j].zPosition : i < j
    }
    for i in order {
      let l = layers[i]
      let alpha = opacity * l.opacity
      if l.isHidden || alpha < LayerGeometry.invisibleOpacity { continue }
      let m = LayerGeometry.localMatrix(l).concatenating(prefix)
      if case .transformLayer = l.kind {
        let inner = (LayerGeometry.sublayerMatrix(l) ?? .identity).concatenating(m)
        collect(l.sublayers, prefix: inner, opacity: alpha, into: &items, counter: &counter)
        continue
      }
      if !l.isDoubleSided && Homography(m).determinant <= 0 { continue }
      items.append(
        ContextItem(layer: l, toContext: m, inheritedOpacity: opacity, depth: depth(of: l, m), order: counter))
      counter += 1
    }
  }

  /// Mean Z/W of the bounds corners that are in front of the eye (mean Z if none is).
  private static func depth(of l: LayerSnapshot, _ m: Transform3D) -> Double {
    let b = l.bounds
    var sum = 0.0, n = 0.0, raw = 0.0
    for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
      let p = m.apply(x: x, y: y, z: 0)
      raw += p.z
      if p.w > PolygonClipper.nearEpsilon {
        sum += p.z / p.w
        n += 1
      }
    }
    let d = n > 0 ? sum / n : raw / 4
    return (d * 1e6).rounded() / 1e6
  }
}
