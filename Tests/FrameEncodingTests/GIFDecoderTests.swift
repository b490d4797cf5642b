import Foundation
import Pixels
import Testing

@testable import FrameEncoding

/// `GIFDecoder` (what `render gallery --check` reads our GIFs with) against Pillow, and
/// `GIFCheck` (the encoder's promises, checked on a decoded file).
@Suite("GIF decoder and check")
struct GIFDecoderTests {
  static var animations: [(name: String, frames: [RGBAImage], options: EncodingOptions)] {
    var plays3 = EncodingOptions()
    plays3.loop = .plays(3)
    var held = EncodingOptions()
    held.holdFirst = 0.25
    held.holdLast = 0.5
    return [
      ("flat", (0..<6).map { Frames.flat($0) }, EncodingOptions()),
      ("gradient, 3 plays", (0..<4).map { Frames.gradient($0) }, plays3),
      ("alpha with disposal 2, holds", (0..<5).map { Frames.alpha($0) }, held),
    ]
  }

  @Test("Our decoder shows what Pillow shows: every frame's pixels, every delay, the loop count")
  func matchesPillow() throws {
    for (name, frames, options) in Self.animations {
      let gif = try encode(.gif, frames, options)
      let ours = try GIFDecoder.decode(gif)
      let pillow = try pillowDecode(gif, ext: "gif")
      #expect(ours.frames.map(\.image.pixels) == pillow.frames, "\(name)")
      #expect(ours.frames.map { $0.duration * 1000 } == pillow.durations, "\(name)")
      #expect(ours.plays == (options.loop == .forever ? nil : 3), "\(name)")
    }
  }

  @Test("An interlaced GIF written by Pillow decodes as Pillow decodes it")
  func interlaced() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-interlaced-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("i.gif").path
    _ = try python(
      """
      import sys
      from PIL import Image
      im = Image.new('P', (37, 29))
      im.putpalette([v for k in range(256) for v in (k, 255 - k, k * 7 % 256)])
      im.putdata([(x * 3 + y * 5) % 200 for y in range(29) for x in range(37)])
      im.save(sys.argv[1], interlace=True)
      """, [path])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let descriptor = Self.descriptorOffset(ofFrame: 0, in: bytes)
    #expect(bytes[descriptor + 9] & 0x40 != 0, "Pillow wrote an interlaced image")
    #expect(try GIFDecoder.decode(bytes).frames.map(\.image.pixels) == (try pillowDecode(bytes, ext: "gif")).frames)
  }

  @Test("An honest encoding passes the check: timing, loop count and every frame's budget")
  func honestPasses() throws {
    for (name, frames, options) in Self.animations {
      let decoded = try GIFDecoder.decode(try encode(.gif, frames, options))
      #expect(GIFCheck.problems(decoded, sources: frames, options: options) == [], "\(name)")
    }
  }

  /// Where frame `k`'s image descriptor starts in a GIF.
  static func descriptorOffset(ofFrame k: Int, in gif: [UInt8]) -> Int {
    var p = 13 + (gif[10] & 0x80 != 0 ? 3 * (2 << Int(gif[10] & 7)) : 0), image = 0
    while true {
      if gif[p] == 0x21 {
        p += 2
        while gif[p] != 0 { p += Int(gif[p]) + 1 }
        p += 1
        continue
      }
      if image == k { return p }
      let flags = gif[p + 9]
      p += 10 + (flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0) + 1
      while gif[p] != 0 { p += Int(gif[p]) + 1 }
      p += 1
      image += 1
    }
  }

  /// Where frame `k`'s LZW sub-blocks start (after its local table and minimum code size).
  static func dataOffset(ofFrame k: Int, in gif: [UInt8]) -> Int {
    let p = descriptorOffset(ofFrame: k, in: gif), flags = gif[p + 9]
    return p + 10 + (flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0) + 1
  }

  @Test(
    "One corrupted LZW byte is caught and its frame named: the file does not decode, or the frame falls outside its budget"
  )
  func corruptionNamed() throws {
    let frames = (0..<6).map { Frames.flat($0) }
    var gif = try encode(.gif, frames, EncodingOptions())
    let offset = Self.dataOffset(ofFrame: 3, in: gif) + 3
    gif[offset] ^= 0x5A
    do {
      let decoded = try GIFDecoder.decode(gif)
      let problems = GIFCheck.problems(decoded, sources: frames, options: EncodingOptions())
      #expect(problems.contains { $0.hasPrefix("frame 3:") }, "\(problems)")
    } catch EncodingError.gif(let problem) {
      #expect(problem.hasPrefix("frame 3:"), "\(problem)")
    }
  }

  @Test("A GIF timed for another frame rate or loop count is reported with both values")
  func timingReported() throws {
    let frames = (0..<6).map { Frames.flat($0) }
    var other = EncodingOptions()
    other.fps = 20
    other.loop = .plays(2)
    let decoded = try GIFDecoder.decode(try encode(.gif, frames, other))
    let problems = GIFCheck.problems(decoded, sources: frames, options: EncodingOptions())
    #expect(problems.contains("plays for 30 cs, not 20 cs"), "\(problems)")
    #expect(problems.contains("plays 2 times, not forever"), "\(problems)")
  }

  @Test("Truncated and foreign files are refused with a one-line reason")
  func refusals() throws {
    let gif = try encode(.gif, [Frames.flat(0)], EncodingOptions())
    for bad in [Array(gif.prefix(gif.count - 20)), Array(gif.prefix(12)), Array("\u{89}PNG\r\n\u{1A}\n.......".utf8)] {
      do {
        _ = try GIFDecoder.decode(bad)
        Issue.record("a \(bad.count)-byte file decoded")
      } catch let error as EncodingError {
        #expect(!error.description.contains("\n") && error.description.hasPrefix("GIF: "), "\(error)")
      }
    }
  }
}
