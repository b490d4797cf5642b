// compositor-bench: frames per second of the compositor on a cube transition at 750×1334 px
// (two 375×667-pt UI-like screens on adjacent cube faces under m34 perspective, 30 frames),
// against the floor (clear a surface + convert/unpremultiply one frame).
//
//   swift build -c release && .build/release/compositor-bench [--passes N] [--png DIR]
import Snapshot
import CCairo
import Compositor
import Foundation
import Pixels

let screen = Size(width: 375, height: 667)
let frameCount = 30
let scale = 2.0

func box(_ r: Rect, _ c: Color?, radius: Double = 0) -> LayerSnapshot {
  var l = LayerSnapshot()
  l.bounds = Rect(x: 0, y: 0, width: r.width, height: r.height)
  l.position = Point(x: r.midX, y: r.midY)
  l.backgroundColor = c
  l.cornerRadius = radius
  return l
}

/// A table-view-like screen: nav bar with title and hairline, 10 rows with a rounded icon,
/// two text bars, a chevron and a hairline separator.
func uiScreen(tint: Color, name: String) -> LayerSnapshot {
  var s = box(Rect(origin: .zero, size: screen), .white)
  s.name = name
  var subs: [LayerSnapshot] = []
  subs.append(box(Rect(x: 0, y: 0, width: 375, height: 64), Color(white: 0.97)))
  subs.append(box(Rect(x: 0, y: 63.5, width: 375, height: 0.5), Color(white: 0.7)))
  subs.append(box(Rect(x: 137, y: 32, width: 100, height: 14), Color(white: 0.15), radius: 4))
  subs.append(box(Rect(x: 12, y: 32, width: 60, height: 14), tint, radius: 4))
  for i in 0..<10 {
    let y = 64 + Double(i) * 60
    subs.append(box(Rect(x: 16, y: y + 10, width: 40, height: 40), tint.withAlphaComponent(0.35 + 0.06 * Double(i)), radius: 9))
    subs.append(box(Rect(x: 68, y: y + 14, width: 180 - Double(i % 3) * 30, height: 12), Color(white: 0.2), radius: 3))
    subs.append(box(Rect(x: 68, y: y + 34, width: 120 + Double(i % 4) * 20, height: 9), Color(white: 0.6), radius: 3))
    subs.append(box(Rect(x: 350, y: y + 24, width: 8, height: 12), Color(white: 0.75), radius: 2))
    subs.append(box(Rect(x: 68, y: y + 59.5, width: 307, height: 0.5), Color(white: 0.85)))
  }
  subs.append(box(Rect(x: 0, y: 618, width: 375, height: 49), Color(white: 0.97)))
  subs.append(box(Rect(x: 0, y: 618, width: 375, height: 0.5), Color(white: 0.7)))
  s.sublayers = subs
  return s
}

/// Frame i of a cube rotation by 90° (ease-in-out): each face is pushed out to the cube's
/// surface, turned about the cube's vertical axis, and pulled back so the front face starts
/// flat; faces are single-sided and darkened by a black veil as they turn away.
func cubeFrame(_ i: Int, from: LayerSnapshot, to: LayerSnapshot) -> FrameSnapshot {
  let t = Double(i) / Double(frameCount - 1)
  let u = t * t * (3 - 2 * t)
  let theta = u * Double.pi / 2
  let half = screen.width / 2
  func face(_ content: LayerSnapshot, _ angle: Double, veil: Double) -> LayerSnapshot {
    var f = content
    f.position = Point(x: screen.width / 2, y: screen.height / 2)
    f.isDoubleSided = false
    f.transform = Transform3D(translationX: 0, y: 0, z: half)
      .concatenating(Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0))
      .concatenating(Transform3D(translationX: 0, y: 0, z: -half))
    var v = box(Rect(origin: .zero, size: screen), .black)
    v.opacity = veil * 0.8
    f.sublayers.append(v)
    return f
  }
  var root = box(Rect(origin: .zero, size: screen), nil)
  root.sublayerTransform = .perspective(distance: 1000)
  root.sublayers = [face(from, -theta, veil: u), face(to, Double.pi / 2 - theta, veil: 1 - u)]
  return FrameSnapshot(time: t, size: screen, background: .black, root: root)
}

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

