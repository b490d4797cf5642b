import FrameEncoding
import FuzzDriver
import Pixels

/// Random frames → `AnyAnimationEncoder` (GIF or APNG, 10 fps) into a `MemorySink` → decoded
/// by `IndependentGIFDecoder` or `IndependentAPNGDecoder` → compared pixel by pixel.
///
/// Most inputs are small frames read pixel by pixel from the input. One in eight is large
/// (160–511 pixels a side, pixels from a generator seeded by the input): big enough for full
/// LZW tables and for the GIF encoder's two-segment split (65,536 pixels or more). Half of
/// those are boundary frames: one frame shaped so that an LZW segment or the frame ends
/// exactly when the code table reaches 2^k (found by a table simulation of our own), where a
/// decoder reads the next code one bit wider. GIF is
/// lossless or lossy (any quality): lossy frames must decode within the quality's tolerance
/// per channel, and held frames (the first, the last, frames merged into two ticks or more)
/// exactly, as the encoder promises for frames that fit a palette.
///
/// The GIF decoder (its own LZW, disposal 0–3, transparency) shares no code with the
/// encoder. APNG frames are rebuilt as stand-alone PNGs (IHDR with the fcTL size + the frame's
/// data) and decoded by libpng through `PNGReader`, then composed with their blend op. Frames
/// the encoder merged (identical neighbours) come back as one longer frame, so both sides are
/// compared as a sequence of 1/10 s ticks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var r = ByteReader(fuzzBytes(data, size))
  let mode = r.byte()
  let format: OutputFormat = mode & 1 == 0 ? .gif : .apng
  let large = mode & 0x0E == 0x0E
  let lossy = format == .gif && mode & 0x10 != 0
  let paletteSize = 1 + r.int(below: 16)
  var palette: [RGBA8] = []
  for _ in 0..<paletteSize {
    let alphaKind = r.int(below: 4)
    let a: UInt8 = alphaKind == 0 ? 0 : alphaKind == 1 ? r.byte() : 255
    palette.append(RGBA8(r.byte(), r.byte(), r.byte(), a))
  }
  let boundary = large && mode & 0x20 != 0
  let frames =
    boundary
    ? boundaryFrames(&r, palette: palette)
    : large ? largeFrames(&r, palette: palette) : smallFrames(&r, palette: palette)
  let (width, height) = (frames[0].width, frames[0].height)
  var options = EncodingOptions()
  options.fps = 10
  options.lossless = !lossy
  options.quality = r.int(below: 100)
  let sink = MemorySink()
  do {
    var encoder = try AnyAnimationEncoder(format: format, sink: sink, options: options)
    for f in frames { try encoder.add(f) }
    try encoder.finish()
  } catch {
    preconditionFailure("encoding \(frames.count) frames of \(width)x\(height) as \(format) failed: \(error)")
  }
  let decoded: [(pixels: [UInt8], ticks: Int)]
  do {
    decoded =
      format == .gif
      ? try IndependentGIFDecoder.decode(sink.bytes, width: width, height: height)
      : try IndependentAPNGDecoder.decode(sink.bytes, width: width, height: height)
  } catch {
    preconditionFailure(
      "our \(format) output (\(width)x\(height), \(lossy ? "lossy" : "lossless")) does not decode: \(error)")
  }
  // The documented bound (`EncodingOptions.gifTolerance`): 4 + (100 − quality) × 2/5.
  let tolerance = lossy ? min(64, 4 + (100 - options.quality) * 2 / 5) : 0
  var tick = 0
  let expected = frames.map { format == .gif ? gifView($0.pixels) : $0.pixels }
  for (k, d) in decoded.enumerated() {
    let held = k == 0 || k == decoded.count - 1 || d.ticks >= 2
    for t in tick..<(tick + d.ticks) {
      precondition(t < expected.count, "\(format): \(expected.count) frames in, more ticks out")
      let worst = maximumDifference(d.pixels, expected[t])
      precondition(
        worst <= (held ? 0 : tolerance),
        "\(format) \(width)x\(height): tick \(t) off by \(worst) (allowed \(held ? 0 : tolerance), \(held ? "held" : "moving") frame)"
      )
    }
    tick += d.ticks
  }
  precondition(tick == expected.count, "\(format): \(expected.count) frames in, \(tick) ticks out")
  return 0
}

/// Up to 5 frames of up to 24x24, every pixel's palette entry read from the input.
func smallFrames(_ r: inout ByteReader, palette: [RGBA8]) -> [RGBAImage] {
  let width = 1 + r.int(below: 24), height = 1 + r.int(below: 24)
  return (0..<(1 + r.int(below: 5))).map { _ in
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
      let c = palette[r.int(below: palette.count)]
      px[i * 4] = c.r; px[i * 4 + 1] = c.g; px[i * 4 + 2] = c.b; px[i * 4 + 3] = c.a
    }
    return RGBAImage(width: width, height: height, pixels: px)!
  }
}

