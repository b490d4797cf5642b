import Pixels
import Snapshot
import Testing

@testable import Compositor

/// The display's rounded corners (docs/devices.md#display-corners).
@Suite("Compositor: display corners")
struct DisplayCornerTests {
  func frame(_ layers: [LayerSnapshot], background: Color?) -> FrameSnapshot {
    var f = scene(Size(width: 60, height: 40), background: background, layers)
    f.displayCornerRadius = 12
    return f
  }

  @Test(
    "display-corners: outside the rounded corners the frame is the background, by the outline's coverage whatever lies beneath"
  )
  func coverage() throws {
    let white = Color.white
    let one = try Compositor(scale: 2).render(
      frame([layer(Rect(x: 0, y: 0, width: 60, height: 40), white)], background: red))
    // Two opaque layers over the corner give the same edge pixels as one: the corners are
    // not a clip that each paint is blended through.
    let two = try Compositor(scale: 2).render(
      frame(
        [layer(Rect(x: 0, y: 0, width: 60, height: 40), blue), layer(Rect(x: 0, y: 0, width: 60, height: 40), white)],
        background: red))
    #expect(one.pixels == two.pixels)
    // Corner pixel: background; centre: the screen; on the arc: a blend of the two.
    #expect(one[0, 0] == RGBA8(255, 0, 0) && one[119, 79] == RGBA8(255, 0, 0) && one[60, 40] == RGBA8(255, 255, 255))
    let r = 24.0, d = r - r / 2.0.squareRoot()  // the arc crosses the diagonal d px in from the corner
    let edge = one[Int(d), Int(d)]
    #expect(edge.r == 255 && edge.g > 0 && edge.g < 255)
  }

  @Test(
    "display-corners: with a transparent background the corners are transparent, and a frame without a radius keeps square corners"
  )
  func transparent() throws {
    let image = try Compositor(scale: 1).render(
      frame([layer(Rect(x: 0, y: 0, width: 60, height: 40), .white)], background: nil))
    #expect(image[0, 0].a == 0 && image[59, 39].a == 0 && image[30, 20] == RGBA8(255, 255, 255))
    let square = try Compositor(scale: 1).render(
      scene(Size(width: 60, height: 40), background: nil, [layer(Rect(x: 0, y: 0, width: 60, height: 40), .white)]))
    #expect(square[0, 0] == RGBA8(255, 255, 255))
  }
}
