import CCairo
import Foundation
import Pixels

/// pixman's projective transform (the alternative the texture path was measured against): the
/// bench's magnified face (`BenchScenes.face(_, scale: 1.3)`: 25° about the vertical axis, d =
/// 1000 pt, at 2x) drawn by `pixman_image_composite32` with a 3×3 transform and the BILINEAR
/// filter over the face's bounding box, straight from the premultiplied picture (no mip levels:
/// pixman has none, so minified faces alias).
enum PixmanFace {
  /// The face's map from picture pixels to device pixels, as pixman's rows (x', y', w').
  static func forward(width: Int, height: Int, scale: Double, degrees: Double, distance: Double) -> pixman_f_transform {
    let cx = Double(width) / 2, cy = Double(height) / 2
    let c = scale * cos(degrees * .pi / 180)
    // w = 1 − z/d with z = −scale·sin θ·(u − cx): Core Animation's rotation about y under m34 = −1/d.
    let k = scale * sin(degrees * .pi / 180) / distance
    var f = pixman_f_transform()
    f.m.0 = (c + cx * k, 0, -cx * c + cx * (1 - cx * k))
    f.m.1 = (cy * k, scale, -cy * scale + cy * (1 - cx * k))
    f.m.2 = (k, 0, 1 - cx * k)
    return f
  }

  /// The device box the face covers (its four corners' images, rounded outward).
  static func box(_ f: pixman_f_transform, width: Int, height: Int) -> (x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
    var xs: [Double] = [], ys: [Double] = []
    for (u, v) in [(0, 0), (width, 0), (width, height), (0, height)] {
      var p = pixman_f_vector(v: (Double(u), Double(v), 1))
      pixman_f_transform_point_3d([f], &p)
      xs.append(p.v.0 / p.v.2)
      ys.append(p.v.1 / p.v.2)
    }
    return (
      Int32(xs.min()!.rounded(.down)), Int32(ys.min()!.rounded(.down)), Int32(xs.max()!.rounded(.up)),
      Int32(ys.max()!.rounded(.up))
    )
  }

  /// A premultiplied ARGB32 copy of `image` (Cairo's and pixman's pixel format).
  static func premultiplied(_ image: RGBAImage) -> [UInt32] {
    var out = [UInt32](repeating: 0, count: image.width * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y], a = UInt32(p.a)
        func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        out[y * image.width + x] = a << 24 | pm(p.r) << 16 | pm(p.g) << 8 | pm(p.b)
      }
    }
    return out
  }

  /// Draws the face `count` times onto a transparent `deviceWidth × deviceHeight` target;
  /// returns the CPU seconds per draw (best of `passes`) and the last target (premultiplied).
  static func run(
    _ image: RGBAImage, scale: Double, deviceWidth: Int, deviceHeight: Int, count: Int, passes: Int,
    clock: () -> Double
  ) -> (seconds: Double, target: [UInt32]) {
    var texels = premultiplied(image)
    var target = [UInt32](repeating: 0, count: deviceWidth * deviceHeight)
    let f = forward(width: image.width, height: image.height, scale: scale, degrees: 25, distance: 2000)
    var inverse = pixman_f_transform()
    _ = pixman_f_transform_invert(&inverse, [f])
    var t = pixman_transform()
    _ = pixman_transform_from_pixman_f_transform(&t, &inverse)
    let b = box(f, width: image.width, height: image.height)
    var best = Double.infinity
    texels.withUnsafeMutableBufferPointer { tex in
      target.withUnsafeMutableBufferPointer { dst in
        let src = pixman_image_create_bits(
          PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height), tex.baseAddress, Int32(image.width * 4))!
        let out = pixman_image_create_bits(
          PIXMAN_a8r8g8b8, Int32(deviceWidth), Int32(deviceHeight), dst.baseAddress, Int32(deviceWidth * 4))!
        defer {
          pixman_image_unref(src)
          pixman_image_unref(out)
        }
        pixman_image_set_transform(src, &t)
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(src, PIXMAN_REPEAT_NONE)
        for _ in 0..<passes {
          let t0 = clock()
          for _ in 0..<count {
            memset(dst.baseAddress!, 0, deviceWidth * deviceHeight * 4)
            pixman_image_composite32(
              PIXMAN_OP_OVER, src, nil, out, b.x0, b.y0, 0, 0, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0)
          }
          best = min(best, (clock() - t0) / Double(count))
        }
      }
    }
    return (best, target)
  }
}
