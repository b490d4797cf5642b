import CCairo
import Foundation
import Pixels
import Snapshot
import Testing

@testable import Compositor

/// Pictures for the texture path: smooth shading with fine noise (a photo), a one-texel
/// checkerboard (the aliasing worst case) and lines of small glyph-like strokes (text).
enum TestPictures {
  static func photo(_ w: Int, _ h: Int) -> RGBAImage {
    var img = RGBAImage(width: w, height: h)!
    var state: UInt32 = 12345
    for y in 0..<h {
      for x in 0..<w {
        state = state &* 1_664_525 &+ 1_013_904_223
        let n = Int(state >> 28) - 8
        let r = min(255, max(0, x * 255 / w + n)), g = min(255, max(0, y * 255 / h + n))
        let b = min(255, max(0, (x + y) * 127 / (w + h) + 64 + n))
        img[x, y] = RGBA8(UInt8(r), UInt8(g), UInt8(b))
      }
    }
    return img
  }

  static func checker(_ n: Int) -> RGBAImage {
    var img = RGBAImage(width: n, height: n)!
    for y in 0..<n { for x in 0..<n { img[x, y] = (x + y) % 2 == 0 ? RGBA8(255, 255, 255) : RGBA8(0, 0, 0) } }
    return img
  }

  static func text(_ w: Int, _ h: Int) -> RGBAImage {
    var img = RGBAImage(width: w, height: h, fill: RGBA8(255, 255, 255))!
    var state: UInt32 = 7
    func next(_ n: Int) -> Int {
      state = state &* 1_103_515_245 &+ 12345
      return Int((state >> 16) % UInt32(n))
    }
    var baseline = 14
    while baseline < h - 2 {
      var x = 4
      while x < w - 10 {
        let gw = 4 + next(4), gh = 6 + next(4)
        for yy in (baseline - gh)..<baseline { img[x, yy] = RGBA8(0, 0, 0) }
        let bar = baseline - gh + next(gh)
        for xx in x..<(x + gw) { img[xx, bar] = RGBA8(0, 0, 0) }
        x += gw + 2 + (next(5) == 0 ? 5 : 0)
      }
      baseline += 12
    }
    return img
  }
}

/// Channel differences between two premultiplied ARGB32 surfaces of the same size, split into
/// pixels inside the polygon (full coverage) and its antialiased edge.
struct Difference: CustomStringConvertible {
  var interiorSum = 0, interiorCount = 0, interiorMax = 0
  var edgeSum = 0, edgeCount = 0, edgeMax = 0
  var mean: Double { Double(interiorSum + edgeSum) / Double(Swift.max(1, interiorCount + edgeCount)) }
  var interiorMean: Double { Double(interiorSum) / Double(Swift.max(1, interiorCount)) }
  var edgeMean: Double { Double(edgeSum) / Double(Swift.max(1, edgeCount)) }
  var max: Int { Swift.max(interiorMax, edgeMax) }

  var description: String {
    String(
      format: "mean %.3f (interior %.3f, edge %.3f), max %d (interior %d, edge %d) levels", mean, interiorMean,
      edgeMean, max, interiorMax, edgeMax)
  }

  mutating func add(_ o: Difference) {
    interiorSum += o.interiorSum
    interiorCount += o.interiorCount
    interiorMax = Swift.max(interiorMax, o.interiorMax)
    edgeSum += o.edgeSum
    edgeCount += o.edgeCount
    edgeMax = Swift.max(edgeMax, o.edgeMax)
  }
}

