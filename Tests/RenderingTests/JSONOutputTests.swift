import Foundation
import RenderCLI
import Testing
import ToolTestSupport

/// `--json` (docs/json.md): each command's document, read by Python's `json` module, an
/// independent parser, and checked against what the command did.
@MainActor
@Suite("--json documents, read by Python")
struct JSONOutputTests: CLISuite {
  /// `script` run by /usr/bin/python3 with the document loaded as `d` (and the folder `f`);
  /// its printed lines.
  func python(_ document: String, _ script: String, folder f: String = NSTemporaryDirectory()) throws -> [String] {
    let path = f + "/document-\(UUID().uuidString).json"
    try document.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try runPython(
      "import json, os, sys\nd = json.load(open(sys.argv[1]))\nf = sys.argv[2]\n" + script, [path, f])
    return run.split(separator: "\n").map(String.init)
  }

  @Test(
    "json-list: render list --json is one document whose effects are the text listing's, in its order, each with its operations (the default first) and typed parameters; --devices --json lists the presets with their pixels"
  )
  func list() throws {
    let text = run(["list"]).out.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true)
    }
    let r = run(["list", "--json"])
    #expect(r.status == 0)
    let lines = try python(
      r.out,
      """
      for e in d['effects']:
          p = {x['name']: x for x in e['parameters']}.get('duration')
          print(e['name'], ','.join(e['operations']), p and '%s %s %s' % (p['kind'], p['minimum'], p['maximum']))
      """)
    #expect(lines.map { $0.split(separator: " ")[0] } == text.map { $0[0] })
    #expect(lines.map { $0.split(separator: " ")[1] } == text.map { $0[1] })
    // Every effect but the back swipe, which the finger times, takes a duration of 0.05 to 10 s.
    #expect(lines.filter { !$0.hasSuffix(" number 0.05 10") } == ["back-swipe pop None"])
    let devices = try python(
      run(["list", "--devices", "--json"]).out, "print(d['devices'][0]['name'], d['devices'][0]['pixels'])")
    #expect(devices == ["iphone-se [750, 1334]"])
  }

  @Test(
    "json-verify: render verify --json reports a mismatch as one document naming each differing frame: a manifest whose frame 2 hash was edited, without its sheet, gives frame 2 of kind hash at its time"
  )
  func verify() throws {
    let f = folder()
    #expect(run(["fade", "--scale", "0.2", "--fps", "10", "--hashes", f + "/m.json", "-q"]).status == 0)
    try FileManager.default.removeItem(atPath: f + "/m.png")
    let url = URL(fileURLWithPath: f + "/m.json")
    var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var frames = try #require(manifest["frames"] as? [[String: Any]])
    frames[2]["sha256"] = String(repeating: "0", count: 64)
    manifest["frames"] = frames
    try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    let r = run(["verify", f + "/m.json", "--json", "--artifacts", f + "/art"])
    #expect(r.status == 1)
    let lines = try python(
      r.out,
      """
      print(d['result'], len(d['differingFrames']))
      m = d['differingFrames'][0]
      print(m['index'], m['kind'], m['time'])
      """)
    #expect(lines == ["mismatch 1", "2 hash 0.2"])
  }

  @Test(
    "json-media: render gallery --check --json says which effect is stale and why, with every file's kind, appearance and bytes as on disk, when its light WebP was modified"
  )
  func galleryCheck() throws {
    let f = folder()
    #expect(run(["gallery", "-o", f, "--effects", "fade", "-q"]).status == 0)
    let handle = try #require(FileHandle(forWritingAtPath: f + "/fade.webp"))
    handle.seekToEndOfFile()
    handle.write(Data([0]))
    try handle.close()
    let r = run(["gallery", "--check", f, "--effects", "fade", "--json"])
    #expect(r.status == 1)
    let lines = try python(
      r.out,
      """
      t = d['transitions'][0]
      print(d['check'], d['upToDate'], t['name'], t['status'], '; '.join(t['reasons']))
      for x in t['files']:
          print(x['kind'], x.get('appearance'), x['bytes'] == os.path.getsize(os.path.join(f, x['file'])))
      """, folder: f)
    #expect(lines.first == "True False fade stale fade.webp was modified")
    #expect(
      Array(lines.dropFirst()) == [
        "webp light False", "gif light True", "stills light True", "webp dark True", "gif dark True",
        "stills dark True",
        "curves None True",
      ])
  }

  @Test(
    "json-render: a render's --json summary gives its frames, size, outputs with their bytes on disk, the fitted quality and each size try, the hashes and the timings, and nothing else on standard output"
  )
  func render() throws {
    let f = folder()
    let r = run(["fade", "--scale", "0.3", "--fps", "10", "-o", f + "/f.gif", "--max-size", "20KB", "--hash", "--json"])
    #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
    let lines = try python(
      r.out,
      """
      from PIL import Image
      o = d['outputs'][0]
      size = Image.open(o['path']).size
      print(d['frames'], size == (d['width'], d['height']), len(d['hashes']), o['kind'], o['bytes'] == os.path.getsize(o['path']))
      fits = [t['quality'] for t in d['sizeTries'] if t['bytes'] <= 20000]
      print(d['quality'] == max(fits), d['sizeTries'][0]['quality'], sorted(d['timings']))
      """)
    #expect(lines.first == "5 True 5 gif True")
    #expect(lines.last == "True 80 ['animate', 'composite', 'compositeWaited', 'encode', 'total']")
  }
}
