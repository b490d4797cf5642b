import Foundation
import CCairo
import Snapshot

/// The texture path for faces turned about a vertical axis (docs/core-animation.md#perspective-texture-mapping):
/// when W of the inverse map does not depend on y (a layer rotated about y under perspective:
/// cube, fold, flip, turn), every device column is one texture column, u and W are constant
/// down it and v is linear in y. The bilinear filter then separates, four columns at a time:
///
/// 1. per column, the texel rows its pixels reach are filtered across at the column's u
///    (horizontal lerp with one weight), times the texture's alpha, with an overlay (a shading
///    veil) composited at each texel row's centre — read from the levels stored column by
///    column, so that the two texel columns around u are two runs of memory;
/// 2. per pixel, the two filtered rows around its v are blended (vertical lerp), four columns
///    in SIMD lanes, into the tile's row.
///
/// The arithmetic is the bilinear filter's (8-bit weights, each lerp rounded), so a pixel equals
/// the row path's wherever both choose the same level; the level of detail is taken per column
/// at the middle of its extent, and the overlay is evaluated at texel-row centres instead of at
/// each pixel (within a fraction of one ramp step for a veil spanning the face).
enum ColumnMapper {
  /// True when the inverse map `g`'s u and W vary along a column of `height` pixels by less
  /// than 1/1024 texel and 1/2²⁰ relative: the column path applies.
  static func applies(_ g: Homography, height: Int, width: Int) -> Bool {
    let h = Double(max(height, 1)), w = Double(max(width, 1))
    let wScale = abs(g.h02) * w + abs(g.h22)
    guard wScale > 0 else { return false }
    // |∂W/∂y|·h against W's own size; |∂X/∂y|·h against X's.
    return abs(g.h12) * h <= wScale / 1_048_576 && abs(g.h10) * h <= (abs(g.h00) * w + abs(g.h20)) / 1_048_576
  }