/// Draws one texture through a map with the span mapper and with the reference mapper, onto
/// transparent `size × size` surfaces, and compares them channel by channel (premultiplied).
func compareMappers(_ picture: RGBAImage, _ texToDevice: Homography, size: Int = 160, alpha: Double = 1) -> Difference {
  let chain = MipChain(image: picture, mipmapped: true)
  let corners = [
    (0.0, 0.0), (Double(picture.width), 0), (Double(picture.width), Double(picture.height)),
    (0, Double(picture.height)),
  ]
  let guardBox = (minX: -64.0, minY: -64.0, maxX: Double(size) + 64, maxY: Double(size) + 64)
  let polygon = PolygonClipper.clip(corners.map { texToDevice.apply($0.0, $0.1) }, guard: guardBox)
  func render(_ draw: (OpaquePointer) -> Void) -> [UInt32] {
    let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
    let cr = cairo_create(s)!
    draw(cr)
    cairo_destroy(cr)
    cairo_surface_flush(s)
    let data = UnsafeRawPointer(cairo_image_surface_get_data(s)!).assumingMemoryBound(to: UInt32.self)
    let out = Array(UnsafeBufferPointer(start: data, count: size * size))
    cairo_surface_destroy(s)
    return out
  }
  let fast = render {
    TextureMapper.draw($0, Texels(chain: { chain }), texToDevice: texToDevice, polygon: polygon, alpha: alpha)
  }
  let exact = render {
    ReferenceMapper.draw($0, chain: chain, texToDevice: texToDevice, polygon: polygon, alpha: alpha)
  }
  // Full coverage: a white fill of the same polygon is opaque there.
  let coverage = render { cr in
    cairo_set_source_rgb(cr, 1, 1, 1)
    Painter.setPath(cr, [polygon])
    cairo_fill(cr)
  }
  var d = Difference()
  for i in 0..<fast.count where fast[i] != 0 || exact[i] != 0 {
    var worst = 0, sum = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      let delta = abs(Int((fast[i] >> UInt32(shift)) & 255) - Int((exact[i] >> UInt32(shift)) & 255))
      worst = max(worst, delta)
      sum += delta
    }
    if coverage[i] >> 24 == 255 {
      d.interiorSum += sum
      d.interiorCount += 4
      d.interiorMax = max(d.interiorMax, worst)
    } else {
      d.edgeSum += sum
      d.edgeCount += 4
      d.edgeMax = max(d.edgeMax, worst)
    }
  }
  return d
}

/// The premultiplied ARGB32 pixels of a transparent `size × size` surface after `draw`.
func renderARGB(_ size: Int, _ draw: (OpaquePointer) -> Void) -> [UInt32] {
  let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
  let cr = cairo_create(s)!
  draw(cr)
  cairo_destroy(cr)
  cairo_surface_flush(s)
  let data = UnsafeRawPointer(cairo_image_surface_get_data(s)!).assumingMemoryBound(to: UInt32.self)
  let out = Array(UnsafeBufferPointer(start: data, count: size * size))
  cairo_surface_destroy(s)
  return out
}

/// A `w × h` picture's map: scaled by `scale`, turned `angle` about the vertical (or horizontal)
/// axis through its centre under perspective `d`, centred in a `size`-pixel square.
func face(_ w: Int, _ h: Int, scale: Double, angle: Double, aboutX: Bool = false, d: Double = 300, size: Int = 160)
  -> Homography
{
  let t = Transform3D(translationX: -Double(w) / 2, y: -Double(h) / 2, z: 0)
    .concatenating(Transform3D(scaleX: scale, y: scale, z: 1))
    .concatenating(Transform3D(rotationAngle: angle, x: aboutX ? 1 : 0, y: aboutX ? 0 : 1, z: 0))
    .concatenating(.perspective(distance: d))
    .concatenating(Transform3D(translationX: Double(size) / 2, y: Double(size) / 2, z: 0))
  return Homography(t)
}

