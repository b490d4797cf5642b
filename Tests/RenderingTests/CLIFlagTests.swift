import Foundation
import Pixels
import RenderCLI
import Testing
import ToolTestSupport

/// Every option of `render`, through the in-process CLI: exit status, message, output.
@MainActor
@Suite("render options")
struct CLIFlagTests: CLISuite {
  /// Decodes an image or animation with Pillow: frame count, size, per-frame durations (ms),
  /// loop, and the SHA-256 of each frame's RGBA bytes.
  func pillow(_ path: String) throws -> (frames: Int, size: String, durations: [Int], loop: String, hashes: [String]) {
    let script = """
      import sys, hashlib
      from PIL import Image
      im = Image.open(sys.argv[1]); n = getattr(im, 'n_frames', 1); d = []; h = []
      for i in range(n):
          im.seek(i); d.append(str(int(im.info.get('duration', 0)))); h.append(hashlib.sha256(im.convert('RGBA').tobytes()).hexdigest())
      print(n); print('%dx%d' % im.size); print(','.join(d)); print(im.info.get('loop', 'none')); print(','.join(h))
      """
    let lines = try python(script, [path])
    return (
      Int(lines[0]) ?? -1, lines[1], lines[2].split(separator: ",").compactMap { Int($0) }, lines[3],
      lines[4].split(separator: ",").map(String.init)
    )
  }

  /// 0.35 s of fade at 20 fps: ⌈7⌉ + 1 = 8 frames.
  let small = ["--size", "40x60", "--fps", "20"]

  @Test(
    "A --lossless .gif decodes independently with ⌈duration × fps⌉ + 1 frames at the asked size; first and last frames equal the PNG frames exactly (their few colors fit the palette)"
  )
  func gifFramesMatchPNG() throws {
    let f = folder()
    // Two screens of a few colours each, so that every frame fits one palette.
    let screen = { (color: String, box: String) in
      #"{"color": "\#(color)", "subviews": [{"frame": [5, 10, 20, 30], "color": "\#(box)"}]}"#
    }
    let scene =
      #"{"size": [40, 60], "from": \#(screen("#FFFFFF", "#FF0000")), "to": \#(screen("#224466", "#FFCC00"))}"#
    try Data(scene.utf8).write(to: URL(fileURLWithPath: f + "/scene.json"))
    let fade = ["fade", "--present", "--scene", f + "/scene.json", "--fps", "20"]
    #expect(run(fade + ["--lossless", "-q", "-o", f + "/a.gif"]).status == 0)
    #expect(run(fade + ["-q", "-o", f + "/seq/"]).status == 0)
    let gif = try pillow(f + "/a.gif")
    #expect(gif.frames == 8 && gif.size == "40x60")
    let first = try pillow(f + "/seq/0000.png"), last = try pillow(f + "/seq/0007.png")
    #expect(gif.hashes.first == first.hashes.first)
    #expect(gif.hashes.last == last.hashes.first)
  }

  @Test(
    "GIF delays come from cumulative centiseconds: 30 fps plays 30, 40, 30 ms…; --loop 1 writes no repeat, --loop forever loops"
  )
  func gifTiming() throws {
    let f = folder()
    #expect(run(["fade", "--size", "40x60", "--fps", "30", "-q", "-o", f + "/a.gif"]).status == 0)
    let a = try pillow(f + "/a.gif")
    #expect(Array(a.durations.prefix(3)) == [30, 40, 30])
    #expect(a.loop == "0")
    #expect(run(["fade"] + small + ["--loop", "1", "-q", "-o", f + "/once.gif"]).status == 0)
    #expect(try pillow(f + "/once.gif").loop == "none")
  }

  @Test("--hold adds its time to the first and last frames")
  func hold() throws {
    let f = folder()
    #expect(run(["fade"] + small + ["--hold", "0.5", "-q", "-o", f + "/h.gif"]).status == 0)
    let d = try pillow(f + "/h.gif").durations
    #expect(d.first == 550 && d.last == 550)
  }

