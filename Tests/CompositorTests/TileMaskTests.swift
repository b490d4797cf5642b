import CCairo
import Testing

@testable import Compositor

@Suite("Small texture tiles")
struct TileMaskTests {
  @Test(
    "A small tile composited in one call through its polygon's coverage mask gives the pixels of Cairo's fill of the polygon, opaque and translucent, over a background"
  )
  func maskEqualsFill() {
    let picture = TestPictures.text(40, 30)
    let sampler = MipSampler(MipChain(image: picture, mipmapped: true))
    for (angle, alpha) in [(0.0, 1.0), (0.4, 1.0), (-0.9, 0.6), (0.7, 0.35)] {
      // Rotated in the plane as well, so the edges cross pixels at every slope.
      let turned = face(40, 30, scale: 1.5, angle: angle)
      let spin = Homography(affine: 0.96, 0.28, -0.28, 0.96, 30, -18)
      let map = turned.concatenating(spin)
      let polygon = PolygonClipper.clip(
        [(0.0, 0.0), (40, 0), (40, 30), (0, 30)].map { map.apply($0.0, $0.1) }, guard: (-64, -64, 224, 224))
      func render(splitClip: Bool) -> [UInt32] {
        renderARGB(160) { cr in
          cairo_set_source_rgba(cr, 0.2, 0.5, 0.9, 0.7)
          cairo_paint(cr)
          if splitClip {
            // The surface but its corner pixel, far from the tile: a clip of whole pixels that
            // cuts nothing of it but is two boxes, so the tile goes through Cairo's fill.
            cairo_rectangle(cr, 1, 0, 159, 1)
            cairo_rectangle(cr, 0, 1, 160, 159)
            cairo_clip(cr)
          }
          SpanMapper.draw(cr, sampler, texToDevice: map, polygon: polygon, alpha: alpha)
        }
      }
      let masked = render(splitClip: false), filled = render(splitClip: true)
      let differing = zip(masked, filled).filter { $0 != $1 }.count
      #expect(differing == 0, "angle \(angle), alpha \(alpha): \(differing) pixels differ")
      // The tile was drawn (over a thousand pixels left the background), so the comparison
      // is not of two empty surfaces.
      let drawn = masked.filter { $0 != masked[0] }.count
      #expect(drawn > 1000, "angle \(angle), alpha \(alpha): \(drawn) pixels drawn")
    }
  }
}