@Suite("Texture path: the span mapper against the exact per-pixel mapper")
struct TextureMapperTests {
  @Test(
    "perspective-texture-mapping: magnified faces (one level) match the exact mapper within 2 levels, a third of a level on average; flat ones (Cairo's affine path) within 4"
  )
  func magnifiedFacesMatch() {
    var tilted = Difference(), flat = Difference()
    for picture in [TestPictures.photo(64, 80), TestPictures.checker(40), TestPictures.text(70, 60)] {
      for aboutX in [false, true] {
        for angle in [0.3, 0.7] {
          tilted.add(
            compareMappers(picture, face(picture.width, picture.height, scale: 1.8, angle: angle, aboutX: aboutX)))
        }
        flat.add(compareMappers(picture, face(picture.width, picture.height, scale: 1.8, angle: 0, aboutX: aboutX)))
      }
    }
    print("magnified tilted faces, span mapper vs exact mapper: \(tilted)")
    print("magnified flat faces, Cairo's affine path vs exact mapper: \(flat)")
    #expect(tilted.max <= 2 && tilted.mean <= 0.35, "\(tilted)")
    #expect(flat.max <= 4 && flat.mean <= 0.6, "\(flat)")
  }

  @Test(
    "perspective-texture-mapping: minified faces (mip levels per span) stay within a few levels of trilinear on average"
  )
  func minifiedFacesMatch() {
    var smooth = Difference(), sharp = Difference()
    for angle in [0.0, 0.5, 0.9, 1.25] {
      for scale in [1.8, 0.6, 0.35, 0.2] where scale < 1 || angle > 1 {
        smooth.add(compareMappers(TestPictures.photo(256, 256), face(256, 256, scale: scale, angle: angle)))
        sharp.add(compareMappers(TestPictures.text(256, 256), face(256, 256, scale: scale, angle: angle)))
        sharp.add(compareMappers(TestPictures.checker(256), face(256, 256, scale: scale, angle: angle, aboutX: true)))
      }
    }
    print("minified photo faces, span mapper vs exact mapper: \(smooth)")
    print("minified text and checker faces, span mapper vs exact mapper: \(sharp)")
    #expect(smooth.mean <= 0.3 && smooth.max <= 6, "\(smooth)")
    #expect(sharp.mean <= 3.5 && sharp.max <= 80, "\(sharp)")
  }