  @Test(
    "--bounce plays the operation, holds its end state, then plays its reverse: the last frame equals the first; with --hold 0 the reverse starts on the push's last frame"
  )
  func bounce() throws {
    for (hold, count) in [([String](), 8 + 10 + 7), (["--hold", "0"], 8 + 7)] {
      let r = run(["fade", "--push", "--bounce"] + hold + small + ["--hash"])
      #expect(r.status == 0)
      let lines = r.out.split(separator: "\n")
      #expect(lines.count == count, "\(hold)")
      #expect(lines.first?.split(separator: " ")[1] == lines.last?.split(separator: " ")[1])
    }
  }

  @Test("--scale 2 doubles the pixel size")
  func scale() throws {
    let f = folder()
    #expect(run(["fade"] + small + ["--scale", "2", "-q", "-o", f + "/s.gif"]).status == 0)
    #expect(try pillow(f + "/s.gif").size == "80x120")
  }

  @Test("--transparent leaves uncovered pixels transparent; --background paints them")
  func background() throws {
    let f = folder()
    // Halfway through a cube the far edges are shorter than the screen: the window shows in
    // the top-left corner.
    // (A presentation: in a push the navigation bar stays over the top of the screen.)
    #expect(run(["cube", "--present"] + small + ["--transparent", "-q", "-o", f + "/t/"]).status == 0)
    #expect(run(["cube", "--present"] + small + ["--background", "#FF0000", "-q", "-o", f + "/r/"]).status == 0)
    let script =
      "import sys;from PIL import Image\nfor p in sys.argv[1:]: print(Image.open(p).convert('RGBA').getpixel((0,0)))"
    let corners = try python(script, [f + "/t/0010.png", f + "/r/0010.png"])
    #expect(corners == ["(0, 0, 0, 0)", "(255, 0, 0, 255)"])
  }

  @Test("--param sets a validated effect parameter; unknown names and out-of-range values are usage errors")
  func params() {
    #expect(run(["fold", "--param", "folds=3"] + small + ["--hash"]).status == 0)
    let unknown = run(["fold", "--param", "wobble=3", "--hash"])
    #expect(unknown.status == 64 && unknown.err.contains("no parameter 'wobble'"))
    let range = run(["fold", "--param", "folds=0", "--hash"])
    #expect(range.status == 64 && range.err.contains("must be a number from"))
  }

  @Test(
    "--interactive renders a finishing gesture with a touch indicator; --cancel snaps back to the first frame; push cannot be interactive"
  )
  func interactive() {
    // Tall enough that the edge pan starts below the navigation bar, on the screen it pops.
    let small = ["--size", "40x160", "--fps", "20"]
    let done = run(["cube", "--pop", "--interactive"] + small + ["--hash"])
    let cancel = run(["cube", "--pop", "--interactive", "--cancel"] + small + ["--hash"])
    #expect(done.status == 0 && cancel.status == 0)
    let d = done.out.split(separator: "\n").map { $0.split(separator: " ")[1] }
    let c = cancel.out.split(separator: "\n").map { $0.split(separator: " ")[1] }
    #expect(d.first != d.last)
    let reference = run(["cube", "--pop"] + small + ["--hash"]).out.split(separator: "\n").map {
      $0.split(separator: " ")[1]
    }
    #expect(c.last == reference.first, "a cancelled pop ends on the starting screen")
    #expect(d.last == reference.last, "a finished pop ends on the popped-to screen")
    #expect(run(["cube", "--push", "--interactive", "--hash"]).status == 64)
  }

  @Test(
    "Interactive slide-up dismiss: a finishing swipe ends on the presenter; a cancelled one springs back to the presented screen"
  )
  func interactiveSlideUpDismiss() {
    func hashes(_ extra: [String]) -> [Substring] {
      run(["slide-up", "--dismiss"] + small + extra + ["--hash"]).out.split(separator: "\n").map {
        $0.split(separator: " ")[1]
      }
    }
    let plain = hashes([]), done = hashes(["--interactive"]), cancelled = hashes(["--interactive", "--cancel"])
    #expect(done.last == plain.last)
    #expect(cancelled.last == plain.first)
    #expect(done.count > 2 && cancelled.count > 2)
  }

