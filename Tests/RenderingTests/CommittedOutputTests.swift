import Foundation
import FrameEncoding
import Pixels
import RenderCLI
import Testing

@testable import DocsImages
@testable import Rendering

/// What we publish, something else reads: every animation committed in `output/` decoded by
/// Pillow (an independent decoder), against the frames its recipe renders today.
@MainActor
@Suite("The committed gallery, decoded by Pillow")
struct CommittedOutputTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("output").path

  /// Every frame of every file, as Pillow composites it (RGBA), with delays and loop counts.
  static func pillowDecodeAll(_ paths: [String]) throws -> [String: DecodedAnimation] {
    let raw = FileManager.default.temporaryDirectory.appendingPathComponent("committed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: raw) }
    let lines = try python(
      """
      import sys, json
      from PIL import Image
      out = sys.argv[1]
      for k, path in enumerate(sys.argv[2:]):
          im = Image.open(path)
          n = getattr(im, 'n_frames', 1)
          durations = []
          with open('%s/%d.raw' % (out, k), 'wb') as f:
              for i in range(n):
                  im.seek(i)
                  # Loading the frame sets its duration (WebP sets it only then).
                  f.write(im.convert('RGBA').tobytes())
                  durations.append(im.info.get('duration', 0))
          print(json.dumps({'path': path, 'n': n, 'w': im.size[0], 'h': im.size[1], 'durations': durations, 'loop': im.info.get('loop')}))
      """, [raw.path] + paths)
    var result: [String: DecodedAnimation] = [:]
    for (k, line) in lines.enumerated() {
      let meta = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let n = meta["n"] as! Int, w = meta["w"] as! Int, h = meta["h"] as! Int
      let bytes = [UInt8](try Data(contentsOf: raw.appendingPathComponent("\(k).raw")))
      let durations = (meta["durations"] as! [Any]).map { ($0 as? NSNumber)?.doubleValue ?? 0 }
      let frames = (0..<n).map { i in
        DecodedAnimation.Frame(
          image: RGBAImage(width: w, height: h, pixels: Array(bytes[(i * w * h * 4)..<((i + 1) * w * h * 4)]))!,
          duration: durations[i] / 1000)
      }
      // Pillow reports the NETSCAPE2.0 repeat count (0: forever); without the block, one play.
      let loop = meta["loop"] as? Int
      result[meta["path"] as! String] = DecodedAnimation(
        width: w, height: h, frames: frames, plays: loop.map { $0 == 0 ? nil : $0 + 1 } ?? 1)
    }
    return result
  }

  @Test(
    "Every committed GIF, APNG and WebP decodes in Pillow; each gallery animation, light and dark, shows its recipe's frames at their times and loops forever: the GIF fallback within the quality's budget at half the width, the WebP each frame within 30 dB of the source frame due then; both hold each end state at least 0.5 s (bounce-holds) and play for the entry's loop length"
  )
  func committedFilesDecode() throws {
    let manifest = try JSONDecoder().decode(
      MediaManifest.self, from: Data(contentsOf: URL(fileURLWithPath: Self.folder + "/gallery.json")))
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
      ["gif", "apng", "webp"].contains(URL(fileURLWithPath: $0).pathExtension)
    }.sorted()
    #expect(names.count >= 4 * manifest.entries.count)
    let decoded = try Self.pillowDecodeAll(names.map { Self.folder + "/" + $0 })
    #expect(decoded.count == names.count, "Pillow decoded \(decoded.count) of \(names.count) files")
    for entry in manifest.entries {
      let recipe = try #require(entry.recipe)
      for variant in entry.variants {
        let gif = try #require(decoded[Self.folder + "/" + variant.gif.file], "\(variant.gif.file) is missing")
        let gifFrames = try Self.render(recipe, variant.appearance, scale: Gallery.gifScale)
        #expect(gifFrames.map { SHA256.hex($0.pixels) } == variant.gifFrames, "\(variant.gif.file) is stale")
        #expect(gif.width * 2 <= entry.width + 1, "\(variant.gif.file): the fallback is half as wide")
        let options = Gallery.style.options(.gif, holds: recipe.encodingHolds, quality: variant.gif.quality)
        #expect(GIFCheck.problems(gif, sources: gifFrames, options: options) == [], "\(variant.gif.file)")
        let ours = try GIFDecoder.decode(
          [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + variant.gif.file))))
        #expect(
          ours.frames.map(\.image) == gif.frames.map(\.image), "\(variant.gif.file): our decoder and Pillow disagree")
        let webp = try #require(decoded[Self.folder + "/" + variant.webp.file], "\(variant.webp.file) is missing")
        let frames = try Self.render(recipe, variant.appearance, scale: 1)
        #expect(frames.map { SHA256.hex($0.pixels) } == variant.frames, "\(variant.webp.file) is stale")
        for (k, start) in Self.starts(webp).enumerated() {
          let due = Self.frameDue(
            at: start, fps: recipe.fps, holdFirst: recipe.encodingHolds.first, count: frames.count)
          let quality = Self.psnr(webp.frames[k].image, frames[due])
          #expect(
            quality >= 30, "\(variant.webp.file) frame \(k) at \(start) s: \(quality) dB against source frame \(due)")
        }
        for (file, animation) in [(variant.gif.file, gif), (variant.webp.file, webp)] {
          Self.expectTiming(animation, file: file, entry: entry, recipe: recipe)
        }
      }
    }
  }

  /// Plays `loopSeconds`, forever, holding the start and the end state (a bounce's turn is one
  /// long frame inside the loop; a one-way loop holds its last frame).
  static func expectTiming(_ animation: DecodedAnimation, file: String, entry: MediaEntry, recipe: RenderRecipe) {
    let delays = animation.frames.map(\.duration)
    let loop = entry.loopSeconds(fps: Gallery.fps)
    #expect(animation.plays == nil, "\(file) loops forever")
    #expect(abs(delays.reduce(0, +) - loop) < 0.011, "\(file) plays \(delays.reduce(0, +)) s, not \(loop) s")
    #expect(recipe.holdSeconds >= 0.5 && (delays.first ?? 0) >= recipe.holdSeconds, "\(file) holds its start")
    let end = recipe.bounce == true ? delays.dropFirst().dropLast().max() : delays.last
    #expect((end ?? 0) >= recipe.holdSeconds, "\(file) holds its end state")
  }

  /// When each decoded frame starts, in seconds.
  static func starts(_ animation: DecodedAnimation) -> [Double] {
    animation.frames.indices.map { k in animation.frames[..<k].reduce(0) { $0 + $1.duration } }
  }

  /// The source frame on screen at `time`: frame 0 until `holdFirst` + 1 / fps, then one a frame.
  static func frameDue(at time: Double, fps: Double, holdFirst: Double, count: Int) -> Int {
    guard time >= holdFirst + 1 / fps - 0.002 else { return 0 }
    return min(count - 1, Int(((time - holdFirst) * fps + 0.05).rounded(.down)))
  }

  /// PSNR over RGB of two images of one size, in dB (100 when they are the same).
  static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    guard a.width == b.width, a.height == b.height else { return 0 }
    var sum = 0.0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      for c in 0..<3 {
        let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
        sum += d * d
      }
    }
    let mse = sum / Double(a.width * a.height * 3)
    return mse == 0 ? 100 : 10 * log10(255 * 255 / mse)
  }

  /// The frames a gallery recipe renders in `appearance` at `scale` times its size.
  static func render(_ recipe: RenderRecipe, _ appearance: MediaAppearance, scale: Double) throws -> [RGBAImage] {
    try simulate(try GallerySource.recipe(recipe, in: appearance.style, scale: scale).settings()).renderedFrames(
      threads: 2
    ).map(\.image)
  }
}

