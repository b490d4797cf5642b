import Foundation
import Pixels
import Testing
@testable import FrameEncoding

@Suite("APNG and WebP")
struct APNGWebPTests {
  @Test("APNG is lossless with alpha (Pillow decodes every frame exactly), frame differencing included")
  func apngExact() throws {
    let frames = (0..<4).map { Frames.alpha($0) } + (0..<3).map { Frames.flat($0, width: 64, height: 48) }
    let bytes = try encode(.apng, frames, EncodingOptions())
    let d = try pillowDecode(bytes, ext: "png")
    #expect(d.frames.count == frames.count)
    for (k, f) in frames.enumerated() { #expect(d.frames[k] == f.pixels, "frame \(k)") }
  }

  @Test(
    "APNG delays are differences of cumulative whole milliseconds (30 fps: 33, 34, 33 ms) and holds add to the first and last frames; loop count is num_plays"
  )
  func apngTiming() throws {
    var o = EncodingOptions()
    o.holdLast = 0.5
    o.loop = .plays(2)
    let bytes = try encode(.apng, (0..<4).map { Frames.flat($0) }, o)
    // fcTL delay fields: find each fcTL and read delay_num/delay_den.
    var delays: [(Int, Int)] = []
    var i = 8
    while i + 8 <= bytes.count {
      let len = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
      if type == "fcTL" {
        let b = i + 8
        delays.append((Int(bytes[b + 20]) << 8 | Int(bytes[b + 21]), Int(bytes[b + 22]) << 8 | Int(bytes[b + 23])))
      }
      if type == "acTL" {
        let b = i + 8
        #expect(Array(bytes[b..<(b + 8)]) == [0, 0, 0, 4, 0, 0, 0, 2])
      }
      i += len + 12
    }
    #expect(delays.count == 4)
    // Starts 0, 33, 67, 100 ms; the end is 133 + 500 ms.
    #expect(delays[0] == (33, 1000) && delays[1] == (17, 500) && delays[2] == (33, 1000))
    #expect(delays[3] == (533, 1000))
    let d = try pillowDecode(bytes, ext: "png")
    #expect(d.loop == 2)
    #expect(d.durations.map { Int($0.rounded()) } == [33, 34, 33, 533])
  }

  @Test("fcTL delays are reduced fractions of milliseconds, falling back to centiseconds and seconds past 65.535 s")
  func fcTLDelays() {
    #expect(fcTLDelay(milliseconds: 20) == (1, 50))
    #expect(fcTLDelay(milliseconds: 17) == (17, 1000))
    #expect(fcTLDelay(milliseconds: 0) == (0, 1))
    #expect(fcTLDelay(milliseconds: 70_004) == (17501, 250))
    #expect(fcTLDelay(milliseconds: 70_001) == (7000, 100))
    #expect(fcTLDelay(milliseconds: 9_000_000) == (9000, 1))
    #expect(fcTLDelay(milliseconds: 90_000_000) == (65535, 1))
  }

  @Test("A 60 fps APNG holds no drift in whole milliseconds: 60 frames last exactly 1000 ms")
  func apng60() throws {
    var o = EncodingOptions()
    o.fps = 60
    let bytes = try encode(.apng, (0..<60).map { Frames.flat($0, width: 256) }, o)
    let d = try pillowDecode(bytes, ext: "png")
    #expect(d.durations.count == 60)
    #expect(Int(d.durations.reduce(0, +).rounded()) == 1000)
    #expect(Set(d.durations.map { Int($0.rounded()) }) == [16, 17])
  }

  @Test(
    "APNG and WebP refuse more than 90.9 fps (browsers play delays of 10 ms or less at 100 ms); at 90 fps every delay is at least 11 ms"
  )
  func fpsLimit() throws {
    var o = EncodingOptions()
    o.lossless = true
    o.fps = 91
    for format: OutputFormat in [.apng, .webp] {
      do {
        _ = try encode(format, [Frames.flat(0), Frames.flat(1)], o)
        Issue.record("\(format) accepted 91 fps")
      } catch let e as EncodingError {
        #expect(e == .fpsTooHigh(format, 91))
        #expect(e.description.contains("limited to 90 fps"))
      }
    }
    o.fps = 90
    let frames = (0..<12).map { Frames.flat($0) }
    let apng = try pillowDecode(try encode(.apng, frames, o), ext: "png")
    #expect(apng.durations.count == 12)
    #expect(apng.durations.allSatisfy { $0 >= 11 })
    let webp = try pillowDecode(try encode(.webp, frames, o), ext: "webp")
    #expect(webp.durations.dropFirst().allSatisfy { $0 >= 11 })  // (Pillow reports WebP durations one frame late)
  }

  @Test(
    "With dropFramesToFit, 120 fps APNG and WebP drop frames so every delay is at least 11 ms, keeping the total duration and the last frame"
  )
  func dropFrames() throws {
    var o = EncodingOptions()
    o.lossless = true
    o.fps = 120
    o.dropFramesToFit = true
    let frames = (0..<24).map { Frames.flat($0) }
    for (format, ext) in [(OutputFormat.apng, "png"), (.webp, "webp")] {
      let d = try pillowDecode(try encode(format, frames, o), ext: ext)
      let durations = format == .webp ? Array(d.durations.dropFirst()) + [0] : d.durations
      #expect(d.frames.count < frames.count && d.frames.count >= 12, "\(format)")
      #expect(durations.dropLast().allSatisfy { $0 >= 11 }, "\(format): \(durations)")
      if format == .apng { #expect(Int(durations.reduce(0, +).rounded()) == 200) }
      #expect(d.frames.last! == frames.last!.pixels, "\(format)")
    }
  }

  @Test("Lossless WebP decodes exactly with alpha; timestamps are cumulative milliseconds; loop count kept")
  func webpLossless() throws {
    var o = EncodingOptions()
    o.lossless = true
    o.loop = .plays(3)
    let frames = (0..<4).map { Frames.alpha($0) }
    let d = try pillowDecode(try encode(.webp, frames, o), ext: "webp")
    #expect(d.frames.count == 4)
    for (k, f) in frames.enumerated() { #expect(psnr(d.frames[k], f.pixels) == 100, "frame \(k)") }
    // Pillow 9.4 (Debian 12) reports each WebP frame's duration one frame late (frame 0 gets 0),
    // so durations of frames 0, 1, 2 show up at 1, 2, 3.
    #expect(d.durations.dropFirst().map { Int($0) } == [33, 34, 33])
    #expect(d.loop == 3)
  }

  @Test("Lossy WebP stays within 30 dB PSNR of the source")
  func webpLossy() throws {
    let frames = (0..<3).map { Frames.gradient($0 * 16) }
    let d = try pillowDecode(try encode(.webp, frames, EncodingOptions()), ext: "webp")
    #expect(d.frames.count == 3)
    for (k, f) in frames.enumerated() { #expect(psnr(d.frames[k], f.pixels) >= 30, "frame \(k)") }
  }

  @Test("encodeFrameFiles writes atomically: a failure leaves no file and keeps the old one")
  func atomicWrite() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fe-atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for k in 0..<3 { try PNGWriter().write(Frames.flat(k), toFile: dir.appendingPathComponent("f\(k).png").path) }
    let out = dir.appendingPathComponent("out.gif").path
    let s = try encodeFrameFiles(try listFrameFiles([dir.path]), to: out, format: .gif, options: EncodingOptions())
    #expect(s.frames == 3)
    let good = try Data(contentsOf: URL(fileURLWithPath: out))
    try Data([1, 2, 3]).write(to: dir.appendingPathComponent("f9.png"))
    #expect(throws: EncodingError.self) {
      try encodeFrameFiles(try listFrameFiles([dir.path]), to: out, format: .gif, options: EncodingOptions())
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == good)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty)
  }
}
