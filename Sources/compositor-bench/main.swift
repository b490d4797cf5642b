// compositor-bench: CPU time per frame of the compositor at 750×1334 px (375×667 pt at 2x),
// one thread, on vector and raster cases, each against the vector cube of the same run.
//
//   swift build -c release --product compositor-bench
//   .build/release/compositor-bench [--passes N] [--only CASE [--list FRAME | --per-frame]] [--png DIR]
//
// Cases: the floor (clear + convert one frame), the vector cube (two UI-like screens of
// rectangles on cube faces under m34), `render cube --push` (the demo screens), the
// screenshot cube (the same screens as 750×1334 pictures), `render fold|flip|explode --push`
// (snapshot strips, halves and tiles of the demo screens), and a text face (a cube of pictures
// of small black glyph-like strokes on white: the worst case for filtering); and one picture
// face, magnified or minified, with the time per pixel it covers (the texture path alone).
import CCairo
import Compositor
import Foundation
import Pixels
import Rendering
import Snapshot

let scale = 2.0

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// CPU time of the calling thread: "per core" figures do not depend on other load on the machine.
func cpuNow() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Writes a straight RGBA image as PNG through Cairo (premultiplying into ARGB32).
func writePNG(_ img: RGBAImage, _ path: String) {
  let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(img.width), Int32(img.height))!
  let stride = Int(cairo_image_surface_get_stride(s))
  let d = cairo_image_surface_get_data(s)!
  for y in 0..<img.height {
    let row = UnsafeMutableRawPointer(d + y * stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<img.width {
      let p = img[x, y]
      let a = UInt32(p.a)
      func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
      row[x] = a << 24 | pm(p.r) << 16 | pm(p.g) << 8 | pm(p.b)
    }
  }
  cairo_surface_mark_dirty(s)
  cairo_surface_write_to_png(s, path)
  cairo_surface_destroy(s)
}

/// The frames of `render EFFECT --push --scale 2` (30 fps, the demo screens).
@MainActor
func recording(_ effect: String) throws -> [FrameSnapshot] {
  var recipe = RenderRecipe(effect: effect)
  recipe.operation = .push
  recipe.scale = scale
  recipe.fps = 30
  return try simulate(recipe.settings()).frames
}

struct BenchCase {
  let name: String
  let label: String
  let frames: [FrameSnapshot]
}

var passCount = 3
var pngDir: String? = nil
var only: String? = nil
var listFrame: Int? = nil
var perFrame = false
var recipeScale: Double? = nil
var args = CommandLine.arguments.dropFirst()
let usage = "usage: compositor-bench [--passes N] [--only CASE [--list FRAME | --per-frame]] [--png DIR]"
while let a = args.popFirst() {
  switch a {
  case "--passes": passCount = Int(args.popFirst() ?? "") ?? passCount
  case "--png": pngDir = args.popFirst()
  case "--only": only = args.popFirst()
  case "--list": listFrame = Int(args.popFirst() ?? "")
  case "--per-frame": perFrame = true
  default:
    print(usage)
    exit(64)
  }
}

let passes = passCount
let compositor = Compositor(scale: scale)
let fromScreen = BenchScenes.uiScreen(tint: Color(hex: 0x007aff), name: "from")
let toScreen = BenchScenes.uiScreen(tint: Color(hex: 0xff9500), name: "to")
let fromShot = try BenchScenes.screenshot(fromScreen, compositor: compositor)
let toShot = try BenchScenes.screenshot(toScreen, compositor: compositor)
let page = BenchScenes.textPage(width: 750, height: 1334)

var emptyRoot = BenchScenes.box(Rect(origin: .zero, size: BenchScenes.screen), nil)
emptyRoot.isHidden = true
let empty = FrameSnapshot(time: 0, size: BenchScenes.screen, background: .black, root: emptyRoot)

let cases: [BenchCase] = [
  BenchCase(name: "floor", label: "floor (clear + unpremultiply/convert)", frames: Array(repeating: empty, count: 30)),
  BenchCase(
    name: "vector", label: "vector cube (UI rects, exact geometry)",
    frames: BenchScenes.cube(from: fromScreen, to: toScreen)),
  BenchCase(name: "cube", label: "render cube --push (demo screens, vector)", frames: try recording("cube")),
  BenchCase(
    name: "screenshot", label: "screenshot cube (750x1334 pictures)",
    frames: BenchScenes.cube(
      from: BenchScenes.picture(fromShot, label: "from.png"), to: BenchScenes.picture(toShot, label: "to.png"))),
  BenchCase(name: "face-mag", label: "one face, magnified (bilinear)", frames: BenchScenes.face(fromShot, scale: 1.3)),
  BenchCase(name: "face-min", label: "one face, minified (trilinear)", frames: BenchScenes.face(fromShot, scale: 0.35)),
  BenchCase(name: "fold", label: "render fold --push (snapshot strips)", frames: try recording("fold")),
  BenchCase(name: "flip", label: "render flip --push (snapshot halves)", frames: try recording("flip")),
  BenchCase(name: "explode", label: "render explode --push (snapshot tiles)", frames: try recording("explode")),
  BenchCase(
    name: "text", label: "text face (cube of glyph-like pictures)",
    frames: BenchScenes.cube(
      from: BenchScenes.picture(page, label: "page-a"), to: BenchScenes.picture(page, label: "page-b"))),
]