/// `render gallery --check` decodes what it checks, and `render gallery -o` mends what does not
/// decode.
@MainActor
@Suite("gallery check decodes the files")
struct GalleryDecodeCheckTests {
  @Test(
    "A committed GIF with one corrupted LZW byte fails `gallery --check`, which names the effect and the frame; `gallery -o` rewrites it though its pixels did not change"
  )
  func corruptedGIF() throws {
    let folder = NSTemporaryDirectory() + "gallery-decode-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in [
      "gallery.json", "fade.webp", "fade-dark.webp", "fade.gif", "fade-dark.gif", "fade@2x.png", "fade~dark@2x.png",
      "fade-curves.svg", "README.md", "index.html",
    ] {
      try FileManager.default.copyItem(atPath: CommittedOutputTests.folder + "/" + name, toPath: folder + "/" + name)
    }
    var bad = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/fade.gif")))
    // A byte in the middle of the file: inside some frame's LZW data.
    bad[bad.count / 2] ^= 0x5A
    try Data(bad).write(to: URL(fileURLWithPath: folder + "/fade.gif"))
    // The manifest's file hash follows the corrupted file, so only decoding can tell.
    var manifest = try JSONDecoder().decode(
      MediaManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/gallery.json")))
    for i in manifest.entries.indices where manifest.entries[i].name == "fade" {
      manifest.entries[i].variants[0].gif.sha256 = SHA256.hex(bad)
    }
    try Data(try manifest.encoded()).write(to: URL(fileURLWithPath: folder + "/gallery.json"))

    let s = CapturedStreams()
    #expect(RenderCLI.run(["gallery", "--check", folder, "--effects", "fade"], streams: s) == 1)
    #expect(s.stderr.contains("fade (fade.gif: "), "\(s.stderr)")
    #expect(s.stderr.contains("frame "), "\(s.stderr)")

    let write = CapturedStreams()
    #expect(RenderCLI.run(["gallery", "-o", folder, "--effects", "fade", "-q"], streams: write) == 0)
    let rewritten = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/fade.gif")))
    #expect(rewritten != bad, "the corrupted file was rewritten")
    #expect(throws: Never.self) { try GIFDecoder.decode(rewritten) }
    let again = CapturedStreams()
    #expect(RenderCLI.run(["gallery", "--check", folder, "--effects", "fade"], streams: again) == 0, "\(again.stderr)")
  }
}
