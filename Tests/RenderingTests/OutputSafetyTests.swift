import Foundation
import RenderCLI
import Testing
import ToolTestSupport

@testable import Rendering

/// Nothing wrong, nothing lost: output paths that are refused before rendering, folders that
/// are replaced whole or not at all, every output of a run committed together
/// (docs/encoders.md#output-files).
@MainActor
@Suite("output paths and files")
struct OutputSafetyTests: CLISuite {
  /// Every file below `folder` with its bytes.
  func snapshot(_ folder: String) -> [String: Data] {
    var all: [String: Data] = [:]
    for name in FileManager.default.subpaths(atPath: folder) ?? [] {
      all[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
    }
    return all
  }

  /// A folder as a user may have one: frames of an older render and a file of their own.
  func userFolder() throws -> String {
    let dir = folder()
    for (i, name) in ["0000.png", "0001.png", "0042.png", "1234.png", "notes.txt"].enumerated() {
      FileManager.default.createFile(atPath: dir + "/" + name, contents: Data([UInt8(i)]))
    }
    return dir
  }

  static let small = ["fade", "--size", "40x30", "--fps", "10", "-q"]

  @Test("-o with an empty path, '.', '..' or a path ending in them is a usage error that touches nothing")
  func emptyAndDot() throws {
    let dir = try userFolder()
    let before = snapshot(dir)
    for path in ["", dir + "/.", dir + "/..", dir + "/./", "/"] {
      let r = run(Self.small + ["-o", path])
      #expect(r.status == 64, "\(path): \(r.err)")
      #expect(r.err.hasPrefix("Error: '\(path)' cannot be an output"), "\(r.err)")
    }
    #expect(snapshot(dir) == before)
  }

  @Test("A PNG-sequence folder holding files render did not write is refused, exit 1, and left as it was")
  func foreignFolder() throws {
    let dir = try userFolder()
    let before = snapshot(dir)
    let r = run(Self.small + ["-o", dir])
    #expect(r.status == 1)
    #expect(r.err.contains("it holds files render did not write (notes.txt)"), "\(r.err)")
    #expect(snapshot(dir) == before)
  }

  @Test("A folder of render's own frames is replaced whole: no frame of a longer earlier render survives")
  func ownFolderReplaced() throws {
    let parent = folder()
    let frames = parent + "/frames"
    #expect(run(["cube"] + Self.small.dropFirst() + ["-o", frames]).status == 0)
    let long = (try FileManager.default.contentsOfDirectory(atPath: frames)).count
    #expect(run(Self.small + ["-o", frames + "/"]).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    let fadeFrames = frameCount(Self.small)
    #expect(long > fadeFrames)
    #expect(names == (0..<fadeFrames).map { String(format: "%04d.png", $0) })
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["frames"])
  }

  @Test("-o naming an existing folder with a file's extension is refused, exit 1, the folder untouched")
  func folderNamedLikeAFile() throws {
    let dir = folder()
    try FileManager.default.createDirectory(atPath: dir + "/x.gif", withIntermediateDirectories: false)
    let r = run(Self.small + ["-o", dir + "/x.gif"])
    #expect(r.status == 1)
    #expect(r.err.contains("it is a folder, and a .gif output is a file"), "\(r.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/x.gif").isEmpty)
  }

  @Test(
    "--hashes into a missing folder fails before rendering: exit 1, the folder not created, the previous output intact"
  )
  func hashesPathCheckedFirst() throws {
    let dir = folder()
    #expect(run(Self.small + ["-o", dir + "/x.gif"]).status == 0)
    let before = snapshot(dir)
    let r = run(["cube"] + Self.small.dropFirst() + ["-o", dir + "/x.gif", "--hashes", dir + "/nodir/m.json"])
    #expect(r.status == 1)
    #expect(r.err.hasPrefix("Error: cannot write '\(dir)/nodir/m.json': the folder"), "\(r.err)")
    #expect(snapshot(dir) == before)
  }