/// CPU seconds per frame on one thread (thread CPU clock, so machine load does not count),
/// best of `passes` passes over `frames`, after one warm-up frame (caches, page faults).
func secondsPerFrame(_ frames: [FrameSnapshot]) throws -> Double {
  _ = try compositor.render(frames[frames.count / 2])
  var best = Double.infinity
  for _ in 0..<passes {
    let t0 = cpuNow()
    for f in frames { _ = try compositor.render(f) }
    best = min(best, (cpuNow() - t0) / Double(frames.count))
  }
  return best
}

/// Frames per second with `threads` threads sharing one compositor (frames split round-robin).
func parallelFPS(_ frames: [FrameSnapshot], threads: Int) -> Double {
  let t0 = now()
  DispatchQueue.concurrentPerform(iterations: threads) { k in
    for _ in 0..<passes {
      for i in stride(from: k, to: frames.count, by: threads) { _ = try? compositor.render(frames[i]) }
    }
  }
  return Double(frames.count * passes) / (now() - t0)
}

if let only, let listFrame, let c = cases.first(where: { $0.name == only }), c.frames.indices.contains(listFrame) {
  // Reading aid: what one frame of a case paints.
  print(try compositor.drawList(c.frames[listFrame]), terminator: "")
  exit(0)
}
if let only {
  // Profiling aid: one case in a loop.
  guard let c = cases.first(where: { $0.name == only }) else {
    print("compositor-bench: unknown case '\(only)'; the cases are \(cases.map(\.name).joined(separator: ", "))")
    exit(64)
  }
  print(String(format: "%@: %.2f ms/frame", c.name, try secondsPerFrame(c.frames) * 1000))
  if perFrame {
    // Best of the passes for each frame, to tell per-pixel costs (large early frames) from
    // per-item ones.
    var best = [Double](repeating: .infinity, count: c.frames.count)
    for _ in 0..<passes {
      for (i, f) in c.frames.enumerated() {
        let t0 = cpuNow()
        _ = try compositor.render(f)
        best[i] = min(best[i], cpuNow() - t0)
      }
    }
    print(best.enumerated().map { String(format: "%d:%.2f", $0.offset, $0.element * 1000) }.joined(separator: " "))
  }
  exit(0)
}

print(
  "compositor-bench: 375×667 pt at \(Int(scale))x = 750×1334 px, best of \(passes) passes, thread CPU time per frame (one core)"
)
var seconds: [String: Double] = [:]
for c in cases { seconds[c.name] = try secondsPerFrame(c.frames) }
let vector = seconds["vector"]!, cube = seconds["cube"]!
for c in cases {
  let s = seconds[c.name]!
  let figures = String(
    format: "%7.2f ms/frame  %5.0f frames/s per core  %6.2f× vector cube  %6.2f× cube --push  (%d frames)",
    s * 1000, 1 / s, s / vector, s / cube, c.frames.count)
  print(c.label.padding(toLength: 44, withPad: " ", startingAt: 0) + figures)
}
for c in cases where c.name.hasPrefix("face") {
  let covered = try compositor.render(c.frames[0]).pixels.enumerated().reduce(0) {
    $0 + ($1.offset % 4 == 3 && $1.element > 0 ? 1 : 0)
  }
  print(
    String(
      format: "%@: %d pixels covered, %.2f ns per pixel", c.name, covered, seconds[c.name]! * 1e9 / Double(covered)))
}
// pixman's projective transform on the magnified face (same map, BILINEAR, no mip levels).
let pixman = PixmanFace.run(
  fromShot, scale: 1.3, deviceWidth: 750, deviceHeight: 1334, count: 30, passes: passes, clock: cpuNow)
let ours = PixmanFace.premultiplied(try compositor.render(cases.first { $0.name == "face-mag" }!.frames[0]))
var pixmanCovered = 0, interior = 0, interiorSum = 0, interiorMax = 0
for (p, q) in zip(pixman.target, ours) where p != 0 || q != 0 {
  if p >> 24 > 0 { pixmanCovered += 1 }
  guard p >> 24 == 255, q >> 24 == 255 else { continue }
  interior += 1
  for shift in stride(from: UInt32(0), to: 24, by: 8) {
    let d = abs(Int((p >> shift) & 255) - Int((q >> shift) & 255))
    interiorSum += d
    interiorMax = max(interiorMax, d)
  }
}
print(
  String(
    format: "pixman projective (BILINEAR) face-mag: %.2f ms/face, %.2f ns per pixel covered (%d); ours %.2f× its time; "
      + "its interior vs ours: mean %.3f, max %d levels per channel",
    pixman.seconds * 1000, pixman.seconds * 1e9 / Double(pixmanCovered), pixmanCovered,
    seconds["face-mag"]! / pixman.seconds, Double(interiorSum) / Double(max(1, 3 * interior)), interiorMax))
let cores = ProcessInfo.processInfo.activeProcessorCount
let par = parallelFPS(cases[1].frames, threads: cores)
print("vector cube on \(cores) threads (wall clock, shared machine): \(String(format: "%.0f", par)) frames/s total")

if let dir = pngDir {
  for c in cases where c.name != "floor" {
    for i in Set([0, c.frames.count / 4, c.frames.count / 2, 3 * c.frames.count / 4, c.frames.count - 1]).sorted() {
      writePNG(try compositor.render(c.frames[i]), "\(dir)/\(c.name)-\(i).png")
    }
  }
  print("wrote PNGs to \(dir)")
}
