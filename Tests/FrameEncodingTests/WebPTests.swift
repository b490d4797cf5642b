import Foundation
import Pixels
import Testing

@testable import FrameEncoding

/// Lossy animated WebP keeps its error bounded over any length, codes held frames clean and
/// streams its frames (docs/encoders.md#webp-encoder). Every file is decoded by Pillow; the
/// reference for a frame is the same frame encoded alone as a WebP still by Pillow, at the
/// same quality.
@Suite("WebP")
struct WebPTests {
  /// A UI-like 150x100 screen (sides not multiples of 16, so edge blocks are partial): a
  /// static gradient (with `alpha`, a disc of it on clear), a card with ruled lines whose
  /// colours fade by one level a frame, and a small box moving across the bottom.
  static func fading(_ i: Int, alpha: Bool = false) -> RGBAImage {
    var img = RGBAImage(width: 150, height: 100)!
    for y in 0..<100 {
      for x in 0..<150 {
        // With alpha: a disc on clear with a half-transparent rim.
        let r2 = (x - 75) * (x - 75) + (y - 50) * (y - 50)
        let a: UInt8 = !alpha || r2 < 56 * 56 ? 255 : r2 < 60 * 60 ? 128 : 0
        if a > 0 { img[x, y] = RGBA8(UInt8(30 + y), UInt8(60 + x / 2), 150, a) }
      }
    }
    let shade = 200 - i
    for y in 20..<70 {
      for x in 20..<120 {
        let line = y % 8 == 0 && x > 28
        img[x, y] = RGBA8(UInt8(line ? shade - 60 : shade), UInt8(line ? shade - 50 : shade - 10), UInt8(shade / 2))
      }
    }
    let bx = 4 + (i * 3) % 130
    for y in 80..<92 { for x in bx..<(bx + 12) { img[x, y] = RGBA8(240, 60, 40) } }
    return img
  }

  /// The floor of docs/encoders.md#webp-encoder: every frame within 1 dB of the same frame
  /// encoded alone.
  static let floorBelowAlone = 1.0

  @Test(
    "Lossy WebP does not drift: over 120 frames of a one-level-a-frame fade, every frame decodes within 1 dB of the same frame encoded alone, at qualities 20, 50, 80, 95 and 100"
  )
  func slowFadeStaysNearAlone() throws {
    let frames = (0..<120).map { Self.fading($0) }
    for quality in [20, 50, 80, 95, 100] {
      var o = EncodingOptions()
      o.quality = quality
      let d = try pillowDecode(try encode(.webp, frames, o), ext: "webp")
      let alone = try pillowStills(frames, quality: quality)
      #expect(d.frames.count == frames.count)
      for (k, f) in frames.enumerated() where k < d.frames.count {
        let ours = psnr(d.frames[k], f.pixels), still = psnr(alone[k], f.pixels)
        #expect(ours >= still - Self.floorBelowAlone, "quality \(quality), frame \(k): \(ours) dB, alone \(still) dB")
      }
    }
  }

  @Test(
    "Held frames are coded clean: the first, the last and a frame held 3 intervals in the middle decode exactly as the frame encoded alone"
  )
  func heldFramesAsAlone() throws {
    let moving = (0..<60).map { Self.fading($0) }
    let frames = Array(moving[0..<30]) + [moving[30], moving[30], moving[30]] + Array(moving[31...])
    let d = try pillowDecode(try encode(.webp, frames, EncodingOptions()), ext: "webp")
    let alone = try pillowStills([moving[0], moving[30], moving[59]], quality: 80)
    #expect(d.frames.count == moving.count, "the three identical frames play as one")
    guard d.frames.count == moving.count else { return }
    #expect(d.frames[0] == alone[0], "first frame")
    #expect(d.frames[30] == alone[1], "held middle frame")
    #expect(d.frames[59] == alone[2], "last frame")
    let moving29 = try pillowStills([moving[29]], quality: 80)[0]
    #expect(d.frames[29] != moving29, "a moving frame is coded by its changes, not whole")
  }

  @Test(
    "Frames stream: after n adds of distinct frames the sink holds n - 1 ANMF chunks (memory does not grow with the frame count)"
  )
  func framesReachTheSinkBeforeFinish() throws {
    let sink = MemorySink()
    var encoder = try WebPAnimationEncoder(sink: sink, options: EncodingOptions())
    for i in 0..<40 {
      try encoder.add(Self.fading(i))
      #expect(try anmfFrames(sink.bytes).count == i, "after \(i + 1) adds")
    }
    try encoder.finish()
    #expect(try anmfFrames(sink.bytes).count == 40)
    let riffSize = sink.bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
    #expect(riffSize == sink.bytes.count - 8, "the RIFF size is patched at finish")
  }

