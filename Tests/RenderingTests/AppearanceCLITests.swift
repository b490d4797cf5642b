import Foundation
import RenderCLI
import Testing
import ToolTestSupport

/// `--appearance` and the system colours' names through the in-process CLI, the frames read
/// back with Pillow (docs/colors.md). Expected levels are the docs' tables, written here.
@MainActor
@Suite("render --appearance")
struct AppearanceCLITests: CLISuite {
  /// Pillow's RGB at each point of a PNG, and the darkest and brightest gray level in `box`
  /// (x0, y0, x1, y1).
  func read(_ path: String, _ points: [(Int, Int)], box: (Int, Int, Int, Int) = (0, 0, 1, 1)) throws -> (
    colors: [[Int]], darkest: Int, brightest: Int
  ) {
    let script = """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1]).convert('RGB')
      pts = [tuple(map(int, p.split(','))) for p in sys.argv[3].split(';')]
      for p in pts: print(','.join(map(str, im.getpixel(p))))
      g = im.crop(tuple(map(int, sys.argv[2].split(',')))).convert('L').getextrema()
      print('%d,%d' % g)
      """
    let lines = try python(
      script, [path, "\(box.0),\(box.1),\(box.2),\(box.3)", points.map { "\($0.0),\($0.1)" }.joined(separator: ";")])
    let extrema = lines[points.count].split(separator: ",").compactMap { Int($0) }
    return (lines.prefix(points.count).map { $0.split(separator: ",").compactMap { Int($0) } }, extrema[0], extrema[1])
  }

  func near(_ c: [Int], _ rgb: [Int]) -> Bool { c.count == 3 && zip(c, rgb).allSatisfy { abs($0 - $1) <= 1 } }

  @Test(
    "the-demo-screens: render cube --push --appearance dark shows the built-in inbox in iOS's dark mode — black screen, white large title, the navigation bar transparent at the scroll edge (black), tab bar 22,22,22 — where light shows white, a black title, white and 249"
  )
  func builtInScreens() throws {
    let f = folder()
    #expect(run(["cube", "--push", "--fps", "4", "--appearance", "dark", "-q", "-o", f + "/dark/"]).status == 0)
    #expect(run(["cube", "--push", "--fps", "4", "-q", "-o", f + "/light/"]).status == 0)
    // Screen, navigation bar, tab bar; the large title "Inbox" is in the box.
    let points = [(5, 300), (150, 60), (2, 660)], title = (16, 67, 110, 108)
    let dark = try read(f + "/dark/0000.png", points, box: title)
    #expect(near(dark.colors[0], [0, 0, 0]))
    #expect(near(dark.colors[1], [0, 0, 0]))
    #expect(near(dark.colors[2], [22, 22, 22]))
    #expect(dark.darkest <= 1 && dark.brightest >= 254, "white glyphs on black")
    let light = try read(f + "/light/0000.png", points, box: title)
    #expect(near(light.colors[0], [255, 255, 255]))
    #expect(near(light.colors[1], [255, 255, 255]))
    #expect(near(light.colors[2], [249, 249, 249]))
    #expect(light.darkest <= 1 && light.brightest >= 254, "black glyphs on white")
  }

  @Test("the-recording-appearance: --appearance takes light or dark; anything else is a usage error naming them")
  func badValue() {
    let r = run(["cube", "--appearance", "dusk", "-o", folder() + "/x.gif"])
    #expect(r.status == 64)
    #expect(r.err.contains("Unknown appearance 'dusk'; the appearances are light, dark"))
  }

  @Test(
    "the-values: a scene file's \"systemBackground\", \"secondarySystemBackground\" and \"systemBlue\" render their light values, and their dark values with --appearance dark"
  )
  func sceneNames() throws {
    let f = folder()
    let screen =
      #"{"color": "systemBackground", "subviews": [{"frame": [10, 10, 40, 30], "color": "secondarySystemBackground"}, {"frame": [60, 10, 30, 30], "color": "systemBlue"}]}"#
    try Data(#"{"size": [100, 80], "from": \#(screen), "to": \#(screen)}"#.utf8)
      .write(to: URL(fileURLWithPath: f + "/scene.json"))
    let points = [(5, 60), (30, 25), (75, 25)]
    #expect(run(["fade", "--scene", f + "/scene.json", "--fps", "4", "-q", "-o", f + "/light/"]).status == 0)
    let light = try read(f + "/light/0000.png", points).colors
    #expect(near(light[0], [255, 255, 255]) && near(light[1], [242, 242, 247]) && near(light[2], [0, 122, 255]))
    let args = ["fade", "--scene", f + "/scene.json", "--fps", "4", "--appearance", "dark", "-q", "-o", f + "/dark/"]
    #expect(run(args).status == 0)
    let dark = try read(f + "/dark/0000.png", points).colors
    #expect(near(dark[0], [0, 0, 0]) && near(dark[1], [28, 28, 30]) && near(dark[2], [10, 132, 255]))
  }

  @Test(
    "the-recording-appearance: a hash manifest records --appearance dark and a dynamic --background by its name, and render verify renders them again to the same frames"
  )
  func manifestRecordsAppearance() throws {
    let f = folder()
    let args = [
      "fade", "--size", "40x60", "--fps", "10", "--appearance", "dark", "--background", "systemGray6", "--hashes",
      f + "/m.json",
    ]
    #expect(run(args).status == 0)
    let manifest = try #require(FileManager.default.contents(atPath: f + "/m.json"))
    let recipe = try #require(
      (try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["recipe"] as? [String: Any])
    #expect(recipe["appearance"] as? String == "dark")
    #expect(recipe["background"] as? String == "systemGray6")
    #expect(run(["verify", f + "/m.json", "--artifacts", f + "/fail"]).status == 0)
  }
}
