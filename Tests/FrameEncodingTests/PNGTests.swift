import Foundation
import Pixels
import Testing
@testable import FrameEncoding

@Suite("PNG writer and reader")
struct PNGTests {
  @Test("PNG round trip is exact, through PNGReader and through Pillow")
  func roundTrip() throws {
    let img = Frames.alpha(2)
    let bytes = try PNGWriter().encode(img)
    #expect(try PNGReader().decode(bytes) == img)
    let decoded = try pillowDecode(bytes, ext: "png")
    #expect(decoded.frames[0] == img.pixels)
  }

  @Test("Opaque images are written as color type RGB, others as RGBA")
  func opaqueIsRGB() throws {
    let opaque = try PNGWriter().encode(Frames.flat(0))
    #expect(opaque[25] == 2)  // IHDR color type
    let alpha = try PNGWriter().encode(Frames.alpha(0))
    #expect(alpha[25] == 6)
    #expect(try PNGReader().decode(opaque) == Frames.flat(0))
  }

  @Test("Every compression setting decodes to the same pixels")
  func settings() throws {
    let img = Frames.gradient(1)
    for level in [0, 1, 6, 9] {
      for filter: PNGWriter.Filter in [.none, .sub, .up, .paeth, .adaptive] {
        let bytes = try PNGWriter(compressionLevel: level, filter: filter).encode(img)
        #expect(try PNGReader().decode(bytes) == img)
      }
    }
  }

  @Test("Corrupt, truncated and non-PNG input give a clear error, not a crash")
  func corrupt() throws {
    let good = try PNGWriter().encode(Frames.gradient(0))
    #expect(throws: EncodingError.self) { try PNGReader().decode([1, 2, 3]) }
    do {
      _ = try PNGReader().decode(Array("not a png at all".utf8))
      Issue.record("expected an error")
    } catch let e as EncodingError {
      #expect(e.description.contains("not a PNG"))
    }
    for cut in [8, 20, 33, 50, good.count / 2, good.count - 13] {
      do {
        _ = try PNGReader().decode(Array(good[0..<cut]))
        Issue.record("truncated at \(cut) decoded")
      } catch let e as EncodingError {
        #expect(e.description.hasPrefix("PNG: "))
        #expect(e.description.count > 6)
      }
    }
    var flipped = good
    flipped[good.count / 2] ^= 0x55
    #expect(throws: EncodingError.self) { try PNGReader().decode(flipped) }
  }

  @Test("The pixel-count limit is checked before allocation")
  func pixelLimit() throws {
    let bytes = try PNGWriter().encode(Frames.flat(0))
    do {
      _ = try PNGReader(maxPixels: 1000).decode(bytes)
      Issue.record("expected an error")
    } catch let e as EncodingError {
      #expect(e.description.contains("over the limit"))
    }
    // A header claiming 100000 x 100000 pixels fails fast.
    var huge = bytes
    huge[16...23] = [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0]
    let crc = pngCRC(huge[12..<29])
    huge[29] = UInt8(crc >> 24); huge[30] = UInt8((crc >> 16) & 0xFF); huge[31] = UInt8((crc >> 8) & 0xFF); huge[32] = UInt8(crc & 0xFF)
    #expect(throws: EncodingError.self) { try PNGReader().decode(huge) }
  }
}

