import FrameEncoding
import FuzzDriver
import Pixels

/// Random small frames → `AnyAnimationEncoder` (GIF or APNG, lossless, 10 fps) into a
/// `MemorySink` → decoded by the independent decoders below → compared pixel by pixel.
///
/// The GIF decoder here (its own LZW, disposal 0–3, transparency) shares no code with the
/// encoder. APNG frames are rebuilt as stand-alone PNGs (IHDR with the fcTL size + the frame's
/// data) and decoded by libpng through `PNGReader`, then composed with their blend op. Frames
/// the encoder merged (identical neighbours) come back as one longer frame, so both sides are
/// compared as a sequence of 1/10 s ticks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var r = ByteReader(fuzzBytes(data, size))
  let format: OutputFormat = r.byte() & 1 == 0 ? .gif : .apng
  let width = 1 + r.int(below: 24), height = 1 + r.int(below: 24)
  let frameCount = 1 + r.int(below: 5)
  let paletteSize = 1 + r.int(below: 16)
  var palette: [RGBA8] = []
  for _ in 0..<paletteSize {
    let alphaKind = r.int(below: 4)
    let a: UInt8 = alphaKind == 0 ? 0 : alphaKind == 1 ? r.byte() : 255
    palette.append(RGBA8(r.byte(), r.byte(), r.byte(), a))
  }
  var frames: [RGBAImage] = []
  for _ in 0..<frameCount {
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
      let c = palette[r.int(below: paletteSize)]
      px[i * 4] = c.r; px[i * 4 + 1] = c.g; px[i * 4 + 2] = c.b; px[i * 4 + 3] = c.a
    }
    frames.append(RGBAImage(width: width, height: height, pixels: px)!)
  }
  var options = EncodingOptions()
  options.fps = 10
  options.lossless = true
  let sink = MemorySink()
  do {
    var encoder = try AnyAnimationEncoder(format: format, sink: sink, options: options)
    for f in frames { try encoder.add(f) }
    try encoder.finish()
  } catch {
    preconditionFailure("encoding \(frameCount) frames of \(width)x\(height) as \(format) failed: \(error)")
  }
  let decoded: [(pixels: [UInt8], ticks: Int)]
  do {
    decoded = format == .gif ? try GIFDecoder.decode(sink.bytes, width: width, height: height) : try APNGDecoder.decode(sink.bytes, width: width, height: height)
  } catch {
    preconditionFailure("our \(format) output does not decode: \(error)")
  }
  var ticks: [[UInt8]] = []
  for d in decoded { ticks += Array(repeating: d.pixels, count: d.ticks) }
  let expected = frames.map { format == .gif ? gifView($0.pixels) : $0.pixels }
  precondition(ticks.count == expected.count, "\(format): \(expected.count) frames in, \(ticks.count) ticks out")
  for (i, (a, b)) in zip(ticks, expected).enumerated() {
    precondition(a == b, "\(format): frame \(i) of \(width)x\(height) differs after the round trip")
  }
  return 0
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
    func u8() throws -> Int { guard p < b.count else { throw DecodeError("truncated at \(p)") }; defer { p += 1 }; return Int(b[p]) }
    func u16() throws -> Int { let lo = try u8(); return lo | (try u8()) << 8 }
    func table(_ n: Int) throws -> [[UInt8]] { try (0..<n).map { _ in [UInt8(try u8()), UInt8(try u8()), UInt8(try u8())] } }
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
          guard index < colors.count else { throw DecodeError("color index \(index) outside a table of \(colors.count)") }
          let o = ((y + row) * width + x + col) * 4
          canvas[o] = colors[index][0]; canvas[o + 1] = colors[index][1]; canvas[o + 2] = colors[index][2]; canvas[o + 3] = 255
        }
      }
      guard delay % 10 == 0, delay > 0 else { throw DecodeError("delay \(delay) cs is not a whole number of 1/10 s ticks") }
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
      guard crc32(Array(b[(p + 4)..<(p + 8 + length)])) == UInt32(be32(p + 8 + length)) else { throw DecodeError("bad CRC in \(type)") }
      switch type {
      case "IHDR": ihdr = body
      case "PLTE", "tRNS": ancillary.append((type, body))
      case "acTL": declaredFrames = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
      case "fcTL":
        let s = body[4...]
        func v(_ o: Int) -> Int { Int(s[s.startIndex + o]) << 24 | Int(s[s.startIndex + o + 1]) << 16 | Int(s[s.startIndex + o + 2]) << 8 | Int(s[s.startIndex + o + 3]) }
        controls.append(Control(w: v(0), h: v(4), x: v(8), y: v(12), num: be16(body[20...]), den: be16(body[22...]), blend: Int(body[25])))
        guard body[24] == 0 else { throw DecodeError("dispose_op \(body[24]) not expected") }
      case "IDAT": guard !controls.isEmpty else { throw DecodeError("IDAT before the first fcTL") }; controls[controls.count - 1].data += body
      case "fdAT": controls[controls.count - 1].data += body[4...]
      default: break
      }
      p += 12 + length
    }
    guard controls.count == declaredFrames else { throw DecodeError("acTL says \(declaredFrames) frames, found \(controls.count)") }
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var frames: [(pixels: [UInt8], ticks: Int)] = []
    for c in controls {
      guard c.x + c.w <= width, c.y + c.h <= height else { throw DecodeError("frame outside the canvas") }
      var header = ihdr
      for (i, v) in [c.w, c.h].enumerated() { for k in 0..<4 { header[i * 4 + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * k)) } }
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
      guard (c.num * 10) % den == 0, c.num > 0 else { throw DecodeError("delay \(c.num)/\(den) s is not a whole number of 1/10 s ticks") }
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
