import Pixels
import Testing
@testable import FrameEncoding

@Suite("GIF options")
struct GIFOptionsTests {
  @Test(
    "The lossy tolerance follows quality; photo-like frames get three quarters of it; an explicit tolerance applies to every frame; lossless turns both off"
  )
  func tolerances() {
    var o = EncodingOptions()
    #expect(o.effectiveGIFTolerance == 12 && o.effectiveGIFPhotoTolerance == 9)
    o.quality = 50
    #expect(o.effectiveGIFTolerance == 24 && o.effectiveGIFPhotoTolerance == 18)
    o.quality = 100
    #expect(o.effectiveGIFTolerance == 0 && o.effectiveGIFPhotoTolerance == 0)
    o.gifTolerance = 5
    #expect(o.effectiveGIFTolerance == 5 && o.effectiveGIFPhotoTolerance == 5)
    o.lossless = true
    #expect(o.effectiveGIFTolerance == 0 && o.effectiveGIFPhotoTolerance == 0)
  }

  @Test(
    "Above quality ~88, a frame of more than 32,768 colors maps every pixel to its nearest palette color (no 5-5-5 cell shortcut)"
  )
  func exactMappingAtHighQuality() throws {
    // 256x160 pixels of scattered colors: ~40,000 distinct, so the frame is photo-like.
    let width = 256, height = 160
    var img = RGBAImage(width: width, height: height)!
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for y in 0..<height {
      for x in 0..<width {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let v = state >> 33
        img[x, y] = RGBA8(
          UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16))
      }
    }
    var o = EncodingOptions()
    o.quality = 100
    let decoded = try pillowDecode(try encode(.gif, [img], o), ext: "gif").frames[0]
    // Every palette entry that is nearest to some pixel shows up in the decoded frame, so the
    // decoded colors are enough to find a pixel mapped to a farther color than necessary.
    var used = Set<UInt32>()
    for p in 0..<(width * height) {
      let r = UInt32(decoded[4 * p]), g = UInt32(decoded[4 * p + 1]), b = UInt32(decoded[4 * p + 2])
      used.insert(r << 16 | g << 8 | b)
    }
    let palette = used.map { (Int($0 >> 16), Int(($0 >> 8) & 0xFF), Int($0 & 0xFF)) }
    var farther = 0
    for p in 0..<(width * height) {
      let s = (Int(img.pixels[4 * p]), Int(img.pixels[4 * p + 1]), Int(img.pixels[4 * p + 2]))
      func d(_ c: (Int, Int, Int)) -> Int {
        (c.0 - s.0) * (c.0 - s.0) + (c.1 - s.1) * (c.1 - s.1) + (c.2 - s.2) * (c.2 - s.2)
      }
      let got = d((Int(decoded[4 * p]), Int(decoded[4 * p + 1]), Int(decoded[4 * p + 2])))
      if palette.contains(where: { d($0) < got }) { farther += 1 }
    }
    #expect(palette.count > 200)
    #expect(farther == 0, "\(farther) of \(width * height) pixels mapped to a farther color")
  }
}
