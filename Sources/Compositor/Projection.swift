import Foundation
import Snapshot

/// A homogeneous point (X, Y, W) of the screen plane; the visible point is (X/W, Y/W).
struct HPoint {
  var x: Double
  var y: Double
  var w: Double
}

/// A 3×3 projective map of the plane in CATransform3D's row-vector convention:
/// `(x, y, 1) · H = (X, Y, W)`. Built from a 4×4 matrix of a flat (z = 0) layer by keeping rows
/// and columns 1, 2 and 4 (docs/core-animation.md#points-are-row-vectors).
struct Homography {
  var h00, h01, h02: Double
  var h10, h11, h12: Double
  var h20, h21, h22: Double

  init(
    _ h00: Double, _ h01: Double, _ h02: Double,
    _ h10: Double, _ h11: Double, _ h12: Double,
    _ h20: Double, _ h21: Double, _ h22: Double
  ) {
    (self.h00, self.h01, self.h02) = (h00, h01, h02)
    (self.h10, self.h11, self.h12) = (h10, h11, h12)
    (self.h20, self.h21, self.h22) = (h20, h21, h22)
  }

  /// The plane-to-plane part of `m` for points with z = 0.
  init(_ m: Transform3D) {
    self.init(m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44)
  }

  /// The affine map `p ↦ (a·x + c·y + tx, b·x + d·y + ty)`.
  init(affine a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
    self.init(a, b, 0, c, d, 0, tx, ty, 1)
  }

  static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

  func apply(_ x: Double, _ y: Double) -> HPoint {
    HPoint(x: x * h00 + y * h10 + h20, y: x * h01 + y * h11 + h21, w: x * h02 + y * h12 + h22)
  }

  /// `self · o`: self acts first.
  func concatenating(_ o: Homography) -> Homography {
    Homography(
      h00 * o.h00 + h01 * o.h10 + h02 * o.h20, h00 * o.h01 + h01 * o.h11 + h02 * o.h21,
      h00 * o.h02 + h01 * o.h12 + h02 * o.h22,
      h10 * o.h00 + h11 * o.h10 + h12 * o.h20, h10 * o.h01 + h11 * o.h11 + h12 * o.h21,
      h10 * o.h02 + h11 * o.h12 + h12 * o.h22,
      h20 * o.h00 + h21 * o.h10 + h22 * o.h20, h20 * o.h01 + h21 * o.h11 + h22 * o.h21,
      h20 * o.h02 + h21 * o.h12 + h22 * o.h22)
  }

  var determinant: Double {
    h00 * (h11 * h22 - h12 * h21) - h01 * (h10 * h22 - h12 * h20) + h02 * (h10 * h21 - h11 * h20)
  }

  /// The inverse (adjugate over the determinant), or nil when singular.
  var inverted: Homography? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    return Homography(
      (h11 * h22 - h12 * h21) * k, (h02 * h21 - h01 * h22) * k, (h01 * h12 - h02 * h11) * k,
      (h12 * h20 - h10 * h22) * k, (h00 * h22 - h02 * h20) * k, (h02 * h10 - h00 * h12) * k,
      (h10 * h21 - h11 * h20) * k, (h01 * h20 - h00 * h21) * k, (h00 * h11 - h01 * h10) * k)
  }

  /// True when the map is affine up to a common factor: no projective terms.
  var isAffine: Bool { h02 == 0 && h12 == 0 && h22 != 0 }

  /// The same map with the projective column scaled so that `h22 == 1` (when affine).
  var normalizedAffine: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    let k = 1 / h22
    return (h00 * k, h01 * k, h10 * k, h11 * k, h20 * k, h21 * k)
  }
}

/// Near-plane and guard-band clipping of polygons in homogeneous space.
///
/// Contract: the input is a closed polygon of homogeneous screen points (pixels × W). The
/// output is the part with `W ≥ nearEpsilon` and inside the guard rectangle, clipped by
/// Sutherland–Hodgman *before* the divide, then divided: every returned point is finite and
/// lies within the guard rectangle, so Cairo's fixed-point rasteriser never sees a wild
/// vertex. An empty result means nothing is visible.
enum PolygonClipper {
  /// W below which geometry counts as at or behind the eye (same units as W, m44 = 1).
  static let nearEpsilon = 1e-5

  static func clip(_ input: [HPoint], guard g: (minX: Double, minY: Double, maxX: Double, maxY: Double))
    -> [Point]
  {
    // Each plane as a signed distance d(p) ≥ 0 inside; all linear in (X, Y, W).
    let planes: [(Double, Double, Double)] = [
      (0, 0, 1),  // W - eps (the offset is in `distance`)
      (1, 0, -g.minX),  // X - minX·W
      (-1, 0, g.maxX),  // maxX·W - X
      (0, 1, -g.minY),
      (0, -1, g.maxY),
    ]
    func distance(_ index: Int, _ p: HPoint) -> Double {
      let plane = planes[index]
      return plane.0 * p.x + plane.1 * p.y + plane.2 * p.w + (index == 0 ? -nearEpsilon : 0)
    }
    // Nearly always no plane cuts: every pass would give the polygon back unchanged.
    if input.allSatisfy({ p in planes.indices.allSatisfy { distance($0, p) >= 0 } }) {
      return input.count < 3 ? [] : input.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    }
    var poly = input
    var scratch: [HPoint] = []
    scratch.reserveCapacity(input.count + 8)
    for index in planes.indices {
      if poly.isEmpty { return [] }
      scratch.removeAll(keepingCapacity: true)
      var prev = poly[poly.count - 1]
      var dPrev = distance(index, prev)
      for cur in poly {
        let dCur = distance(index, cur)
        if dCur >= 0 {
          if dPrev < 0 { scratch.append(intersect(prev, dPrev, cur, dCur)) }
          scratch.append(cur)
        } else if dPrev >= 0 {
          scratch.append(intersect(prev, dPrev, cur, dCur))
        }
        prev = cur
        dPrev = dCur
      }
      swap(&poly, &scratch)
    }
    if poly.count < 3 { return [] }
    return poly.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
  }