  @Test(
    "perspective-texture-mapping: a face turned about the vertical axis goes down columns (u and W constant down each) and equals the row path's pixels where both read one level; with a shading veil within one level"
  )
  func columnPathMatchesRowPath() {
    let picture = TestPictures.text(70, 60)
    let chain = MipChain(image: picture, mipmapped: true)
    let veil = Gradient(
      colors: [Color.black.withAlphaComponent(0), .black], startPoint: Point(x: 0, y: 0.2), endPoint: Point(x: 1, y: 0))
    var plain = 0, shaded = 0, shadedSum = 0, shadedCount = 0, columns = 0
    for angle in [0.3, -0.7, 0.85] {
      let map = face(70, 60, scale: 1.8, angle: angle)
      let polygon = PolygonClipper.clip(
        [(0.0, 0.0), (70, 0), (70, 60), (0, 60)].map { map.apply($0.0, $0.1) }, guard: (-64, -64, 224, 224))
      guard let g = map.inverted, ColumnMapper.applies(g, height: 160, width: 160) else { continue }
      columns += 1
      #expect(
        !ColumnMapper.applies(face(70, 60, scale: 1.8, angle: angle, aboutX: true).inverted!, height: 160, width: 160))
      let overlay = TextureMapper.Overlay(gradient: veil, width: 70, height: 60, texToDevice: map, alpha: 0.6)
      let sampler = MipSampler(chain), shading = GradientSampler(overlay, under: map)!
      let column = renderARGB(160) {
        ColumnMapper.draw($0, sampler, overlay: nil, texToDevice: map, polygon: polygon, alpha: 0.8)
      }
      let row = renderARGB(160) { SpanMapper.draw($0, sampler, texToDevice: map, polygon: polygon, alpha: 0.8) }
      let columnShaded = renderARGB(160) {
        ColumnMapper.draw($0, sampler, overlay: shading, texToDevice: map, polygon: polygon, alpha: 1)
      }
      let rowShaded = renderARGB(160) {
        SpanMapper.draw(
          $0, OverlaidSampler(base: sampler, alpha: 1, overlay: shading), texToDevice: map, polygon: polygon, alpha: 1)
      }
      for i in 0..<column.count {
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
          plain = max(plain, abs(Int((column[i] >> shift) & 255) - Int((row[i] >> shift) & 255)))
          let d = abs(Int((columnShaded[i] >> shift) & 255) - Int((rowShaded[i] >> shift) & 255))
          shaded = max(shaded, d)
          if rowShaded[i] != 0 {
            shadedSum += d
            shadedCount += 1
          }
        }
      }
    }
    #expect(columns == 3)
    #expect(plain <= 1, "column path vs row path: \(plain) levels")
    #expect(
      shaded <= 1 && Double(shadedSum) / Double(max(1, shadedCount)) < 0.1,
      "with a veil: max \(shaded), sum \(shadedSum) over \(shadedCount)")
  }

  @Test("perspective-texture-mapping: an integer translation copies the texels exactly, and alpha scales them")
  func identityIsExact() {
    let picture = TestPictures.photo(50, 40)
    let map = Homography(affine: 1, 0, 0, 1, 30, 20)
    let d = compareMappers(picture, map.concatenating(Homography(1, 0, 1e-9, 0, 1, 0, 0, 0, 1)))
    #expect(d.interiorMax == 0, "\(d)")
    let faded = compareMappers(picture, face(50, 40, scale: 1.5, angle: 0.4), alpha: 0.5)
    #expect(faded.interiorMax <= 2, "\(faded)")
  }

  @Test(
    "perspective-texture-mapping: maps through the eye, edge-on and enormous draw nothing wrong and read nothing outside the texture"
  )
  func extremeMapsAreSafe() {
    let picture = TestPictures.checker(16)
    for angle in stride(from: 1.4, through: 1.5707, by: 0.02) {
      for d in [10.0, 50, 300] {
        _ = compareMappers(picture, face(16, 16, scale: 8, angle: angle, d: d))
      }
    }
    _ = compareMappers(picture, Homography(1e5, 0, 0, 0, 1e5, 0, -1e6, -1e6, 1))
    _ = compareMappers(picture, Homography(0.01, 0, 0, 0, 0.01, 0, 10, 10, 1))
  }

  @Test(
    "MipChain: every level repeats its edge texels in a border one texel wide, and level k + 1 is the 2×2 mean of level k"
  )
  func mipBorders() {
    let chain = MipChain(image: TestPictures.photo(9, 6), mipmapped: true)
    #expect(chain.levels.map { "\($0.width)x\($0.height)" } == ["9x6", "4x3", "2x1", "1x1"])
    for l in chain.levels {
      for y in -1...l.height {
        for x in -1...l.width {
          let inside = l.pixels[min(max(y, 0), l.height - 1) * l.stride + min(max(x, 0), l.width - 1)]
          #expect(l.pixels[y * l.stride + x] == inside)
        }
      }
    }
    let l0 = chain.levels[0], l1 = chain.levels[1]
    let p = [l0.pixels[0], l0.pixels[1], l0.pixels[l0.stride], l0.pixels[l0.stride + 1]]
    for shift in stride(from: UInt32(0), to: 32, by: 8) {
      let sum = p.reduce(UInt32(0)) { $0 + (($1 >> shift) & 255) }
      #expect((l1.pixels[0] >> shift) & 255 == (sum + 2) / 4)
    }
  }

  @Test(
    "ContentCache: a chain's column-major copy counts against the byte budget, so the oldest chain goes out when the copy would pass it"
  )
  func columnCopiesCount() {
    let a = checkerBitmap(64), b = checkerBitmap(64)
    let bytes = MipChain(image: a.image, mipmapped: true).byteCount
    for transposed in [false, true] {
      // Room for two chains, not for two and one's copy.
      let cache = ContentCache(byteBudget: bytes * 5 / 2)
      let first = cache.chain(for: a)
      if transposed { _ = first.columnMajor }
      _ = cache.chain(for: b)
      #expect((cache.chain(for: a) === first) == !transposed)
    }
  }
}