  /// Draws `sampler`'s texture through `texToDevice` inside `polygon` (device pixels, identity
  /// CTM), times `alpha`, with `overlay` composited over each texel row, as `SpanMapper.draw`
  /// does; only for maps that `applies` accepts.
  static func draw(
    _ cr: OpaquePointer, _ sampler: MipSampler, overlay: GradientSampler?, texToDevice: Homography,
    polygon: [Point], alpha: Double
  ) {
    guard let g = texToDevice.inverted else { return }
    let k = UInt32((min(max(alpha, 0), 1) * 256).rounded())
    let edges = RowExtents(polygon.map { Point(x: $0.y, y: $0.x) })
    let columns = sampler.columnMajorLevels
    // Room for eight filtered columns (two levels of four lanes), reused by every block: a
    // column holds at most the base level's rows, its two border rows and the padding.
    let entries = Int(sampler.domain.height) + 8
    let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * entries)
    defer { scratch.deallocate() }
    SpanMapper.composite(cr, polygon) { texels, stride, box in
      var lanes = [DeviceColumn](repeating: DeviceColumn(), count: 4)
      var x = box.x0
      while x < box.x1 {
        for lane in 0..<4 {
          lanes[lane] =
            x + lane < box.x1 ? column(g, x: x + lane, edges: edges, box: box, domain: sampler.domain) : DeviceColumn()
        }
        let rows = Scratch(base: scratch, entries: entries)
        block(sampler, columns, overlay, alpha: k, g: g, lanes, rows, x: x, texels: texels, stride: stride, box: box)
        x += 4
      }
    }
  }

  /// Column `x`'s extent in the polygon and its map.
  private static func column(
    _ g: Homography, x: Int, edges: RowExtents, box: (x0: Int, y0: Int, x1: Int, y1: Int),
    domain: (width: Float, height: Float)
  ) -> DeviceColumn {
    guard let (ya, yb) = edges.pixels(inRow: x, from: box.y0, to: box.y1) else { return DeviceColumn() }
    let xc = Double(x) + 0.5, ym = Double(ya + yb) / 2
    let W = xc * g.h02 + ym * g.h12 + g.h22
    guard W > 1e-12 else { return DeviceColumn() }
    let u = (xc * g.h00 + ym * g.h10 + g.h20) / W
    var c = DeviceColumn(valid: true, ya: ya, yb: yb)
    c.u = Float(min(max(u, 0), Double(domain.width)))
    c.v0 = (xc * g.h01 + g.h21) / W
    c.dv = g.h11 / W
    return c
  }

  /// Four columns from `x`: their filtered texel rows, then their pixels row by row.
  private static func block(
    _ sampler: MipSampler, _ columns: [MipChain.Level], _ overlay: GradientSampler?, alpha: UInt32, g: Homography,
    _ lanes: [DeviceColumn], _ scratch: Scratch, x: Int,
    texels: UnsafeMutablePointer<UInt32>, stride: Int, box: (x0: Int, y0: Int, x1: Int, y1: Int)
  ) {
    var ya = Int.max, yb = Int.min
    for c in lanes where c.valid {
      ya = min(ya, c.ya)
      yb = max(yb, c.yb)
    }
    guard ya <= yb else { return }
    let d = SpanMapper.Derivatives(g)
    let height = Double(sampler.domain.height)
    // Per lane and level: the filtered rows (a scratch column), and where pixel rows land in it.
    var filtered = (
      FilteredColumn.empty, FilteredColumn.empty, FilteredColumn.empty, FilteredColumn.empty,
      FilteredColumn.empty, FilteredColumn.empty, FilteredColumn.empty, FilteredColumn.empty
    )
    var weights = SIMD4<UInt16>()
    for (lane, c) in lanes.enumerated() where c.valid {
      // v over the block's rows, clamped to the texture: the rows this lane reads.
      let vTop = min(max(c.v0 + (Double(ya) + 0.5) * c.dv, 0), height)
      let vBottom = min(max(c.v0 + (Double(yb) - 0.5) * c.dv, 0), height)
      let vMid = Float((vTop + vBottom) / 2)
      let iw = Float(1 / ((Double(x + lane) + 0.5) * g.h02 + Double(ya + yb) / 2 * g.h12 + g.h22))
      let levels = sampler.levels(for: SpanMapper.levelOfDetail(d, u: c.u, v: vMid, iw: iw))
      weights[lane] = levels.weight
      let near = FilteredColumn(
        levels.near, columns[levels.near.index], c, vTop, vBottom, sampler, overlay, alpha, into: scratch[2 * lane])
      let far =
        levels.weight == 0
        ? .empty
        : FilteredColumn(
          levels.far, columns[levels.far.index], c, vTop, vBottom, sampler, overlay, alpha, into: scratch[2 * lane + 1])
      switch lane {
      case 0: (filtered.0, filtered.1) = (near, far)
      case 1: (filtered.2, filtered.3) = (near, far)
      case 2: (filtered.4, filtered.5) = (near, far)
      default: (filtered.6, filtered.7) = (near, far)
      }
    }
    let blend = weights != SIMD4(repeating: 0)
    let near = Lanes4(filtered.0, filtered.2, filtered.4, filtered.6)
    let far = Lanes4(filtered.1, filtered.3, filtered.5, filtered.7)
    let w = SIMD8<UInt16>(
      weights[0], weights[0], weights[1], weights[1], weights[2], weights[2], weights[3], weights[3])
    let clamp =
      near.leaves(from: Float(ya) + 0.5, to: Float(yb) - 0.5) || far.leaves(from: Float(ya) + 0.5, to: Float(yb) - 0.5)
    for y in ya..<yb {
      var c = near.sample(y: Float(y) + 0.5, clamp: clamp)
      if blend {
        let (br, ga) = Pixels4.split(c), (br1, ga1) = Pixels4.split(far.sample(y: Float(y) + 0.5, clamp: clamp))
        c = Pixels4.join(Pixels4.lerp(br, br1, w, 256 &- w), Pixels4.lerp(ga, ga1, w, 256 &- w))
      }
      UnsafeMutableRawPointer(texels + (y - box.y0) * stride + (x - box.x0)).storeBytes(of: c, as: SIMD4<UInt32>.self)
    }
  }
}