/// Up to 3 frames of 160–511 pixels a side from a generator seeded by the input: runs of
/// palette entries, rows that mostly repeat the one above, noise; each later frame repaints
/// a rectangle of the one before (and sometimes repeats it, to be merged and held).
func largeFrames(_ r: inout ByteReader, palette: [RGBA8]) -> [RGBAImage] {
  let width = 160 + r.int(below: 256) + r.int(below: 96), height = 160 + r.int(below: 256) + r.int(below: 96)
  var state = UInt64(r.byte()) << 24 | UInt64(r.byte()) << 16 | UInt64(r.byte()) << 8 | UInt64(r.byte())
  func next(_ n: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(state >> 33) % n
  }
  let noise = r.int(below: 64), repeatRow = r.int(below: 100)
  func paint(_ px: inout [UInt8], x0: Int, y0: Int, x1: Int, y1: Int) {
    var run = 0, entry = 0
    for y in y0..<y1 {
      for x in x0..<x1 {
        if run == 0 { entry = next(palette.count); run = 1 + next(40) }
        run -= 1
        let i = (y * width + x) * 4
        if y > y0 && next(100) < repeatRow {
          for c in 0..<4 { px[i + c] = px[i - width * 4 + c] }
          continue
        }
        let e = next(1000) < noise ? palette[next(palette.count)] : palette[entry]
        px[i] = e.r; px[i + 1] = e.g; px[i + 2] = e.b; px[i + 3] = e.a
      }
    }
  }
  var px = [UInt8](repeating: 0, count: width * height * 4)
  paint(&px, x0: 0, y0: 0, x1: width, y1: height)
  var frames = [RGBAImage(width: width, height: height, pixels: px)!]
  for _ in 0..<r.int(below: 3) {
    if r.int(below: 4) > 0 {
      let x0 = next(width), y0 = next(height)
      paint(&px, x0: x0, y0: y0, x1: x0 + 1 + next(width - x0), y1: y0 + 1 + next(height - y0))
    }
    frames.append(RGBAImage(width: width, height: height, pixels: px)!)
  }
  return frames
}

/// Three frames around one shaped so that an LZW segment ends, or its rectangle's end comes,
/// exactly when the code table reaches 2^k entries (k from the input). The first frame is a
/// backdrop with a strip of the colors along its bottom row, so the global table numbers the
/// backdrop 0 and the colors 1… in order; the middle frame (moving, so coded lossily when the
/// mode is) writes L x 2 or L x 1 pixels of a stream over the top rows, where the table can be
/// simulated on those numbers; the last frame is the first again. Rectangles of 65,536 pixels
/// or more are coded as segments of about 65,536 pixels (two below 131,072).
func boundaryFrames(_ r: inout ByteReader, palette: [RGBA8]) -> [RGBAImage] {
  // Distinct opaque colors, the backdrop last.
  var colors: [RGBA8] = []
  for c in palette.map({ RGBA8($0.r, $0.g, $0.b) }) where !colors.contains(c) { colors.append(c) }
  guard colors.count >= 2 else { return smallFrames(&r, palette: palette) }
  let backdrop = colors.removeLast()
  var state = UInt64(r.byte()) << 8 | UInt64(r.byte())
  func next(_ n: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(state >> 33) % n
  }
  var stream: [Int] = []
  var run = 0, entry = 0
  for _ in 0..<140_000 {
    if run == 0 { entry = next(colors.count); run = 1 + next(colors.count > 2 ? 6 : 1) }
    run -= 1
    stream.append(next(8) == 0 ? next(colors.count) : entry)
  }
  var bits = 1
  while 1 << bits < colors.count + 2 { bits += 1 }  // the backdrop and a transparent entry
  let minCodeSize = max(2, bits)
  let rows = r.byte() & 1 == 0 ? 2 : 1
  let k = minCodeSize + 1 + r.int(below: 12 - minCodeSize)
  guard
    let length = tableReaches(1 << k, stream.map { $0 + 1 }, minCodeSize: minCodeSize, atLeast: rows == 2 ? 32_768 : 1)
  else { return smallFrames(&r, palette: palette) }
  let width = max(length, colors.count)
  var first = RGBAImage(width: width, height: rows + 1, fill: backdrop)!
  for (x, c) in colors.enumerated() { first[x, rows] = c }
  var moving = first
  for i in 0..<(length * rows) { moving[i % length, i / length] = colors[stream[i]] }
  return [first, moving, first]
}

/// The first prefix length (at least `atLeast`) after which a decoder's table holds `size`
/// entries; for 4096, after which the table restarted just before the last code. A plain
/// dictionary parse, independent of the encoder.
func tableReaches(_ size: Int, _ indices: [Int], minCodeSize: Int, atLeast: Int) -> Int? {
  let clear = 1 << minCodeSize
  var table: [Int: Int] = [:], nextCode = clear + 2, code = indices[0]
  for p in 1..<indices.count {
    var restarted = false
    if let c = table[code << 8 | indices[p]] {
      code = c
    } else {
      table[code << 8 | indices[p]] = nextCode
      nextCode += 1
      if nextCode == 4096 { table.removeAll(); nextCode = clear + 2; restarted = true }
      code = indices[p]
    }
    if p + 1 >= atLeast && p + 1 <= 65535 && (size == 4096 ? restarted : nextCode == size) { return p + 1 }
  }
  return nil
}

/// The largest difference of any channel between two RGBA buffers.
func maximumDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
  var worst = 0
  for i in a.indices { worst = max(worst, abs(Int(a[i]) - Int(b[i]))) }
  return worst
}

/// What a GIF viewer shows: alpha < 128 transparent (0,0,0,0), else composited over the
/// black matte and opaque.
func gifView(_ pixels: [UInt8]) -> [UInt8] {
  var px = pixels
  for i in stride(from: 0, to: px.count, by: 4) {
    let a = Int(px[i + 3])
    if a < 128 {
      px[i] = 0; px[i + 1] = 0; px[i + 2] = 0; px[i + 3] = 0
    } else if a < 255 {
      for c in 0..<3 { px[i + c] = UInt8((Int(px[i + c]) * a + 127) / 255) }
      px[i + 3] = 255
    }
  }
  return px
}

// Beside the @_cdecl function: a non-optimized build emits the C entry point in the file that
// converts it to a C function pointer, so in another file it would be defined twice.
@main enum Main {
  static func main() { FuzzDriver.run(fuzzRoundTrip) }
}
