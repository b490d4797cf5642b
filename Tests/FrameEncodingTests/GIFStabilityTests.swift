import Foundation
import Pixels
import Testing
@testable import FrameEncoding

/// Photo-like test frames for temporal stability: a static noisy background (thousands of
/// colors, so every frame is quantized) with two small squares moving in opposite corners, so
/// the changed rectangle spans almost the whole frame while most of it stays static.
enum PhotoFrames {
  static let width = 96, height = 64

  static func background(x: Int, y: Int) -> RGBA8 {
    // Smooth gradient plus deterministic per-pixel noise (a hash of the position).
    var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
    h = (h ^ (h >> 13)) &* 0x5BD1_E995
    h ^= h >> 15
    let noise = Int(h % 13) - 6
    func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
    return RGBA8(clamp(40 + x * 2 + noise), clamp(90 + y * 2 - noise), clamp(160 - x + (Int(h >> 8) % 9) - 4))
  }

  /// Is (x, y) under one of frame i's moving squares?
  static func moving(_ i: Int, x: Int, y: Int) -> Bool {
    let a = 2 + i * 3, b = width - 10 - i * 3
    return (x >= a && x < a + 8 && y >= 2 && y < 10) || (x >= b && x < b + 8 && y >= height - 10 && y < height - 2)
  }

  /// How many pixels outside the moving squares of frames `k` and `k − 1` differ between two
  /// decoded RGBA frames (0 for a stable encoder).
  static func staticPixelsChanged(_ decoded: [UInt8], since previous: [UInt8], frame k: Int) -> Int {
    var differing = 0
    for y in 0..<height {
      for x in 0..<width where !moving(k, x: x, y: y) && !moving(k - 1, x: x, y: y) {
        let i = (y * width + x) * 4
        if decoded[i..<(i + 4)] != previous[i..<(i + 4)] { differing += 1 }
      }
    }
    return differing
  }

  static func frame(_ i: Int) -> RGBAImage {
    var img = RGBAImage(width: width, height: height)!
    for y in 0..<height {
      for x in 0..<width {
        img[x, y] = moving(i, x: x, y: y) ? RGBA8(250, 250, UInt8(i * 20)) : background(x: x, y: y)
      }
    }
    return img
  }
}

@Suite("GIF temporal stability")
struct GIFStabilityTests {
  @Test(
    "A static region inside the changed rectangle decodes to identical pixels in consecutive frames that are not held (lossy and lossless)"
  )
  func staticRegionKeepsItsPixels() throws {
    let frames = (0..<5).map { PhotoFrames.frame($0) }
    var lossless = EncodingOptions()
    lossless.lossless = true
    for options in [EncodingOptions(), lossless] {
      let bytes = try encode(.gif, frames, options)
      let d = try pillowDecode(bytes, ext: "gif")
      #expect(d.frames.count == frames.count)
      // The last frame is held: quantized, it is coded whole (see `heldFramesDecodeAsAlone`).
      for k in 1..<(frames.count - 1) {
        let differing = PhotoFrames.staticPixelsChanged(d.frames[k], since: d.frames[k - 1], frame: k)
        #expect(differing == 0, "frame \(k): \(differing) static pixels changed (lossless: \(options.lossless))")
        // The moving squares are still drawn where they are now.
        let i = (5 * PhotoFrames.width + 2 + k * 3 + 4) * 4
        #expect(Array(d.frames[k][i..<(i + 3)]) == [250, 250, UInt8(k * 20)], "frame \(k)")
      }
    }
  }

