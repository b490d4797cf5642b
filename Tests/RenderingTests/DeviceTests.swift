import Animator
import Foundation
import FrameEncoding
import Pixels
import RenderCLI
import Testing

@testable import Rendering

/// Device presets (docs/devices.md): sizes, scales, the status bar and the display's corners.
@MainActor
@Suite("Device presets")
struct DeviceTests: CLISuite {
  func frames(_ folder: String) throws -> [RGBAImage] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { $0.hasSuffix(".png") }.map {
      try PNGReader(maxPixels: 1 << 24).decode(
        [UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + $0))))
    }
  }

  @Test("device-presets: --device iphone-15 renders 1179x2556 frames (393x852 pt at 3x)")
  func iphone15Size() throws {
    let f = folder()
    #expect(run(["cube", "--device", "iphone-15", "--fps", "2", "-q", "-o", f + "/"]).status == 0)
    let first = try #require(try frames(f).first)
    #expect(first.width == 1179 && first.height == 2556)
  }

  @Test(
    "display-corners: outside the display's rounded corners every frame is the background; inside them, at rest, the screen",
    arguments: ["iphone-15", "ipad-11"])
  func corners(device name: String) throws {
    let device = try #require(Device.named(name))
    let f = folder()
    #expect(
      run(["cube", "--device", name, "--scale", "1", "--fps", "8", "--background", "#FF00FF", "-q", "-o", f + "/"])
        .status == 0)
    let r = device.cornerRadius
    let all = try frames(f)
    for (index, image) in all.enumerated() {
      // At rest (first and last frame) the screen covers the whole display; in between, the
      // turning cube leaves the background showing anywhere.
      let atRest = index == 0 || index == all.count - 1
      let w = Double(image.width), h = Double(image.height)
      // Each corner's square: pixels whose centre lies more than a pixel outside the arc are
      // the background, those more than a pixel inside it are the screen's.
      for (cx, cy) in [(r, r), (w - r, r), (r, h - r), (w - r, h - r)] {
        let x0 = cx < w / 2 ? 0 : Int(w - r), y0 = cy < h / 2 ? 0 : Int(h - r)
        for y in y0..<(y0 + Int(r)) {
          for x in x0..<(x0 + Int(r)) {
            let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
            let outward = (dx * dx + dy * dy).squareRoot() - r
            let beyond = (cx < w / 2 ? dx < 0 : dx > 0) && (cy < h / 2 ? dy < 0 : dy > 0)
            guard beyond else { continue }
            if outward > 1 { #expect(image[x, y] == RGBA8(255, 0, 255), "\(name) (\(x), \(y))") }
            if outward < -1 && atRest { #expect(image[x, y] != RGBA8(255, 0, 255), "\(name) (\(x), \(y))") }
          }
        }
      }
    }
  }

  @Test(
    "status-bar: the status bar stays still in a push: the dark pixels of its rows (its glyphs, on white screens sliding under it) are the same in every frame",
    arguments: ["iphone-15", "iphone-se"])
  func statusBarStill(device name: String) throws {
    let device = try #require(Device.named(name))
    let f = folder()
    // The navigation bar is transparent at the scroll edge: behind the status bar are the
    // screens, white in both during a slide (their meeting edge a lighter seam).
    #expect(run(["slide", "--push", "--device", name, "--scale", "1", "--fps", "20", "-q", "-o", f + "/"]).status == 0)
    let all = try frames(f)
    #expect(all.count > 5)
    let rows = Int(device.statusBarHeight)
    let glyphs = { (image: RGBAImage) in
      stride(from: 0, to: rows * image.width * 4, by: 4).map { image.pixels[$0] < 100 }
    }
    let first = glyphs(all[0])
    for (i, image) in all.enumerated().dropFirst() { #expect(glyphs(image) == first, "frame \(i)") }
    // And it is drawn: dark text and icons.
    #expect(first.contains(true))
  }

  @Test("device-presets: render list --devices prints every preset with its figures, approximate ones marked ~")
  func listDevices() {
    let r = run(["list", "--devices"])
    #expect(r.status == 0)
    for device in Device.all { #expect(r.out.contains(device.name)) }
    let line = r.out.split(separator: "\n").first { $0.hasPrefix("iphone-15 ") }
    #expect(line?.contains("393x852") == true && line?.contains("@3x") == true && line?.contains("1179x2556") == true)
    #expect(line?.contains("~55") == true && line?.contains("~54") == true && line?.contains("~59/34") == true)
    let se = r.out.split(separator: "\n").first { $0.hasPrefix("iphone-se ") }
    #expect(se?.contains("750x1334") == true && se?.contains("~") == false)
  }

  @Test(
    "device-presets: an unknown device is a usage error naming the presets; --size and --device together are refused")
  func badDevice() {
    let r = run(["cube", "--device", "iphone-99", "-o", "/tmp/x.gif"])
    #expect(r.status == 64)
    #expect(r.err.contains("Unknown device 'iphone-99'; the devices are iphone-se, iphone-x"))
    let both = run(["cube", "--device", "iphone-15", "--size", "100x100", "-o", "/tmp/x.gif"])
    #expect(both.status == 64)
    #expect(both.err.contains("--size cannot be combined with --device"))
  }

  @Test("device-presets: an alias names the same preset, and a scene's \"device\" sets its size and chrome")
  func sceneDevice() throws {
    #expect(Device.named("iphone-16") == Device.named("iphone-15"))
    let f = folder()
    let path = f + "/scene.json"
    try Data(##"{"device": "iphone-16-pro", "from": {"color": "#FFFFFF"}, "to": {"color": "#000000"}}"##.utf8)
      .write(to: URL(fileURLWithPath: path))
    let file = try SceneFile.load(path: path)
    #expect(file.size == Size(width: 402, height: 874))
    let screens = file.screens(device: nil)
    #expect(screens.displayCornerRadius == 62)
    let views = try #require(screens.views)
    #expect(views.navigation != nil)  // the status bar stays in place in a push
    let whole = views.from()
    #expect(whole.subviews.last?.name == "status-bar")
    try Data(#"{"device": "iphone-99", "from": {}, "to": {}}"#.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: RenderError.self) { try SceneFile.load(path: path) }
    let bad = run(["fade", "--scene", path, "-o", f + "/x.gif"])
    #expect(bad.err.contains("$.device: unknown name 'iphone-99'; expected one of iphone-se"))
    try Data(#"{"device": "iphone-15", "size": [100, 100], "from": {}, "to": {}}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(
      run(["fade", "--scene", path, "-o", f + "/x.gif"]).err.contains("$.device: give either \"size\" or \"device\""))
  }

  @Test(
    "text-versions-in-manifests: a manifest records the text libraries and font hashes; a failure against another version says it is a version change, not a regression"
  )
  func manifestVersions() throws {
    let f = folder()
    #expect(run(["fade", "--size", "60x80", "--fps", "5", "--hashes", f + "/m.json"]).status == 0)
    let manifest = try HashManifest.load(path: f + "/m.json")
    #expect(manifest.pango == TextLibraries.pango && manifest.harfbuzz == TextLibraries.harfbuzz)
    #expect(manifest.freetype == TextLibraries.freetype && manifest.fontconfig == TextLibraries.fontconfig)
    #expect(manifest.fonts?["Inter-Regular.otf"] == ShippedFonts.hashes["Inter-Regular.otf"])
    #expect(manifest.libraryDifferences.isEmpty)
    var other = manifest
    other.pango = "1.99.0"
    other.fonts?["Inter-Bold.otf"] = String(repeating: "0", count: 64)
    // A frame whose pixels are not what this machine renders, as another Pango might give.
    other.frames[1].sha256 = String(repeating: "f", count: 64)
    try writeAtomically(try other.encoded(), to: f + "/other.json")
    try? FileManager.default.removeItem(atPath: f + "/other.png")
    let r = run(["verify", f + "/other.json", "--artifacts", f + "/fail"])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "a version change, not a regression: the reference was made with pango 1.99.0, Inter-Bold.otf 000000000000; this machine has pango \(TextLibraries.pango)"
      ), "\(r.err)")
    #expect(other.libraryDifferences.count == 2)
  }
}