  @Test(
    "Lossy WebP with transparency: alpha decodes exactly, colours stay within 1 dB of each frame encoded alone, the VP8X alpha flag is set, and the bytes are the same on every run"
  )
  func lossyAlpha() throws {
    let frames = (0..<40).map { Self.fading($0, alpha: true) }
    let bytes = try encode(.webp, frames, EncodingOptions())
    #expect(try encode(.webp, frames, EncodingOptions()) == bytes, "deterministic")
    #expect(bytes[20] & 0x10 != 0, "VP8X alpha flag")
    let d = try pillowDecode(bytes, ext: "webp")
    let alone = try pillowStills(frames, quality: 80)
    #expect(d.frames.count == frames.count)
    for (k, f) in frames.enumerated() where k < d.frames.count {
      let alphas = stride(from: 3, to: f.pixels.count, by: 4)
      #expect(alphas.allSatisfy { d.frames[k][$0] == f.pixels[$0] }, "frame \(k) alpha")
      let ours = psnr(d.frames[k], f.pixels), still = psnr(alone[k], f.pixels)
      #expect(ours >= still - Self.floorBelowAlone, "frame \(k): \(ours) dB, alone \(still) dB")
    }
  }

  @Test(
    "Only changed 16x16 blocks are coded: a 12x12 box moving 3 px a frame codes a blended sub-frame of the grid's blocks its old and new places touch, at 30 fps and at 120 fps with dropped frames (each written frame then lasts 2 frames, not a hold)"
  )
  func onlyChangedBlocks() throws {
    let frames = (0..<24).map { i -> RGBAImage in
      var img = RGBAImage(width: 150, height: 100, fill: RGBA8(230, 230, 235))!
      for y in 40..<52 { for x in (10 + 3 * i)..<(22 + 3 * i) { img[x, y] = RGBA8(20, 90, 200) } }
      return img
    }
    for fps in [30.0, 120] {
      var o = EncodingOptions()
      o.fps = fps
      o.dropFramesToFit = true
      let anmf = try anmfFrames(try encode(.webp, frames, o))
      #expect(anmf.first!.width == 150 && anmf.first!.height == 100 && !anmf.first!.blend, "the first frame is whole")
      #expect(anmf.last!.width == 150 && anmf.last!.height == 100, "the last frame is whole")
      for f in anmf.dropFirst().dropLast() {
        #expect(f.blend && f.x % 16 == 0 && f.y == 32, "\(fps) fps: \(f)")
        // Old and new place span 15 px (30 fps) or 18 px (120 fps, every other frame dropped).
        #expect(f.width <= (fps > 90 ? 48 : 32) && f.height == 32, "\(fps) fps: \(f)")
      }
    }
  }

  @Test(
    "loop-counts: every encoder refuses more than 65535 plays (WebP's loop_count is 16 bits), one message for all; 65535 is accepted"
  )
  func loopCountLimit() throws {
    var o = EncodingOptions()
    o.loop = .plays(65536)
    let refusal = EncodingError.invalidOption(
      "loop 65536 is out of range: 'forever' or the number of plays, 1 to 65535")
    #expect(throws: refusal) { try WebPAnimationEncoder(sink: MemorySink(), options: o) }
    #expect(throws: refusal) { try GIFEncoder(sink: MemorySink(), options: o) }
    #expect(throws: refusal) { try APNGEncoder(sink: MemorySink(), options: o) }
    o.loop = .plays(65535)
    _ = try WebPAnimationEncoder(sink: MemorySink(), options: o)
  }
}

/// The `ANMF` headers of a (possibly unfinished) animated WebP, read by the container
/// specification: offset, size, duration and whether the frame is blended.
private func anmfFrames(_ bytes: [UInt8]) throws -> [(x: Int, y: Int, width: Int, height: Int, ms: Int, blend: Bool)] {
  func le(_ at: Int, _ count: Int) -> Int { bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) } }
  var frames: [(x: Int, y: Int, width: Int, height: Int, ms: Int, blend: Bool)] = []
  var at = 12
  while at + 8 <= bytes.count {
    let size = le(at + 4, 4), b = at + 8
    if String(decoding: bytes[at..<(at + 4)], as: UTF8.self) == "ANMF" {
      frames.append(
        (le(b, 3) * 2, le(b + 3, 3) * 2, le(b + 6, 3) + 1, le(b + 9, 3) + 1, le(b + 12, 3), bytes[b + 15] & 2 == 0))
    }
    at += 8 + size + size % 2
  }
  #expect(at == bytes.count, "the sink ends at a chunk boundary")
  return frames
}

/// Each frame encoded alone as a lossy WebP still by Pillow (method 4, libwebp's default
/// settings otherwise), decoded by Pillow as RGBA.
func pillowStills(_ frames: [RGBAImage], quality: Int) throws -> [[UInt8]] {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fe-stills-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let input = dir.appendingPathComponent("in.raw"), output = dir.appendingPathComponent("out.raw")
  try Data(frames.flatMap(\.pixels)).write(to: input)
  let script = """
    import io, sys
    from PIL import Image
    w, h, n, q = (int(a) for a in sys.argv[3:7])
    data = open(sys.argv[1], 'rb').read()
    out = open(sys.argv[2], 'wb')
    for k in range(n):
        still = io.BytesIO()
        Image.frombytes('RGBA', (w, h), data[k * w * h * 4:(k + 1) * w * h * 4]).save(still, 'WEBP', quality=q, method=4)
        still.seek(0)
        out.write(Image.open(still).convert('RGBA').tobytes())
    out.close()
    """
  let (w, h) = (frames[0].width, frames[0].height)
  _ = try python(script, [input.path, output.path, "\(w)", "\(h)", "\(frames.count)", "\(quality)"])
  let all = [UInt8](try Data(contentsOf: output))
  return (0..<frames.count).map { Array(all[($0 * w * h * 4)..<(($0 + 1) * w * h * 4)]) }
}
