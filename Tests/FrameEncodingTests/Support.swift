import Foundation
import Pixels
import ToolTestSupport
@testable import FrameEncoding

/// Test frames, small so debug builds stay fast.
enum Frames {
  /// A flat "UI" frame: background, a moving card, a bar; few colors (fits a palette).
  static func flat(_ i: Int, width: Int = 96, height: Int = 64) -> RGBAImage {
    var img = RGBAImage(width: width, height: height, fill: RGBA8(240, 240, 245))!
    for y in 0..<8 { for x in 0..<width { img[x, y] = RGBA8(30, 120, 220) } }
    let x0 = 10 + i * 3
    for y in 20..<44 { for x in x0..<min(width, x0 + 30) { img[x, y] = RGBA8(250, 200, UInt8(40 + i)) } }
    return img
  }

  /// A frame with a smooth gradient: thousands of colors, so the GIF must quantize.
  static func gradient(_ i: Int, width: Int = 96, height: Int = 64) -> RGBAImage {
    var img = RGBAImage(width: width, height: height)!
    for y in 0..<height {
      for x in 0..<width {
        img[x, y] = RGBA8(
          UInt8((x * 255) / (width - 1)), UInt8((y * 255) / (height - 1)), UInt8((x + y + i * 4) & 0xFF))
      }
    }
    return img
  }

  /// A frame with transparency: a moving opaque disc with a semi-transparent rim on clear.
  static func alpha(_ i: Int, width: Int = 64, height: Int = 48) -> RGBAImage {
    var img = RGBAImage(width: width, height: height)!
    let cx = 16 + i * 4, cy = 24
    for y in 0..<height {
      for x in 0..<width {
        let d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy)
        if d2 < 100 { img[x, y] = RGBA8(200, 40, 40, 255) } else if d2 < 144 { img[x, y] = RGBA8(200, 40, 40, 160) }
      }
    }
    return img
  }
}

/// A deterministic pseudo-random sequence for test inputs (a 64-bit LCG, its high bits).
struct SeededRandom {
  var seed: UInt64
  /// A number in 0..<m.
  mutating func callAsFunction(_ m: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(seed >> 33) % m
  }
}

/// Runs Debian's python3 (with Pillow, an independent decoder) on a script; returns stdout.
func python(_ script: String, _ args: [String]) throws -> String { try runPython(script, args) }

/// Decoded by Pillow: every frame composited the way a viewer shows it, as RGBA bytes.
struct PillowAnimation {
  var frames: [[UInt8]]
  var durations: [Double]
  var loop: Int?
  var disposals: [Int]
  var width: Int, height: Int
}

/// Decodes an animation file with Pillow (GIF, APNG or WebP).
func pillowDecode(_ bytes: [UInt8], ext: String) throws -> PillowAnimation {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fe-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let file = dir.appendingPathComponent("anim.\(ext)")
  try Data(bytes).write(to: file)
  let raw = dir.appendingPathComponent("frames.raw")
  let script = """
    import sys, json
    from PIL import Image
    im = Image.open(sys.argv[1])
    out = open(sys.argv[2], 'wb')
    durs, disp = [], []
    n = getattr(im, 'n_frames', 1)
    for k in range(n):
        im.seek(k)
        durs.append(im.info.get('duration', 0))
        disp.append(getattr(im, 'disposal_method', -1) if im.format == 'GIF' else -1)
        out.write(im.convert('RGBA').tobytes())
    out.close()
    print(json.dumps({'n': n, 'w': im.size[0], 'h': im.size[1], 'durations': durs,
                      'loop': im.info.get('loop'), 'disposals': disp}))
    """
  let json = try python(script, [file.path, raw.path])
  let meta = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
  let n = meta["n"] as! Int, w = meta["w"] as! Int, h = meta["h"] as! Int
  let all = [UInt8](try Data(contentsOf: raw))
  let size = w * h * 4
  let frames = (0..<n).map { Array(all[($0 * size)..<(($0 + 1) * size)]) }
  let durations = (meta["durations"] as! [Any]).map { ($0 as? NSNumber)?.doubleValue ?? 0 }
  return PillowAnimation(
    frames: frames, durations: durations, loop: meta["loop"] as? Int,
    disposals: meta["disposals"] as! [Int], width: w, height: h)
}

