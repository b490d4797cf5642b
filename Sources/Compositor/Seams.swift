import Foundation
import Snapshot

/// Strips cut from one snapshot rejoin without a seam (docs/core-animation.md#cut-snapshots-rejoin).
///
/// Two antialiased polygons that share an edge each cover part of the pixels along it, and the
/// second blends over the first instead of completing it: where both cover half a pixel, a
/// quarter of what lies behind shows through (a dark line over a black background). Crops of
/// one frozen tree whose rectangles are adjacent and whose shared side lands on the same device
/// segment (a fold's strips meeting at a hinge, a page's two halves at the spine, any strips at
/// rest) are such a pair. The one painted first is grown by one pixel across the shared
/// segment, under the other: the second's antialiased edge then blends with the first's
/// content, which the shared texture continues past the cut.
enum Seams {
  /// A device segment.
  struct Segment {
    var a: Point
    var b: Point
  }

  /// Device distance within which two projected points are the same point.
  static let tolerance = 1e-3
  /// How far the first polygon is pushed under the second, in device pixels.
  static let overlap = 1.0

  /// For each item of a rendering context (back to front, `screen` its parent's bounds-to-device
  /// map), the segments along which a later item cut from the same snapshot meets it from the
  /// other side. Adjacent crops are found by their shared side's coordinates (one pass, however
  /// many tiles).
  static func segments(_ items: [ContextItem], screen: Homography) -> [Int: [Segment]] {
    struct Cut: Hashable {
      let tree: ObjectIdentifier
      let vertical: Bool
      /// The cut's position and its extent along it, as exact bit patterns.
      let at: UInt64, from: UInt64, to: UInt64
    }
    /// A crop of a frozen tree: its rectangle, its layer's bounds and bounds-to-device map.
    struct Crop {
      let tree: FrozenLayerTree
      let rect: Rect
      let bounds: Rect
      let toDevice: Homography
    }
    var starts: [Cut: [Int]] = [:]
    var crops: [Int: Crop] = [:]
    for i in items.indices {
      guard case .layerTree(let frozen, let rect)? = items[i].layer.contents, rect.width > 0, rect.height > 0 else {
        continue
      }
      crops[i] = Crop(
        tree: frozen, rect: rect, bounds: items[i].layer.bounds,
        toDevice: Homography(items[i].toContext).concatenating(screen))
      let id = ObjectIdentifier(frozen)
      starts[
        Cut(
          tree: id, vertical: true, at: Double(rect.minX).bitPattern, from: Double(rect.minY).bitPattern,
          to: Double(rect.maxY).bitPattern),
        default: []
      ].append(i)
      starts[
        Cut(
          tree: id, vertical: false, at: Double(rect.minY).bitPattern, from: Double(rect.minX).bitPattern,
          to: Double(rect.maxX).bitPattern),
        default: []
      ].append(i)
    }
    guard crops.count >= 2 else { return [:] }
    var found: [Int: [Segment]] = [:]
    for (i, crop) in crops {
      let id = ObjectIdentifier(crop.tree), rect = crop.rect
      let right = Cut(
        tree: id, vertical: true, at: Double(rect.maxX).bitPattern, from: Double(rect.minY).bitPattern,
        to: Double(rect.maxY).bitPattern)
      let below = Cut(
        tree: id, vertical: false, at: Double(rect.maxY).bitPattern, from: Double(rect.minX).bitPattern,
        to: Double(rect.maxX).bitPattern)
      for j in (starts[right] ?? []) + (starts[below] ?? []) {
        let (first, second) = i < j ? (i, j) : (j, i)
        guard let a = crops[first], let b = crops[second],
          let segment = shared(a.bounds, a.rect, a.toDevice, b.bounds, b.rect, b.toDevice)
        else { continue }
        found[first, default: []].append(segment)
      }
    }
    return found
  }

