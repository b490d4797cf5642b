import Foundation
import Pixels
import Testing
@testable import FrameEncoding

@Suite("GIF encoder")
struct GIFTests {
  var lossless: EncodingOptions {
    var o = EncodingOptions()
    o.lossless = true
    return o
  }

  @Test("Frames that fit 256 colors decode exactly (Pillow), with frame differencing")
  func exactPalettes() throws {
    let frames = (0..<6).map { Frames.flat($0) }
    let bytes = try encode(.gif, frames, lossless)
    let d = try pillowDecode(bytes, ext: "gif")
    #expect(d.frames.count == 6)
    for (k, f) in frames.enumerated() { #expect(d.frames[k] == f.pixels, "frame \(k)") }
    // Later frames store only the changed rectangle: far smaller than the first.
    #expect(bytes.count < 6 * 700)
  }

  @Test("Frames with more than 256 colors are quantized within 30 dB PSNR (lossless mode) and stay deterministic")
  func quantized() throws {
    let frames = (0..<4).map { Frames.gradient($0) }
    let bytes = try encode(.gif, frames, lossless)
    let d = try pillowDecode(bytes, ext: "gif")
    #expect(d.frames.count == 4)
    for (k, f) in frames.enumerated() { #expect(psnr(d.frames[k], f.pixels) >= 30, "frame \(k)") }
    #expect(try encode(.gif, frames, lossless) == bytes)
  }

  @Test("Lossy GIF keeps every frame at or above its PSNR target (quality 80 → 50.5 dB)")
  func lossyBudget() throws {
    let frames = (0..<5).map { Frames.flat($0) } + (0..<3).map { Frames.gradient($0) }
    let bytes = try encode(.gif, frames, EncodingOptions())
    let d = try pillowDecode(bytes, ext: "gif")
    for k in 0..<5 { #expect(psnr(d.frames[k], frames[k].pixels) >= 50.4, "frame \(k)") }
    for k in 5..<8 { #expect(psnr(d.frames[k], frames[k].pixels) >= 30, "frame \(k)") }
  }

  @Test(
    "Large rectangles coded as LZW segments: the same bytes on 1, 2, 3 and 16 threads, decodable, within the PSNR target"
  )
  func segmentsDeterministic() throws {
    let frames =
      (0..<4).map { Frames.flat($0, width: 400, height: 240) }
      + (0..<2).map { Frames.gradient($0, width: 400, height: 240) }
    // 96,000 pixels: one segment per 12,000, eight in all (more than two threads take).
    func run(threads: Int) throws -> [UInt8] {
      try encodeGIFSegments(frames, EncodingOptions(), threads: threads, partPixels: 12_000)
    }
    let one = try run(threads: 1)
    for threads in [2, 3, 16, 2] { #expect(try run(threads: threads) == one, "\(threads) threads") }
    // The split is the encoder's own: other parts give other bytes.
    #expect(try encodeGIFSegments(frames, EncodingOptions(), threads: 1, partPixels: 30_000) != one)
    let d = try pillowDecode(one, ext: "gif")
    #expect(d.frames.count == frames.count)
    for k in 0..<4 { #expect(psnr(d.frames[k], frames[k].pixels) >= 50.4, "frame \(k)") }
    for k in 4..<6 { #expect(psnr(d.frames[k], frames[k].pixels) >= 30, "frame \(k)") }
  }

  @Test(
    "The changed rectangle is the bounding box of every pixel not the same as on screen (against a full scan, with and without tolerance)"
  )
  func changedRectangle() {
    var seed: UInt64 = 11
    func rand(_ m: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % m
    }
    for trial in 0..<300 {
      let w = 1 + rand(40), h = 1 + rand(30)
      let tol = UInt32(trial % 3 == 0 ? 3 : 0)
      // Opaque colors and transparent words; alpha-0 words with other RGB count as the same.
      let canvas: [UInt32] = (0..<(w * h)).map { _ in rand(5) == 0 ? 0 : 0xFF00_0000 | UInt32(rand(4) * 0x10101) }
      var frame = canvas
      for _ in 0..<rand(6) {
        let i = rand(w * h)
        switch rand(4) {
        case 0: frame[i] = UInt32(rand(256))  // transparent with stray RGB: same as a transparent canvas word
        case 1: frame[i] = canvas[i] >> 24 == 0 ? canvas[i] : canvas[i] ^ UInt32(1 + rand(2))  // within tolerance 3
        default: frame[i] = 0xFF00_0000 | UInt32(rand(1 << 24))
        }
      }
      // The rule, written out: two transparent words are the same whatever their RGB; an
      // opaque word is the same as an opaque one within `tol` on every channel.
      func same(_ a: UInt32, _ b: UInt32) -> Bool {
        if a >> 24 == 0 || b >> 24 == 0 { return a >> 24 == b >> 24 }
        for shift: UInt32 in [0, 8, 16] {
          let ca = Int((a >> shift) & 0xFF), cb = Int((b >> shift) & 0xFF)
          if abs(ca - cb) > Int(tol) { return false }
        }
        return true
      }
      var expected: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil
      for y in 0..<h {
        for x in 0..<w where !same(frame[y * w + x], canvas[y * w + x]) {
          if let e = expected {
            expected = (min(e.x0, x), e.y0, max(e.x1, x), y)
          } else {
            expected = (x, y, x, y)
          }
        }
      }
      let got = frame.withUnsafeBufferPointer { f in
        canvas.withUnsafeBufferPointer { c in
          GIFEncoderCore.changedRect(frame: f.baseAddress!, canvas: c.baseAddress!, width: w, height: h, tolerance: tol)
        }
      }
      #expect(
        got.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == expected.map { [$0.x0, $0.y0, $0.x1, $0.y1] }, "trial \(trial)")
    }
  }

  @Test(
    "A large rectangle classified in parts, on one thread or several, numbers and counts its colors exactly as one pass does"
  )
  func classifyInParts() throws {
    let width = 300, height = 240, n = width * height
    // Gradient (thousands of colors) over a screen showing another frame: some pixels kept.
    let frame = Frames.gradient(1, width: width, height: height).pixels
    var screen = Frames.gradient(0, width: width, height: height).pixels
    for i in stride(from: 0, to: screen.count, by: 4 * 7) {
      screen[i + 3] = 0; screen[i] = 0; screen[i + 1] = 0; screen[i + 2] = 0
    }
    func classify(minPixels: Int, threads: Int) -> (
      slots: [Int32], colors: [UInt32], counts: [UInt32], transparent: Bool, split: Bool
    ) {
      let core = GIFEncoderCore(sink: MemorySink(), options: EncodingOptions())
      core.width = width
      core.height = height
      core.canvas = screen
      core.segmentMinPixels = minPixels
      core.segmentPixels = minPixels
      core.threads = threads
      core.slotOf = [Int32](repeating: 0, count: n)
      let (transparent, later) = core.classifyRect(
        frame, rect: (0, 0, width - 1, height - 1), first: false, tolerance: 0)
      // Every pixel's slot in the one histogram.
      var slots = core.slotOf
      for (k, part) in later.enumerated() {
        let end = k + 1 < later.count ? later[k + 1].start : n
        for p in part.start..<end where slots[p] >= 0 { slots[p] = part.slots[Int(slots[p])] }
      }
      return (slots, core.histogram.colors, core.histogram.counts, transparent, !later.isEmpty)
    }
    let whole = classify(minPixels: Int.max, threads: 1)
    #expect(!whole.split)
    #expect(whole.colors.count > 1000)
    // 72,000 pixels: two parts of rows, or seven of 10,000 pixels (34 rows of 300 each, one 36).
    for (minPixels, threads) in [(65536, 1), (65536, 2), (10_000, 1), (10_000, 3), (10_000, 16)] {
      let parts = classify(minPixels: minPixels, threads: threads)
      let what = "parts of \(minPixels) pixels, \(threads) threads"
      #expect(parts.split)
      #expect(parts.colors == whole.colors, "\(what)")
      #expect(parts.counts == whole.counts, "\(what)")
      #expect(parts.transparent == whole.transparent)
      let same = parts.slots == whole.slots  // (not two long arrays on failure)
      #expect(same, "\(what)")
    }
  }

  @Test("Delays come from cumulative centiseconds: 30 fps gives 3,4,3,3,4,3… cs")
  func delays30fps() throws {
    let frames = (0..<7).map { Frames.flat($0) }
    let d = try pillowDecode(try encode(.gif, frames, lossless), ext: "gif")
    #expect(d.durations == [30, 40, 30, 30, 40, 30, 30])
    #expect(FrameTiming(fps: 30).start(3, unitsPerSecond: 100) == 10)
  }

  @Test("Hold times lengthen the first and last frames")
  func holds() throws {
    var o = lossless
    o.fps = 25
    o.holdFirst = 0.5
    o.holdLast = 1
    let d = try pillowDecode(try encode(.gif, (0..<3).map { Frames.flat($0) }, o), ext: "gif")
    #expect(d.durations == [540, 40, 1040])
  }

  @Test("Identical consecutive frames merge into one longer frame")
  func merge() throws {
    let frames = [Frames.flat(0), Frames.flat(0), Frames.flat(0), Frames.flat(1)]
    let d = try pillowDecode(try encode(.gif, frames, lossless), ext: "gif")
    #expect(d.frames.count == 2)
    #expect(d.durations == [100, 30])
  }

  @Test("fps above 50 is refused with a message about browsers' 10 cs clamp")
  func fpsLimit() throws {
    var o = EncodingOptions()
    o.fps = 60
    do {
      _ = try GIFEncoder(sink: MemorySink(), options: o)
      Issue.record("60 fps accepted")
    } catch let e as EncodingError {
      #expect(e.description.contains("50 fps"))
      #expect(e.description.contains("10 cs"))
    }
  }

  @Test("With dropFramesToFit, 60 fps drops frames so every delay is at least 2 cs and the last frame is kept")
  func dropFrames() throws {
    var o = lossless
    o.fps = 60
    o.dropFramesToFit = true
    let frames = (0..<12).map { Frames.flat($0) }
    let d = try pillowDecode(try encode(.gif, frames, o), ext: "gif")
    #expect(d.durations.allSatisfy { $0 >= 20 })
    #expect(d.durations.reduce(0, +) == 200)
    #expect(d.frames.last! == frames.last!.pixels)
  }

  @Test("Loop count: forever → NETSCAPE 0, plays(1) → no block, plays(3) → 2 repeats")
  func loops() throws {
    var o = lossless
    let frames = [Frames.flat(0), Frames.flat(1)]
    o.loop = .forever
    #expect(try pillowDecode(try encode(.gif, frames, o), ext: "gif").loop == 0)
    o.loop = .plays(1)
    let once = try encode(.gif, frames, o)
    #expect(try pillowDecode(once, ext: "gif").loop == nil)
    #expect(!String(decoding: once, as: UTF8.self).contains("NETSCAPE"))
    o.loop = .plays(3)
    #expect(try pillowDecode(try encode(.gif, frames, o), ext: "gif").loop == 2)
  }

  @Test(
    "1-bit alpha: alpha < 128 is transparent, the rest is composited over the matte; pixels that turn transparent use disposal 2"
  )
  func transparency() throws {
    var o = lossless
    o.matte = RGBA8(255, 255, 255)
    let frames = (0..<5).map { Frames.alpha($0) }
    let d = try pillowDecode(try encode(.gif, frames, o), ext: "gif")
    #expect(d.frames.count == 5)
    for (k, f) in frames.enumerated() {
      #expect(psnr(d.frames[k], gifExpectation(f, matte: o.matte)) == 100, "frame \(k)")
    }
    #expect(d.disposals.contains(2))
  }

  @Test("Frames of another size are refused; finishing twice is an error")
  func misuse() throws {
    var e = try GIFEncoder(sink: MemorySink(), options: lossless)
    try e.add(Frames.flat(0))
    #expect(throws: EncodingError.self) { try e.add(Frames.alpha(0)) }
    try e.finish()
    #expect(throws: EncodingError.self) { try e.finish() }
    var empty = try GIFEncoder(sink: MemorySink(), options: lossless)
    #expect(throws: EncodingError.noFrames) { try empty.finish() }
  }
}

@Suite("LZW")
struct LZWTests {
  @Test("LZW round trips through our decoder for every minimum code size, across table resets")
  func roundTrip() throws {
    var seed: UInt64 = 42
    func rand() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 33
    }
    let enc = LZWEncoder()
    for mcs in 2...8 {
      for kind in 0..<3 {
        let n = kind == 0 ? 1 : 20_000
        var idx = [UInt8](repeating: 0, count: n)
        for i in 0..<n {
          switch kind {
          case 1: idx[i] = UInt8(rand() % UInt64(1 << mcs))  // noise: many resets
          default: idx[i] = UInt8((i / 37) % (1 << mcs))  // runs
          }
        }
        var out = [UInt8]()
        idx.withUnsafeBufferPointer { enc.encode($0, minCodeSize: mcs, into: &out) }
        #expect(Int(out[0]) == mcs)
        // Join sub-blocks.
        var data = [UInt8]()
        var i = 1
        while out[i] != 0 {
          let len = Int(out[i])
          data += out[(i + 1)...(i + len)]
          i += len + 1
        }
        #expect(i == out.count - 1)
        let back = try lzwDecode(data, minCodeSize: mcs, count: n)
        #expect(back == idx, "mcs \(mcs) kind \(kind)")
      }
    }
  }

  @Test(
    "Lossy LZW's pruned search codes exactly what the plain search codes: same bits, same chosen pixels, across table resets"
  )
  // The pruning includes the children's suffix masks: with 255 indices, suffixes 32 apart
  // share a bit, so the exact match both stops at a clear bit and walks lists past false hits.
  func lossyMatchesReference() throws {
    var seed: UInt64 = 7
    func rand(_ m: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % m
    }
    let enc = LZWEncoder()
    // (minimum code size, row width, noise per mille, transparent per mille, budget). The last
    // case, nearly noiseless, grows deep strings whose tallest child is mostly the exact one:
    // there a step skips the walk over the other children when they reach no further than the
    // best string.
    let cases: [(Int, Int, Int, Int, Double)] = [
      (2, 50, 5, 0, 1e9), (4, 97, 20, 30, 2e5), (7, 375, 10, 50, 5e5), (8, 120, 200, 0, 1e6), (8, 64, 2, 300, 1e4),
      (6, 240, 1, 10, 3e6),
    ]
    var resets = 0
    for (mcs, width, noise, clearRate, budget) in cases {
      let colors = (1 << mcs) - 1  // the last index is the transparent one
      // Palette entries in pairs a few steps apart, so substitutions within tolerance exist.
      let palette: [UInt32] = (0..<colors).map { k in
        let v = UInt32((k / 2) * 37 % 256), d = UInt32(k % 2 * 5)
        return (v + d) << 16 | (255 - v) << 8 | (v * 3 + d) & 0xFF
      }
      let n = 30_000
      var idx = [UInt8](repeating: 0, count: n)
      // Frame and screen as RGBA words (what LossyTarget reads); 0 is transparent.
      var frame = [UInt32](repeating: 0, count: n), screen = frame
      // Rows that mostly repeat the row above (flat UI), runs, some noise and transparency.
      var run = 0, color = 0
      for i in 0..<n {
        if i >= width && rand(100) < 85 {
          idx[i] = idx[i - width]
        } else {
          if run == 0 { color = rand(colors); run = 1 + rand(40) }
          run -= 1
          idx[i] = UInt8(color)
        }
        if rand(1000) < noise { idx[i] = UInt8(rand(colors)) }
        let jitter = UInt32(rand(3))
        frame[i] = Int(idx[i]) < colors ? rgbaWord(palette[Int(idx[i])] ^ jitter) : 0
        screen[i] = rand(4) == 0 ? 0 : rgbaWord(palette[rand(colors)])
        if rand(1000) < clearRate {
          // Pixels to keep: transparent in the frame, or as they are on screen.
          idx[i] = UInt8(colors)
          if rand(2) == 0 { frame[i] = 0 } else { screen[i] = frame[i] }
        }
      }
      // Activity: a fifth of the pixels flat (they take only their own index), the others
      // anywhere from smooth to strong edges, through the encoder's masking table.
      let activity = (0..<n).map { _ in rand(5) == 0 ? UInt8(0) : UInt8(1 + rand(255)) }
      // Kept pixels are those coded as the transparent index, as classification makes them.
      let keep = idx.map { Int($0) == colors ? Int32(-1) : 0 }
      let fixture = LossyFixture(
        frame: frame, screen: screen, palette: palette, activity: activity, keep: keep,
        tolerances: VisualMasking.table(tolerance: 12))
      let ctx = fixture.target(rectWidth: width, stride: width, transparent: colors, budget: budget)
      let reference = referenceLossyLZW(idx, minCodeSize: mcs, accept: ctx)
      var chosen = [UInt8](repeating: 0, count: n)
      let bits = chosen.withUnsafeMutableBufferPointer { c in
        idx.withUnsafeBufferPointer { i in enc.encodeBits(i, minCodeSize: mcs, chosen: c.baseAddress!, lossy: ctx) }
      }
      let expected = reference.chosen
      #expect(bits.bitCount == reference.bits.bitCount, "mcs \(mcs)")
      // (Where they part, rather than two long arrays.)
      let firstDifference = bits.bytes.indices.first {
        $0 >= reference.bits.bytes.count || bits.bytes[$0] != reference.bits.bytes[$0]
      }
      #expect(firstDifference == nil, "mcs \(mcs): codes differ from byte \(firstDifference ?? 0)")
      let firstDifferentPixel = chosen.indices.first { chosen[$0] != expected[$0] }
      #expect(firstDifferentPixel == nil, "mcs \(mcs): chosen indices differ from pixel \(firstDifferentPixel ?? 0)")
      // Some substitutions were taken.
      #expect(chosen != idx, "mcs \(mcs)")
      if bits.bitCount > 4096 * 12 { resets += 1 }
    }
    // Some cases ran through table resets.
    #expect(resets >= 2)
  }

  @Test("The lossy target reads a segment of a rectangle narrower than the frame at the right rows and columns")
  func lossyTargetGeometry() {
    // A 10x6 frame whose pixel (x, y) has red = 10 y + x; the screen shows it exactly at even x.
    let w = 10, h = 6
    let frame: [UInt32] = (0..<(w * h)).map { rgbaWord(UInt32($0 / w * 10 + $0 % w) << 16) }
    let screen: [UInt32] = (0..<(w * h)).map { $0 % 2 == 0 ? frame[$0] : 0 }
    let palette: [UInt32] = (0..<60).map { UInt32($0) << 16 }
    // Rectangle x 3...6, y 2...4; this segment starts at its pixel 5 (x 4, y 3). The keep slots
    // are the rectangle's: the screen shows the frame at even x.
    let keep = (0..<12).map { q in (3 + q % 4) % 2 == 0 ? Int32(-1) : 0 }
    let fixture = LossyFixture(frame: frame, screen: screen, palette: palette, keep: keep, tolerance: 12)
    let target = fixture.target(rectWidth: 4, stride: w, origin: 2 * w + 3, start: 5, transparent: 60, budget: 0)
    for p in 0..<7 {
      let x = 3 + (5 + p) % 4, y = 2 + (5 + p) / 4
      let red = 10 * y + x
      #expect(target.cost(p, UInt8(red)) == 0, "p \(p)")  // its own color
      #expect(target.cost(p, UInt8(red - 1)) == 1, "p \(p)")  // one step of red off
      #expect(target.cost(p, 60) == (x % 2 == 0 ? 0 : -1), "p \(p)")  // kept where the screen has it
    }
  }

  @Test("Lossy LZW codes only acceptable indices and the decoder sees exactly the chosen ones")
  func lossy() throws {
    let n = 5000
    var idx = [UInt8](repeating: 0, count: n)
    for i in 0..<n { idx[i] = UInt8((i * 7 / 13) % 4) }
    let palette: [UInt32] = [0x000000, 0x020202, 0x808080, 0x828282]
    let frame = idx.map { rgbaWord(palette[Int($0)]) }
    let screen = [UInt32](repeating: 0, count: n)  // nothing on screen yet
    var chosen = [UInt8](repeating: 0, count: n)
    var out = [UInt8]()
    let fixture = LossyFixture(frame: frame, screen: screen, palette: palette, tolerance: 2)
    let ctx = fixture.target(rectWidth: n, stride: n, transparent: -1, budget: 1e9)
    chosen.withUnsafeMutableBufferPointer { c in
      idx.withUnsafeBufferPointer { i in
        LZWEncoder().encode(i, minCodeSize: 2, chosen: c.baseAddress!, lossy: ctx, into: &out)
      }
    }
    var data = [UInt8]()
    var i = 1
    while out[i] != 0 {
      data += out[(i + 1)...(i + Int(out[i]))]
      i += Int(out[i]) + 1
    }
    let back = try lzwDecode(data, minCodeSize: 2, count: n)
    #expect(back == chosen)
    for p in 0..<n { #expect((Int(back[p]) >> 1) == (Int(idx[p]) >> 1)) }
  }
}

/// 0xRRGGBB as an opaque RGBA word (R in the low byte), as frames hold pixels.
func rgbaWord(_ rgb: UInt32) -> UInt32 { 0xFF00_0000 | (rgb & 0xFF) << 16 | (rgb & 0xFF00) | (rgb >> 16) & 0xFF }
