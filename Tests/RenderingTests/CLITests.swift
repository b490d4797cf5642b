import Effects
import Foundation
import Pixels
import RenderCLI
import Testing
import ToolTestSupport

/// The command line, run in-process.
@MainActor
@Suite("render command line")
struct CLITests: CLISuite {
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
    #expect(
      r.err.contains("The effect '\(effect.name)' does not support --\(missing.rawValue); it supports \(supported)"),
      "\(r.err)")
  }

  @Test(
    "A value the command line cannot read is a usage error naming the option and the syntax; one out of range, a usage error naming the range (recording-limits)"
  )
  func badNumbers() {
    let cases: [([String], String)] = [
      (["--fps", "abc"], "Invalid value 'abc' for '--fps': expected a decimal number, e.g. 30 or 12.5"),
      (["--size", "12"], "Invalid value '12' for '--size': expected WIDTHxHEIGHT in points, e.g. 375x667"),
      (["--fps", "0"], "fps 0 is out of range: frames per second must be 1 to 120"),
      (["--size", "0x0"], "size 0x0 is out of range: each side must be 1 to 4096 points"),
      (["--size", "100000x100000"], "size 100000x100000 is out of range"),
      (["--scale", "4"], "scale 4 is out of range: pixels per point must be more than 0 and at most 3"),
    ]
    for (args, message) in cases {
      let r = run(["fade", "--hash"] + args)
      #expect(r.status == 64, "\(args)")
      #expect(r.err.hasPrefix("Error: " + message), "\(args): \(r.err)")
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
    let folder = self.folder()
    let r = run(["fade", "--present", "--size", "60x100", "--fps", "10", "--hash", "-o", folder + "/"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)  // 0.35 s at 10 fps: 4 sampled frames and the end state
    let script =
      "import sys,hashlib;from PIL import Image\nfor p in sys.argv[1:]: print(hashlib.sha256(Image.open(p).convert('RGBA').tobytes()).hexdigest())"
    let files = (0..<lines.count).map { String(format: "%@/%04d.png", folder, $0) }
    let decoded = try python(script, files)
    #expect(decoded == lines.map { String($0.split(separator: " ")[1]) })
  }

  @Test("Determinism: two runs of the same command write identical files, at 1 and 2 threads")
  func determinism() throws {
    let a = self.folder(), b = self.folder()
    #expect(run(["fade", "--dismiss", "--size", "80x120", "--fps", "20", "--threads", "1", "-o", a + "/"]).status == 0)
    #expect(run(["fade", "--dismiss", "--size", "80x120", "--fps", "20", "--threads", "2", "-o", b + "/"]).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
    #expect(names == (try FileManager.default.contentsOfDirectory(atPath: b).sorted()))
    for name in names {
      #expect(
        FileManager.default.contents(atPath: a + "/" + name) == FileManager.default.contents(atPath: b + "/" + name),
        "\(name)")
    }
  }

  @Test("A scene with a wrong type three levels deep fails naming the JSON path, exit 1")
  func sceneError() throws {
    let folder = self.folder()
    let scene = folder + "/bad.json"
    try Data(#"{"from": {"subviews": [{"subviews": [{"alpha": "x"}]}]}, "to": {}}"#.utf8).write(
      to: URL(fileURLWithPath: scene))
    let r = run(["fade", "--scene", scene, "-o", folder + "/out.gif"])
    #expect(r.status == 1)
    #expect(r.err.contains("$.from.subviews[0].subviews[0].alpha: expected a number, got a string"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.gif"))
  }

  @Test(
    "reference-sheet: render verify passes on an untouched reference and fails, naming the frame and how many pixels, after one pixel of the reference changes (sheet and hash together); a hash edited alone fails too; both write expected | actual | difference"
  )
  func verify() throws {
    let folder = self.folder()
    #expect(run(["fade", "--size", "40x60", "--fps", "10", "--hashes", folder + "/m.json"]).status == 0)
    #expect(run(["verify", folder + "/m.json", "--artifacts", folder + "/fail"]).status == 0)
    let original = try String(contentsOfFile: folder + "/m.json", encoding: .utf8)
    try FileManager.default.copyItem(atPath: folder + "/m.png", toPath: folder + "/original.png")
    // One pixel of frame 2 moves by 40 levels in the reference sheet, and the manifest holds
    // the hash of the changed tile: a consistent reference one pixel away from the render.
    _ = try python(
      """
      import sys, json, hashlib
      from PIL import Image
      manifest = json.load(open(sys.argv[1])); sheet = Image.open(sys.argv[2]).convert('RGBA')
      x, y, w, h = manifest['frames'][2]['tile']
      r, g, b, a = sheet.getpixel((x + 5, y + 5)); sheet.putpixel((x + 5, y + 5), (r - 40 if r >= 40 else r + 40, g, b, a))
      manifest['frames'][2]['sha256'] = hashlib.sha256(sheet.crop((x, y, x + w, y + h)).tobytes()).hexdigest()
      sheet.save(sys.argv[2]); json.dump(manifest, open(sys.argv[1], 'w'), indent=2)
      """, [folder + "/m.json", folder + "/m.png"])
    let r = run(["verify", folder + "/m.json", "--artifacts", folder + "/fail"])
    #expect(r.status == 1)
    #expect(
      r.err.contains("frame 2 differs (frame 2 at t = 0.200 s: 1 of 2400 pixels (0.04 %) by up to 40 levels"),
      "\(r.err)")
    for name in ["expected.png", "actual.png", "difference.png", "comparison.apng"] {
      #expect(FileManager.default.fileExists(atPath: folder + "/fail/" + name), "\(name)")
    }
    // The hash alone changed: the sheet no longer is the frame its manifest names.
    try original.write(toFile: folder + "/m.json", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: folder + "/m.png")
    try FileManager.default.copyItem(atPath: folder + "/original.png", toPath: folder + "/m.png")
    _ = try python(
      "import sys, json\nm = json.load(open(sys.argv[1])); m['frames'][3]['sha256'] = '0' * 64\njson.dump(m, open(sys.argv[1], 'w'))",
      [folder + "/m.json"])
    let edited = run(["verify", folder + "/m.json", "--artifacts", folder + "/fail2"])
    #expect(edited.status == 1 && edited.err.contains("frame 3 differs"), "\(edited.err)")
  }

  @Test(
    "render verify decodes the GIF written with the manifest: it passes as written; a corrupted LZW byte, another loop count or a missing file fail naming the file; a size limit's fitted quality is recorded; APNG records none"
  )
  func verifyDecodesTheGIF() throws {
    let folder = self.folder()
    #expect(
      run(["fade", "--size", "40x60", "--fps", "10", "-q", "-o", folder + "/a.gif", "--hashes", folder + "/a.json"])
        .status == 0)
    let recorded = try python(
      "import sys, json\nprint(json.load(open(sys.argv[1]))['animation']['file'])", [folder + "/a.json"])
    #expect(recorded == ["a.gif"])
    #expect(run(["verify", folder + "/a.json"]).status == 0)
    try FileManager.default.copyItem(atPath: folder + "/a.gif", toPath: folder + "/good.gif")
    // One byte in the middle of the second frame's first LZW data block, inverted.
    _ = try python(
      """
      import sys
      b = bytearray(open(sys.argv[1], 'rb').read()); p = 13 + ((3 << ((b[10] & 7) + 1)) if b[10] & 0x80 else 0); images = 0
      while b[p] != 0x3B:
          if b[p] == 0x21:
              p += 2
              while b[p]: p += b[p] + 1
              p += 1
              continue
          flags = b[p + 9]; p += 10 + ((3 << ((flags & 7) + 1)) if flags & 0x80 else 0) + 1
          images += 1
          if images == 2:
              b[p + 1 + b[p] // 2] ^= 0xFF; break
          while b[p]: p += b[p] + 1
          p += 1
      open(sys.argv[1], 'wb').write(b)
      """, [folder + "/a.gif"])
    let corrupt = run(["verify", folder + "/a.json"])
    #expect(corrupt.status == 1 && corrupt.err.contains("the frames match, but a.gif: "), "\(corrupt.err)")
    #expect(corrupt.err.split(separator: "\n").count == 1, "\(corrupt.err)")
    #expect(run(["fade", "--size", "40x60", "--fps", "10", "-q", "--loop", "1", "-o", folder + "/a.gif"]).status == 0)
    let once = run(["verify", folder + "/a.json"])
    #expect(once.status == 1 && once.err.contains("a.gif: plays 1 times, not forever"), "\(once.err)")
    try FileManager.default.removeItem(atPath: folder + "/a.gif")
    let missing = run(["verify", folder + "/a.json"])
    #expect(missing.status == 1 && missing.err.contains("a.gif: cannot be read"), "\(missing.err)")
    try FileManager.default.copyItem(atPath: folder + "/good.gif", toPath: folder + "/a.gif")
    #expect(run(["verify", folder + "/a.json"]).status == 0)

    let cube = ["cube", "--present", "--size", "60x100", "--fps", "15", "-q"]
    #expect(run(cube + ["-o", folder + "/full.gif"]).status == 0)
    let fullBytes = try FileManager.default.attributesOfItem(atPath: folder + "/full.gif")[.size] as! Int
    #expect(
      run(
        cube + ["--max-size", String(fullBytes * 8 / 10), "-o", folder + "/fit.gif", "--hashes", folder + "/fit.json"]
      ).status == 0)
    let quality = try python(
      "import sys, json\nprint(json.load(open(sys.argv[1]))['animation']['quality'])", [folder + "/fit.json"])
    #expect((Int(quality.first ?? "") ?? 100) < 80, "\(quality)")
    #expect(run(["verify", folder + "/fit.json"]).status == 0)
    #expect(
      run(["fade", "--size", "40x60", "--fps", "10", "-q", "-o", folder + "/a.apng", "--hashes", folder + "/p.json"])
        .status == 0)
    #expect(
      try python("import sys, json\nprint('animation' in json.load(open(sys.argv[1])))", [folder + "/p.json"]) == [
        "False"
      ])
  }

  @Test(
    "render verify checks what a hand-edited manifest asks for: a size of one number (at its JSON path), fps 0 and scale 99 are one-line errors naming the range, exit 1, no crash"
  )
  func verifyValidatesRecipe() throws {
    let folder = self.folder()
    #expect(run(["fade", "--size", "40x60", "--fps", "10", "--hashes", folder + "/m.json"]).status == 0)
    let good = try String(contentsOfFile: folder + "/m.json", encoding: .utf8)
    let edits: [(String, String, String)] = [
      (#""fps" : 10"#, #""fps" : 0"#, "fps 0 is out of range"),
      (#""scale" : 1"#, #""scale" : 99"#, "scale 99 is out of range"),
      ("\"size\" : [\n      40,\n      60\n    ]", #""size" : [40]"#, "$.recipe.size[1]: missing value"),
      ("\"size\" : [\n      40,\n      60\n    ]", #""size" : [40, 100000]"#, "each side must be 1 to 4096 points"),
    ]
    for (old, replacement, message) in edits {
      #expect(good.contains(old), "the manifest spells \(old)")
      try good.replacingOccurrences(of: old, with: replacement).write(
        toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
      let r = run(["verify", folder + "/bad.json", "--artifacts", folder + "/fail"])
      #expect(r.status == 1, "\(replacement)")
      #expect(
        r.err.hasPrefix("Error: ") && r.err.contains(message) && r.err.split(separator: "\n").count == 1,
        "\(replacement): \(r.err)")
    }
  }

  @Test(
    "The job memory limit holds on the verify path too: a manifest whose frames would need more than the limit is refused before compositing, naming the limit"
  )
  func verifyChecksJobLimits() throws {
    let folder = self.folder()
    #expect(run(["fade", "--size", "40x60", "--fps", "10", "--hashes", folder + "/m.json"]).status == 0)
    let good = try String(contentsOfFile: folder + "/m.json", encoding: .utf8)
    // 4096 × 4096 points at scale 2: 256 MiB frames; 0.35 s at 60 fps is 22 frames, and with 8
    // threads 19 are in flight: 4864 MiB > 4096 MiB.
    let huge = good.replacingOccurrences(
      of: "\"size\" : [\n      40,\n      60\n    ]", with: #""size" : [4096, 4096]"#
    )
    .replacingOccurrences(of: #""scale" : 1"#, with: #""scale" : 2"#).replacingOccurrences(
      of: #""fps" : 10"#, with: #""fps" : 60"#)
    try huge.write(toFile: folder + "/huge.json", atomically: true, encoding: .utf8)
    let r = run(["verify", folder + "/huge.json", "--threads", "8", "--artifacts", folder + "/fail"])
    #expect(r.status == 1)
    #expect(r.err.contains("job memory limit"), "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/fail"))
  }
}

/// Runs a Python snippet with Debian's python3 (Pillow from python3-pil); returns stdout lines.
func python(_ script: String, _ args: [String]) throws -> [String] {
  try runPython(script, args).split(separator: "\n").map(String.init)
}
