import Foundation
import Pixels
import Testing
@testable import FrameEncoding

@Suite("GIF ordered dithering")
struct GIFDitherTests {
  /// 16 grays 0, 17, …, 255: a coarse palette, so gray ramps band without dithering.
  let grays: [UInt32] = (0..<16).map { UInt32($0 * 17) * 0x010101 }

  /// A W×H frame (RGBA words) from a gray function.
  func frame(_ w: Int, _ h: Int, _ gray: (Int, Int) -> Int) -> [UInt32] {
    var px = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h { for x in 0..<w { px[y * w + x] = 0xFF00_0000 | UInt32(gray(x, y)) * 0x010101 } }
    return px
  }

  /// Runs `OrderedDither.apply` on `rect` of `px`, starting from every pixel's nearest index
  /// in `palette` (the 16 grays unless given).
  func dither(
    _ mode: GIFDither, _ px: [UInt32], width: Int, rect: (x0: Int, y0: Int, x1: Int, y1: Int),
    palette: [UInt32]? = nil, activity: [UInt8]? = nil
  ) -> [UInt8] {
    let palette = palette ?? grays
    let near = NearestColor(palette: palette)
    var indices: [UInt8] = []
    for y in rect.y0...rect.y1 {
      for x in rect.x0...rect.x1 {
        let g = Int(px[y * width + x] & 0xFF)
        indices.append(UInt8(near.nearest(r: g, g: g, b: g)))
      }
    }
    let slots = [Int32](repeating: 0, count: indices.count)
    _ = px.withUnsafeBufferPointer { p in
      slots.withUnsafeBufferPointer { s in
        indices.withUnsafeMutableBufferPointer { i in
          (activity ?? []).withUnsafeBufferPointer { a in
            OrderedDither.apply(
              mode: mode, frame: p.baseAddress!, width: width, rect: rect, slots: s.baseAddress!,
              indices: i.baseAddress!, palette: palette, activity: activity == nil ? nil : a.baseAddress)
          }
        }
      }
    }
    return indices
  }

