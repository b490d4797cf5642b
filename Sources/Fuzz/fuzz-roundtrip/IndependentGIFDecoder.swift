import FrameEncoding
import FuzzDriver
import Pixels

struct DecodeError: Error { let message: String; init(_ m: String) { message = m } }

/// A GIF decoder of the harness's own (LZW, disposal 0–3, transparency) that shares no code
/// with the library's encoder or its `GIFDecoder`: the independent side of the round trip.
enum IndependentGIFDecoder {
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
