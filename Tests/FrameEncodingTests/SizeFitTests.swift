import Testing
@testable import FrameEncoding

@Suite("Size limit")
struct SizeFitTests {
  /// A fake encoder: `size(q)` bytes at quality q, recording the qualities tried.
  final class Fake {
    var tried: [Int] = []
    let size: (Int) -> Int
    init(_ size: @escaping (Int) -> Int) { self.size = size }
    func encode(_ q: Int) -> [UInt8] {
      tried.append(q)
      return [UInt8](repeating: 0, count: size(q))
    }
  }

  @Test("When the asked quality fits, it is the only encoding")
  func fitsAtOnce() throws {
    let fake = Fake { 1000 + $0 }
    let r = try SizeFit.search(quality: 80, maxBytes: 2000, encode: fake.encode)
    #expect(r.quality == 80 && r.bytes.count == 1080 && fake.tried == [80])
  }

  @Test("Otherwise the highest quality that fits, in at most log2(quality + 1) + 1 encodings")
  func highestFitting() throws {
    let fake = Fake { 1000 + 10 * $0 }  // fits up to quality 37 at 1375 bytes
    let r = try SizeFit.search(quality: 80, maxBytes: 1375, encode: fake.encode)
    #expect(r.quality == 37 && r.bytes.count == 1370)
    #expect(fake.tried.count <= 8)
  }

  @Test("Bytes that do not fall with quality: the result is always one that was measured to fit")
  func nonMonotonic() throws {
    let fake = Fake { q in q == 40 ? 5000 : 1000 + q }  // quality 40 is an outlier
    let r = try SizeFit.search(quality: 80, maxBytes: 1060, encode: fake.encode)
    #expect(r.bytes.count <= 1060)
    #expect(fake.tried.contains(r.quality))
  }

  @Test("When even quality 0 is too big, the error names the smallest size reached and the limit")
  func tooLarge() {
    let fake = Fake { 500 + $0 }
    #expect(throws: EncodingError.tooLarge(smallest: 500, limit: 100)) {
      try SizeFit.search(quality: 80, maxBytes: 100, encode: fake.encode)
    }
    #expect(fake.tried.contains(0))
  }

  @Test("Sizes: bytes, B, KB and MB in powers of 1000, KiB and MiB in powers of 1024; anything else is nil")
  func parse() {
    #expect(SizeFit.parseSize("250000") == 250_000)
    #expect(SizeFit.parseSize("2MB") == 2_000_000)
    #expect(SizeFit.parseSize("1.5 MiB") == 1_572_864)
    #expect(SizeFit.parseSize("750kb") == 750_000)
    #expect(SizeFit.parseSize("10KiB") == 10_240)
    #expect(SizeFit.parseSize("12B") == 12)
    for bad in ["", "MB", "0", "-1MB", "2GB", "abc", "1e30", "nan", "0.1"] {
      #expect(SizeFit.parseSize(bad) == nil, "\(bad)")
    }
  }
}
