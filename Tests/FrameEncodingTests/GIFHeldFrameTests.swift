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
    "held-frames-are-clean: a last frame whose own colors do not fit 256 decodes as the frame alone (quantized) even when what changed since the previous frame fits 256 (Pillow)"
  )
  func lastFrameQuantizedByItsOwnColors() throws {
    // 20 shades in the top rows, the same in both frames; below them the first frame is flat
    // and the last holds 250 more shades: the changed region fits a table, the frame does not.
    func frame(shadedBody: Bool) -> RGBAImage {
      var img = RGBAImage(width: 100, height: 60)!
      for y in 0..<60 {
        for x in 0..<100 {
          if y < 10 {
            img[x, y] = RGBA8(UInt8(10 + (x / 5) * 3), 30, 200)
          } else if shadedBody {
            let k = (x + (y - 10) * 100) / 20
            img[x, y] = RGBA8(UInt8(k), UInt8(255 - k), 120)
          } else {
            img[x, y] = RGBA8(240, 240, 240)
          }
        }
      }
      return img
    }
    let frames = [frame(shadedBody: false), frame(shadedBody: true)]
    let colors = Set((0..<6000).map { frames[1][$0 % 100, $0 / 100] }).count
    #expect(colors > 256, "the last frame needs quantizing: \(colors) colors")
    let d = try pillowDecode(try encode(.gif, frames, EncodingOptions()), ext: "gif")
    let alone = try pillowDecode(try encode(.gif, [frames[1]], EncodingOptions()), ext: "gif")
    let (held, single) = (d.frames.last ?? [], alone.frames.first ?? [])
    let differing = zip(held, single).filter { $0 != $1 }.count
    #expect(held.count == single.count && differing == 0, "\(differing) channel values differ")
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
  /// A 96x64 settings-like screen: a tinted background, a white card, a blue bar, a green
  /// switch and a noisy photo (hundreds of colors, so every frame is quantized), with a small
  /// square at a place that depends on `i`. The background is far enough from white that even
  /// quality 1 keeps both as entries, closer to each other than the palette's typical step.
  static func screenWithPhoto(_ i: Int) -> RGBAImage {
    var img = RGBAImage(width: 96, height: 64, fill: RGBA8(230, 230, 236))!
    for y in 0..<6 { for x in 0..<96 { img[x, y] = RGBA8(0, 122, 255) } }
    for y in 10..<58 { for x in 4..<92 { img[x, y] = RGBA8(255, 255, 255) } }
    for y in 14..<20 { for x in 8..<22 { img[x, y] = RGBA8(52, 199, 89) } }
    for y in 24..<54 { for x in 50..<88 { img[x, y] = PhotoFrames.background(x: x, y: y) } }
    for y in 40..<46 { for x in (8 + 4 * i)..<(14 + 4 * i) { img[x, y] = RGBA8(255, 59, 48) } }
    return img
  }

  /// The mean of each color channel over an RGBA buffer.
  static func meanColor(_ rgba: [UInt8]) -> [Double] {
    (0..<3).map { c in
      stride(from: c, to: rgba.count, by: 4).reduce(0.0) { $0 + Double(rgba[$1]) } / Double(rgba.count / 4)
    }
  }

  @Test(
    "held-frames-are-clean with dithering: at quality 1 with ordered or auto dithering, the first and last frames of a screen with a photo decode (Pillow) within 3 dB of the same frame encoded alone without dithering, with the source's mean color (no cast: within 1 level a channel)"
  )
  func ditheredHeldFramesStayClean() throws {
    let frames = (0..<4).map { Self.screenWithPhoto($0) }
    for mode in [GIFDither.ordered, .auto] {
      var options = EncodingOptions()
      options.quality = 1
      options.dither = mode
      let d = try pillowDecode(try encode(.gif, frames, options), ext: "gif")
      #expect(d.frames.count == frames.count)
      options.dither = .none
      for (decoded, source) in [(d.frames.first!, frames.first!), (d.frames.last!, frames.last!)] {
        let undithered = try pillowDecode(try encode(.gif, [source], options), ext: "gif").frames[0]
        let floor = psnr(undithered, source.pixels) - 3
        #expect(psnr(decoded, source.pixels) >= floor, "\(mode): \(psnr(decoded, source.pixels)) dB, floor \(floor)")
        let cast = zip(Self.meanColor(decoded), Self.meanColor(source.pixels)).map { abs($0 - $1) }
        #expect(cast.allSatisfy { $0 <= 1 }, "\(mode): mean color off by \(cast)")
      }
    }
  }
}
