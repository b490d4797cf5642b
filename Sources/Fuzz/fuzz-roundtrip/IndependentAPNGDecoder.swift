import FrameEncoding
import FuzzDriver
import Pixels

/// APNG frames rebuilt as stand-alone PNGs and decoded by libpng (`PNGReader`), then composed
/// with their blend op: the independent side of the APNG round trip.
enum IndependentAPNGDecoder {
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
