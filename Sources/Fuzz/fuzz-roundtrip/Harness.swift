import FrameEncoding
import FuzzDriver
import Pixels

/// Random frames → `AnyAnimationEncoder` (GIF or APNG, 10 fps) into a `MemorySink` → decoded
/// by the independent decoders below → compared pixel by pixel.
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
/// The GIF decoder here (its own LZW, disposal 0–3, transparency) shares no code with the
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
      ? try GIFDecoder.decode(sink.bytes, width: width, height: height)
      : try APNGDecoder.decode(sink.bytes, width: width, height: height)
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

struct DecodeError: Error { let message: String; init(_ m: String) { message = m } }

enum GIFDecoder {
  static func decode(_ b: [UInt8], width: Int, height: Int) throws -> [(pixels: [UInt8], ticks: Int)] {
    var p = 0
    func u8() throws -> Int {
      guard p < b.count else { throw DecodeError("truncated at \(p)") }; defer { p += 1 }; return Int(b[p])
    }
    func u16() throws -> Int { let lo = try u8(); return lo | (try u8()) << 8 }
    func table(_ n: Int) throws -> [[UInt8]] {
      try (0..<n).map { _ in [UInt8(try u8()), UInt8(try u8()), UInt8(try u8())] }
    }
    func subBlocks() throws -> [UInt8] {
      var out: [UInt8] = []
      while true {
        let n = try u8()
        if n == 0 { return out }
        guard p + n <= b.count else { throw DecodeError("sub-block past the end") }
        out += b[p..<(p + n)]; p += n
      }
    }
    guard b.count >= 13, Array(b[0..<6]) == Array("GIF89a".utf8) else { throw DecodeError("no GIF89a header") }
    p = 6
    guard try u16() == width, try u16() == height else { throw DecodeError("wrong screen size") }
    let flags = try u8(); _ = try u8(); _ = try u8()
    let global = flags & 0x80 != 0 ? try table(2 << (flags & 7)) : []
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var frames: [(pixels: [UInt8], ticks: Int)] = []
    var disposal = 0, transparent = -1, delay = 0
    while true {
      let kind = try u8()
      if kind == 0x3B { return frames }
      if kind == 0x21 {
        let label = try u8()
        let body = try subBlocks()
        if label == 0xF9 {
          guard body.count == 4 else { throw DecodeError("bad graphic control extension") }
          disposal = Int(body[0] >> 2) & 7
          transparent = body[0] & 1 != 0 ? Int(body[3]) : -1
          delay = Int(body[1]) | Int(body[2]) << 8
        }
        continue
      }
      guard kind == 0x2C else { throw DecodeError("unknown block 0x\(String(kind, radix: 16)) at \(p - 1)") }
      let x = try u16(), y = try u16(), w = try u16(), h = try u16(), f = try u8()
      guard x + w <= width, y + h <= height else { throw DecodeError("frame outside the screen") }
      guard f & 0x40 == 0 else { throw DecodeError("interlaced frames are not expected") }
      let colors = f & 0x80 != 0 ? try table(2 << (f & 7)) : global
      let minCode = try u8()
      let indices = try lzw(try subBlocks(), minCodeSize: minCode, count: w * h)
      guard indices.count == w * h else { throw DecodeError("frame data too short: \(indices.count) of \(w * h)") }
      let saved = canvas
      for row in 0..<h {
        for col in 0..<w {
          let index = Int(indices[row * w + col])
          if index == transparent { continue }
          guard index < colors.count else {
            throw DecodeError("color index \(index) outside a table of \(colors.count)")
          }
          let o = ((y + row) * width + x + col) * 4
          canvas[o] = colors[index][0]; canvas[o + 1] = colors[index][1]; canvas[o + 2] = colors[index][2];
          canvas[o + 3] = 255
        }
      }
      guard delay % 10 == 0, delay > 0 else {
        throw DecodeError("delay \(delay) cs is not a whole number of 1/10 s ticks")
      }
      frames.append((canvas, delay / 10))
      switch disposal {
      case 2:
        for row in y..<(y + h) { for col in x..<(x + w) { for c in 0..<4 { canvas[(row * width + col) * 4 + c] = 0 } } }
      case 3: canvas = saved
      default: break
      }
      disposal = 0; transparent = -1; delay = 0
    }
  }

