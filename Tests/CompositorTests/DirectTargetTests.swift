import CCairo
import Foundation
import Snapshot
import Testing

@testable import Compositor

@Suite("Texture pixels composited straight into the target")
struct DirectTargetTests {
  /// Draws `picture` through `map` with both texture paths (the row path, and the column path
  /// when the map turns about a vertical axis), on a translucent background, optionally inside a
  /// group, with the clip `forceFill` making Cairo fill the polygon with a tile (a clip of two
  /// whole-pixel boxes that cuts nothing of the drawing, so `DirectTarget` refuses it).
  private func render(
    _ sampler: MipSampler, _ map: Homography, _ polygon: [Point], alpha: Double, size: Int, columns: Bool,
    group: Bool, forceFill: Bool
  ) -> [UInt32] {
    renderARGB(size) { cr in
      cairo_set_source_rgba(cr, 0.2, 0.5, 0.9, 0.7)
      cairo_paint(cr)
      if forceFill {
        cairo_rectangle(cr, 1, 0, Double(size - 1), 1)
        cairo_rectangle(cr, 0, 1, Double(size), Double(size - 1))
        cairo_clip(cr)
      }
      if group {
        // A group over part of the surface: its target has a device offset.
        cairo_save(cr)
        cairo_rectangle(cr, 7, 5, Double(size - 20), Double(size - 9))
        cairo_clip(cr)
        cairo_push_group(cr)
      }
      if columns {
        ColumnMapper.draw(cr, sampler, overlay: nil, texToDevice: map, polygon: polygon, alpha: alpha)
      } else {
        SpanMapper.draw(cr, sampler, texToDevice: map, polygon: polygon, alpha: alpha)
      }
      if group {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, 0.8)
        cairo_restore(cr)
      }
    }
  }

  @Test(
    "perspective-texture-mapping: texture pixels composited through Cairo's coverage straight into the target equal Cairo's fill of the polygon with them, row and column paths, opaque and translucent, small and large, inside a group and not"
  )
  func directEqualsFill() {
    // (picture size, scale, turn, in-plane spin, alpha, surface size): small tiles share mask
    // canvases; the last is larger than a canvas's least side (256), so it gets its own.
    let cases: [(Int, Int, Double, Double, Double, Double, Int)] = [
      (40, 30, 1.5, 0, 0, 1, 160), (40, 30, 1.5, 0.4, 0.3, 1, 160), (40, 30, 0.7, -0.9, 0.2, 0.6, 160),
      (40, 30, 1.5, 0.7, -0.4, 0.35, 160), (240, 200, 1.3, 0.5, 0.1, 0.8, 400),
    ]
    for (w, h, scale, angle, spin, alpha, size) in cases {
      let sampler = MipSampler(MipChain(image: TestPictures.text(w, h), mipmapped: true))
      let c = cos(spin), s = sin(spin), mid = Double(size) / 2
      let rotate = Homography(affine: c, s, -s, c, mid - c * mid + s * mid, mid - s * mid - c * mid)
      for columns in [false, true] {
        // The column path needs a turn about the vertical axis only.
        let map = face(w, h, scale: scale, angle: angle, size: size).concatenating(columns ? .identity : rotate)
        let polygon = PolygonClipper.clip(
          [(0.0, 0.0), (Double(w), 0), (Double(w), Double(h)), (0, Double(h))].map { map.apply($0.0, $0.1) },
          guard: (-64, -64, Double(size + 64), Double(size + 64)))
        for group in [false, true] {
          let direct = render(
            sampler, map, polygon, alpha: alpha, size: size, columns: columns, group: group, forceFill: false)
          let filled = render(
            sampler, map, polygon, alpha: alpha, size: size, columns: columns, group: group, forceFill: true)
          let label =
            "\(w)×\(h) ×\(scale) turned \(angle) spun \(spin) alpha \(alpha), columns \(columns), group \(group)"
          let differing = zip(direct, filled).filter { $0 != $1 }.count
          #expect(differing == 0, "\(label): \(differing) pixels differ")
          // The texture was drawn, so the comparison is not of two backgrounds.
          let drawn = direct.filter { $0 != direct[0] }.count
          #expect(Double(drawn) > Double(w * h) * scale * scale / 3, "\(label): \(drawn) pixels drawn")
        }
      }
    }
  }

  @Test(
    "The blend is pixman's OVER through an A8 mask: for random premultiplied pixels, coverages and backgrounds, four at a time and one at a time equal Cairo's mask composite"
  )
  func blendEqualsPixman() {
    var state: UInt32 = 2024
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state >> 8
    }
    let n = 4096
    var src = [UInt32](repeating: 0, count: n), dst = src, mask = [UInt8](repeating: 0, count: n)
    for i in 0..<n {
      // Premultiplied: each channel at most alpha; some opaque, some clear, some full coverage.
      let a = i % 7 == 0 ? 255 : (i % 11 == 0 ? 0 : next() % 256)
      let ch = { a == 0 ? 0 : next() % (a + 1) }
      src[i] = a << 24 | ch() << 16 | ch() << 8 | ch()
      let b = next() % 256
      let dch = { b == 0 ? 0 : next() % (b + 1) }
      dst[i] = b << 24 | dch() << 16 | dch() << 8 | dch()
      mask[i] = i % 5 == 0 ? 255 : (i % 13 == 0 ? 0 : UInt8(next() % 256))
    }
    // Cairo (pixman) composites one row: src through mask over dst.
    var expected = dst
    expected.withUnsafeMutableBytes { d in
      src.withUnsafeMutableBytes { s in
        mask.withUnsafeMutableBytes { m in
          let target = cairo_image_surface_create_for_data(
            d.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(n), 1, Int32(4 * n))!
          let source = cairo_image_surface_create_for_data(
            s.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(n), 1, Int32(4 * n))!
          let coverage = cairo_image_surface_create_for_data(
            m.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(n), 1,
            cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(n)))!
          let cr = cairo_create(target)!
          cairo_set_source_surface(cr, source, 0, 0)
          cairo_mask_surface(cr, coverage, 0, 0)
          cairo_destroy(cr)
          cairo_surface_flush(target)
          for surface in [target, source, coverage] { cairo_surface_destroy(surface) }
        }
      }
    }
    var one = dst, four = dst
    for i in 0..<n where mask[i] != 0 {
      let s = mask[i] == 255 ? src[i] : ARGB.times(src[i], UInt32(mask[i]))
      one[i] = ARGB.over(s, dst[i])
    }
    for i in stride(from: 0, to: n, by: 4) {
      let k = UInt32(mask[i]) | UInt32(mask[i + 1]) << 8 | UInt32(mask[i + 2]) << 16 | UInt32(mask[i + 3]) << 24
      let s = Pixels4.times(SIMD4(src[i], src[i + 1], src[i + 2], src[i + 3]), k)
      let o = Pixels4.over(s, SIMD4(dst[i], dst[i + 1], dst[i + 2], dst[i + 3]))
      for j in 0..<4 { four[i + j] = o[j] }
    }
    #expect(zip(one, expected).filter { $0 != $1 }.count == 0)
    #expect(zip(four, expected).filter { $0 != $1 }.count == 0)
    #expect(zip(expected, dst).filter { $0 != $1 }.count > n / 2, "the composite changed most pixels")
  }
}
