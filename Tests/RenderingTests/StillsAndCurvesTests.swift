import Foundation
import Pixels
import RenderCLI
import Testing

@testable import DocsImages
@testable import Rendering

/// `--stills` (a labelled filmstrip or a folder of stills, optionally in a phone outline) and
/// `--curves` (motion curves as SVG or PNG), decoded by Pillow and Python's XML parser.
@MainActor
@Suite("stills and motion curves")
struct StillsAndCurvesTests: CLISuite {
  /// SHA-256 of the RGBA pixels of `box` (x, y, w, h) of each image, as Pillow reads them.
  func hashes(_ paths: [String], box: (Int, Int, Int, Int)? = nil) throws -> [String] {
    let crop = box.map { "im = im.crop((\($0.0), \($0.1), \($0.0 + $0.2), \($0.1 + $0.3)))" } ?? ""
    return try python(
      "import sys, hashlib\nfrom PIL import Image\nfor p in sys.argv[1:]:\n    im = Image.open(p).convert('RGBA')\n    \(crop)\n    print(hashlib.sha256(im.tobytes()).hexdigest())",
      paths)
  }

  @Test(
    "cube --stills 5 writes one strip: five stills 16 px apart, each the frame at progress 0, 0.25, 0.5, 0.75, 1 of the 1 s cube (a 4 fps render's frames, pixel for pixel), labelled under it"
  )
  func strip() throws {
    let f = folder()
    #expect(run(["cube", "--stills", "5", "--size", "120x200", "-q", "-o", f + "/strip.png"]).status == 0)
    #expect(run(["cube", "--fps", "4", "--size", "120x200", "-q", "-o", f + "/frames/"]).status == 0)
    let size = try python(
      "from PIL import Image; print('%dx%d' % Image.open(__import__('sys').argv[1]).size)", [f + "/strip.png"])
    #expect(size == ["664x215"], "5 × 120 + 4 × 16 wide; 200 + a 15 px label tall")
    let frames = try hashes((0..<5).map { f + String(format: "/frames/%04d.png", $0) })
    for k in 0..<5 {
      #expect(try hashes([f + "/strip.png"], box: (k * 136, 0, 120, 200)) == [frames[k]], "still \(k)")
    }
    let ink = try python(
      "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]).convert('RGBA')\nfor x0 in (20, 120, 156): print(sum(1 for x in range(x0, x0 + 16) for y in range(200, 215) if im.getpixel((x, y))[3]))",
      [f + "/strip.png"])
    #expect(
      Int(ink[0])! > 0 && ink[1] == "0" && Int(ink[2])! > 0, "labels under the stills, nothing in the gap: \(ink)")
  }

  @Test(
    "A still's label is its progress in percent and its time: 25%  0.250s, 33.3%  0.333s; on a still too narrow for one line, two lines"
  )
  func labels() {
    #expect(FilmStrip.label(progress: 0.25, time: 0.25) == "25%  0.250s")
    #expect(FilmStrip.label(progress: 1.0 / 3, time: 1.0 / 3) == "33.3%  0.333s")
    #expect(FilmStrip.label(progress: 1, time: 0.6) == "100%  0.600s")
    let narrow = FilmStrip().tile(RGBAImage(width: 40, height: 30, fill: RGBA8(255, 255, 255))!, progress: 1, time: 0.6)
    #expect(narrow.width == 40 && narrow.height == 30 + 2 * 10 + 5)
  }

  @Test(
    "--stills 3 into a folder writes still-0.000.png, still-0.500.png, still-1.000.png; --stills 0,0.5,1 is the same request"
  )
  func folderOfStills() throws {
    let f = folder()
    #expect(run(["slide-up", "--stills", "3", "--size", "60x100", "-q", "-o", f + "/a/"]).status == 0)
    #expect(run(["slide-up", "--stills", "0,0.5,1", "--size", "60x100", "-q", "-o", f + "/b"]).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: f + "/a").sorted()
    #expect(names == ["still-0.000.png", "still-0.500.png", "still-1.000.png"])
    #expect(try hashes(names.map { f + "/a/" + $0 }) == hashes(names.map { f + "/b/" + $0 }))
  }

  @Test(
    "--frame draws the rounded phone outline: transparent outside its corners, the dark bezel around the screen and over the screen's corners, the screen unchanged inside"
  )
  func framedStill() throws {
    let f = folder()
    #expect(run(["fade", "--stills", "0.0", "--size", "200x356", "-q", "-o", f + "/plain.png"]).status == 0)
    #expect(
      run(["fade", "--stills", "0.0", "--frame", "--size", "200x356", "-q", "-o", f + "/framed.png"]).status == 0)
    let b = DeviceFrame.thickness(forWidth: 200)
    #expect(b == 8)
    let probe = try python(
      "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]).convert('RGBA')\nprint(im.size[0]); print(im.getpixel((0, 0))); print(im.getpixel((4, 180))); print(im.getpixel((10, 10)))",
      [f + "/framed.png"])
    try #require(probe.count == 4)
    #expect(probe[0] == "216")
    #expect(probe[1].hasSuffix(" 0)"), "outside the outline's rounded corner: transparent")
    #expect(probe[2] == "(28, 28, 30, 255)", "the bezel")
    #expect(probe[3] == "(28, 28, 30, 255)", "the bezel covers the screen's square corner")
    #expect(
      try hashes([f + "/framed.png"], box: (b + 40, b + 40, 120, 276))
        == hashes([f + "/plain.png"], box: (40, 40, 120, 276)))
  }

  @Test("slide-up --curves writes an SVG that parses as XML, 760 px wide, and a PNG of the same plot at twice the size")
  func curveFiles() throws {
    let f = folder()
    #expect(run(["slide-up", "--curves", "-q", "-o", f + "/c.svg"]).status == 0)
    #expect(run(["slide-up", "--curves", "-q", "-o", f + "/c.png"]).status == 0)
    let svg = try python(
      "import sys, xml.etree.ElementTree as E\nr = E.parse(sys.argv[1]).getroot(); print(r.tag); print(r.get('width')); print(r.get('height'))",
      [f + "/c.svg"])
    #expect(svg[0] == "{http://www.w3.org/2000/svg}svg" && svg[1] == "760px")
    let png = try python(
      "from PIL import Image; print('%dx%d' % Image.open(__import__('sys').argv[1]).size)", [f + "/c.png"])
    #expect(png == ["1520x\(2 * Int(Double(svg[2].dropLast(2))!))"])
  }

  @Test(
    "The same curves give the same SVG bytes however many plots the process drew before (Cairo numbers its surfaces per process), with the labels as text elements and no glyph outlines"
  )
  func svgIsDeterministic() throws {
    let curves = try #require(try simulate(try RenderRecipe(effect: "shrink").settings(), motion: true).motion)
    let plot = CurvePlot(title: "shrink")
    let first = try plot.svg(curves)
    _ = try plot.image(curves)
    let second = try plot.svg(curves)
    #expect(first == second)
    let text = String(decoding: first, as: UTF8.self)
    #expect(text.contains(">shrink</text>") && !text.contains("glyph") && text.contains("id=\"plot\""))
  }

  @Test(
    "slide-up-spring: the slide-up's curve shows the spring's overshoot: only the presented screen moves (in y), it passes its end by 9.48 % of its travel, e^(−ζπ/√(1−ζ²)) at ζ = 0.6, at 0.214 s (measured against the curve's last sample, 1/600 s before the completion, where the spring is still 0.34 pt from the end it snaps to: within 0.1 %)"
  )
  func springOvershoot() throws {
    var recipe = RenderRecipe(effect: "slide-up")
    recipe.size = Size(width: 375, height: 667)
    let motion = try #require(try simulate(try recipe.settings(), motion: true).motion)
    #expect(motion.series.count == 1)
    let y = motion.series[0]
    #expect(y.property == .y && y.view == "message")
    let overshoot = try #require(Overshoot(y))
    let zeta = 0.6
    #expect(abs(overshoot.percent - 100 * exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())) < 0.1)
    #expect(abs(overshoot.time - 0.214) < 0.003)
    #expect(abs(overshoot.end - 333.5) < 0.5, "the screen's centre")
  }

  @Test(
    "Motion samples at frame times are what the frames show: the slide-up's y at each frame equals its frame snapshot's position plus translation"
  )
  func samplesMatchFrames() throws {
    let recording = try simulate(try RenderRecipe(effect: "slide-up").settings(), motion: true)
    let y = try #require(recording.motion?.series.first)
    func message(_ layer: LayerSnapshot) -> LayerSnapshot? {
      if layer.name == "message" && !layer.sublayers.isEmpty && layer.bounds.width == 375 { return layer }
      return layer.sublayers.lazy.compactMap(message).first
    }
    var checked = 0
    for frame in recording.frames where frame.time < 0.6 {
      let layer = try #require(message(frame.root))
      let i = try #require(y.times.firstIndex(of: frame.time))
      #expect(y.values[i] == layer.position.y + layer.transform.m42, "at \(frame.time)")
      checked += 1
    }
    #expect(checked == 18)
  }

  @Test(
    "The completion is drawn as a red dashed line at its time across the panels; the cube's curves plot only what moves: the container's x, the faces' 3D angles, the veils' alpha, and the navigation bar's own transition (its titles' alpha, place and scale)"
  )
  func cubeCurves() throws {
    let curves = try #require(try simulate(try RenderRecipe(effect: "cube").settings(), motion: true).motion)
    #expect(Set(curves.properties) == [.x, .angle, .alpha, .y, .scale])
    let angles = curves.series.filter { $0.property == .angle }
    #expect(angles.count == 2)
    #expect(
      angles.contains { abs($0.values.first!) < 0.5 && abs($0.values.last! - 90) < 0.5 }, "the old face turns to 90°")
    #expect(
      angles.contains { abs($0.values.first! + 90) < 0.5 && abs($0.values.last!) < 0.5 }, "the new face turns from −90°"
    )
    let image = try CurvePlot(title: "cube").image(curves, scale: 1)
    let layout = Layout(curves, plot: CurvePlot(title: "cube"))
    let x = Int(layout.x(0.5).rounded())
    let red = (Int(layout.panel(0).top)..<Int(layout.bottom)).filter { image[x, $0].r > 200 && image[x, $0].g < 120 }
    #expect(red.isEmpty, "no completion line at 0.5 s")
    let column = Int(layout.x(curves.completions[0]).rounded(.down))
    let dashes = (Int(layout.panel(0).top)..<Int(layout.bottom)).filter { y in
      (column - 1...column).contains { image[$0, y].r > 200 && image[$0, y].g < 120 }
    }
    #expect(dashes.count > 100, "the completion line at 1 s")
  }
}
