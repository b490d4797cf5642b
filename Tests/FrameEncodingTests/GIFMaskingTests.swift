import Foundation
import Pixels
import Testing
@testable import FrameEncoding

/// A cross-dissolve of two UI-like screens: white and light grey backgrounds, rows of short
/// dark strokes (text), a colored bar and a button, blended in eleven steps. Each frame holds
/// fewer than 256 colors, so every error in the decoded frames is lossy LZW's own.
enum DissolveFrames {
  static let width = 240, height = 200, steps = 11

  /// Screen A (`second` false) or B at (x, y).
  static func screen(_ second: Bool, x: Int, y: Int) -> RGBA8 {
    var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ (second ? 83_492_791 : 0))
    h = (h ^ (h >> 13)) &* 0x5BD1_E995
    h ^= h >> 15
    let line = (y - (second ? 12 : 8)) % 14
    if !second && y >= height - 20 && y < height - 10 && x >= 10 && x < width - 10 { return RGBA8(30, 120, 220) }
    if second && y >= height - 28 && y < height - 12 && x >= 20 && x < width - 20 { return RGBA8(0, 122, 255) }
    // Text: strokes on rows 0...6 of each 14-row line, between margins, with gaps.
    if y < height - 30 && line >= 0 && line < 7 && x >= 8 && x < width - 8 && h % 5 < 2 {
      return second ? RGBA8(60, 60, 67) : RGBA8(20, 20, 20)
    }
    return second ? RGBA8(242, 242, 247) : RGBA8(255, 255, 255)
  }

  /// Step i of `steps` from screen A to screen B.
  static func frame(_ i: Int) -> RGBAImage {
    var img = RGBAImage(width: width, height: height)!
    for y in 0..<height {
      for x in 0..<width {
        let a = screen(false, x: x, y: y), b = screen(true, x: x, y: y)
        func mix(_ u: UInt8, _ v: UInt8) -> UInt8 { UInt8((Int(u) * (steps - i) + Int(v) * i + steps / 2) / steps) }
        img[x, y] = RGBA8(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
      }
    }
    return img
  }

  /// Whether (x, y)'s 3 × 3 neighbourhood (inside the frame) is one color in `img`.
  static func flat(_ img: RGBAImage, x: Int, y: Int) -> Bool {
    for dy in -1...1 {
      for dx in -1...1 {
        let u = x + dx, v = y + dy
        if u >= 0 && u < img.width && v >= 0 && v < img.height && img[u, v] != img[x, y] { return false }
      }
    }
    return true
  }
}

@Suite("GIF visual masking")
struct GIFMaskingTests {
  @Test(
    "visual-masking: a pixel's activity is the largest channel range of its 3 × 3 neighbourhood (neighbours outside the frame left out), 0 exactly where the neighbourhood is one color, whatever rows are measured together"
  )
  func activityIsNeighbourhoodRange() {
    var rand = SeededRandom(seed: 5)
    for trial in 0..<120 {
      let w = 1 + rand(45), h = 1 + rand(20)
      // Patches of a few colors (flat areas), with noise, transparent words and alpha edges.
      let colors = (0..<3).map { _ in UInt32(0xFF00_0000) | UInt32(rand(1 << 24)) }
      let frame: [UInt32] = (0..<(w * h)).map { p in
        let x = p % w, y = p / w
        if rand(30) == 0 { return UInt32(rand(Int(UInt32.max >> 1))) }
        if rand(40) == 0 { return 0 }
        return colors[(x / 7 + y / 5) % colors.count]
      }
      var expected = [UInt8](repeating: 0, count: w * h)
      for y in 0..<h {
        for x in 0..<w {
          var largest = 0
          for shift: UInt32 in [0, 8, 16, 24] {
            var lo = 255, hi = 0
            for v in max(0, y - 1)...min(h - 1, y + 1) {
              for u in max(0, x - 1)...min(w - 1, x + 1) {
                let c = Int((frame[v * w + u] >> shift) & 0xFF)
                lo = min(lo, c)
                hi = max(hi, c)
              }
            }
            largest = max(largest, hi - lo)
          }
          expected[y * w + x] = UInt8(largest)
        }
      }
      // The rows measured in one pass, or in parts of any size.
      let cut = rand(h + 1)
      var got = [UInt8](repeating: 7, count: w * h)
      frame.withUnsafeBufferPointer { f in
        got.withUnsafeMutableBufferPointer { a in
          for rows in [0..<cut, cut..<h] {
            VisualMasking.activity(f.baseAddress!, width: w, height: h, rows: rows, into: a.baseAddress!)
          }
        }
      }
      #expect(got == expected, "trial \(trial): \(w)x\(h), rows cut at \(cut)")
    }
  }