  @Test(
    "visual-masking: flat pixels (activity 0) keep their nearest entry; the others of the same gray are mixed as without activity"
  )
  func flatPixelsAreNotDithered() {
    // Gray 8 (between entries 0 and 17) everywhere; the left half of the 16 × 8 frame flat.
    let w = 16, h = 8
    let px = frame(w, h) { _, _ in 8 }
    let activity = (0..<(w * h)).map { p in p % w < 8 ? UInt8(0) : 1 }
    let plain = dither(.ordered, px, width: w, rect: (0, 0, w - 1, h - 1))
    let masked = dither(.ordered, px, width: w, rect: (0, 0, w - 1, h - 1), activity: activity)
    #expect(plain.contains(1) && plain.contains(0))
    for p in 0..<(w * h) { #expect(masked[p] == (p % w < 8 ? 0 : plain[p]), "pixel \(p % w), \(p / w)") }
  }

  @Test("The Bayer matrix holds each threshold 0..<64 once and repeats every 8 pixels")
  func bayerMatrix() {
    #expect(OrderedDither.bayer.sorted() == (0..<64).map(Int32.init))
    #expect(OrderedDither.threshold(x: 3, y: 5) == OrderedDither.threshold(x: 3 + 8, y: 5 + 16))
  }

  @Test(
    "dithering-keeps-the-mean: on a palette of uneven steps (grays 0, 200, 240, 255; the typical step, its amplitude, is 40), a flat gray that is an entry is left alone, one between two entries at most 40 apart mixes them so that every 8×8 block's mean is the gray (to 1/128 of the step), near white too, and one far from the midpoint of a wider step stays at its nearest entry"
  )
  func blockMeanIsTheColor() {
    let uneven: [UInt32] = [0, 200, 240, 255].map { UInt32($0) * 0x010101 }
    #expect(OrderedDither.amplitude(uneven) == 40)
    let levels = uneven.map { Double($0 & 0xFF) }
    let w = 16, h = 16
    // Each gray, the two entries it lies between and the mean every block shows.
    let cases: [(gray: Int, lo: Double, hi: Double, mean: Double)] = [
      (255, 255, 255, 255), (200, 200, 200, 200), (250, 240, 255, 250), (230, 200, 240, 230), (120, 200, 200, 200),
    ]
    for c in cases {
      let indices = dither(
        .ordered, frame(w, h) { _, _ in c.gray }, width: w, rect: (0, 0, w - 1, h - 1), palette: uneven)
      for by in stride(from: 0, to: h, by: 8) {
        for bx in stride(from: 0, to: w, by: 8) {
          var sum = 0.0
          for y in by..<(by + 8) { for x in bx..<(bx + 8) { sum += levels[Int(indices[y * w + x])] } }
          let mean = sum / 64
          #expect(abs(mean - c.mean) <= (c.hi - c.lo) / 128, "gray \(c.gray), block \(bx),\(by): mean \(mean)")
        }
      }
      let used = Set(indices.map { levels[Int($0)] })
      #expect(used.isSubset(of: [c.lo, c.hi]), "gray \(c.gray) uses \(used.sorted())")
    }
  }

  @Test(
    "The pattern is anchored to the screen: one region coded in rectangles with different origins gets the same indices"
  )
  func anchoredToScreen() {
    let w = 40, h = 24
    let px = frame(w, h) { x, _ in 60 + x * 2 }
    let whole = dither(.ordered, px, width: w, rect: (0, 0, w - 1, h - 1))
    let inner = dither(.ordered, px, width: w, rect: (3, 5, w - 1, h - 1))
    var same = 0, total = 0
    for y in 5..<h {
      for x in 3..<w {
        total += 1
        if whole[y * w + x] == inner[(y - 5) * (w - 3) + (x - 3)] { same += 1 }
      }
    }
    #expect(same == total)
    // And the ramp is really dithered: one source gray decodes to two palette entries.
    let column = (0..<h).map { whole[$0 * w + 10] }
    #expect(Set(column).count == 2)
  }

  @Test("auto dithers blocks of a smooth ramp and leaves noisy blocks at their nearest colors")
  func autoOnlyWhereNeeded() {
    let w = 32, h = 16
    // Left half: noise of ±12 around mid gray; right half: a slow ramp.
    let px = frame(w, h) { x, y in
      if x < 16 { return 128 + Int((UInt32(x * 7919 + y * 104_729) &* 2_654_435_761) >> 27) - 12 }
      return 100 + (x - 16)
    }
    let nearest = dither(.none, px, width: w, rect: (0, 0, w - 1, h - 1))
    let auto = dither(.auto, px, width: w, rect: (0, 0, w - 1, h - 1))
    var changedLeft = 0, changedRight = 0
    for y in 0..<h {
      for x in 0..<w where nearest[y * w + x] != auto[y * w + x] {
        if x < 16 { changedLeft += 1 } else { changedRight += 1 }
      }
    }
    #expect(changedLeft == 0)
    #expect(changedRight > 0)
  }

  @Test("Frames that fit the palette are never dithered: the same bytes with none, auto and ordered")
  func exactFramesUntouched() throws {
    let frames = (0..<4).map { Frames.flat($0) }
    var o = EncodingOptions()
    o.dither = .none
    let none = try encode(.gif, frames, o)
    for mode in [GIFDither.auto, .ordered] {
      o.dither = mode
      #expect(try encode(.gif, frames, o) == none, "\(mode)")
    }
  }

  @Test(
    "With ordered dithering a static region still decodes identically frame to frame (up to the last, held frame, which decodes as the frame alone), and the bytes are the same on every run and with the LZW segments on one thread or several"
  )
  func orderedStableAndDeterministic() throws {
    let frames = (0..<4).map { PhotoFrames.frame($0) }
    var o = EncodingOptions()
    o.dither = .ordered
    // LZW segments (six of 1,000 pixels) even on these small frames.
    func run(threads: Int) throws -> [UInt8] {
      try encodeGIFSegments(frames, o, threads: threads, partPixels: 1000)
    }
    let bytes = try run(threads: 1)
    #expect(try run(threads: 2) == bytes)
    #expect(try run(threads: 4) == bytes)
    #expect(try run(threads: 1) == bytes)
    o.dither = .none
    #expect(try encode(.gif, frames, o) != bytes, "ordered dithering changed the quantized frames")
    let d = try pillowDecode(bytes, ext: "gif")
    #expect(d.frames.count == frames.count)
    for k in 1..<frames.count {
      if k < frames.count - 1 {
        let differing = PhotoFrames.staticPixelsChanged(d.frames[k], since: d.frames[k - 1], frame: k)
        #expect(differing == 0, "frame \(k)")
      }
      #expect(psnr(d.frames[k], frames[k].pixels) >= 30, "frame \(k)")
    }
    o.dither = .ordered
    let alone = try pillowDecode(try encode(.gif, [frames.last!], o), ext: "gif")
    #expect(d.frames.last == alone.frames.first, "the last frame decodes as the frame encoded alone")
  }
}