var passCount = 3
var pngDir: String? = nil
var only: String? = nil
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
  switch a {
  case "--passes": passCount = Int(args.popFirst() ?? "") ?? passCount
  case "--png": pngDir = args.popFirst()
  case "--only": only = args.popFirst()
  default:
    print("usage: compositor-bench [--passes N] [--png DIR] [--only floor|vector|raster]")
    exit(64)
  }
}

let passes = passCount
let compositor = Compositor(scale: scale)
let fromScreen = uiScreen(tint: Color(hex: 0x007aff), name: "from")
let toScreen = uiScreen(tint: Color(hex: 0xff9500), name: "to")
let vectorFrames = (0..<frameCount).map { cubeFrame($0, from: fromScreen, to: toScreen) }

// The same cube with the screens as pictures (snapshot bitmaps): the raster path.
func picture(_ s: LayerSnapshot) throws -> LayerSnapshot {
  var r = s
  r.position = Point(x: screen.width / 2, y: screen.height / 2)
  let img = try compositor.render(FrameSnapshot(time: 0, size: screen, background: nil, root: r))
  var l = box(Rect(origin: .zero, size: screen), nil)
  l.contents = .image(Bitmap(img, label: s.name))
  return l
}
let pa = try picture(fromScreen), pb = try picture(toScreen)
let rasterCube = (0..<frameCount).map { cubeFrame($0, from: pa, to: pb) }

var emptyRoot = box(Rect(origin: .zero, size: screen), nil)
emptyRoot.isHidden = true
let empty = FrameSnapshot(time: 0, size: screen, background: .black, root: emptyRoot)

/// CPU seconds per frame on one thread (thread CPU clock, so machine load does not count),
/// best of `passes` passes over `frames`.
func secondsPerFrame(_ frames: [FrameSnapshot]) throws -> Double {
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

if let only {
  // Profiling aid: render one kind of frame in a loop.
  let frames = only == "floor" ? Array(repeating: empty, count: frameCount) : only == "raster" ? rasterCube : vectorFrames
  print(String(format: "%@: %.2f ms/frame", only, try secondsPerFrame(frames) * 1000))
  exit(0)
}
_ = try compositor.render(vectorFrames[15])  // warm up (caches, page faults)
_ = try compositor.render(rasterCube[15])
let floor = try secondsPerFrame(Array(repeating: empty, count: frameCount))
let vector = try secondsPerFrame(vectorFrames)
let raster = try secondsPerFrame(rasterCube)
let cores = ProcessInfo.processInfo.activeProcessorCount
let par = parallelFPS(vectorFrames, threads: cores)

func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
print("compositor-bench: cube transition, \(frameCount) frames, 375×667 pt at \(Int(scale))x = 750×1334 px, best of \(passes) passes, thread CPU time")
print("floor (clear surface + unpremultiply/convert):  \(ms(floor))/frame  = \(String(format: "%.0f", 1 / floor)) frames/s per core")
print("vector cube (UI rects, exact geometry):         \(ms(vector))/frame  = \(String(format: "%.0f", 1 / vector)) frames/s per core  (\(String(format: "%.2f", vector / floor))× floor)")
print("raster cube (screens as bitmaps, homography):   \(ms(raster))/frame  = \(String(format: "%.0f", 1 / raster)) frames/s per core  (\(String(format: "%.2f", raster / floor))× floor)")
print("vector cube on \(cores) threads (wall clock, shared machine): \(String(format: "%.0f", par)) frames/s total")

if let dir = pngDir {
  for i in [0, 8, 15, 22, 29] {
    writePNG(try compositor.render(vectorFrames[i]), "\(dir)/cube-vector-\(i).png")
    writePNG(try compositor.render(rasterCube[i]), "\(dir)/cube-raster-\(i).png")
  }
  print("wrote PNGs to \(dir)")
}
