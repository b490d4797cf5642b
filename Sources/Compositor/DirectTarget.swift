import Foundation
import CCairo
import Snapshot

/// A context's current target (its group's, inside a group) as memory, for compositing texture
/// pixels without a Cairo composite per draw: they go through the polygon's coverage as Cairo
/// rasterizes it (`CoverageMask`) with OVER in pixman's arithmetic, so every pixel equals what
/// Cairo's fill of the polygon with them would give (docs/core-animation.md#perspective-texture-mapping).
/// Nil unless that holds: operator OVER, antialiasing on, identity CTM, an ARGB32 image target at
/// a whole-pixel device offset, and a clip of one box of whole pixels (which cuts nothing inside
/// the box the pixels are drawn in).
struct DirectTarget {
  private let cr: OpaquePointer
  private let surface: OpaquePointer
  /// Device pixel (0, 0), which may lie outside the target's memory (a group's offset).
  private let origin: UnsafeMutablePointer<UInt32>
  /// Words per row.
  private let stride: Int

  init?(_ cr: OpaquePointer) {
    guard cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE else {
      return nil
    }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xx == 1, m.yx == 0, m.xy == 0, m.yy == 1, m.x0 == 0, m.y0 == 0 else { return nil }
    guard let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
    else { return nil }
    var ox = 0.0, oy = 0.0, sx = 0.0, sy = 0.0
    cairo_surface_get_device_offset(target, &ox, &oy)
    cairo_surface_get_device_scale(target, &sx, &sy)
    guard sx == 1, sy == 1, ox == ox.rounded(), oy == oy.rounded(), Self.clipIsOneWholePixelBox(cr) else {
      return nil
    }
    cairo_surface_flush(target)
    guard let data = cairo_image_surface_get_data(target) else { return nil }
    self.cr = cr
    surface = target
    stride = Int(cairo_image_surface_get_stride(target)) / 4
    origin = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self) + Int(oy) * stride + Int(ox)
  }

  /// True when the clip is one rectangle of whole device pixels (the surface's extents when
  /// nothing is clipped): inside the box of the clip extents, it then masks nothing.
  private static func clipIsOneWholePixelBox(_ cr: OpaquePointer) -> Bool {
    guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else { return false }
    let r = list.pointee.rectangles[0]
    return [r.x, r.y, r.width, r.height].allSatisfy { $0 == $0.rounded() }
  }

  /// Composites `tile` (premultiplied ARGB32, rows of `tileStride` words over `box`, device
  /// pixels inside the clip extents) through `polygon`'s coverage with OVER (`blend`). Reads the
  /// tile only within each row's extent (`CoverageMask.extent`), which is all a mapper writes.
  func composite(
    _ polygon: [Point], box: (x0: Int, y0: Int, x1: Int, y1: Int), tile: UnsafePointer<UInt32>, tileStride: Int
  ) {
    CoverageMask.with(cr, polygon, box) { mask in
      for y in box.y0..<box.y1 {
        guard let (xa, xb) = mask.extent(ofRow: y) else { continue }
        blend(mask.row(y), tile + (y - box.y0) * tileStride - box.x0, y: y, from: xa, to: xb)
      }
    }
    markDirty(box)
  }

  /// Composites pixels made row by row through `polygon`'s coverage with OVER (`blend`):
  /// `fillRow(out, y, x, count)` writes pixels x ..< x + count of row y to `out`, which has room
  /// for `padding` more; it is asked only for each row's extent in `box` (`CoverageMask.extent`;
  /// device pixels inside the clip extents). The row stays in cache between the two.
  func composite(
    _ polygon: [Point], box: (x0: Int, y0: Int, x1: Int, y1: Int), padding: Int,
    fillRow: (UnsafeMutablePointer<UInt32>, _ y: Int, _ x: Int, _ count: Int) -> Void
  ) {
    let row = UnsafeMutablePointer<UInt32>.allocate(capacity: box.x1 - box.x0 + padding)
    defer { row.deallocate() }
    CoverageMask.with(cr, polygon, box) { mask in
      for y in box.y0..<box.y1 {
        guard let (xa, xb) = mask.extent(ofRow: y) else { continue }
        fillRow(row, y, xa, xb - xa)
        blend(mask.row(y), row - xa, y: y, from: xa, to: xb)
      }
    }
    markDirty(box)
  }

  /// Pixels `xa ..< xb` of row `y` of `src` (indexed by device x) over the target through
  /// `coverage` (also indexed by device x): d ← s·c + d·(1 − α(s·c)) with c = coverage/255, each
  /// product x·y/255 rounded to nearest and each sum saturated, as pixman composites. Four at a
  /// time: a fully covered four skips the coverage product (an opaque one is a copy), an
  /// uncovered or transparent one leaves the target.
  @inline(__always)
  private func blend(
    _ coverage: UnsafePointer<UInt8>, _ src: UnsafePointer<UInt32>, y: Int, from xa: Int, to xb: Int
  ) {
    let dst = origin + y * stride
    let opaque = SIMD4<UInt32>(repeating: 0xff00_0000)
    var x = xa
    while x + 4 <= xb {
      // Pixel x + i's coverage in byte i, whatever the machine's byte order.
      let c = UInt32(littleEndian: UnsafeRawPointer(coverage + x).loadUnaligned(as: UInt32.self))
      if c != 0 {
        var s = UnsafeRawPointer(src + x).loadUnaligned(as: SIMD4<UInt32>.self)
        if c != 0xffff_ffff { s = Pixels4.times(s, c) }
        if s & opaque == opaque {
          UnsafeMutableRawPointer(dst + x).storeBytes(of: s, as: SIMD4<UInt32>.self)
        } else if s != .zero {
          let d = UnsafeRawPointer(dst + x).loadUnaligned(as: SIMD4<UInt32>.self)
          UnsafeMutableRawPointer(dst + x).storeBytes(of: Pixels4.over(s, d), as: SIMD4<UInt32>.self)
        }
      }
      x += 4
    }
    while x < xb {
      let c = UInt32(coverage[x])
      if c != 0 { dst[x] = ARGB.over(c == 255 ? src[x] : ARGB.times(src[x], c), dst[x]) }
      x += 1
    }
  }

  private func markDirty(_ box: (x0: Int, y0: Int, x1: Int, y1: Int)) {
    cairo_surface_mark_dirty_rectangle(
      surface, Int32(box.x0), Int32(box.y0), Int32(box.x1 - box.x0), Int32(box.y1 - box.y0))
  }
}

