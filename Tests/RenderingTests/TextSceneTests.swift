import Animator
import Foundation
import FrameEncoding
import Pixels
import RenderCLI
import Testing

@testable import Rendering

/// Text in scene files through the command line (docs/text.md, README "Scene files").
@MainActor
@Suite("Scene files with text")
struct TextSceneTests: CLISuite {
  /// A scene of two identical screens holding `view`, on a transparent window.
  func scene(_ view: String, in folder: String, size: String = "[200, 100]") throws -> String {
    let path = folder + "/scene.json"
    let screen = #"{"subviews": [\#(view)]}"#
    try Data(##"{"size": \##(size), "background": "#00000000", "from": \##(screen), "to": \##(screen)}"##.utf8)
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  static let label =
    ##"{"frame": [20, 30, 160, 48], "text": "Inbox", "font": {"size": 34, "weight": "bold"}, "textColor": "#FF3B30"}"##

  func frame(_ folder: String, _ index: Int = 0) throws -> RGBAImage {
    let data = try #require(FileManager.default.contents(atPath: String(format: "%@/%04d.png", folder, index)))
    return try PNGReader(maxPixels: 1 << 24).decode([UInt8](data))
  }

  @Test(
    "vectors-under-affine-transforms: a scene's one label puts ink only inside its frame, in its color; the ink box is where Pillow's FreeType draws the same font"
  )
  func oneLabel() throws {
    let f = folder()
    let path = try scene(Self.label, in: f)
    #expect(run(["fade", "--scene", path, "--scale", "2", "--fps", "4", "-q", "-o", f + "/frames/"]).status == 0)
    let image = try frame(f + "/frames")
    var ink: (Int, Int, Int, Int)? = nil
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        ink = ink.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
        if image[x, y].a >= 64 {
          let p = image[x, y]
          #expect(abs(Int(p.r) - 255) <= 2 && abs(Int(p.g) - 59) <= 2 && abs(Int(p.b) - 48) <= 2)
        }
      }
    }
    let box = try #require(ink)
    #expect(box.0 >= 40 && box.1 >= 60 && box.2 <= 360 && box.3 <= 156)
    // Where the label laid its line out (the same scene, read here), and Pillow's ink box of
    // the same file at the same size relative to that baseline origin.
    let file = try SceneFile.load(path: path)
    let view = file.screens(device: nil).views!.from()
    let layout = try #require(labelLayout(in: view))
    let line = try #require(layout.lines.first)
    let origin = (x: (20 + line.frame.minX) * 2, y: (30 + line.baseline) * 2)
    let script = """
      import sys
      from PIL import ImageFont
      f = ImageFont.truetype(sys.argv[1], int(sys.argv[2]))
      print(*f.getbbox("Inbox", anchor="ls"))
      """
    let pillow = try python(script, ["/usr/share/fonts/opentype/inter/InterDisplay-Bold.otf", "68"]).first.map {
      $0.split(separator: " ").compactMap { Double($0) }
    }
    let expected = try #require(pillow)
    #expect(expected.count == 4)
    let ours = [Double(box.0) - origin.x, Double(box.1) - origin.y, Double(box.2) - origin.x, Double(box.3) - origin.y]
    for (a, b) in zip(ours, expected) { #expect(abs(a - b) <= 2, "ink box \(ours) against Pillow's \(expected)") }
  }

  @Test("layout-with-pango: a scene label's first line is as tall as Pango's line of that font and size (pango-view)")
  func lineHeight() throws {
    let f = folder()
    let view = try SceneFile.load(path: try scene(Self.label, in: f)).screens(device: nil).views!.from()
    let line = try #require(labelLayout(in: view)?.lines.first)
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("pv-\(UUID().uuidString).json").path
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/pango-view")
    p.arguments = [
      "--font", "Inter Display Bold 34", "--pixels", "--hinting=none", "--hint-metrics=on", "--subpixel-positions",
      "-q",
      "--serialize-to=\(out)", "-o", out + ".png", "-t", "Inbox",
    ]
    try p.run()
    p.waitUntilExit()
    let json = try #require(FileManager.default.contents(atPath: out))
    let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let height = try #require(((root["output"] as? [String: Any])?["height"] as? NSNumber)?.doubleValue) / 1024
    #expect(abs(line.frame.height - height) < 1.0 / 1024)
  }

  @Test("Determinism: a text scene renders the same bytes at 1 and 2 threads and on a second run")
  func threads() throws {
    let f = folder()
    let path = try scene(
      Self.label + #", {"frame": [10, 70, 180, 30], "text": "Über 😀 שלום → done", "font": {"style": "body"}}"#, in: f)
    var outputs: [[Data?]] = []
    for threads in ["1", "2", "2"] {
      let out = f + "/t\(outputs.count)/"
      #expect(
        run(["cube", "--scene", path, "--scale", "2", "--fps", "8", "--threads", threads, "-q", "-o", out]).status == 0)
      let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
      outputs.append(names.map { FileManager.default.contents(atPath: out + $0) })
    }
    #expect(outputs[0].count > 3)
    #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
  }

  @Test(
    "long-text, emoji, right-to-left: a 10,000-character label, emoji and right-to-left text render without trouble")
  func hardText() throws {
    let f = folder()
    let long = String(repeating: "lorem ipsum ", count: 834)
    let views = [
      #"{"frame": [0, 0, 200, 20], "text": "\#(long)"}"#,
      #"{"frame": [0, 20, 200, 60], "text": "\#(long)", "numberOfLines": 0}"#,
      #"{"frame": [0, 80, 200, 20], "text": "👩‍👩‍👧 🇸🇪 ❤️"}"#,
      #"{"frame": [0, 100, 200, 20], "text": "مرحبا بالعالم שלום", "textAlignment": "natural"}"#,
    ]
    let path = try scene(views.joined(separator: ", "), in: f, size: "[200, 120]")
    let clock = Date()
    #expect(run(["fade", "--scene", path, "--fps", "4", "-q", "-o", f + "/out.gif"]).status == 0)
    #expect(Date().timeIntervalSince(clock) < 60)
  }

  @Test(
    "Scene files: bad font weights, styles, alignments, line break and content modes are errors naming the JSON path",
    arguments: [
      (
        #"{"text": "x", "font": {"size": 17, "weight": "heavyish"}}"#,
        "$.from.subviews[0].font.weight: unknown name 'heavyish'; expected one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black"
      ),
      (
        #"{"text": "x", "font": {"style": "huge"}}"#,
        "$.from.subviews[0].font.style: unknown name 'huge'; expected one of largeTitle, title1"
      ),
      (
        #"{"text": "x", "font": {"style": "body", "size": 3}}"#,
        "$.from.subviews[0].font.style: give either a size or a style"
      ),
      (
        #"{"text": "x", "textAlignment": "middle"}"#,
        "$.from.subviews[0].textAlignment: unknown name 'middle'; expected one of left, center, right, justified, natural"
      ),
      (
        #"{"text": "x", "lineBreakMode": "byTruncatingEnd"}"#,
        "$.from.subviews[0].lineBreakMode: unknown name 'byTruncatingEnd'"
      ),
      (
        #"{"contentMode": "fill"}"#,
        "$.from.subviews[0].contentMode: unknown name 'fill'; expected one of scaleToFill, scaleAspectFit"
      ),
      (#"{"text": 12}"#, "$.from.subviews[0].text: expected a string, got a number"),
      (#"{"numberOfLines": 1.5}"#, "$.from.subviews[0].numberOfLines: expected a whole number"),
      (#"{"textColor": "red"}"#, "$.from.subviews[0].textColor: expected a color"),
      (#"{"shadow": {"opacity": 2}}"#, "$.from.subviews[0].shadow.opacity: must be from 0 to 1"),
      (#"{"gradient": {"colors": []}}"#, "$.from.subviews[0].gradient.colors: expected an array of 1 to 64 colors"),
      (
        ##"{"gradient": {"colors": ["#FFFFFF"], "locations": [0, 1]}}"##,
        "$.from.subviews[0].gradient.locations: expected 1 numbers"
      ),
      (#"{"borderWidth": -1}"#, "$.from.subviews[0].borderWidth: must be from 0 to 100000"),
      (#"{"clipsToBounds": 1}"#, "$.from.subviews[0].clipsToBounds: expected true or false, got a number"),
    ])
  func badNames(view: String, message: String) throws {
    let f = folder()
    let r = run(["fade", "--scene", try scene(view, in: f), "-o", f + "/out.gif"])
    #expect(r.status == 1)
    #expect(r.err.contains(message), "\(r.err)")
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: f + "/out.gif"))
  }

  @Test(
    "Scene files: text, fonts by size and weight or by style, colors, alignment, lines, borders, shadows and gradients become views"
  )
  func keysBecomeViews() throws {
    let f = folder()
    let views = [
      ##"{"frame": [0, 0, 100, 30], "text": "Title", "font": {"style": "headline"}, "textColor": "#007AFF", "textAlignment": "center", "numberOfLines": 2, "lineBreakMode": "byWordWrapping"}"##,
      ##"{"frame": [0, 30, 100, 30], "text": "Big", "font": {"size": 30, "weight": "black"}, "borderWidth": 2, "borderColor": "#FF0000", "shadow": {"opacity": 0.5, "offset": [0, 2], "radius": 4}}"##,
      ##"{"frame": [0, 60, 100, 30], "gradient": {"colors": ["#000000", "#FFFFFF"], "startPoint": [0, 0], "endPoint": [1, 0]}, "text": "On a gradient"}"##,
    ]
    let file = try SceneFile.load(path: try scene(views.joined(separator: ", "), in: f))
    let root = file.screens(device: nil).views!.from()
    let title = try #require(root.subviews[0] as? Label)
    #expect(title.font == .systemFont(ofSize: 17, weight: .semibold))
    #expect(title.textColor == Color(hex: 0x007AFF) && title.textAlignment == .center)
    #expect(title.numberOfLines == 2 && title.lineBreakMode == .byWordWrapping)
    let big = try #require(root.subviews[1] as? Label)
    #expect(big.font == .systemFont(ofSize: 30, weight: .black))
    #expect(big.layer.borderWidth == 2 && big.layer.shadowOpacity == 0.5 && big.layer.shadowRadius == 4)
    let gradient = root.subviews[2]
    #expect(gradient.layer is GradientLayer)
    #expect((gradient.subviews.first as? Label)?.text == "On a gradient")
  }

  @Test(
    "The README's settings picture (docs/settings-scene.png) is what the README's command renders from assets/scenes/settings.json today"
  )
  func settingsPictureIsCurrent() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    let f = folder()
    defer { try? FileManager.default.removeItem(atPath: f) }
    let r = run([
      "ios-push", "--scene", root + "/assets/scenes/settings.json", "--fps", "4", "-q", "-o", f + "/settings.png",
    ])
    #expect(r.status == 0, "\(r.err)")
    let reader = PNGReader(maxPixels: 1 << 24)
    let today = try reader.decode([UInt8](try #require(FileManager.default.contents(atPath: f + "/settings.png"))))
    let committed = try reader.decode(
      [UInt8](try #require(FileManager.default.contents(atPath: root + "/docs/settings-scene.png"))))
    #expect(committed.width == today.width && committed.height == today.height)
    #expect(
      committed.pixels == today.pixels, "docs/settings-scene.png is stale: run the README's settings command into it")
  }

  /// The text layout of the first label in a view tree (after its display pass).
  func labelLayout(in view: View) -> TextLayout? {
    if let label = view as? Label {
      if case .text(let layout)? = label.layer.presentationSnapshot().contents { return layout }
    }
    for sub in view.subviews { if let found = labelLayout(in: sub) { return found } }
    return nil
  }
}
