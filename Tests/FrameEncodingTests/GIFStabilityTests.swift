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
  @Test("A static region inside the changed rectangle decodes to identical pixels in consecutive frames (lossy and lossless)")
  func staticRegionKeepsItsPixels() throws {
    let frames = (0..<5).map { PhotoFrames.frame($0) }
    var lossless = AnimationOptions()
    lossless.lossless = true
    for options in [AnimationOptions(), lossless] {
      let bytes = try encode(.gif, frames, options)
      let d = try pillowDecode(bytes, ext: "gif")
      #expect(d.frames.count == frames.count)
      for k in 1..<frames.count {
        var differing = 0
        for y in 0..<PhotoFrames.height {
          for x in 0..<PhotoFrames.width where !PhotoFrames.moving(k, x: x, y: y) && !PhotoFrames.moving(k - 1, x: x, y: y) {
            let i = (y * PhotoFrames.width + x) * 4
            if d.frames[k][i..<(i + 4)] != d.frames[k - 1][i..<(i + 4)] { differing += 1 }
          }
        }
        #expect(differing == 0, "frame \(k): \(differing) static pixels changed (lossless: \(options.lossless))")
        // The moving squares are still drawn where they are now.
        let i = (5 * PhotoFrames.width + 2 + k * 3 + 4) * 4
        #expect(Array(d.frames[k][i..<(i + 3)]) == [250, 250, UInt8(k * 20)], "frame \(k)")
      }
    }
  }
}