  @Test(
    "visual-masking: a flat pixel may take no error, a smooth one about its own step, an edge the frame's tolerance and a strong edge half as much again"
  )
  func toleranceByActivity() {
    let t = VisualMasking.table(tolerance: 12)
    #expect(t.count == 256)
    #expect([t[0], t[1], t[2], t[7], t[12], t[30], t[47], t[48], t[255]] == [0, 1, 2, 7, 12, 12, 12, 18, 18])
    #expect(VisualMasking.table(tolerance: 60)[255] == 64)  // the tolerance's own ceiling
    #expect(VisualMasking.table(tolerance: 0).allSatisfy { $0 == 0 })
  }

  @Test(
    "visual-masking: in a cross-dissolve of UI screens at quality 40 no flat pixel decodes more than 6 levels off and no pixel is further off than the largest tolerance (42 levels), in Pillow and in ffmpeg, on one thread or several"
  )
  func dissolveKeepsFlatAreasClean() throws {
    let frames = (0...DissolveFrames.steps).map { DissolveFrames.frame($0) }
    var o = EncodingOptions()
    o.quality = 40
    // 48,000 pixels: segments of 12,000.
    let bytes = try encodeGIFSegments(frames, o, threads: 1, partPixels: 12_000)
    #expect(try encodeGIFSegments(frames, o, threads: 3, partPixels: 12_000) == bytes)
    let pillow = try pillowDecode(bytes, ext: "gif").frames
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dissolve-\(UUID().uuidString).gif").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let ffmpeg = try ffmpegFrames(path, width: DissolveFrames.width, height: DissolveFrames.height)
    #expect(pillow.count == frames.count)
    if let ffmpeg { #expect(ffmpeg == pillow, "ffmpeg and Pillow decode the same pixels") }
    var lossy = 0
    for (k, f) in frames.enumerated() {
      var speckles = 0, worst = 0
      for y in 0..<f.height {
        for x in 0..<f.width {
          let i = (y * f.width + x) * 4
          let off = (0..<3).map { abs(Int(pillow[k][i + $0]) - Int(f.pixels[i + $0])) }.max()!
          if off > 0 { lossy += 1 }
          worst = max(worst, off)
          if off > 6 && DissolveFrames.flat(f, x: x, y: y) { speckles += 1 }
        }
      }
      #expect(speckles == 0, "frame \(k): \(speckles) flat pixels more than 6 levels off")
      #expect(worst <= 42, "frame \(k): a pixel \(worst) levels off")
    }
    #expect(lossy > 0, "lossy LZW changed nothing")
  }

  @Test(
    "visual-masking: a small flat patch of a rare color in a frame that must be quantized decodes within 6 levels, on the held frames and on the moving ones"
  )
  func flatColorsKeepTheirEntry() throws {
    // A flat area of one color over the top half, a smooth gradient (thousands of colors)
    // below, and a 6 × 6 patch of a color 16 levels from the flat area's moving across.
    // Weighed by pixels, the patch belongs with the flat area.
    func frame(_ i: Int) -> RGBAImage {
      var img = RGBAImage(width: 80, height: 60)!
      for y in 0..<60 {
        for x in 0..<80 {
          let patch = x >= 10 + 8 * i && x < 16 + 8 * i && y >= 20 && y < 26
          img[x, y] =
            patch
            ? RGBA8(200, 60, 60)
            : y < 30 ? RGBA8(216, 68, 60) : RGBA8(UInt8(x * 3), UInt8(y * 4), UInt8(128 + (x + y) % 40))
        }
      }
      return img
    }
    let frames = (0..<4).map(frame)
    var o = EncodingOptions()
    o.quality = 40
    let decoded = try pillowDecode(try encode(.gif, frames, o), ext: "gif").frames
    #expect(decoded.count == frames.count)
    for k in frames.indices {
      var worst = 0
      for y in 21..<25 {
        for x in (11 + 8 * k)..<(15 + 8 * k) {
          let i = (y * 80 + x) * 4
          worst = max(worst, (0..<3).map { abs(Int(decoded[k][i + $0]) - Int(frames[k].pixels[i + $0])) }.max()!)
        }
      }
      #expect(worst <= 6, "frame \(k): the patch's flat pixels are \(worst) levels off")
    }
  }
}