/// PSNR over RGB of two RGBA buffers (pixels transparent in both count as equal); 100 if exact.
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
  var sse = 0.0, n = 0
  var i = 0
  while i < a.count {
    if !(a[i + 3] == 0 && b[i + 3] == 0) {
      for c in 0..<3 {
        let d = Double(Int(a[i + c]) - Int(b[i + c]))
        sse += d * d
      }
    }
    n += 3
    i += 4
  }
  if sse == 0 { return 100 }
  return 10 * log10(255 * 255 / (sse / Double(n)))
}

/// Encodes frames with an encoder into memory.
func encode(_ format: OutputFormat, _ frames: [RGBAImage], _ options: EncodingOptions) throws -> [UInt8] {
  let sink = MemorySink()
  var enc = try AnyAnimationEncoder(format: format, sink: sink, options: options)
  for f in frames { try enc.add(f) }
  try enc.finish()
  return sink.bytes
}

/// Encodes a GIF through the encoder core with a frame's parts (LZW segments, classification,
/// stabilizing) spread over `threads` threads; `partPixels` (nil: the encoder's) splits
/// rectangles of at least that many pixels into parts of that many, so small frames split too.
func encodeGIFSegments(_ frames: [RGBAImage], _ options: EncodingOptions, threads: Int, partPixels: Int? = nil)
  throws -> [UInt8]
{
  let sink = MemorySink()
  let core = GIFEncoderCore(sink: sink, options: options)
  if let partPixels {
    core.segmentMinPixels = partPixels
    core.segmentPixels = partPixels
  }
  core.threads = threads
  for f in frames { try core.add(f) }
  try core.finish()
  return sink.bytes
}

/// What a `LossyTarget` reads, owned for a test: the frame's and the screen's words (rows
/// `stride` apart), the activity of each of their pixels, the rectangle's keep slots (< 0:
/// the transparent index may leave the pixel as it is), the palette's entry words and a
/// tolerance per activity.
final class LossyFixture {
  let frame: [UInt32], screen: [UInt32], activity: [UInt8], keep: [Int32]
  let words: [UInt32], tolerances: [Int32]
  private var pointers: [UnsafeMutableRawPointer] = []

  /// `tolerances` (per activity) defaults to `tolerance` for every activity but 0, `activity`
  /// to 1 everywhere (no flat pixel), `keep` to none.
  init(
    frame: [UInt32], screen: [UInt32], palette: [UInt32], activity: [UInt8]? = nil, keep: [Int32]? = nil,
    tolerance: Int32 = 12, tolerances: [Int32]? = nil
  ) {
    self.frame = frame
    self.screen = screen
    self.activity = activity ?? [UInt8](repeating: 1, count: frame.count)
    self.keep = keep ?? [Int32](repeating: 0, count: frame.count)
    words = GIFEncoderCore.canvasWords(palette)
    self.tolerances = tolerances ?? (0..<256).map { $0 == 0 ? 0 : tolerance }
  }

  deinit { for p in pointers { p.deallocate() } }

  /// A copy of `array` that lives as long as the fixture.
  private func pin<T>(_ array: [T]) -> UnsafePointer<T> {
    let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
    p.initialize(from: array, count: array.count)
    pointers.append(UnsafeMutableRawPointer(p))
    return UnsafePointer(p)
  }

  /// The target of a rectangle `rectWidth` wide whose first pixel is frame pixel `origin`,
  /// for the segment starting at rectangle pixel `start`.
  func target(
    rectWidth: Int, stride: Int, origin: Int = 0, start: Int = 0, transparent: Int, budget: Double
  ) -> LossyTarget {
    LossyTarget(
      frame: pin(frame) + origin, screen: pin(screen) + origin, activity: pin(activity) + origin, keep: pin(keep),
      rectWidth: rectWidth, stride: stride, start: start, entryWords: pin(words), transparent: transparent,
      tolerances: pin(tolerances), budget: budget)
  }
}

/// What a viewer shows for a GIF frame with 1-bit alpha: transparent pixels are (0,0,0,0).
func gifExpectation(_ img: RGBAImage, matte: RGBA8 = RGBA8(0, 0, 0)) -> [UInt8] {
  var px = img.pixels
  var i = 0
  while i < px.count {
    let a = Int(px[i + 3])
    if a < 128 {
      px[i] = 0; px[i + 1] = 0; px[i + 2] = 0; px[i + 3] = 0
    } else if a < 255 {
      for c in 0..<3 {
        px[i + c] = UInt8((Int(px[i + c]) * a + Int([matte.r, matte.g, matte.b][c]) * (255 - a) + 127) / 255)
      }
      px[i + 3] = 255
    }
    i += 4
  }
  return px
}