  private static func intersect(_ a: HPoint, _ da: Double, _ b: HPoint, _ db: Double) -> HPoint {
    let t = da / (da - db)
    return HPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, w: a.w + (b.w - a.w) * t)
  }
}

/// Outlines of layer shapes in the layer's own (bounds) space, flattened to polygons.
enum Outline {
  /// The rectangle, or the rounded rectangle whose `corners` are circular arcs of `radius`
  /// (clamped to half the shorter side) and whose other corners are square
  /// (docs/core-animation.md#masked-corners), as a polygon traced clockwise on screen.
  /// `pixelsPerPoint` is the largest screen magnification of the layer, used to choose how
  /// finely arcs are flattened (sagitta error below ~0.05 px).
  static func roundedRect(_ r: Rect, radius: Double, corners: CornerMask = .all, pixelsPerPoint: Double) -> [Point] {
    let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
    let rad = min(max(radius, 0), (x1 - x0) / 2, (y1 - y0) / 2)
    if rad <= 0 || corners.isDisjoint(with: .all) {
      return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
    }
    let arc = Arc(radius: rad, pixelsPerPoint: pixelsPerPoint)
    var pts: [Point] = []
    pts.reserveCapacity(4 * (arc.segments + 1))
    // Corner centres and start angles (y down, angles clockwise on screen), each with the
    // corner itself, drawn when the mask leaves it square.
    let arcs: [(CornerMask, Double, Double, Double, Point)] = [
      (.maxXMinY, x1 - rad, y0 + rad, -Double.pi / 2, Point(x: x1, y: y0)),  // top right: from top edge to right edge
      (.maxXMaxY, x1 - rad, y1 - rad, 0, Point(x: x1, y: y1)),  // bottom right
      (.minXMaxY, x0 + rad, y1 - rad, Double.pi / 2, Point(x: x0, y: y1)),  // bottom left
      (.minXMinY, x0 + rad, y0 + rad, Double.pi, Point(x: x0, y: y0)),  // top left
    ]
    for (corner, cx, cy, a0, square) in arcs {
      guard corners.contains(corner) else {
        pts.append(square)
        continue
      }
      for i in 0...arc.segments {
        let a = a0 + Double(i) / Double(arc.segments) * (Double.pi / 2)
        let r = i == 0 || i == arc.segments ? rad : arc.vertexRadius  // arc ends stay on the straight edges
        pts.append(Point(x: cx + r * _cos(a), y: cy + r * _sin(a)))
      }
    }
    return pts
  }

  /// The ellipse inscribed in `r`, traced clockwise on screen, flattened as `roundedRect`'s
  /// arcs are (every vertex on the slightly larger ellipse that keeps the area).
  static func ellipse(_ r: Rect, pixelsPerPoint: Double) -> [Point] {
    let (rx, ry) = (r.width / 2, r.height / 2)
    guard rx > 0, ry > 0 else { return [] }
    let arc = Arc(radius: max(rx, ry), pixelsPerPoint: pixelsPerPoint)
    let n = 4 * arc.segments
    let k = arc.vertexRadius / max(rx, ry)
    return (0..<n).map { i in
      let a = Double(i) / Double(n) * 2 * Double.pi
      return Point(x: r.midX + k * rx * _cos(a), y: r.midY + k * ry * _sin(a))
    }
  }

  /// The outline of a shadow path (docs/core-animation.md#shadow-path-is-the-shadows-shape).
  static func path(_ path: ShapePath, pixelsPerPoint: Double) -> [Point] {
    switch path {
    case .rect(let r): return roundedRect(r.standardized, radius: 0, pixelsPerPoint: pixelsPerPoint)
    case .roundedRect(let r, let radius, let corners):
      return roundedRect(r.standardized, radius: radius, corners: corners, pixelsPerPoint: pixelsPerPoint)
    case .ellipse(let r): return ellipse(r.standardized, pixelsPerPoint: pixelsPerPoint)
    }
  }

  /// How a quarter circle of `radius` points is flattened at `pixelsPerPoint`: `segments`
  /// chords whose inner vertices sit at `vertexRadius`, slightly outside the circle
  /// (r' = r·√(θ / sin θ)), so that the chords enclose the arc's exact area: the outline
  /// deviates at most ±sagitta/2 and coverage is unbiased.
  private struct Arc {
    let segments: Int
    let vertexRadius: Double

    init(radius: Double, pixelsPerPoint: Double) {
      let rpx = radius * max(pixelsPerPoint, 0.01)
      segments = max(2, min(96, Int((2.5 * rpx.squareRoot()).rounded(.up))))
      let theta = Double.pi / 2 / Double(segments)
      vertexRadius = radius * (theta / _sin(theta)).squareRoot()
    }
  }
}

// Foundation-free trigonometry through the C library.
#if canImport(Glibc)
  import Glibc
  @inline(__always) func _cos(_ x: Double) -> Double { Glibc.cos(x) }
  @inline(__always) func _sin(_ x: Double) -> Double { Glibc.sin(x) }
#else
  import Foundation
  @inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
  @inline(__always) func _sin(_ x: Double) -> Double { Foundation.sin(x) }
#endif