  @Test(
    "A static pixel that disposal 2 cleared from the screen is coded again, not kept: a shape moving over transparency beside a quantized region decodes as expected in every frame"
  )
  func disposalClearsKeptPixels() throws {
    // Columns < 24 are transparent except a moving 6x6 opaque square; the rest is the static
    // noisy background, so frames are quantized and need disposal 2 where the square leaves.
    // Disposal 2 clears the whole previous rectangle (here the full first frame), so static
    // pixels must be coded again rather than kept as "unchanged on screen".
    func frame(_ i: Int) -> RGBAImage {
      var img = PhotoFrames.frame(0)
      for y in 0..<PhotoFrames.height {
        for x in 0..<24 {
          let inSquare = x >= 2 + 3 * i && x < 8 + 3 * i && y >= 20 && y < 26
          img[x, y] = inSquare ? RGBA8(200, 40, 40) : RGBA8(0, 0, 0, 0)
        }
      }
      return img
    }
    let frames = (0..<5).map(frame)
    let d = try pillowDecode(try encode(.gif, frames, EncodingOptions()), ext: "gif")
    #expect(d.frames.count == frames.count)
    #expect(d.disposals.contains(2))
    for k in 0..<frames.count {
      let expected = gifExpectation(frames[k])
      #expect(psnr(d.frames[k], expected) >= 30, "frame \(k)")
      // The transparent columns and the square are exact.
      for y in 0..<PhotoFrames.height {
        for x in 0..<24 {
          let i = (y * PhotoFrames.width + x) * 4
          #expect(d.frames[k][i..<(i + 4)] == expected[i..<(i + 4)], "frame \(k) at \(x),\(y)")
        }
      }
    }
  }

  @Test(
    "A large frame stabilized in parts, on one thread or several, shows the screen exactly where an opaque source is what the opaque screen pixel was coded for (on a flat pixel only when the screen is within 6 levels), the source elsewhere, and records every source"
  )
  func stabilizedInParts() {
    // Parts that are not a multiple of eight pixels (the pass takes eight at once).
    let width = 301, height = 241, n = width * height
    // Source, screen and codedFor words: an opaque gradient, transparent on every 13th pixel;
    // the screen differs from it on two pixels in three (by 10 levels of blue, or by 4 on
    // every 7th) and is transparent on every 11th; codedFor is the source on every other
    // pixel (those may be kept) and another color elsewhere; every 5th pixel is flat.
    func word(_ r: Int, _ g: Int, _ b: Int, _ a: UInt32 = 255) -> UInt32 {
      a << 24 | UInt32(b & 0xFF) << 16 | UInt32(g & 0xFF) << 8 | UInt32(r & 0xFF)
    }
    let source = (0..<n).map { p in p % 13 == 0 ? 0 : word(p % width, p / width, 90) }
    let screen = (0..<n).map { p -> UInt32 in
      if p % 11 == 0 { return 0 }
      if p % 3 == 0 { return source[p] }
      return word(p % width, p / width, p % 7 == 0 ? 94 : 100)
    }
    let codedBefore = (0..<n).map { p in p % 2 == 0 ? source[p] : word(7, 7, 7) }
    let activity: [UInt8] = (0..<n).map { p in p % 5 == 0 ? 0 : UInt8(1 + p % 200) }
    var expectedOut = source
    for p in 0..<n {
      let s = source[p], c = screen[p]
      guard s != c && s >> 24 != 0 && c >> 24 != 0 && codedBefore[p] == s else { continue }
      // Flat: kept only within 6 levels (here the blue channel is the one that differs).
      let blueOff: Int = abs(Int((s >> 16) & 0xFF) - Int((c >> 16) & 0xFF))
      if activity[p] != 0 || blueOff <= 6 { expectedOut[p] = c }
    }
    #expect(expectedOut != source)
    let flatKept = (0..<n).filter { activity[$0] == 0 && expectedOut[$0] == screen[$0] && screen[$0] != source[$0] }
    #expect(!flatKept.isEmpty)
    func bytes(_ words: [UInt32]) -> [UInt8] { words.withUnsafeBytes { Array($0) } }
    for (partPixels, threads) in [(Int.max, 1), (65536, 1), (65536, 2), (7_001, 3), (7_001, 16)] {
      let core = GIFEncoderCore(sink: MemorySink(), options: EncodingOptions())
      core.width = width
      core.height = height
      core.canvas = bytes(screen)
      core.codedFor = codedBefore
      core.activity = activity
      core.segmentMinPixels = partPixels
      core.segmentPixels = partPixels
      core.threads = threads
      let out = core.stabilized(bytes(source))
      let same = out == bytes(expectedOut) && core.codedFor == source  // (not long arrays on failure)
      #expect(same, "parts of \(partPixels) pixels, \(threads) threads")
    }
  }
}