  /// The device segment where the crops `ra` (of a layer of bounds `ba`, through `ha`) and `rb`
  /// (bounds `bb`, through `hb`) meet: adjacent rectangles, the shared side projecting to the same segment
  /// from both layers, the two on opposite sides of it; nil otherwise.
  private static func shared(
    _ ba: Rect, _ ra: Rect, _ ha: Homography, _ bb: Rect, _ rb: Rect, _ hb: Homography
  ) -> Segment? {
    func same(_ p: Double, _ q: Double) -> Bool { abs(p - q) <= 1e-9 * max(1, abs(p), abs(q)) }
    // The shared side's end points in each layer's bounds: b right of, left of, below or above a.
    let ends: (Point, Point, Point, Point)
    if same(ra.minY, rb.minY) && same(ra.maxY, rb.maxY) && same(ra.maxX, rb.minX) {
      ends = (
        Point(x: ba.maxX, y: ba.minY), Point(x: ba.maxX, y: ba.maxY), Point(x: bb.minX, y: bb.minY),
        Point(x: bb.minX, y: bb.maxY)
      )
    } else if same(ra.minY, rb.minY) && same(ra.maxY, rb.maxY) && same(ra.minX, rb.maxX) {
      ends = (
        Point(x: ba.minX, y: ba.minY), Point(x: ba.minX, y: ba.maxY), Point(x: bb.maxX, y: bb.minY),
        Point(x: bb.maxX, y: bb.maxY)
      )
    } else if same(ra.minX, rb.minX) && same(ra.maxX, rb.maxX) && same(ra.maxY, rb.minY) {
      ends = (
        Point(x: ba.minX, y: ba.maxY), Point(x: ba.maxX, y: ba.maxY), Point(x: bb.minX, y: bb.minY),
        Point(x: bb.maxX, y: bb.minY)
      )
    } else if same(ra.minX, rb.minX) && same(ra.maxX, rb.maxX) && same(ra.minY, rb.maxY) {
      ends = (
        Point(x: ba.minX, y: ba.minY), Point(x: ba.maxX, y: ba.minY), Point(x: bb.minX, y: bb.maxY),
        Point(x: bb.maxX, y: bb.maxY)
      )
    } else {
      return nil
    }
    guard let a0 = project(ends.0, ha), let a1 = project(ends.1, ha), let b0 = project(ends.2, hb),
      let b1 = project(ends.3, hb), distance(a0, b0) <= tolerance, distance(a1, b1) <= tolerance,
      let ca = project(center(ba), ha), let cb = project(center(bb), hb)
    else { return nil }
    let segment = Segment(a: a0, b: a1)
    let da = side(of: ca, segment), db = side(of: cb, segment)
    return da * db < 0 ? segment : nil as Segment?
  }

  /// Every polygon edge of `items` lying along one of `segments` moved `overlap` pixels away
  /// from its polygon's interior (fills, textures and clips alike).
  static func grow(_ items: inout [DrawItem], from start: Int, across segments: [Segment]) {
    for i in start..<items.count {
      switch items[i] {
      case .fill(var f):
        f.polygons = f.polygons.map { grow($0, across: segments) }
        items[i] = .fill(f)
      case .texture(var t):
        t.polygon = grow(t.polygon, across: segments)
        items[i] = .texture(t)
      case .beginClip(let layer, let polygon):
        items[i] = .beginClip(layer: layer, polygon: grow(polygon, across: segments))
      default: break
      }
    }
  }

  private static func grow(_ polygon: [Point], across segments: [Segment]) -> [Point] {
    guard polygon.count >= 3 else { return polygon }
    var out = polygon
    let c = Point(
      x: polygon.reduce(0) { $0 + $1.x } / Double(polygon.count),
      y: polygon.reduce(0) { $0 + $1.y } / Double(polygon.count))
    for s in segments {
      let dx = s.b.x - s.a.x, dy = s.b.y - s.a.y
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > tolerance else { continue }
      // The unit normal pointing away from the polygon's centre.
      var n = Point(x: -dy / length, y: dx / length)
      if side(of: c, s) > 0 { n = Point(x: -n.x, y: -n.y) }
      for (k, p) in polygon.enumerated() {
        let q = polygon[(k + 1) % polygon.count]
        guard onSegment(p, s), onSegment(q, s), distance(p, q) > tolerance else { continue }
        for index in [k, (k + 1) % polygon.count] where out[index] == polygon[index] {
          out[index] = Point(x: polygon[index].x + n.x * overlap, y: polygon[index].y + n.y * overlap)
        }
      }
    }
    return out
  }

  /// Signed distance of `p` from the segment's line (positive on its left).
  private static func side(of p: Point, _ s: Segment) -> Double {
    let dx = s.b.x - s.a.x, dy = s.b.y - s.a.y
    let length = (dx * dx + dy * dy).squareRoot()
    return length > 0 ? (dx * (p.y - s.a.y) - dy * (p.x - s.a.x)) / length : 0
  }

  /// True when `p` lies on the segment (within the tolerance).
  private static func onSegment(_ p: Point, _ s: Segment) -> Bool {
    guard abs(side(of: p, s)) <= tolerance else { return false }
    let dx = s.b.x - s.a.x, dy = s.b.y - s.a.y
    let length2 = dx * dx + dy * dy
    let t = ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / length2
    let slack = tolerance / length2.squareRoot()
    return t >= -slack && t <= 1 + slack
  }

  private static func project(_ p: Point, _ h: Homography) -> Point? {
    let q = h.apply(p.x, p.y)
    guard q.w > PolygonClipper.nearEpsilon else { return nil }
    return Point(x: q.x / q.w, y: q.y / q.w)
  }

  private static func center(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }

  private static func distance(_ p: Point, _ q: Point) -> Double {
    ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
  }
}