/// Room for a block's filtered columns: `entries` words for each of eight.
private struct Scratch {
  let base: UnsafeMutablePointer<UInt32>
  let entries: Int
  subscript(i: Int) -> UnsafeMutablePointer<UInt32> { base + i * entries }
}

/// One device column's extent in the polygon and its map: u (clamped to the texture), and
/// v = v0 + y·dv at pixel centre y, in base texels.
private struct DeviceColumn {
  var valid = false
  var ya = 0, yb = 0
  var u: Float = 0
  var v0: Double = 0, dv: Double = 0
}

/// One column of a level filtered across at the column's u: entry i is texel row `first + i`
/// (rows −1 and height are the border), premultiplied, times alpha, overlay composited; and the
/// map from a pixel row to its entries, in 1/256 entry from entry 0, clamped to the texture.
private struct FilteredColumn {
  let rows: UnsafeMutablePointer<UInt32>?
  /// Pixel centre y lands at v0 + y·dv (1/256 entry), clamped to lo...hi.
  let v0: Float, dv: Float, lo: Float, hi: Float

  static var empty: FilteredColumn { FilteredColumn(rows: nil, v0: 0, dv: 0, lo: 0, hi: 0) }

  private init(rows: UnsafeMutablePointer<UInt32>?, v0: Float, dv: Float, lo: Float, hi: Float) {
    (self.rows, self.v0, self.dv, self.lo, self.hi) = (rows, v0, dv, lo, hi)
  }

  /// Level `l` (`t` its column-major copy) filtered for column `c` over base-texel rows
  /// vTop...vBottom (clamped), into `rows` (room for the level's rows, two border rows and
  /// four of padding).
  init(
    _ l: MipSampler.LevelView, _ t: MipChain.Level, _ c: DeviceColumn, _ vTop: Double, _ vBottom: Double,
    _ sampler: MipSampler, _ overlay: GradientSampler?, _ alpha: UInt32, into rows: UnsafeMutablePointer<UInt32>
  ) {
    let sy = Double(l.sy), levelHeight = Int((Double(sampler.domain.height) * sy / 256).rounded())
    // Rows in 1/256 from texel centres: v·sy − 128.
    let a = Lanes.rounded(SIMD4<Float>(repeating: Float(min(vTop, vBottom) * sy - 128)))[0]
    let b = Lanes.rounded(SIMD4<Float>(repeating: Float(max(vTop, vBottom) * sy - 128)))[0]
    let first = Int(a >> 8), last = min(Int(b >> 8) + 1, levelHeight)
    Self.filter(l, t, u: c.u, first: first, last: last, overlay, alpha, into: rows)
    self.rows = rows
    v0 = Float(c.v0 * sy - 128) - Float(first * 256)
    dv = Float(c.dv * sy)
    lo = Float(-128 - first * 256)
    hi = Float(levelHeight * 256 - 128 - first * 256)
  }