  /// Variable-width LZW as GIF uses it (LSB-first codes, clear and end codes, 12-bit cap).
  static func lzw(_ data: [UInt8], minCodeSize: Int, count: Int) throws -> [UInt8] {
    guard (2...8).contains(minCodeSize) else { throw DecodeError("minimum code size \(minCodeSize)") }
    let clear = 1 << minCodeSize, end = clear + 1
    var dictionary: [[UInt8]] = []
    func reset() { dictionary = (0..<clear).map { [UInt8($0)] } + [[], []] }
    reset()
    var width = minCodeSize + 1
    var bits = 0, bitCount = 0, pos = 0
    var previous: [UInt8]? = nil
    var out: [UInt8] = []
    while out.count < count {
      while bitCount < width {
        guard pos < data.count else { return out }
        bits |= Int(data[pos]) << bitCount; bitCount += 8; pos += 1
      }
      let code = bits & ((1 << width) - 1)
      bits >>= width; bitCount -= width
      if code == clear { reset(); width = minCodeSize + 1; previous = nil; continue }
      if code == end { break }
      let entry: [UInt8]
      if code < dictionary.count && code != clear && code != end {
        entry = dictionary[code]
        if let prev = previous, dictionary.count < 4096 { dictionary.append(prev + [entry[0]]) }
      } else if code == dictionary.count, let prev = previous {
        entry = prev + [prev[0]]
        if dictionary.count < 4096 { dictionary.append(entry) }
      } else {
        throw DecodeError("invalid LZW code \(code)")
      }
      out += entry
      previous = entry
      if dictionary.count == (1 << width) && width < 12 { width += 1 }
    }
    return Array(out.prefix(count))
  }
}

enum APNGDecoder {
  static func decode(_ b: [UInt8], width: Int, height: Int) throws -> [(pixels: [UInt8], ticks: Int)] {
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    guard b.count > 8, Array(b[0..<8]) == signature else { throw DecodeError("no PNG signature") }
    func be32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
    func be16(_ s: ArraySlice<UInt8>) -> Int { Int(s[s.startIndex]) << 8 | Int(s[s.startIndex + 1]) }
    var ihdr: [UInt8] = [], ancillary: [(String, [UInt8])] = []
    struct Control { var w, h, x, y, num, den, blend: Int; var data: [UInt8] = [] }
    var controls: [Control] = []
    var declaredFrames = -1
    var p = 8
    while p + 12 <= b.count {
      let length = be32(p)
      let type = String(decoding: b[(p + 4)..<(p + 8)], as: UTF8.self)
      guard p + 12 + length <= b.count else { throw DecodeError("chunk \(type) past the end") }
      let body = Array(b[(p + 8)..<(p + 8 + length)])
      guard crc32(Array(b[(p + 4)..<(p + 8 + length)])) == UInt32(be32(p + 8 + length)) else {
        throw DecodeError("bad CRC in \(type)")
      }
      switch type {
      case "IHDR": ihdr = body
      case "PLTE", "tRNS": ancillary.append((type, body))
      case "acTL": declaredFrames = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
      case "fcTL":
        let s = body[4...]
        func v(_ o: Int) -> Int {
          Int(s[s.startIndex + o]) << 24 | Int(s[s.startIndex + o + 1]) << 16 | Int(s[s.startIndex + o + 2]) << 8
            | Int(s[s.startIndex + o + 3])
        }
        controls.append(
          Control(
            w: v(0), h: v(4), x: v(8), y: v(12), num: be16(body[20...]), den: be16(body[22...]), blend: Int(body[25])))
        guard body[24] == 0 else { throw DecodeError("dispose_op \(body[24]) not expected") }
      case "IDAT":
        guard !controls.isEmpty else { throw DecodeError("IDAT before the first fcTL") };
        controls[controls.count - 1].data += body
      case "fdAT": controls[controls.count - 1].data += body[4...]
      default: break
      }
      p += 12 + length
    }
    guard controls.count == declaredFrames else {
      throw DecodeError("acTL says \(declaredFrames) frames, found \(controls.count)")
    }
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var frames: [(pixels: [UInt8], ticks: Int)] = []
    for c in controls {
      guard c.x + c.w <= width, c.y + c.h <= height else { throw DecodeError("frame outside the canvas") }
      var header = ihdr
      for (i, v) in [c.w, c.h].enumerated() {
        for k in 0..<4 { header[i * 4 + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * k)) }
      }
      var png = signature
      func chunk(_ type: String, _ body: [UInt8]) {
        let typed = Array(type.utf8) + body
        for k in 0..<4 { png.append(UInt8(truncatingIfNeeded: body.count >> (24 - 8 * k))) }
        png += typed
        let crc = crc32(typed)
        for k in 0..<4 { png.append(UInt8(truncatingIfNeeded: crc >> UInt32(24 - 8 * k))) }
      }
      chunk("IHDR", header)
      for (t, body) in ancillary { chunk(t, body) }
      chunk("IDAT", c.data)
      chunk("IEND", [])
      let frame = try PNGReader().decode(png)
      for row in 0..<c.h {
        for col in 0..<c.w {
          let s = (row * c.w + col) * 4, d = ((c.y + row) * width + c.x + col) * 4
          let a = frame.pixels[s + 3]
          if c.blend == 1 {
            if a == 0 { continue }
            guard a == 255 else { throw DecodeError("blend OVER with partial alpha \(a)") }
          }
          for k in 0..<4 { canvas[d + k] = frame.pixels[s + k] }
        }
      }
      let den = c.den == 0 ? 100 : c.den
      guard (c.num * 10) % den == 0, c.num > 0 else {
        throw DecodeError("delay \(c.num)/\(den) s is not a whole number of 1/10 s ticks")
      }
      frames.append((canvas, c.num * 10 / den))
    }
    return frames
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

@main enum Main {
  static func main() { FuzzDriver.run(fuzzRoundTrip) }
}
