import Animator
import Compositor
import Foundation
import Pixels
import Rendering
import Testing

/// Effects checked where users see them: in the pixels, against docs/effects.md's numbers.
@MainActor
@Suite("Effect checkpoints read from the pixels")
struct PixelCheckpointTests {
  func frames(_ recipe: RenderRecipe, at times: [Double]) throws -> [RGBAImage] {
    let settings = try recipe.settings()
    let compositor = Compositor(scale: settings.scale)
    return try snapshots(of: settings, at: times).map { try compositor.render($0) }
  }

  func luminance(_ p: RGBA8) -> Double {
    (0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)) * Double(p.a) / 255
  }

  /// Where a row (or column) of luminances first crosses half of `inside`, with sub-pixel
  /// interpolation (pixel centres at i + 0.5).
  func crossing(_ values: [Double], inside: Double) -> Double? {
    let half = inside / 2
    for i in 1..<values.count where (values[i - 1] < half) != (values[i] < half) {
      let f = (half - values[i - 1]) / (values[i] - values[i - 1])
      return Double(i - 1) + 0.5 + f
    }
    return nil
  }

  @Test(
    "perspective-written-into-a-rotation (Cube, screenshot Cube/2.png): with the hinge at x ≈ 202 pt in a 320 × 568 container, the old face's far edge is at x ≈ 22.7 pt and its top at y ≈ 93.9 pt, within 1 pt, read from the pixels"
  )
  func cubeCheckpoint() throws {
    var recipe = RenderRecipe(effect: "cube")
    // The screenshots show the library's reverse variant, which is the seed's forward one.
    // Present turns the same faces as push, with whole screens (a push keeps the navigation
    // bar in place over the faces' tops).
    recipe.operation = .present
    recipe.size = Size(width: 320, height: 568)
    // The hinge is at x = (1 − u)·W: u = 1 − 202/320; t from the ease-in-out curve.
    let u = 1 - 202.0 / 320
    let t = TimingFunction.easeInEaseOut.inverse(u)
    let image = try #require(try frames(recipe, at: [t]).first)
    // Far edge: on the middle row, where the face (lit, veiled ≤ 80 %) rises out of black.
    let row = (0..<image.width).map { luminance(image[$0, 284]) }
    let inside = row[60]
    let farEdge = try #require(crossing(row, inside: inside))
    #expect(abs(farEdge - 22.7) < 1, "far edge at \(farEdge)")
    // Top of the far edge: the top edge runs from (22.7, 93.9) to the hinge top (202, 0); read
    // it a few points inside the face and extrapolate along that line.
    let x = 30
    let column = (0..<image.height).map { luminance(image[x, $0]) }
    let top = try #require(crossing(column, inside: column[200]))
    let slope = -93.9 / (202 - 22.7)
    let expectedTop = 93.9 + slope * (Double(x) + 0.5 - 22.7)
    #expect(abs(top - expectedTop) < 1, "top at x = \(x): \(top), expected \(expectedTop)")
  }

  @Test(
    "A scene's navigationBar stays in place during a push while the content moves and the two screens' bar items cross-fade; presented, the bar moves with its screen"
  )
  func sceneNavigationBar() throws {
    let folder = NSTemporaryDirectory() + "nav-bar-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Green bar 0…40 with a white item on `from` and a black one on `to` (same place); red
    // content under `from`, blue under `to`.
    let scene = ##"""
      {"size": [100, 200],
       "from": {"color": "#FF0000", "navigationBar": {"frame": [0, 0, 100, 40], "color": "#00FF00",
                "subviews": [{"frame": [10, 10, 20, 20], "color": "#FFFFFF"}]}},
       "to": {"color": "#0000FF", "navigationBar": {"frame": [0, 0, 100, 40], "color": "#00FF00",
              "subviews": [{"frame": [10, 10, 20, 20], "color": "#000000"}]}}}
      """##
    try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
    var recipe = RenderRecipe(effect: "push")  // the classic slide: the new screen comes in from the right
    recipe.operation = .push
    recipe.scene = folder + "/scene.json"
    let duration = try recipe.settings().effect.duration
    let images = try frames(recipe, at: [0, duration / 2, duration + 0.1])
    for image in images {
      #expect(image[70, 20] == RGBA8(0, 255, 0), "the bar stays green where no item is")
    }
    #expect(images[0][20, 20] == RGBA8(255, 255, 255))
    let middle = images[1][20, 20]
    // Half-way (ease-in-out is symmetric): white at alpha 0.5 over the green bar, then black
    // at alpha 0.5 over that: (64, 128, 64).
    let expected = [64.0, 128, 64], got = [Double(middle.r), Double(middle.g), Double(middle.b)]
    #expect(zip(expected, got).allSatisfy { abs($0 - $1) <= 2 }, "items cross-fade: \(middle)")
    #expect(images[2][20, 20] == RGBA8(0, 0, 0))
    // The content under the bar moved: mid-push both screens show below it.
    let row = (0..<100).map { images[1][$0, 120] }
    // (the outgoing screen may be dimmed: red, not necessarily full red)
    #expect(row.contains { $0.r > 60 && $0.g == 0 && $0.b == 0 } && row.contains(RGBA8(0, 0, 255)))
    // Presented, the bar is part of the screen and moves with it.
    var modal = recipe
    modal.effect = "slide-up"
    modal.operation = .present
    let rising = try frames(modal, at: [0.1, 0.15, 0.2])
    #expect(
      rising.contains { img in (60..<200).contains { img[70, $0] == RGBA8(0, 255, 0) } },
      "the presented screen's bar rises with it")
  }

  @Test("navigationBar belongs to screens: inside a sub-view it is an unknown key, named by its JSON path")
  func navigationBarOnlyOnScreens() throws {
    let json = ##"{"from": {"subviews": [{"navigationBar": {}}]}, "to": {}}"##
    do {
      _ = try SceneFile.parse(Data(json.utf8), folder: URL(fileURLWithPath: "/"))
      Issue.record("parsed")
    } catch let e as RenderError {
      #expect(e.description.contains("$.from.subviews[0].navigationBar: unknown key"), "\(e)")
    }
  }

  @Test(
    "Slide-up (damping 0.6, 0.6 s): the presented screen's top edge, read from every frame at 60 fps, follows the damped spring within 1 px — overshoot included"
  )
  func slideUpFollowsSpring() throws {
    let folder = NSTemporaryDirectory() + "slide-up-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Red screen underneath, blue screen sliding up: the edge is where red turns blue.
    let scene = ##"{"size": [320, 568], "from": {"color": "#FF0000"}, "to": {"color": "#0000FF"}}"##
    try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
    var recipe = RenderRecipe(effect: "slide-up")
    recipe.operation = .present
    recipe.scene = folder + "/scene.json"
    let h = 568.0
    let times = (0...36).map { Double($0) / 60 }
    let images = try frames(recipe, at: times)
    // x(t) of the duration-specified spring
    // (docs/core-animation.md#spring-duration-is-a-settling-time): ω0 solves
    // (ζω0/ωd)·e^(−ζω0·T) = 0.001 with ζ = 0.6, T = 0.6 s.
    let zeta = 0.6
    var w0 = 5 / 0.6
    func envelope(_ w: Double) -> Double { zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * w * 0.6) - 0.001 }
    for _ in 0..<60 { w0 -= envelope(w0) / ((envelope(w0 + 1e-6) - envelope(w0 - 1e-6)) / 2e-6) }
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    for (t, image) in zip(times, images) {
      let x = t >= 0.6 ? 1 : 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
      let expectedTop = h * (1 - x)
      // Blue fraction down the middle column: the sliding screen covers [top, top + H).
      let column = (0..<image.height).map { Double(image[160, $0].b) }
      let red = (0..<image.height).map { Double(image[160, $0].r) }
      if expectedTop > h - 0.5 {
        #expect(column.allSatisfy { $0 < 1 }, "t = \(t): the screen has not entered yet")
      } else if expectedTop > 0.5 {
        guard let top = crossing(column, inside: 255) else { Issue.record("t=\(t): no edge"); continue }
        #expect(abs(top - expectedTop) < 1, "t = \(t): top \(top), expected \(expectedTop)")
      } else if expectedTop < -0.5 {
        // Overshoot: the screen's bottom edge is above the window's, red shows beneath it.
        guard let bottom = crossing(red, inside: 255) else { Issue.record("t=\(t): no band"); continue }
        #expect(abs(bottom - (expectedTop + h)) < 1, "t = \(t): bottom \(bottom), expected \(expectedTop + h)")
      }
    }
  }
}
