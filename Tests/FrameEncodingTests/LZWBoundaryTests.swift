import Foundation
import Pixels
import Testing
import ToolTestSupport

@testable import FrameEncoding

/// The width rule at the end of a code stream, checked where it bites: a decoder learns each
/// table entry one code late, so on reading the last code of a segment it adds an entry the
/// encoder never made; when that entry fills the code width (the table reaches 2^k), the
/// trailing clear or end-of-information code is read one bit wider. Every case here is made
/// on purpose to end a segment or a frame at such a table size (k = 3…12), or one pixel
/// either side, and is decoded by our decoder, by Pillow and (where installed) by ffmpeg.
@Suite("LZW segment and frame boundaries")
struct LZWBoundaryTests {
  /// Pixels that make the tables fill several times over; a seeded mix of runs and noise.
  static func indices(count: Int, symbols: Int, seed: UInt64, longestRun: Int = 6) -> [UInt8] {
    var state = seed
    func rand(_ m: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % m
    }
    var out = [UInt8](repeating: 0, count: count)
    var run = 0, color = 0
    for i in 0..<count {
      if run == 0 { color = rand(symbols); run = 1 + rand(longestRun) }
      run -= 1
      out[i] = UInt8(rand(8) == 0 ? rand(symbols) : color)
    }
    // Relabeled by first appearance, so an encoder numbering colors in first-seen order
    // codes exactly these indices.
    var label = [Int](repeating: -1, count: 256), nextLabel = 0
    for i in 0..<count {
      if label[Int(out[i])] < 0 { label[Int(out[i])] = nextLabel; nextLabel += 1 }
      out[i] = UInt8(label[Int(out[i])])
    }
    return out
  }

  /// Lengths at which coding a prefix of `indices` as one segment leaves the decoder's table
  /// at exactly `size` entries (2^k), found by a plain dictionary parse of our own (not the
  /// encoder under test). `size` 4096 means the table filled and restarted just before the
  /// segment's last code. Returns the first such length in `atLeast...atMost`, with its
  /// neighbours.
  static func boundaryLengths(_ indices: [UInt8], minCodeSize: Int, size: Int, atLeast: Int = 1, atMost: Int = .max)
    -> [Int]?
  {
    let clear = 1 << minCodeSize
    var table = [Int: Int](), next = clear + 2
    var code = Int(indices[0])
    // After each prefix: the decoder's table size, and whether the table restarted at its
    // last code.
    for p in 1..<indices.count {
      let k = Int(indices[p])
      var restarted = false
      if let c = table[code << 8 | k] {
        code = c
      } else {
        table[code << 8 | k] = next
        next += 1
        if next == 4096 { table.removeAll(keepingCapacity: true); next = clear + 2; restarted = true }
        code = k
      }
      let length = p + 1
      let hit = size == 4096 ? restarted : next == size
      if hit && length >= atLeast && length <= atMost { return [length - 1, length, length + 1] }
    }
    return nil
  }

  /// A GIF89a file of our own making around raw LZW data (one 1-pixel-high image per entry,
  /// at the top left, 10 cs each), so the container cannot hide a coder's fault.
  static func gifFile(palette: [RGBA8], images: [(width: Int, lzw: [UInt8])]) -> [UInt8] {
    var out = Array("GIF89a".utf8)
    func le16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    var bits = 1
    while 1 << bits < palette.count { bits += 1 }
    le16(images.map(\.width).max()!); le16(1)
    out += [0x80 | UInt8(bits - 1), 0, 0]
    for i in 0..<(1 << bits) { let c = i < palette.count ? palette[i] : RGBA8(0, 0, 0); out += [c.r, c.g, c.b] }
    for image in images {
      out += [0x21, 0xF9, 0x04, 0x04]; le16(10); out += [0, 0]
      out.append(0x2C); le16(0); le16(0); le16(image.width); le16(1); out.append(0)
      out += image.lzw
    }
    out.append(0x3B)
    return out
  }

  /// Palette entries at least 42 levels apart in some channel: farther than any lossy
  /// tolerance, so the lossy coder may only code exact pixels.
  static func palette(_ count: Int) -> [RGBA8] {
    (0..<count).map { i in
      let r = UInt8(i % 7 * 42), g = UInt8(i / 7 % 7 * 42), b = UInt8(i / 49 * 42)
      return RGBA8(r, g, b)
    }
  }

  /// A boundary case of the LZW coder alone: `pixels` coded as one segment, or as two split
  /// after `split` pixels (the first ends with a clear code, the second starts from an empty
  /// table), by the plain or the lossy coder.
  struct Case: CustomStringConvertible {
    let minCodeSize: Int, tableSize: Int, lossy: Bool
    let pixels: [UInt8]
    let split: Int?
    var description: String {
      "minimum code size \(minCodeSize), \(lossy ? "lossy" : "exact") coder, table \(tableSize) at the "
        + (split.map { "end of a \($0)-pixel first segment of \(pixels.count)" }
          ?? "end of a \(pixels.count)-pixel frame")
    }