  @Test("--hashes writes the frames, the manifest and the reference sheet together; the sheet's tiles are the frames")
  func hashesTogether() throws {
    let dir = folder()
    let r = run(Self.small + ["-o", dir + "/frames", "--hashes", dir + "/m.json"])
    #expect(r.status == 0, "\(r.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["frames", "m.json", "m.png"])
    let manifest = try HashManifest.load(path: dir + "/m.json")
    let sheet = try pillowPixels(dir + "/m.png")
    #expect(manifest.frames.count == (try FileManager.default.contentsOfDirectory(atPath: dir + "/frames")).count)
    for (i, frame) in manifest.frames.enumerated() {
      let tile = try #require(frame.tile)
      var pixels: [UInt8] = []
      for y in tile[1]..<(tile[1] + tile[3]) {
        pixels += sheet.rgba[((y * sheet.width + tile[0]) * 4)..<((y * sheet.width + tile[0] + tile[2]) * 4)]
      }
      #expect(pixels == (try pillowPixels(dir + String(format: "/frames/%04d.png", i))).rgba, "tile \(i)")
    }
  }

  @Test(
    "Standard output, the contact sheet and the reference sheet stream: most of their bytes reach the sink before the last frame arrives"
  )
  func streaming() throws {
    var recipe = RenderRecipe(effect: "cube")
    recipe.size = Size(width: 200, height: 150)
    let job = try RenderJob(try simulate(try recipe.settings()), threads: 2)
    let count = job.recording.frames.count
    let stdout = WatchedSink(lastFrame: count - 1)
    try job.write(to: .standardOutput, alongside: [stdout.counter], standardOutput: stdout)
    let sheet = WatchedSink(lastFrame: count - 1)
    try job.run(into: [sheet.counter, ContactSheetSink(count: count, sink: sheet)])
    let reference = WatchedSink(lastFrame: count - 1)
    try job.run(into: [reference.counter, try ReferenceSink(count: count, sheet: reference)])
    for (name, sink) in [("standard output", stdout), ("contact sheet", sheet), ("reference sheet", reference)] {
      #expect(sink.bytesBeforeLastFrame * 2 > sink.bytes, "\(name): \(sink.bytesBeforeLastFrame) of \(sink.bytes)")
    }
  }

  /// Counts bytes, and notes how many had come when the last frame arrived.
  final class WatchedSink: ByteSink {
    final class Counter: FrameSink {
      weak var sink: WatchedSink?
      let lastFrame: Int
      init(lastFrame: Int) { self.lastFrame = lastFrame }
      func add(_ frame: RenderedFrame) throws {
        if frame.index == lastFrame { sink?.bytesBeforeLastFrame = sink?.bytes ?? 0 }
      }
      func finish(endTime: Double) throws {}
    }
    let counter: Counter
    var bytes = 0
    var bytesBeforeLastFrame = 0
    init(lastFrame: Int) {
      counter = Counter(lastFrame: lastFrame)
      counter.sink = self
    }
    func write(_ b: UnsafeRawBufferPointer) throws { bytes += b.count }
  }

