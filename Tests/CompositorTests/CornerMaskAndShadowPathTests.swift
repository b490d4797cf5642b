import Foundation
import Pixels
import Snapshot
import Testing

@testable import Compositor

/// The standard normal distribution function Φ (the coverage, at signed distance d/σ from a
/// straight edge, of a half-plane blurred by a Gaussian of deviation σ).
private func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

@Suite("Compositor: masked corners and shadow paths")
struct CornerMaskAndShadowPathTests {
  let size = Size(width: 100, height: 100)

  /// A 40 × 40 white square at (30, 30) with corner radius 15 rounding `corners`.
  func rounded(_ corners: CornerMask) -> LayerSnapshot {
    var l = layer(Rect(x: 30, y: 30, width: 40, height: 40), .white)
    l.cornerRadius = 15
    l.maskedCorners = corners
    return l
  }

  @Test(
    "masked-corners: cornerRadius rounds only the masked corners: the corner pixel of a masked corner lies outside the arc (transparent; the arc's centre is 15 pt in), an unmasked corner's pixel is inside the square (opaque)"
  )
  func maskedBackground() throws {
    let img = try Compositor(scale: 1).render(scene(size, [rounded([.minXMinY, .maxXMaxY])]))
    debugDump(img, "masked-corners")
    // Pixel (31, 31) spans 31...32: its nearest point (32, 32) is 18.4 pt from the arc's centre (45, 45).
    #expect(img[31, 31].a == 0 && img[68, 68].a == 0)
    #expect(img[68, 31] == RGBA8(255, 255, 255) && img[31, 68] == RGBA8(255, 255, 255))
    // Inside the arc: pixel (35, 35)'s farthest point (35, 35) is 14.1 pt from the centre.
    #expect(img[35, 35] == RGBA8(255, 255, 255))
    let all = try Compositor(scale: 1).render(scene(size, [rounded(.all)]))
    #expect([all[31, 31], all[68, 31], all[31, 68], all[68, 68]].allSatisfy { $0.a == 0 })
  }

  @Test(
    "masked-corners: the border and the masksToBounds clip follow the masked corners: square where the mask leaves the corner, round where it names it"
  )
  func maskedBorderAndClip() throws {
    var bordered = rounded([.maxXMinY])
    bordered.backgroundColor = nil
    bordered.borderWidth = 4
    bordered.borderColor = red
    let border = try Compositor(scale: 1).render(scene(size, [bordered]))
    #expect(border[30, 30] == RGBA8(255, 0, 0) && border[30, 69] == RGBA8(255, 0, 0))
    #expect(border[69, 30].a == 0)

    var clipping = rounded([.maxXMinY])
    clipping.backgroundColor = nil
    clipping.masksToBounds = true
    clipping.sublayers = [layer(Rect(x: -10, y: -10, width: 60, height: 60), red)]
    let clipped = try Compositor(scale: 1).render(scene(size, [clipping]))
    debugDump(clipped, "masked-clip")
    #expect(clipped[30, 30] == RGBA8(255, 0, 0) && clipped[29, 30].a == 0)
    #expect(clipped[68, 31].a == 0 && clipped[50, 50] == RGBA8(255, 0, 0))
  }

  /// A transparent 40 × 40 layer at (30, 30) casting an unblurred black shadow from `path`.
  func casting(_ path: ShapePath?, offset: Size = .zero, radius: Double = 0) -> LayerSnapshot {
    var l = layer(Rect(x: 30, y: 30, width: 40, height: 40))
    l.shadow = Shadow(color: .black, opacity: 1, offset: offset, radius: radius)
    l.shadowPath = path
    return l
  }

  @Test(
    "shadow-path-is-the-shadows-shape: a layer that draws nothing casts its shadow path's shadow, in its bounds space, moved by the offset, even where the path leaves the bounds; without a path it casts none"
  )
  func pathShape() throws {
    let path = ShapePath.rect(Rect(x: -10, y: 0, width: 20, height: 40))
    let img = try Compositor(scale: 1).render(scene(size, [casting(path)]))
    debugDump(img, "shadow-path")
    #expect(img[25, 50] == RGBA8(0, 0, 0, 255) && img[35, 50].a == 255)
    #expect(img[45, 50].a == 0 && img[18, 50].a == 0)
    let moved = try Compositor(scale: 1).render(scene(size, [casting(path, offset: Size(width: 0, height: 10))]))
    #expect(moved[25, 75].a == 255 && moved[25, 35].a == 0)
    let none = try Compositor(scale: 1).render(scene(size, [casting(nil)]))
    #expect(none.pixels.allSatisfy { $0 == 0 })
  }

  @Test(
    "shadow-path-is-the-shadows-shape: an oval path casts a disc (the square's corners stay clear), a rounded rectangle's square corners cast square shadow corners"
  )
  func ovalAndRounded() throws {
    let oval = try Compositor(scale: 1).render(
      scene(size, [casting(.ellipse(Rect(x: 0, y: 0, width: 40, height: 40)))]))
    #expect(oval[50, 50].a == 255 && oval[31, 31].a == 0 && oval[68, 68].a == 0)
    let corners = ShapePath.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radius: 15, corners: [.minXMaxY])
    let rounded = try Compositor(scale: 1).render(scene(size, [casting(corners)]))
    #expect(rounded[31, 68].a == 0 && rounded[31, 31].a == 255 && rounded[68, 68].a == 255)
  }

  @Test(
    "shadow-path-is-the-shadows-shape: the path's shadow is blurred like a silhouette: across a straight edge it follows the Gaussian edge Φ(d/σ), σ = shadowRadius, computed here (within 10 levels: three box passes stand for the Gaussian)"
  )
  func blurredEdge() throws {
    let img = try Compositor(scale: 1).render(
      scene(size, [casting(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), radius: 3)]))
    // The left edge is at x = 30; pixel i's centre is at i + 0.5.
    for column in [26, 28, 29, 30, 31, 33] {
      let expected = 255 * normalCDF((Double(column) + 0.5 - 30) / 3)
      #expect(abs(Double(img[column, 50].a) - expected) <= 10, "column \(column): \(img[column, 50].a) vs \(expected)")
    }
  }

  @Test(
    "shadow-path-is-the-shadows-shape: the layer draws over its path's shadow, its group opacity fades both together, and masksToBounds removes the shadow as it does a silhouette's"
  )
  func bodyOpacityAndClip() throws {
    var card = casting(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), offset: Size(width: 10, height: 0))
    card.backgroundColor = .white
    let img = try Compositor(scale: 1).render(scene(size, [card]))
    #expect(img[65, 50] == RGBA8(255, 255, 255) && img[75, 50] == RGBA8(0, 0, 0, 255))
    card.opacity = 0.5
    let faded = try Compositor(scale: 1).render(scene(size, [card]))
    #expect(abs(Int(faded[75, 50].a) - 128) <= 1 && abs(Int(faded[65, 50].a) - 128) <= 1)
    card.opacity = 1
    card.masksToBounds = true
    let clipped = try Compositor(scale: 1).render(scene(size, [card]))
    #expect(clipped[75, 50].a == 0 && clipped[65, 50] == RGBA8(255, 255, 255))
  }
}