  /// Texel rows first...last of level `l` at u, four at a time from its column-major copy `t`
  /// (two runs of memory: the columns left and right of u); the entries past `last` are padding.
  private static func filter(
    _ l: MipSampler.LevelView, _ t: MipChain.Level, u: Float, first: Int, last: Int, _ overlay: GradientSampler?,
    _ alpha: UInt32, into rows: UnsafeMutablePointer<UInt32>
  ) {
    let iu = Lanes.rounded(SIMD4<Float>(repeating: u * l.sx - 128))[0]
    let hx = SIMD8<UInt16>(repeating: UInt16(iu & 255)), ihx = 256 &- hx
    let left = UnsafeRawPointer(t.pixels + Int(iu >> 8) &* t.stride), right = left + t.stride &* 4
    // The overlay at each texel row's centre: v = (j + ½)·256/sy base texels.
    let rowV = 256 / l.sy
    var v = (SIMD4<Float>(Float(first), Float(first + 1), Float(first + 2), Float(first + 3)) + 0.5) * rowV
    let uu = SIMD4<Float>(repeating: u)
    var j = first
    var out = UnsafeMutableRawPointer(rows)
    while j <= last {
      let (lbr, lga) = Pixels4.split((left + j &* 4).loadUnaligned(as: SIMD4<UInt32>.self))
      let (rbr, rga) = Pixels4.split((right + j &* 4).loadUnaligned(as: SIMD4<UInt32>.self))
      var br = Pixels4.lerp(lbr, rbr, hx, ihx), ga = Pixels4.lerp(lga, rga, hx, ihx)
      if alpha < 256 { (br, ga) = Pixels4.scaled(br, ga, alpha) }
      if let overlay {
        out.storeBytes(of: overlay.composite(over: br, ga, u: uu, v: v), as: SIMD4<UInt32>.self)
      } else {
        out.storeBytes(of: Pixels4.join(br, ga), as: SIMD4<UInt32>.self)
      }
      out += 16
      v += 4 * rowV
      j += 4
    }
  }

}

/// Four filtered columns side by side: one tile row of four pixels at a time.
private struct Lanes4 {
  let rows: (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer)
  let v0, dv, lo, hi: SIMD4<Float>
  /// Two transparent entries for a lane without a column (written once, then only read).
  nonisolated(unsafe) static let none: UnsafeMutablePointer<UInt32> = {
    let p = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
    p.initialize(repeating: 0, count: 2)
    return p
  }()

  init(_ a: FilteredColumn, _ b: FilteredColumn, _ c: FilteredColumn, _ d: FilteredColumn) {
    func raw(_ f: FilteredColumn) -> UnsafeRawPointer { UnsafeRawPointer(f.rows ?? Self.none) }
    rows = (raw(a), raw(b), raw(c), raw(d))
    v0 = SIMD4(a.v0, b.v0, c.v0, d.v0)
    dv = SIMD4(a.dv, b.dv, c.dv, d.dv)
    lo = SIMD4(a.lo, b.lo, c.lo, d.lo)
    hi = SIMD4(a.hi, b.hi, c.hi, d.hi)
  }

  /// True when some lane's v leaves lo...hi between pixel row centres `a` and `b` (v is linear).
  func leaves(from a: Float, to b: Float) -> Bool {
    let va = v0 + dv * a, vb = v0 + dv * b
    return any(va .< lo .| va .> hi .| vb .< lo .| vb .> hi)
  }

  /// The four pixels of pixel row centre y: each lane's two entries around its v, blended;
  /// `clamp` keeps v inside the texture (needed only when a lane's rows leave it).
  @inline(__always)
  func sample(y: Float, clamp: Bool) -> SIMD4<UInt32> {
    var v = v0 + dv * y
    if clamp { v = Lanes.clamp(v, lo, hi) }
    let iv = Lanes.rounded(v)
    let yi = iv &>> 8
    let (top, bottom) = Pixels4.pairs(
      rows.0 + Int(yi[0]) &<< 2, rows.1 + Int(yi[1]) &<< 2, rows.2 + Int(yi[2]) &<< 2, rows.3 + Int(yi[3]) &<< 2)
    let (tbr, tga) = Pixels4.split(top), (bbr, bga) = Pixels4.split(bottom)
    let hy = Pixels4.pairs(lowBytesOf: iv), ihy = 256 &- hy
    return Pixels4.join(Pixels4.lerp(tbr, bbr, hy, ihy), Pixels4.lerp(tga, bga, hy, ihy))
  }
}
