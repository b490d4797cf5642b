import Foundation
import Pixels
import RenderCLI
import Testing

@testable import Rendering

/// The command line's docs images: --duration, --speed, end-state holds, stills and motion
/// curves, each checked through an independent decoder (Pillow) or from the geometry.
@MainActor
@Suite("docs images: duration, speed, holds, stills, curves")
struct DocsImageTests: CLISuite {
  /// SHA-256 of each PNG in a folder's sequence, in order, as Pillow decodes them.
  func pngHashes(_ folder: String) throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    let script =
      "import sys, hashlib\nfrom PIL import Image\nfor p in sys.argv[1:]: print(hashlib.sha256(Image.open(p).convert('RGBA').tobytes()).hexdigest())"
    return try python(script, files.map { folder + "/" + $0 })
  }

  let small = ["--size", "60x100"]

  @Test(
    "--duration 0.5 on the 1 s cube writes ⌈0.5 × 30⌉ + 1 = 16 frames, its motion the 1 s cube's compressed in time: frame i is exactly frame 2i of the 1 s render (frame 8 is frame 16: at 30 fps both sample progress 0.533)"
  )
  func durationCompressesTheCube() throws {
    let f = folder()
    #expect(run(["cube", "--push", "--duration", "0.5", "--fps", "30", "-q", "-o", f + "/half/"] + small).status == 0)
    #expect(run(["cube", "--push", "--fps", "30", "-q", "-o", f + "/full/"] + small).status == 0)
    let half = try pngHashes(f + "/half"), full = try pngHashes(f + "/full")
    #expect(half.count == 16 && full.count == 31)
    for i in half.indices { #expect(half[i] == full[2 * i], "frame \(i) of the 0.5 s cube") }
    #expect(Set(half).count > 10, "the frames differ from one another")
  }

  @Test(
    "--speed 0.25 on fade writes the same 0.35 s of motion four times as densely: 43 frames for 12, every fourth the speed-1 frame; the GIF plays it in 1.4 s"
  )
  func speedSlowsFade() throws {
    let f = folder()
    #expect(run(["fade", "--speed", "0.25", "-q", "-o", f + "/slow/"] + small).status == 0)
    #expect(run(["fade", "-q", "-o", f + "/normal/"] + small).status == 0)
    let slow = try pngHashes(f + "/slow"), normal = try pngHashes(f + "/normal")
    #expect(normal.count == 12 && slow.count == 43)
    for k in normal.indices where 4 * k < slow.count { #expect(slow[4 * k] == normal[k], "frame \(4 * k)") }
    #expect(slow.last == normal.last, "both end on the end state")
    #expect(run(["fade", "--speed", "0.25", "-q", "-o", f + "/slow.gif"] + small).status == 0)
    let total = try python(
      "from PIL import Image\nim = Image.open(__import__('sys').argv[1]); t = 0\nfor i in range(im.n_frames):\n    im.seek(i); t += im.info['duration']\nprint(t)",
      [f + "/slow.gif"])
    #expect(total == ["1430"], "43 frames at 30 fps")
  }

  @Test("Hash manifests record --duration, --speed and --hold, and render verify renders them again")
  func manifestsRecordTiming() throws {
    let f = folder()
    #expect(
      run(
        [
          "fade", "--push", "--bounce", "--duration", "0.2", "--speed", "0.5", "--hold", "0.1", "--fps", "10", "-q",
          "--hashes", f + "/m.json",
        ] + small
      ).status == 0)
    let json =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: f + "/m.json"))) as! [String: Any]
    let recipe = json["recipe"] as! [String: Any]
    #expect(
      recipe["duration"] as? Double == 0.2 && recipe["speed"] as? Double == 0.5 && recipe["hold"] as? Double == 0.1)
    let verify = run(["verify", f + "/m.json"])
    #expect(verify.status == 0, "\(verify.err)")
  }

  @Test(
    "bounce-holds: --bounce holds each end state 0.5 s by default: the turn is 10 recorded frames of the end state (merged into one GIF frame of 550 ms) and the first frame is held 0.5 s; --hold 0.2 holds 0.2 s"
  )
  func bounceHolds() throws {
    let f = folder()
    #expect(
      run(["fade", "--push", "--bounce", "--fps", "20", "--lossless", "-q", "-o", f + "/b.gif"] + small).status == 0)
    #expect(run(["fade", "--push", "--bounce", "--fps", "20", "-q", "-o", f + "/b/"] + small).status == 0)
    let frames = try pngHashes(f + "/b")
    #expect(frames.count == 8 + 10 + 7)
    #expect(Set(frames[7...17]).count == 1, "frames 7 to 17 are the end state")
    let script =
      "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]); d = []\nfor i in range(im.n_frames):\n    im.seek(i); d.append(str(im.info['duration']))\nprint(','.join(d))"
    let durations = try python(script, [f + "/b.gif"])[0].split(separator: ",").compactMap { Int($0) }
    #expect(durations.count == 8 + 7)
    #expect(durations.first == 550 && durations[7] == 550 && durations.last == 50)
    #expect(
      run(["fade", "--push", "--bounce", "--hold", "0.2", "--fps", "20", "-q", "-o", f + "/h.gif"] + small).status == 0)
    let held = try python(script, [f + "/h.gif"])[0].split(separator: ",").compactMap { Int($0) }
    #expect(held.first == 250 && held[7] == 250 && held.last == 50)
  }

  @Test("--duration and --param duration= must agree; --duration takes every effect's range")
  func durationAndParameter() {
    #expect(run(["fade", "--duration", "0.5", "--param", "duration=0.5", "--hash"] + small).status == 0)
    let r = run(["fade", "--duration", "0.5", "--param", "duration=0.7", "--hash"] + small)
    #expect(r.status == 64 && r.err.hasPrefix("Error: --duration 0.5 and --param duration=0.7 disagree"))
  }

  @Test(
    "Bad --duration, --speed, --hold and --stills values are one-line usage errors, exit 64, naming the accepted values"
  )
  func badValues() {
    let cases: [([String], String)] = [
      (["--duration", "0"], "duration 0 is out of range: a transition lasts 0.05 to 10 seconds"),
      (["--duration", "1e9"], "'--duration'"), (["--duration", "nan"], "'--duration'"),
      (["--speed", "0"], "speed 0 is out of range: the clock's speed must be more than 0 and at most 1"),
      (["--speed", "2"], "speed 2 is out of range"), (["--speed", "-0.5"], "speed -0.5 is out of range"),
      (["--stills", "0"], "a count of stills must be 2 to 32"), (["--stills", "1.5"], "progress 1.5 is out of range"),
      (["--stills", "0,x"], "'--stills'"), (["--stills", "0.5,0.5"], "less than 0.001 apart"),
      (["--hold", "-1"], "hold -1 is out of range: an end state is held 0 to 60 seconds"),
      (["--frame"], "--frame draws the phone outline around --stills"),
      (["--stills", "3", "--curves"], "choose one"),
    ]
    for (args, message) in cases {
      let r = run(["cube"] + args + ["-o", "/tmp/never-written.png"])
      #expect(r.status == 64, "\(args)")
      #expect(r.err.hasPrefix("Error: ") && r.err.split(separator: "\n")[0].contains(message), "\(args): \(r.err)")
    }
    #expect(run(["cube", "--stills", "3", "-o", "/tmp/x.gif"]).err.contains("is not a known format for --stills"))
    #expect(run(["cube", "--curves", "-o", "/tmp/x.gif"]).err.contains("is not a known format for --curves"))
    #expect(
      run(["cube", "--bounce", "--stills", "3", "-o", "/tmp/never.png"]).err.contains("stills show one transition"))
  }

  @Test(
    "render list --verbose shows each effect's duration with --duration's range, --speed, and the other parameters with their ranges"
  )
  func listVerbose() {
    let out = run(["list", "--verbose"]).out
    #expect(
      out.contains(
        "default: --push, 1.0 s (--duration 0.05 to 10); --speed F (more than 0 and at most 1); --param axis=horizontal|vertical (horizontal)"
      ))
    #expect(out.contains("--param damping=0.1…1 (0.6)"))
  }
}
