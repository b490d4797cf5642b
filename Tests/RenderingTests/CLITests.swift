import Effects
import Foundation
import Pixels
import RenderCLI
import Testing

/// The command line, run in-process.
@MainActor
@Suite("render command line")
struct CLITests {
  func run(_ args: [String]) -> (status: Int32, out: String, err: String) {
    let s = CapturedStreams()
    let status = RenderCLI.run(args, streams: s)
    return (status, s.stdout, s.stderr)
  }

  func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "render-cli-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("An unknown flag is a usage error: one 'Error:' line, the usage line, exit 64")
  func unknownFlag() {
    let r = run(["fade", "--wobble", "-o", "/tmp/x.gif"])
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("Error: Unknown option '--wobble'\nUsage: render"))
  }

  @Test("An unknown effect is a usage error that lists the effects, exit 64")
  func unknownEffect() {
    let r = run(["wobble", "-o", "/tmp/x.gif"])
    #expect(r.status == 64)
    #expect(r.err.contains("Unknown effect 'wobble'; the effects are: fade"))
  }

  @Test("Two operations at once are a usage error naming both")
  func twoOperations() {
    let r = run(["fade", "--push", "--pop", "--hash"])
    #expect(r.status == 64)
    #expect(r.err.contains("Choose one operation; got --push and --pop"))
  }

  @Test("An operation the effect does not support is a usage error naming the supported ones")
  func unsupportedOperation() throws {
    // An effect without every operation, and one it lacks.
    let effect = try #require(EffectCatalog.all.first { $0.operations.count < TransitionOperation.allCases.count })
    let missing = try #require(TransitionOperation.allCases.first { !effect.operations.contains($0) })
    let r = run([effect.name, "--\(missing.rawValue)", "--hash"])
    #expect(r.status == 64)
    let supported = effect.operations.map { "--" + $0.rawValue }.joined(separator: ", ")
    #expect(r.err.contains("The effect '\(effect.name)' does not support --\(missing.rawValue); it supports \(supported)"), "\(r.err)")
  }

  @Test("Bad numbers and sizes are usage errors: --fps 0, --size 0x0, --size 100000x100000, --scale 4")
  func badNumbers() {
    for args in [["--fps", "0"], ["--size", "0x0"], ["--size", "100000x100000"], ["--scale", "4"], ["--fps", "abc"]] {
      let r = run(["fade", "--hash"] + args)
      #expect(r.status == 64, "\(args)")
      #expect(r.err.hasPrefix("Error: Invalid value"), "\(args): \(r.err)")
    }
  }

  @Test("An output path that cannot be written fails with exit 1 and leaves no file")
  func unwritablePath() {
    let r = run(["fade", "-o", "/nonexistent-folder/out/"])
    #expect(r.status == 1)
    #expect(r.err.hasPrefix("Error: cannot write"))
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent-folder"))
  }

  @Test("--help and --version print and exit 0")
  func helpAndVersion() {
    let help = run(["--help"])
    #expect(help.status == 0 && help.out.contains("USAGE: render <effect>") && help.out.contains("OPTIONS:"))
    let version = run(["--version"])
    #expect(version.status == 0 && version.out.hasPrefix("render "))
  }

  @Test("--hash lines equal the SHA-256 of the PNG frames' RGBA bytes as an independent decoder (Pillow) reads them")
  func hashMatchesIndependentDecoder() throws {
    let folder = temporaryFolder()
    let r = run(["fade", "--present", "--size", "60x100", "--fps", "10", "--hash", "-o", folder + "/"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)  // 0.35 s at 10 fps: 4 sampled frames and the end state
    let script = "import sys,hashlib;from PIL import Image\nfor p in sys.argv[1:]: print(hashlib.sha256(Image.open(p).convert('RGBA').tobytes()).hexdigest())"
    let files = (0..<lines.count).map { String(format: "%@/%04d.png", folder, $0) }
    let decoded = try python(script, files)
    #expect(decoded == lines.map { String($0.split(separator: " ")[1]) })
  }

  @Test("Determinism: two runs of the same command write identical files, at 1 and 2 threads")
  func determinism() throws {
    let a = temporaryFolder(), b = temporaryFolder()
    #expect(run(["fade", "--dismiss", "--size", "80x120", "--fps", "20", "--threads", "1", "-o", a + "/"]).status == 0)
    #expect(run(["fade", "--dismiss", "--size", "80x120", "--fps", "20", "--threads", "2", "-o", b + "/"]).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
    #expect(names == (try FileManager.default.contentsOfDirectory(atPath: b).sorted()))
    for name in names {
      #expect(FileManager.default.contents(atPath: a + "/" + name) == FileManager.default.contents(atPath: b + "/" + name), "\(name)")
    }
  }

  @Test("A scene with a wrong type three levels deep fails naming the JSON path, exit 1")
  func sceneError() throws {
    let folder = temporaryFolder()
    let scene = folder + "/bad.json"
    try Data(#"{"from": {"subviews": [{"subviews": [{"alpha": "x"}]}]}, "to": {}}"#.utf8).write(to: URL(fileURLWithPath: scene))
    let r = run(["fade", "--scene", scene, "-o", folder + "/out.gif"])
    #expect(r.status == 1)
    #expect(r.err.contains("$.from.subviews[0].subviews[0].alpha: expected a number, got a string"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.gif"))
  }

  @Test("render verify passes on an untouched manifest and fails, naming the frame, after a one-pixel change")
  func verify() throws {
    let folder = temporaryFolder()
    #expect(run(["fade", "--size", "40x60", "--fps", "10", "--hashes", folder + "/m.json"]).status == 0)
    #expect(run(["verify", folder + "/m.json", "--artifacts", folder + "/fail"]).status == 0)
    var text = try String(contentsOfFile: folder + "/m.json", encoding: .utf8)
    // Change one frame's hash as a one-pixel difference would.
    let range = try #require(text.range(of: #""sha256" : ""#, options: [], range: text.index(text.startIndex, offsetBy: text.count / 2)..<text.endIndex))
    let digit = text[range.upperBound]
    text.replaceSubrange(range.upperBound...range.upperBound, with: digit == "0" ? "1" : "0")
    try text.write(toFile: folder + "/m.json", atomically: true, encoding: .utf8)
    let r = run(["verify", folder + "/m.json", "--artifacts", folder + "/fail"])
    #expect(r.status == 1)
    #expect(r.err.contains("differs"))
    #expect(FileManager.default.fileExists(atPath: folder + "/fail/actual-sheet.png"))
    #expect(FileManager.default.fileExists(atPath: folder + "/fail/difference.png"))
  }
}

/// Runs a Python snippet with Debian's python3 (Pillow from python3-pil); returns stdout lines.
func python(_ script: String, _ args: [String]) throws -> [String] {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  p.arguments = ["-c", script] + args
  let pipe = Pipe()
  p.standardOutput = pipe
  try p.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}