extension Pixels4 {
  /// Every channel of pixel i × byte i of `k` (bits 8i ..< 8i + 8) over 255, rounded to nearest.
  @inline(__always)
  static func times(_ p: SIMD4<UInt32>, _ k: UInt32) -> SIMD4<UInt32> {
    let w = SIMD4<UInt32>(k & 0xff, (k >> 8) & 0xff, (k >> 16) & 0xff, k >> 24)
    let kk = unsafeBitCast(w | (w &<< 16), to: SIMD8<UInt16>.self)
    let (br, ga) = split(p)
    return join(divide255(br &* kk), divide255(ga &* kk))
  }

  /// s + d·(255 − α(s))/255 on every channel, the product rounded to nearest and the sum
  /// saturated (pixman's OVER of premultiplied pixels).
  @inline(__always)
  static func over(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let ia = 255 &- (s &>> 24)
    let k = unsafeBitCast(ia | (ia &<< 16), to: SIMD8<UInt16>.self)
    let (sbr, sga) = split(s), (dbr, dga) = split(d)
    return join(saturated(sbr &+ divide255(dbr &* k)), saturated(sga &+ divide255(dga &* k)))
  }

  /// Lanes of at most 510 held to 255.
  @inline(__always)
  static func saturated(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    (x | (0 &- (x &>> 8))) & 0x00ff
  }
}

/// One premultiplied ARGB32 pixel, its channels in two pairs of 16-bit lanes of a word.
enum ARGB {
  /// Every channel × `k`/255 (k in 0...255), rounded to nearest (x·k + 128, plus its high byte,
  /// over 256).
  @inline(__always)
  static func times(_ p: UInt32, _ k: UInt32) -> UInt32 {
    let rb = (p & 0x00ff_00ff) &* k &+ 0x0080_0080
    let ag = ((p >> 8) & 0x00ff_00ff) &* k &+ 0x0080_0080
    return ((rb &+ ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff | (ag &+ ((ag >> 8) & 0x00ff_00ff)) & 0xff00_ff00
  }

  /// Channel-wise x + y held to 255.
  @inline(__always)
  static func sum(_ x: UInt32, _ y: UInt32) -> UInt32 {
    func pairs(_ a: UInt32, _ b: UInt32) -> UInt32 {
      let t = a &+ b
      return (t | (0x0100_0100 &- ((t >> 8) & 0x0001_0001))) & 0x00ff_00ff
    }
    return pairs(x & 0x00ff_00ff, y & 0x00ff_00ff) | pairs((x >> 8) & 0x00ff_00ff, (y >> 8) & 0x00ff_00ff) << 8
  }

  /// `s` over `d`: s + d·(255 − α(s))/255.
  @inline(__always)
  static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
    sum(s, times(d, 255 - (s >> 24)))
  }
}
