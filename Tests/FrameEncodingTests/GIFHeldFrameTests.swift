import Foundation
import Pixels
import Testing

@testable import FrameEncoding

/// Held frames are what a viewer stares at: the first, the last (the hold before a loop, the
/// settled end state) and any frame on screen for 1.5 frame intervals or more. At the default
/// quality they are coded clean (see `GIFEncoderCore.emit`).
@Suite("GIF held frames")
struct GIFHeldFrameTests {
  /// A 96x64 frame of `colors` neighbouring shades (1 level apart, so lossy LZW could swap
  /// them within its tolerance) in vertical bands, with a light bar at row `bar`.
  static func shaded(colors: Int, bar: Int?, shift: Int = 0) -> RGBAImage {
    var img = RGBAImage(width: 96, height: 64)!
    for y in 0..<64 {
      for x in 0..<96 {
        let k = ((x + y * 96) / 31 + shift) % colors
        img[x, y] = RGBA8(UInt8(40 + k), UInt8(200 - k / 2), UInt8(90 + k % 7))
      }
    }
    if let bar { for y in bar..<min(64, bar + 6) { for x in 0..<96 { img[x, y] = RGBA8(250, 250, 250) } } }
    return img
  }

  /// Frames in which a light bar overshoots below its resting row and settles back, over a
  /// background whose shades shift every frame (so every frame is coded lossily).
  static var overshoot: [RGBAImage] {
    [20, 40, 52, 56, 50, 46, 44].enumerated().map { i, bar in shaded(colors: 180, bar: bar, shift: i) } + [
      shaded(colors: 180, bar: 44, shift: 7)
    ]
  }

  @Test(
    "At the default quality, a first and a last frame whose colors fit 256 decode exactly (Pillow), while the frames between are lossy"
  )
  func firstAndLastExact() throws {
    let frames = Self.overshoot
    let d = try pillowDecode(try encode(.gif, frames, EncodingOptions()), ext: "gif")
    #expect(d.frames.count == frames.count)
    #expect(d.frames.first == frames.first!.pixels, "first frame")
    #expect(d.frames.last == frames.last!.pixels, "last frame")
    let lossyBetween = (1..<(frames.count - 1)).contains { d.frames[$0] != frames[$0].pixels }
    #expect(lossyBetween, "the frames between are coded within the tolerance, not exactly")
  }

  @Test(
    "The last frame carries no residue of earlier frames: it decodes as the same frame encoded alone, exact or quantized"
  )
  func lastFrameAsAlone() throws {
    let quantized = (0..<5).map { PhotoFrames.frame($0) }
    for frames in [Self.overshoot, quantized] {
      let d = try pillowDecode(try encode(.gif, frames, EncodingOptions()), ext: "gif")
      let alone = try pillowDecode(try encode(.gif, [frames.last!], EncodingOptions()), ext: "gif")
      #expect(d.frames.last == alone.frames.first, "\(frames[0].width)x\(frames[0].height), \(frames.count) frames")
    }
  }

  @Test(
    "A frame held in the middle (identical frames merged into one 1.5 intervals long or longer) decodes exactly when its colors fit 256"
  )
  func heldMiddleFrameExact() throws {
    let moving = Self.overshoot
    let frames = Array(moving[0..<4]) + [moving[4], moving[4], moving[4]] + Array(moving[5...])
    let d = try pillowDecode(try encode(.gif, frames, EncodingOptions()), ext: "gif")
    #expect(d.frames.count == frames.count - 2, "the three identical frames play as one")
    #expect(d.durations[4] == 100, "held for three frame intervals: 10 cs from the rounded starts 13 and 23 cs")
    #expect(d.frames[4] == moving[4].pixels)
  }
}