  @Test("Two -o (or two --hashes) are a usage error naming both paths")
  func twoOutputs() {
    let r = run(Self.small + ["-o", "/tmp/a.gif", "-o", "/tmp/b.gif"])
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("Error: '-o' was given 2 times ('/tmp/a.gif', '/tmp/b.gif')"), "\(r.err)")
  }

  @Test("Symbolic links to a scene and to screenshots are followed, as for any file a program reads")
  func symlinkedInputs() throws {
    let dir = folder()
    try Data(##"{"from": {"color": "#FF0000"}, "to": {"color": "#0000FF"}}"##.utf8).write(
      to: URL(fileURLWithPath: dir + "/scene.json"))
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: dir + "/scene.json")
    let viaLink = run(["fade", "--scene", dir + "/link.json", "--fps", "10", "--hash"])
    let direct = run(["fade", "--scene", dir + "/scene.json", "--fps", "10", "--hash"])
    #expect(viaLink.status == 0, "\(viaLink.err)")
    #expect(viaLink.out == direct.out)
    #expect(run(Self.small + ["-o", dir + "/shot.png", "--size", "40x30"]).status == 0)
    try FileManager.default.createSymbolicLink(atPath: dir + "/a.png", withDestinationPath: dir + "/shot.png")
    let shots = run(["fade", "--from", dir + "/a.png", "--to", dir + "/a.png", "--fps", "10", "--hash"])
    #expect(shots.status == 0, "\(shots.err)")
  }

  @Test(
    "Numbers as people write them: hexadecimal, exponents and fps below 1 are refused naming the value; so are --threads 10000 and flags the output ignores"
  )
  func strictValues() {
    let cases: [([String], String)] = [
      (["--fps", "0x1F"], "Invalid value '0x1F' for '--fps'"),
      (["--fps", "1e-300"], "Invalid value '1e-300' for '--fps'"),
      (["--fps", "0.5"], "fps 0.5 is out of range: frames per second must be 1 to 120"),
      (["--size", "1e3x1e3"], "Invalid value '1e3x1e3' for '--size'"),
      (["--hold", "inf"], "Invalid value 'inf' for '--hold'"),
      (["--threads", "10000"], "Invalid value '10000' for '--threads': at most"),
      (["-o", "/tmp/x.apng", "--quality", "50"], "--quality applies to lossy .gif and .webp output; APNG"),
      (["-o", "/tmp/x.apng", "--dither", "ordered"], "--dither applies to .gif output only, not to APNG"),
      (["-o", "/tmp/x.webp", "--dither", "ordered"], "--dither applies to .gif output only, not to .webp"),
      (["-o", "/tmp/x.gif", "--lossless", "--quality", "10"], "--lossless and --quality contradict"),
    ]
    for (args, message) in cases {
      let r = run(["fade", "--hash"] + args)
      #expect(r.status == 64, "\(args)")
      #expect(r.err.hasPrefix("Error: " + message), "\(args): \(r.err)")
    }
    #expect(run(["fade", "--hash", "--fps", "12.5", "--size", "40.5x30"]).status == 0)
  }

  @Test("Scene JSON with a trailing comma or a key given twice is refused naming the line")
  func strictJSON() throws {
    let dir = folder()
    let cases = [
      ("{\"from\": {\"color\": \"#FF0000\",\n}, \"to\": {}}", "line 2: a comma before '}'"),
      ("{\"from\": {\"subviews\": [{},]}, \"to\": {}}", "line 1: a comma before ']'"),
      ("{\"from\": {\"alpha\": 1, \"alpha\": 0}, \"to\": {}}", "line 1: the key \"alpha\" appears twice"),
    ]
    for (i, (json, message)) in cases.enumerated() {
      let path = dir + "/s\(i).json"
      try Data(json.utf8).write(to: URL(fileURLWithPath: path))
      let r = run(["fade", "--scene", path, "--hash"])
      #expect(r.status == 1, "\(json)")
      #expect(r.err.contains(message), "\(r.err)")
    }
  }

  @Test(
    "A gesture file is read like a scene: a sample past the recording's time limit, a trailing comma or a non-regular file is refused naming it, not blamed on the animator"
  )
  func gestureFiles() throws {
    let dir = folder()
    let late =
      #"{"samples": [{"time": 0, "touches": [[4, 300]], "phase": "began"}, "#
      + #"{"time": 1000, "touches": [[300, 300]], "phase": "ended"}]}"#
    let cases = [
      (late, "$.samples[1].time: 1000 s is past the end of a recording (120 s of virtual time"),
      (#"{"samples": [{"time": 0, "touches": [[4, 300]], "phase": "began"},]}"#, "line 1: a comma before ']'"),
    ]
    for (i, (json, message)) in cases.enumerated() {
      let path = dir + "/g\(i).json"
      try Data(json.utf8).write(to: URL(fileURLWithPath: path))
      let r = run(["cube", "--pop", "--interactive", "--gesture", path, "--size", "40x30", "--hash"])
      #expect(r.status == 1, "\(json)")
      #expect(r.err.contains(message), "\(r.err)")
    }
    let device = run(["cube", "--pop", "--interactive", "--gesture", "/dev/zero", "--size", "40x30", "--hash"])
    #expect(device.err.contains("'/dev/zero' is not a regular file"), "\(device.err)")
  }

  /// A PNG as Pillow decodes it: its width and RGBA bytes.
  func pillowPixels(_ path: String) throws -> (width: Int, rgba: [UInt8]) {
    let raw = path + ".raw"
    let width = try python(
      "import sys; from PIL import Image; im = Image.open(sys.argv[1]).convert('RGBA'); open(sys.argv[2], 'wb').write(im.tobytes()); print(im.size[0])",
      [path, raw])[0]
    defer { try? FileManager.default.removeItem(atPath: raw) }
    return (Int(width)!, [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
  }

  /// How many frames `render` makes for these arguments (counted from --hash's lines).
  func frameCount(_ args: [String]) -> Int {
    run(args.filter { $0 != "-q" } + ["--hash"]).out.split(separator: "\n").count
  }
}