    func encode(palette: [RGBA8]) -> [UInt8] {
      let words = pixels.map { i in
        let c = palette[Int(i)]
        return 0xFF00_0000 | UInt32(c.b) << 16 | UInt32(c.g) << 8 | UInt32(c.r)
      }
      let rgb = palette.map { UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) }
      let ranges = split.map { [0..<$0, $0..<pixels.count] } ?? [0..<pixels.count]
      var chosen = [UInt8](repeating: 0, count: pixels.count)
      let fixture = LossyFixture(frame: words, screen: words, palette: rgb, tolerance: 12)
      let segments = ranges.enumerated().map { part, range in
        pixels.withUnsafeBufferPointer { px in
          chosen.withUnsafeMutableBufferPointer { ch in
            let target = fixture.target(
              rectWidth: pixels.count, stride: pixels.count, start: range.lowerBound, transparent: -1, budget: 1e12)
            return LZWEncoder().encodeBits(
              UnsafeBufferPointer(rebasing: px[range]), minCodeSize: minCodeSize,
              chosen: ch.baseAddress! + range.lowerBound, lossy: lossy ? target : nil,
              leadingClear: part == 0, last: part == ranges.count - 1)
          }
        }
      }
      var out: [UInt8] = []
      LZWEncoder.appendBlocks(minCodeSize: minCodeSize, segments, into: &out)
      return out
    }
  }

  /// Every boundary case for one minimum code size: tables of 2^k entries (k from the first
  /// width up to 12) at a frame end and at a segment end, one pixel either side too.
  static func cases(minCodeSize m: Int, lossy: Bool) -> [Case] {
    let pixels = indices(count: 60_000, symbols: 1 << m, seed: UInt64(m * 31 + (lossy ? 7 : 0)))
    var cases: [Case] = []
    for k in (m + 1)...12 {
      guard let lengths = boundaryLengths(pixels, minCodeSize: m, size: 1 << k), lengths[2] + 700 <= pixels.count else {
        continue
      }
      for length in lengths {
        cases.append(
          Case(minCodeSize: m, tableSize: 1 << k, lossy: lossy, pixels: Array(pixels[0..<length]), split: nil))
        cases.append(
          Case(
            minCodeSize: m, tableSize: 1 << k, lossy: lossy, pixels: Array(pixels[0..<(length + 700)]), split: length))
      }
    }
    return cases
  }

  static let minCodeSizes = [2, 3, 5, 8]

  @Test(
    "Every boundary case exists: for each minimum code size, a table of 2^k entries for every k from its first width to 12"
  )
  func boundariesAreReached() {
    for m in Self.minCodeSizes {
      let sizes = Set(Self.cases(minCodeSize: m, lossy: false).map(\.tableSize))
      #expect(sizes == Set(((m + 1)...12).map { 1 << $0 }), "minimum code size \(m)")
    }
  }

  @Test(
    "A segment or frame ending when the table reaches 2^k decodes exactly in our decoder, Pillow and ffmpeg (exact and lossy coder)",
    arguments: [false, true])
  func boundariesDecode(lossy: Bool) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-boundaries-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [(path: String, cases: [Case], palette: [RGBA8])] = []
    for m in Self.minCodeSizes {
      let palette = Self.palette(1 << m), cases = Self.cases(minCodeSize: m, lossy: lossy)
      var images: [(width: Int, lzw: [UInt8])] = []
      for c in cases {
        let data = c.encode(palette: palette)
        let ours = try lzwDecode(Self.joinedSubBlocks(data), minCodeSize: m, count: c.pixels.count)
        #expect(ours == c.pixels, "our decoder: \(c)")
        images.append((c.pixels.count, data))
      }
      let path = folder.appendingPathComponent("m\(m).gif").path
      try Data(Self.gifFile(palette: palette, images: images)).write(to: URL(fileURLWithPath: path))
      files.append((path, cases, palette))
    }
    for file in files {
      let pillow = try pillowDecode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path))), ext: "gif")
      Self.expectFrames(pillow.frames, canvasWidth: pillow.width, file: file, decoder: "Pillow")
      if let ffmpeg = try ffmpegFrames(file.path, width: pillow.width, height: 1) {
        Self.expectFrames(ffmpeg, canvasWidth: pillow.width, file: file, decoder: "ffmpeg")
      }
    }
  }

  /// Each decoded canvas (RGBA, one row) starts with its case's pixels.
  static func expectFrames(
    _ frames: [[UInt8]], canvasWidth: Int, file: (path: String, cases: [Case], palette: [RGBA8]), decoder: String
  ) {
    #expect(
      frames.count == file.cases.count,
      "\(decoder) decoded \(frames.count) of \(file.cases.count) frames of \(file.path)")
    for (frame, c) in zip(frames, file.cases) {
      let wrong = c.pixels.indices.first { i in
        let want = file.palette[Int(c.pixels[i])]
        return frame[4 * i] != want.r || frame[4 * i + 1] != want.g || frame[4 * i + 2] != want.b
      }
      #expect(wrong == nil, "\(decoder): \(c): first wrong pixel \(wrong ?? 0)")
    }
  }

  static func joinedSubBlocks(_ data: [UInt8]) -> [UInt8] {
    var joined: [UInt8] = [], i = 1
    while data[i] != 0 {
      joined += data[(i + 1)...(i + Int(data[i]))]
      i += Int(data[i]) + 1
    }
    return joined
  }

  @Test(
    "Whole frames through the GIF encoder, on one thread or two: a moving frame whose rectangle is split where the table reaches 2^k, or ends there, decodes exactly in Pillow and ffmpeg",
    arguments: [2, 8])
  func encoderFrames(minCodeSize m: Int) throws {
    // The moving frame's colors are the global table's: a backdrop (index 0, first seen) and
    // the symbols in order (indices 1…), from a strip along the first frame's bottom row.
    let colors = (1 << m) - 2  // with the backdrop and the transparent entry: 2^m entries
    let palette = Self.palette(colors + 1), backdrop = palette[colors]
    // (Two symbols make long strings: without runs the table still fills within a GIF row.)
    let stream = Self.indices(count: 140_000, symbols: colors, seed: UInt64(m), longestRun: colors > 2 ? 6 : 1)
    let coded = stream.map { $0 + 1 }
    /// First frame: the backdrop with the strip; moving frame: `length` pixels of the stream
    /// from the top left over `rows` rows, the rest as in the first frame.
    func frames(length: Int, rows: Int) -> [RGBAImage] {
      let width = max(length / rows, colors)
      var first = RGBAImage(width: width, height: rows + 1, fill: backdrop)!
      for x in 0..<colors { first[x, rows] = palette[x] }
      var moving = first
      for i in 0..<length { moving[i % (length / rows), i / (length / rows)] = palette[Int(stream[i])] }
      return [first, moving, first]
    }
    var checked = 0
    for k in (m + 1)...12 {
      // Two segments: rectangles of 65,536 pixels or more are split in the middle (and GIF
      // rows are at most 65,535 pixels long).
      let split = try #require(
        Self.boundaryLengths(coded, minCodeSize: m, size: 1 << k, atLeast: 32_768, atMost: 65_534))[1]
      // One segment: the rectangle ends at the boundary.
      let end = try #require(Self.boundaryLengths(coded, minCodeSize: m, size: 1 << k))[1]
      for (length, rows, lossless) in [(2 * split, 2, false), (end, 1, false), (end, 1, true)] {
        let input = frames(length: length, rows: rows)
        var options = EncodingOptions()
        options.lossless = lossless
        for threads in [1, 2] {
          let gif = try encodeGIFSegments(input, options, threads: threads)
          let what =
            "table \(1 << k), \(length) pixels in \(rows) rows, \(lossless ? "lossless" : "lossy"), \(threads) threads"
          let decoded = try pillowDecode(gif, ext: "gif")
          #expect(decoded.frames.count == 3 && decoded.frames[1] == input[1].pixels, "Pillow: \(what)")
          let path = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-frame-\(UUID().uuidString).gif")
            .path
          try Data(gif).write(to: URL(fileURLWithPath: path))
          defer { try? FileManager.default.removeItem(atPath: path) }
          if let ffmpeg = try ffmpegFrames(path, width: input[1].width, height: input[1].height) {
            #expect(ffmpeg.count == 3 && ffmpeg[1] == input[1].pixels, "ffmpeg: \(what)")
          }
          checked += 1
        }
      }
    }
    #expect(checked == 6 * (12 - m))
  }
}

/// ffmpeg's decoding of an animation as RGBA canvases, one per frame, or nil when ffmpeg is
/// not installed. Throws when ffmpeg reports an error.
func ffmpegFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]]? {
  guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile)
  else {
    return nil
  }
  let run = try runTool(
    ffmpeg, ["-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
  let data = [UInt8](run.stdout), message = run.errors
  guard run.status == 0, message.isEmpty else { throw ToolFailure(message: "ffmpeg: \(message)") }
  let size = width * height * 4
  return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
}
