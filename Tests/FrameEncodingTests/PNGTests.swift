import CPNG
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
    for level in [0, 1, 6, 9, 12] {
      for filter: PNGWriter.Filter in [.none, .sub, .up, .average, .paeth, .adaptive] {
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

  /// cpng_decode_fast on PNG bytes: the RGBA pixels, or nil when it leaves the file to libpng.
  func fastDecode(_ png: [UInt8], width: Int, height: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    var w: UInt32 = 0, h: UInt32 = 0
    var opaque: Int32 = 0
    let status = png.withUnsafeBufferPointer { p in
      out.withUnsafeMutableBufferPointer { o in
        cpng_decode_fast(p.baseAddress, p.count, o.baseAddress, o.count, &w, &h, &opaque)
      }
    }
    return status == 0 && Int(w) == width && Int(h) == height ? out : nil
  }

  /// A test image: noise, gradients and flat runs, so every filter meets varied rows.
  func mixed(width: Int, height: Int, alpha: Bool, seed: UInt64) -> RGBAImage {
    var state = seed
    var img = RGBAImage(width: width, height: height)!
    for y in 0..<height {
      for x in 0..<width {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let r = UInt8(truncatingIfNeeded: state >> 33)
        switch (y + x / 7) % 3 {
        case 0:
          img[x, y] = RGBA8(
            r, UInt8(truncatingIfNeeded: r &* 3), UInt8(truncatingIfNeeded: state >> 50),
            alpha ? UInt8(truncatingIfNeeded: state >> 41) : 255)
        case 1:
          img[x, y] = RGBA8(
            UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 200, alpha ? UInt8(x & 0xFF) : 255)
        default: img[x, y] = RGBA8(30, 120, 220, 255)
        }
      }
    }
    return img
  }

  @Test("8-bit RGB and RGBA decode straight to RGBA without libpng, exactly, for every filter, level and odd widths")
  func fastPath() throws {
    var seed: UInt64 = 1
    for (width, height) in [(1, 1), (2, 3), (3, 9), (5, 4), (17, 9), (64, 3), (301, 40)] {
      for alpha in [false, true] {
        seed += 1
        let img = mixed(width: width, height: height, alpha: alpha, seed: seed)
        for filter: PNGWriter.Filter in [.none, .sub, .up, .average, .paeth, .adaptive] {
          for level in [0, 6] {
            let png = try PNGWriter(compressionLevel: level, filter: filter).encode(img)
            #expect(png[25] == (alpha ? 6 : 2))
            let exact = fastDecode(png, width: width, height: height) == img.pixels  // (not two long arrays on failure)
            #expect(exact, "\(width)x\(height) alpha \(alpha) filter \(filter) level \(level)")
            #expect(try PNGReader().decode(png) == img)
          }
        }
      }
    }
  }

  /// `png` with chunk `type`'s data replaced through `change` (CRC recomputed unless `keepCRC`).
  func patchChunk(_ png: [UInt8], _ type: String, keepCRC: Bool = false, _ change: (inout [UInt8]) -> Void) -> [UInt8] {
    var out = Array(png[0..<8])
    var pos = 8
    var done = false
    while pos + 12 <= png.count {
      let len = Int(png[pos]) << 24 | Int(png[pos + 1]) << 16 | Int(png[pos + 2]) << 8 | Int(png[pos + 3])
      let name = String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self)
      var body = Array(png[(pos + 8)..<(pos + 8 + len)])
      var crc = Array(png[(pos + 8 + len)..<(pos + 12 + len)])
      if name == type && !done {
        done = true
        change(&body)
        if !keepCRC {
          let c = (Array(name.utf8) + body).withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, $0.count) }
          crc = [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
        }
      }
      out += [
        UInt8(body.count >> 24), UInt8((body.count >> 16) & 0xFF), UInt8((body.count >> 8) & 0xFF),
        UInt8(body.count & 0xFF),
      ]
      out += Array(name.utf8) + body + crc
      pos += 12 + len
    }
    return out
  }

  /// `png` with a chunk inserted before the first chunk named `before`.
  func insertChunk(_ png: [UInt8], _ type: String, _ body: [UInt8], before: String) -> [UInt8] {
    var pos = 8
    while pos + 12 <= png.count {
      let len = Int(png[pos]) << 24 | Int(png[pos + 1]) << 16 | Int(png[pos + 2]) << 8 | Int(png[pos + 3])
      if String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self) == before { break }
      pos += 12 + len
    }
    let c = (Array(type.utf8) + body).withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, $0.count) }
    let chunk =
      [
        UInt8(body.count >> 24), UInt8((body.count >> 16) & 0xFF), UInt8((body.count >> 8) & 0xFF),
        UInt8(body.count & 0xFF),
      ]
      + Array(type.utf8) + body + [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
    return Array(png[0..<pos]) + chunk + Array(png[pos...])
  }

  @Test("Every compiled Paeth unfilter (SSE2, SSE4.1) matches the byte-by-byte definition, RGB and RGBA")
  func paethVariants() {
    for seed: UInt32 in [1, 2, 3, 77, 12345] { #expect(cpng_paeth_variants_agree(seed) == 1, "seed \(seed)") }
  }

  @Test("Adler-32 matches its definition for every length and alignment, in one call or several")
  func adler32() {
    var state: UInt64 = 5
    let bytes: [UInt8] = (0..<20_000).map { i in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return i % 5000 < 2500 ? 255 : UInt8(truncatingIfNeeded: state >> 33)  // long 0xFF runs stress the sums
    }
    func reference(_ slice: ArraySlice<UInt8>) -> UInt32 {
      var a: UInt32 = 1, b: UInt32 = 0
      for x in slice {
        a = (a + UInt32(x)) % 65521
        b = (b + a) % 65521
      }
      return b << 16 | a
    }
    bytes.withUnsafeBufferPointer { p in
      for (start, count) in [
        (0, 0), (0, 1), (3, 15), (1, 16), (5, 17), (7, 5535), (0, 5536), (2, 5537), (0, 11_073), (9, 19_991),
      ] {
        let whole = cpng_adler32(1, p.baseAddress! + start, count)
        #expect(whole == reference(bytes[start..<(start + count)]), "\(start) +\(count)")
        // In two calls, split off the 16-byte grid.
        let cut = count / 3 + 1
        if cut < count {
          let first = cpng_adler32(1, p.baseAddress! + start, cut)
          #expect(cpng_adler32(first, p.baseAddress! + start + cut, count - cut) == whole, "\(start) +\(count) split")
        }
      }
    }
  }

  @Test("IDAT data split anywhere, even inside the zlib header and the checksum, decodes the same")
  func idatSplits() throws {
    let img = mixed(width: 33, height: 20, alpha: true, seed: 4)
    let png = try PNGWriter(compressionLevel: 6, filter: .adaptive).encode(img)
    // The zlib stream, from the IDAT chunks in order.
    var stream: [UInt8] = [], before: [UInt8] = [], after: [UInt8] = []
    var pos = 8
    while pos + 12 <= png.count {
      let len = Int(png[pos]) << 24 | Int(png[pos + 1]) << 16 | Int(png[pos + 2]) << 8 | Int(png[pos + 3])
      let chunk = Array(png[pos..<(pos + 12 + len)])
      if String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self) == "IDAT" {
        stream += png[(pos + 8)..<(pos + 8 + len)]
      } else if stream.isEmpty {
        before += chunk
      } else {
        after += chunk
      }
      pos += 12 + len
    }
    func chunk(_ body: ArraySlice<UInt8>) -> [UInt8] {
      let typed = Array("IDAT".utf8) + body
      let c = typed.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, $0.count) }
      return [
        UInt8(body.count >> 24), UInt8((body.count >> 16) & 0xFF), UInt8((body.count >> 8) & 0xFF),
        UInt8(body.count & 0xFF),
      ]
        + typed + [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
    }
    let n = stream.count
    for cuts in [[1], [1, 2], [n - 1], [n - 3, n - 2], [5, n - 4], [1, 2, 3, n - 3, n - 2, n - 1], [0, n / 2, n]] {
      var rebuilt = Array(png[0..<8]) + before
      var start = 0
      for cut in cuts + [n] {
        rebuilt += chunk(stream[start..<cut])
        start = cut
      }
      rebuilt += after
      let same = fastDecode(rebuilt, width: 33, height: 20) == img.pixels  // (not two long arrays on failure)
      #expect(same, "cuts \(cuts)")
    }
  }

  @Test("Other PNG kinds and damaged files leave the fast path: libpng decodes them or words the error")
  func fastPathDeclines() throws {
    let img = mixed(width: 40, height: 12, alpha: false, seed: 9)
    let png = try PNGWriter(compressionLevel: 6, filter: .paeth).encode(img)
    #expect(fastDecode(png, width: 40, height: 12) == img.pixels)
    // Other kinds (IHDR bytes: depth 16, color types 0 and 3, interlace 1): not taken.
    for (offset, value) in [(8, UInt8(16)), (9, UInt8(0)), (9, UInt8(3)), (12, UInt8(1))] {
      let other = patchChunk(png, "IHDR") { $0[offset] = value }
      #expect(fastDecode(other, width: 40, height: 12) == nil, "IHDR byte \(offset) = \(value)")
    }
    // tRNS on RGB: libpng turns the color transparent; the fast path leaves it to libpng.
    let keyed = insertChunk(png, "tRNS", [0, 30, 0, 120, 0, 220], before: "IDAT")
    #expect(fastDecode(keyed, width: 40, height: 12) == nil)
    let decodedKeyed = try PNGReader().decode(keyed)
    #expect(decodedKeyed.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
    // An unknown ancillary chunk is skipped; an unknown critical one is libpng's to refuse.
    #expect(
      fastDecode(insertChunk(png, "teXt", Array("hello".utf8), before: "IDAT"), width: 40, height: 12) == img.pixels)
    let critical = insertChunk(png, "ZZZZ", [1, 2, 3], before: "IDAT")
    #expect(fastDecode(critical, width: 40, height: 12) == nil)
    #expect(throws: EncodingError.self) { try PNGReader().decode(critical) }
    // More image data than rows: libpng's call (it warns and keeps the announced rows).
    let short = patchChunk(png, "IHDR") { $0[7] = 11 }
    #expect(fastDecode(short, width: 40, height: 11) == nil)
    #expect(try PNGReader().decode(short).pixels == Array(img.pixels[0..<(40 * 11 * 4)]))
    // Damage: a bad IDAT CRC, a bad zlib stream (CRC fixed), a missing IEND.
    let badCRC = patchChunk(png, "IDAT", keepCRC: true) { $0[$0.count / 2] ^= 0x40 }
    let badStream = patchChunk(png, "IDAT") { $0[$0.count - 2] ^= 0x40 }
    let noEnd = Array(png[0..<(png.count - 12)])
    for (name, bad) in [("CRC", badCRC), ("stream", badStream), ("IEND", noEnd)] {
      #expect(fastDecode(bad, width: 40, height: 12) == nil, "\(name)")
      do {
        _ = try PNGReader().decode(bad)
        Issue.record("\(name): decoded")
      } catch let e as EncodingError {
        #expect(e.description.hasPrefix("PNG: "), "\(name)")
      }
    }
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
    huge[29] = UInt8(crc >> 24); huge[30] = UInt8((crc >> 16) & 0xFF); huge[31] = UInt8((crc >> 8) & 0xFF);
    huge[32] = UInt8(crc & 0xFF)
    #expect(throws: EncodingError.self) { try PNGReader().decode(huge) }
  }

  @Test("The writer emits exactly IHDR, one IDAT and IEND, each with a correct CRC-32 (checked by a table of our own)")
  func chunkLayout() throws {
    for img in [Frames.flat(0), Frames.alpha(1), mixed(width: 1, height: 1, alpha: false, seed: 9)] {
      let png = try PNGWriter().encode(img)
      #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      var names: [String] = []
      var pos = 8
      while pos + 12 <= png.count {
        let len = Int(png[pos]) << 24 | Int(png[pos + 1]) << 16 | Int(png[pos + 2]) << 8 | Int(png[pos + 3])
        let end = pos + 8 + len
        let stored =
          UInt32(png[end]) << 24 | UInt32(png[end + 1]) << 16 | UInt32(png[end + 2]) << 8 | UInt32(png[end + 3])
        #expect(stored == referenceCRC(png[(pos + 4)..<end]))
        names.append(String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self))
        pos = end + 4
      }
      #expect(pos == png.count)
      #expect(names == ["IHDR", "IDAT", "IEND"])
      #expect(
        Array(png[16..<24]) == [
          0, 0, UInt8(img.width >> 8), UInt8(img.width & 0xFF), 0, 0, UInt8(img.height >> 8), UInt8(img.height & 0xFF),
        ])
    }
  }

  @Test(
    "Writing is deterministic across threads: each thread's cached compressors give the bytes a fresh thread gives, at every level"
  )
  func threadsAgree() async throws {
    let img = mixed(width: 97, height: 61, alpha: true, seed: 12)
    let levels = [1, 6, 9, 12, 0, 6, 1, 12]
    let serial = try levels.map { try PNGWriter(compressionLevel: $0, filter: .adaptive).encode(img) }
    let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
      for (k, level) in levels.enumerated() {
        group.addTask { (k, try PNGWriter(compressionLevel: level, filter: .adaptive).encode(img)) }
      }
      var out = [[UInt8]](repeating: [], count: levels.count)
      for try await (k, bytes) in group { out[k] = bytes }
      return out
    }
    #expect(parallel == serial)
    #expect(serial[0] != serial[2])  // the levels really differ
    for bytes in serial { #expect(try PNGReader().decode(bytes) == img) }
  }
}

/// CRC-32 (polynomial 0xEDB88320, as PNG defines it), bit by bit: independent of zlib and libdeflate.
private func referenceCRC(_ bytes: ArraySlice<UInt8>) -> UInt32 {
  var c: UInt32 = 0xFFFF_FFFF
  for b in bytes {
    c ^= UInt32(b)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
  }
  return c ^ 0xFFFF_FFFF
}