  @Test("--gesture reads exact touches; a malformed gesture file is an error naming the JSON path")
  func gestureFile() throws {
    let f = folder()
    // Below the navigation bar (status bar 20 + 44), on the screen the edge pan pops.
    let good =
      #"{"samples": [{"time": 0, "touches": [[2, 100]], "phase": "began"}, {"time": 0.3, "touches": [[30, 100]], "phase": "moved"}, {"time": 0.4, "touches": [[38, 100]], "phase": "ended"}]}"#
    try Data(good.utf8).write(to: URL(fileURLWithPath: f + "/g.json"))
    #expect(
      run(["fade", "--pop", "--gesture", f + "/g.json", "--size", "40x160", "--fps", "20", "--hash"]).status == 0)
    try Data(#"{"samples": [{"time": 0, "touches": [[2, "x"]], "phase": "began"}]}"#.utf8).write(
      to: URL(fileURLWithPath: f + "/bad.json"))
    let bad = run(["fade", "--pop", "--gesture", f + "/bad.json", "--hash"])
    #expect(bad.status != 0 && bad.err.contains("$.samples[0].touches[0]"))
  }

  @Test(
    "recorder-errors-are-typed: a --gesture that starts no transition (a tap where a horizontal swipe is expected) is the one-line error naming the interaction, matched by its kind"
  )
  func gestureStartingNothing() throws {
    let f = folder()
    let tap =
      #"{"samples": [{"time": 0, "touches": [[20, 30]], "phase": "began"}, {"time": 0.1, "touches": [[20, 30]], "phase": "ended"}]}"#
    try Data(tap.utf8).write(to: URL(fileURLWithPath: f + "/tap.json"))
    let result = run(
      ["fade", "--pop", "--interaction", "horizontal-swipe", "--gesture", f + "/tap.json"] + small + ["--hash"])
    #expect(result.status == 1)
    #expect(
      result.err.contains(
        "the gesture ended without starting the transition (does it begin where the interaction 'horizontal-swipe' expects?)"
      ),
      "\(result.err)")
  }

  @Test(
    "Output formats follow the extension: .apng and .webp decode with their frame count, .png is a contact sheet, - writes a GIF to standard output"
  )
  func formats() throws {
    let f = folder()
    for ext in ["apng", "webp"] {
      #expect(run(["fade"] + small + ["-q", "-o", f + "/a." + ext]).status == 0)
      #expect(try pillow(f + "/a." + ext).frames == 8, "\(ext)")
    }
    #expect(run(["fade"] + small + ["-q", "-o", f + "/sheet.png"]).status == 0)
    #expect(try pillow(f + "/sheet.png").frames == 1)
    let out = run(["fade"] + small + ["-o", "-"])
    #expect(out.status == 0 && Array(out.bytes.prefix(6)) == Array("GIF89a".utf8))
    let unknown = run(["fade", "-o", f + "/a.mp4"])
    #expect(unknown.status == 64 && unknown.err.contains(".mp4 is not a known format"))
  }

  @Test("--from/--to use screenshots as screens; a truncated PNG is an error naming the file, exit 1, no output")
  func screenshots() throws {
    let f = folder()
    #expect(run(["fade"] + small + ["-q", "-o", f + "/seq/"]).status == 0)
    #expect(run(["fade", "--from", f + "/seq/0000.png", "--to", f + "/seq/0007.png"] + small + ["--hash"]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: f + "/seq/0000.png"))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: f + "/cut.png"))
    let r = run(["fade", "--from", f + "/cut.png", "--to", f + "/seq/0007.png", "-o", f + "/x.gif"])
    #expect(r.status == 1 && r.err.contains("cut.png"))
    #expect(!FileManager.default.fileExists(atPath: f + "/x.gif"))
  }

  @Test("A failed render to an existing path leaves the previous good file untouched")
  func previousOutputSurvives() throws {
    let f = folder()
    #expect(run(["fade"] + small + ["-q", "-o", f + "/a.gif"]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: f + "/a.gif"))
    #expect(run(["fade", "--from", f + "/missing.png", "--to", f + "/missing.png", "-o", f + "/a.gif"]).status == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: f + "/a.gif")) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: f) == ["a.gif"], "no temporary file is left")
  }

  @Test("--quiet prints nothing on success; --perf prints per-stage timings")
  func quietAndPerf() {
    let f = folder()
    let quiet = run(["fade"] + small + ["-q", "-o", f + "/a.gif"])
    #expect(quiet.status == 0 && quiet.out.isEmpty && quiet.err.isEmpty)
    let perf = run(["fade"] + small + ["--perf", "-q", "-o", f + "/b.gif"])
    #expect(perf.err.hasPrefix("perf: animate") && perf.err.contains("composite") && perf.err.contains("encode+write"))
  }

  @Test("render list prints every effect with its operations; --verbose adds defaults; subcommands have --help")
  func listAndHelp() {
    let list = run(["list"])
    #expect(list.status == 0 && list.out.contains("cube") && list.out.contains("push,pop,present,dismiss,tab"))
    #expect(run(["list", "--verbose"]).out.contains("default: --"))
    for sub in ["list", "verify", "gallery", "encode"] {
      let help = run([sub, "--help"])
      #expect(help.status == 0 && help.out.contains("USAGE: render \(sub)"), "\(sub)")
    }
  }

  @Test(
    "render encode encodes a PNG folder; a corrupt frame is an error naming the file with no output, decoding ahead on a thread or not"
  )
  func encode() throws {
    let f = folder()
    #expect(run(["fade"] + small + ["-q", "-o", f + "/seq/"]).status == 0)
    #expect(run(["encode", f + "/seq", "-o", f + "/e.gif", "--fps", "20", "-q"]).status == 0)
    #expect(try pillow(f + "/e.gif").frames == 8)
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: f + "/seq/0008.png"))
    for threads in ["1", "2"] {
      let r = run(["encode", f + "/seq", "-o", f + "/bad.gif", "--threads", threads])
      #expect(r.status == 1 && r.err.contains("0008.png"), "--threads \(threads)")
      #expect(r.err.split(separator: "\n").count == 1, "--threads \(threads): \(r.err)")
      #expect(!FileManager.default.fileExists(atPath: f + "/bad.gif"), "--threads \(threads)")
    }
    #expect(run(["encode", f + "/seq", "-o", f + "/x.gif", "--fps", "60"]).status == 64)
    #expect(run(["encode", f + "/seq", "-o", f + "/x.gif", "--threads", "0"]).status == 64)
  }

  @Test(
    "bounce-holds: a hold is rounded to whole frame intervals (0.5 s at 15 fps holds 8, so the first frame lasts 600 ms), every frame stays on the frame rate's grid, and ffmpeg re-timing the GIF at its rate reports nothing"
  )
  func holdsOnTheFrameGrid() throws {
    let f = folder()
    let r = run(["cube", "--bounce", "--fps", "15", "--size", "60x100", "--hold", "0.5", "-q", "-o", f + "/h.gif"])
    #expect(r.status == 0, "\(r.err)")
    let durations = try pillow(f + "/h.gif").durations
    #expect(durations.first == 600, "\(durations)")
    // Every frame starts at a whole number of 1/15 s, within the centisecond rounding.
    var start = 0
    for (i, d) in durations.enumerated() {
      let ticks = Double(start) / (1000.0 / 15)
      #expect(abs(ticks - ticks.rounded()) * (1000.0 / 15) < 5.1, "frame \(i) starts at \(start) ms")
      start += d
    }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
      let check = try runTool("/usr/bin/ffmpeg", ["-v", "error", "-i", f + "/h.gif", "-f", "null", "-"])
      #expect(check.status == 0 && check.errors.isEmpty, "\(check.errors)")
    }
  }

  @Test(
    "render encode's --hold-first and --hold-last lengthen one end each, over --hold (Pillow reads the delays); a negative hold is a usage error with no file"
  )
  func encodeHolds() throws {
    let f = folder()
    #expect(run(["fade"] + small + ["-q", "-o", f + "/seq/"]).status == 0)
    #expect(
      run(["encode", f + "/seq", "-o", f + "/both.gif", "--fps", "20", "--hold", "1", "--hold-last", "0.5", "-q"])
        .status == 0)
    let both = try pillow(f + "/both.gif").durations
    #expect(both.first == 1050 && both.last == 550, "\(both)")
    #expect(
      run(["encode", f + "/seq", "-o", f + "/first.apng", "--fps", "20", "--hold-first", "0.2", "-q"]).status == 0)
    let first = try pillow(f + "/first.apng").durations
    #expect(first.first == 250 && first.last == 50, "\(first)")
    let bad = run(["encode", f + "/seq", "-o", f + "/bad.gif", "--hold-last", "-1"])
    #expect(bad.status == 64 && bad.err.contains("a hold of -1.0 s is out of range: 0 seconds or more"), "\(bad.err)")
    #expect(!FileManager.default.fileExists(atPath: f + "/bad.gif"))
  }

  @Test(
    "render encode --tolerance T bounds the per-channel error lossy LZW puts on a GIF pixel: two grays 10 apart stay exact under 5 and may trade places under 12; outside 0...64 is a usage error"
  )
  func encodeTolerance() throws {
    let f = folder()
    // Three frames of random noise in two grays: the palette holds both exactly, so every
    // decoded difference is lossy LZW's.
    let script = """
      import sys, random
      from PIL import Image
      random.seed(7)
      for i in range(3):
          im = Image.new('RGB', (128, 128))
          im.putdata([(100, 100, 100) if random.random() < 0.5 else (110, 110, 110) for _ in range(128 * 128)])
          im.save('%s/%04d.png' % (sys.argv[1], i))
      """
    _ = try python(script, [f])
    let compare = """
      import sys
      from PIL import Image, ImageSequence
      im = Image.open(sys.argv[1]); worst = 0; moved = 0
      for i, frame in enumerate(ImageSequence.Iterator(im)):
          a = frame.convert('RGB').tobytes(); b = Image.open('%s/%04d.png' % (sys.argv[2], i)).convert('RGB').tobytes()
          d = [abs(x - y) for x, y in zip(a, b)]; worst = max(worst, max(d)); moved += sum(1 for x in d if x)
      print(worst); print(moved)
      """
    var bytes: [String: Int] = [:]
    for tolerance in ["5", "12"] {
      let out = f + "/t\(tolerance).gif"
      #expect(run(["encode", f, "-o", out, "--quality", "40", "--tolerance", tolerance, "-q"]).status == 0)
      let lines = try python(compare, [out, f])
      let (worst, moved) = (Int(lines[0]) ?? -1, Int(lines[1]) ?? -1)
      bytes[tolerance] = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
      if tolerance == "5" { #expect(worst == 0 && moved == 0, "--tolerance 5: \(worst), \(moved)") }
      if tolerance == "12" { #expect(worst == 10 && moved > 0, "--tolerance 12: \(worst), \(moved)") }
    }
    #expect(bytes["12"]! < bytes["5"]!, "\(bytes)")
    for (value, message) in [
      ("65", "tolerance 65 is out of range: a whole number from 0 (exact codes) to 64"),
      ("-1", "tolerance -1 is out of range"), ("x", "Invalid value 'x' for '--tolerance': expected a whole number"),
    ] {
      let bad = run(["encode", f, "-o", f + "/bad.gif", "--tolerance", value])
      #expect(bad.status == 64 && bad.err.contains(message), "\(value): \(bad.err)")
    }
    #expect(!FileManager.default.fileExists(atPath: f + "/bad.gif"))
    #expect(run(["encode", "--help"]).out.contains("--tolerance <0-64>"))
  }

  @Test(
    "Each format's fps limit is a usage error naming what browsers do and the way out: GIF over 50, APNG and WebP over 90 (render and render encode); --drop-frames fits them"
  )
  func fpsLimits() throws {
    let f = folder()
    for (fps, out, limit) in [("60", "a.gif", "50"), ("120", "a.apng", "90"), ("91", "a.webp", "90")] {
      let r = run(["fade", "--size", "40x60", "--fps", fps, "-o", f + "/" + out])
      #expect(r.status == 64, "\(out)")
      #expect(
        r.err.contains("too fast for \(out.split(separator: ".")[1].uppercased())")
          && r.err.contains("--fps \(limit) or less"), "\(r.err)")
      #expect(!FileManager.default.fileExists(atPath: f + "/" + out))
    }
    #expect(run(["fade", "--size", "40x60", "--fps", "90", "-q", "-o", f + "/ok.apng"]).status == 0)
    // A PNG sequence has no delays.
    #expect(run(["fade", "--size", "40x60", "--fps", "120", "-q", "-o", f + "/seq/"]).status == 0)
    let refused = run(["encode", f + "/seq", "-o", f + "/x.webp", "--fps", "120"])
    #expect(refused.status == 64 && refused.err.contains("--drop-frames"))
    #expect(run(["encode", f + "/seq", "-o", f + "/x.webp", "--fps", "120", "--drop-frames", "-q"]).status == 0)
    #expect(try pillow(f + "/x.webp").frames < (try FileManager.default.contentsOfDirectory(atPath: f + "/seq").count))
  }

  @Test(
    "--max-size lowers the quality until the GIF or WebP fits (render and render encode); what cannot fit is an error with no file; APNG, lossless and PNG outputs refuse it"
  )
  func maxSize() throws {
    let f = folder()
    let full = run(["cube", "--present", "--size", "60x100", "--fps", "15", "-q", "-o", f + "/full.gif"])
    #expect(full.status == 0)
    let fullBytes = try FileManager.default.attributesOfItem(atPath: f + "/full.gif")[.size] as! Int
    let limit = fullBytes * 8 / 10
    let r = run([
      "cube", "--present", "--size", "60x100", "--fps", "15", "--max-size", String(limit), "-o", f + "/fit.gif",
    ])
    #expect(r.status == 0, "\(r.err)")
    let fitBytes = try FileManager.default.attributesOfItem(atPath: f + "/fit.gif")[.size] as! Int
    #expect(fitBytes <= limit && fitBytes > 0)
    #expect(r.err.contains("quality 80: \(fullBytes) bytes (over \(limit))"))
    #expect(try pillow(f + "/fit.gif").frames == (try pillow(f + "/full.gif")).frames)
    #expect(run(["fade", "--size", "40x60", "-q", "-o", f + "/seq/"]).status == 0)
    let e = run(["encode", f + "/seq", "-o", f + "/enc.webp", "--max-size", "3KB"])
    #expect(e.status == 0 && e.err.contains("at quality"), "\(e.err)")
    #expect((try FileManager.default.attributesOfItem(atPath: f + "/enc.webp")[.size] as! Int) <= 3000)
    let tiny = run([
      "cube", "--present", "--size", "60x100", "--fps", "15", "-q", "--max-size", "100", "-o", f + "/tiny.gif",
    ])
    #expect(
      tiny.status == 1 && tiny.err.hasPrefix("Error: cannot fit in 100 bytes: even quality 0 gives "), "\(tiny.err)")
    #expect(!FileManager.default.fileExists(atPath: f + "/tiny.gif"))
    for (out, extra) in [("x.apng", [String]()), ("x.gif", ["--lossless"]), ("x/", [])] {
      let refused = run(["fade", "--size", "40x60", "--max-size", "1MB", "-o", f + "/" + out] + extra)
      #expect(refused.status == 64 && refused.err.contains("--max-size"), "\(out): \(refused.err)")
    }
    #expect(run(["fade", "--size", "40x60", "--max-size", "lots", "-o", f + "/x.gif"]).status == 64)
  }

  @Test(
    "--dither none|auto|ordered picks the GIF dithering of frames with more than 256 colors (render and render encode); another value is a usage error naming the accepted ones; both helps list it"
  )
  func dither() throws {
    let f = folder()
    // Three 64x48 frames with thousands of colors (a ramp plus a moving square), so the GIF
    // must quantize them.
    let script = """
      import sys
      from PIL import Image
      for i in range(3):
          im = Image.new('RGB', (64, 48))
          im.putdata([((x * 4) % 256, (y * 5 + x) % 256, (x * y) % 256) for y in range(48) for x in range(64)])
          im.paste((250, 250, 250), (4 + 6 * i, 4, 14 + 6 * i, 14))
          im.save('%s/%04d.png' % (sys.argv[1], i))
      """
    _ = try python(script, [f])
    var sizes: [String: Int] = [:]
    for mode in ["none", "auto", "ordered"] {
      #expect(run(["encode", f, "-o", f + "/\(mode).gif", "--dither", mode, "-q"]).status == 0, "\(mode)")
      #expect(try pillow(f + "/\(mode).gif").frames == 3, "\(mode)")
      sizes[mode] = try FileManager.default.attributesOfItem(atPath: f + "/\(mode).gif")[.size] as? Int
    }
    #expect(sizes["ordered"] != sizes["none"], "ordered dithering changes the quantized frames")
    #expect(run(["encode", f, "-o", f + "/eq.gif", "--dither=ordered", "-q"]).status == 0)
    let bad = run(["encode", f, "-o", f + "/bad.gif", "--dither", "sometimes"])
    #expect(
      bad.status == 64 && bad.err.contains("Unknown dithering 'sometimes'; the modes are auto, none, ordered"))
    #expect(!FileManager.default.fileExists(atPath: f + "/bad.gif"))
    #expect(run(["fade"] + small + ["--dither", "auto", "-q", "-o", f + "/fade.gif"]).status == 0)
    #expect(run(["fade"] + small + ["--dither", "", "--hash"]).status == 64)
    #expect(run(["--help"]).out.contains("--dither <mode>"))
    #expect(run(["encode", "--help"]).out.contains("--dither <mode>"))
  }

  @Test("render gallery --check fails on a gallery whose manifest does not list the effects")
  func galleryCheckStale() throws {
    let f = folder()
    try Data(#"{"cairo":"x","entries":[],"pixman":"y"}"#.utf8).write(to: URL(fileURLWithPath: f + "/gallery.json"))
    let r = run(["gallery", "--check", f, "--effects", "fade", "-q"])
    #expect(r.status == 1 && r.err.contains("fade (not in the manifest)"))
  }

  @Test(
    "render gallery writes only changed files; --check passes on it and fails when one recorded frame hash no longer matches the render"
  )
  func galleryCheck() throws {
    let f = folder()
    #expect(run(["gallery", "-o", f, "--effects", "fade,scale", "-q"]).status == 0)
    #expect(run(["gallery", "--check", f, "--effects", "fade,scale"]).status == 0)
    let gifDate = try FileManager.default.attributesOfItem(atPath: f + "/fade.gif")[.modificationDate] as? Date
    #expect(run(["gallery", "-o", f, "--effects", "fade,scale", "-q"]).status == 0)
    #expect(
      try FileManager.default.attributesOfItem(atPath: f + "/fade.gif")[.modificationDate] as? Date == gifDate,
      "unchanged pixels, file not rewritten")
    // A recorded frame hash that is not the render's: what a changed pixel looks like.
    var text = try String(contentsOfFile: f + "/gallery.json", encoding: .utf8)
    let frames = try #require(text.range(of: #""frames" : ["#))
    let quote = try #require(text.range(of: "\"", range: frames.upperBound..<text.endIndex))
    let i = quote.upperBound
    text.replaceSubrange(i...i, with: text[i] == "0" ? "1" : "0")
    try text.write(toFile: f + "/gallery.json", atomically: true, encoding: .utf8)
    let r = run(["gallery", "--check", f, "--effects", "fade,scale"])
    #expect(r.status == 1 && r.err.contains("its pixels changed"))
  }
}
