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
                  durations.append(im.info.get('duration', 0))
                  f.write(im.convert('RGBA').tobytes())
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
    "Every committed GIF, APNG and WebP decodes in Pillow; each gallery GIF shows its recipe's frames at their times, loops forever, keeps every frame within the quality's budget, holds each end state at least 0.5 s (bounce-holds) and plays for its entry's loop length"
  )
  func committedFilesDecode() throws {
    let manifest = try JSONDecoder().decode(
      Gallery.Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: Self.folder + "/gallery.json")))
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
      ["gif", "apng", "webp"].contains(URL(fileURLWithPath: $0).pathExtension)
    }.sorted()
    #expect(names.count >= manifest.entries.count)
    let decoded = try Self.pillowDecodeAll(names.map { Self.folder + "/" + $0 })
    #expect(decoded.count == names.count, "Pillow decoded \(decoded.count) of \(names.count) files")
    for entry in manifest.entries {
      let path = Self.folder + "/" + entry.file
      let animation = try #require(decoded[path], "\(entry.file) is missing")
      let frames = try Self.render(entry.recipe)
      #expect(frames.map { SHA256.hex($0.pixels) } == entry.frames, "\(entry.effect): the committed gallery is stale")
      #expect(
        GIFCheck.problems(animation, sources: frames, options: Gallery.gifOptions(entry.recipe)) == [], "\(entry.file)")
      let delays = animation.frames.map(\.duration)
      #expect(
        abs(delays.reduce(0, +) - entry.loopSeconds) < 0.011,
        "\(entry.file) plays \(delays.reduce(0, +)) s, not \(entry.loopSeconds) s")
      #expect(
        entry.recipe.holdSeconds >= 0.5 && (delays.first ?? 0) >= entry.recipe.holdSeconds,
        "\(entry.file) holds its start")
      // A bounce's turn is one long frame inside the loop; a one-way loop holds its last frame.
      let end = entry.recipe.bounce == true ? delays.dropFirst().dropLast().max() : delays.last
      #expect((end ?? 0) >= entry.recipe.holdSeconds, "\(entry.file) holds its end state")
      let ours = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
      #expect(
        ours.frames.map(\.image) == animation.frames.map(\.image), "\(entry.file): our decoder and Pillow disagree")
    }
  }

  /// The frames a gallery recipe renders.
  static func render(_ recipe: RenderRecipe) throws -> [RGBAImage] {
    try simulate(try recipe.settings()).renderedFrames(threads: 2).map(\.image)
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
    for name in ["gallery.json", "fade.gif", "fade-stills.png", "fade-curves.svg", "README.md", "index.html"] {
      try FileManager.default.copyItem(atPath: CommittedOutputTests.folder + "/" + name, toPath: folder + "/" + name)
    }
    var bad = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/fade.gif")))
    // A byte in the middle of the file: inside some frame's LZW data.
    bad[bad.count / 2] ^= 0x5A
    try Data(bad).write(to: URL(fileURLWithPath: folder + "/fade.gif"))
    // The manifest's file hash follows the corrupted file, so only decoding can tell.
    var manifest = try JSONDecoder().decode(
      Gallery.Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/gallery.json")))
    for i in manifest.entries.indices where manifest.entries[i].effect == "fade" {
      manifest.entries[i].fileSHA256 = SHA256.hex(bad)
    }
    try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: folder + "/gallery.json"))

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
