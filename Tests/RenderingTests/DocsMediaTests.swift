import Foundation
import RenderCLI
import Testing
import ToolTestSupport

@testable import DocsImages
@testable import Rendering

/// The docs-media command on declared transitions (docs/docs-media.md): the files it writes,
/// read by Pillow; what it leaves alone; its refusals.
@MainActor
@Suite("Docs media of declared transitions")
struct DocsMediaTests: CLISuite {
  /// A push of a screen in the system background colour (white in light, black in dark) over
  /// one in systemBlue, with UIKit's standard slide, on a small screen.
  static func push(_ name: String = "push", width: Int = 60, action: Bool = true) -> DocsTransition {
    DocsTransition(name, alt: "A screen slides in", size: Size(width: 90, height: 160), width: width) { stage in
      let first = ViewController()
      first.view.backgroundColor = .systemBlue
      let nav = NavigationController(rootViewController: first)
      let recorder = try stage.recorder(root: nav)
      let next = ViewController()
      next.view.backgroundColor = .systemBackground
      return try recorder.record { if action { nav.pushViewController(next, animated: true) } }
    }
  }

  func media(_ transitions: [DocsTransition], _ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let s = CapturedStreams()
    let status = MediaCommand.run(arguments + ["--threads", "2"], transitions: transitions, streams: s)
    return (status, s.stdout, s.stderr)
  }

  /// Every file of `folder` with its SHA-256, temporary ones included.
  func contents(_ folder: String) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      files[name] = MediaMaker.hash(folder + "/" + name) ?? "folder"
    }
    return files
  }

  @Test(
    "media-files: a run writes per transition the WebP and the GIF in light and dark, both filmstrips under DocC's names, the curves and the <picture> snippet; Pillow decodes the animations at the declared width, holding the first frame 0.5 s, the dark ones darker where the pushed screen ends"
  )
  func files() throws {
    let f = folder()
    let r = media([Self.push()], ["--output", f + "/media", "--link-prefix", "media/"])
    #expect(r.status == 0, "\(r.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: f + "/media").sorted()
    #expect(
      names == [
        "media.json", "push-curves.svg", "push-dark.gif", "push-dark.webp", "push.gif", "push.md", "push.webp",
        "push@2x.png", "push~dark@2x.png",
      ])
    let lines = try runPython(
      """
      import sys
      from PIL import Image
      for p in sys.argv[1:]:
          im = Image.open(p)
          im.seek(0)
          first = im.convert('RGB')
          d0 = im.info.get('duration')
          im.seek(im.n_frames - 1)
          last = im.convert('RGB').getpixel((im.size[0] // 2, im.size[1] // 2))
          print(p.split('/')[-1], im.size[0], d0, sum(last))
      """, ["push.webp", "push-dark.webp", "push.gif", "push-dark.gif"].map { f + "/media/" + $0 }
    ).split(separator: "\n").map { $0.split(separator: " ") }
    #expect(lines.map { $0[1] } == ["60", "60", "60", "60"], "the declared width")
    #expect(lines.allSatisfy { Int($0[2])! >= 500 }, "the first frame held 0.5 s or more: \(lines)")
    #expect(Int(lines[0][3])! > 600 && Int(lines[1][3])! < 100, "light ends white, dark ends black: \(lines)")
    #expect(Int(lines[2][3])! > 600 && Int(lines[3][3])! < 100, "the GIFs too: \(lines)")
    let snippet = try String(contentsOfFile: f + "/media/push.md", encoding: .utf8)
    #expect(
      snippet.hasPrefix("<picture>\n  <source media=\"(prefers-color-scheme: dark)\" srcset=\"media/push-dark.webp\""))
    #expect(snippet.contains("<img src=\"media/push.gif\" width=\"60\" alt=\"A screen slides in\">\n</picture>\n"))
  }

  @Test(
    "media-unchanged: a second run writes nothing and a check passes; a --max-size the files already fit does not make them stale, and one that bites re-encodes at a lower quality, which a check without it then calls a changed size limit"
  )
  func unchanged() throws {
    let f = folder() + "/media"
    #expect(media([Self.push()], ["--output", f]).status == 0)
    let before = try contents(f)
    let dates = try FileManager.default.attributesOfItem(atPath: f + "/push.webp")[.modificationDate] as? Date
    let again = media([Self.push()], ["--output", f])
    #expect(again.status == 0 && again.err.contains("push: unchanged"), "\(again.err)")
    #expect(try contents(f) == before)
    #expect(try FileManager.default.attributesOfItem(atPath: f + "/push.webp")[.modificationDate] as? Date == dates)
    #expect(media([Self.push()], ["--output", f, "--check", "--max-size", "10MB"]).status == 0)
    let bytes = try #require(MediaManifest.load(f + "/media.json")?.entries[0].variants[0].gif.bytes)
    #expect(media([Self.push()], ["--output", f, "--max-size", String(bytes - 1)]).status == 0)
    let fitted = try #require(MediaManifest.load(f + "/media.json")?.entries[0].variants[0].gif)
    #expect(fitted.quality! < 39 && fitted.bytes < bytes)
    let check = media([Self.push()], ["--output", f, "--check"])
    #expect(check.status == 1 && check.err.contains("push (its size limit changed"), "\(check.err)")
  }

  @Test(
    "media-all-or-nothing: a --max-size no quality meets, a transition that fails to record, and a --max-total under the set's size each give one line naming the transition and why, exit 1, and leave the previous media byte for byte with no temporary file"
  )
  func refusals() throws {
    let f = folder() + "/media"
    #expect(media([Self.push("a"), Self.push("b", width: 80)], ["--output", f]).status == 0)
    let before = try contents(f)
    let budget = media([Self.push("a"), Self.push("b", width: 80)], ["--output", f, "--max-size", "200B"])
    #expect(budget.status == 1)
    #expect(
      budget.err.hasPrefix("Error: a: a.webp does not fit the size limit of 200 bytes (--max-size)"), "\(budget.err)")
    #expect(try contents(f) == before)
    let broken = media([Self.push("a"), Self.push("b", action: false)], ["--output", f, "--only", "b"])
    #expect(broken.status == 1 && broken.err.hasPrefix("Error: b: the action started no transition"), "\(broken.err)")
    #expect(broken.err.split(separator: "\n").count == 1)
    #expect(try contents(f) == before)
    let total = media([Self.push("a"), Self.push("b", width: 80)], ["--output", f, "--max-total", "10KB"])
    #expect(
      total.status == 1 && total.err.contains("over the total budget of 10000 (--max-total); the largest: "),
      "\(total.err)")
    // Both transitions named with their sizes, the largest first.
    let listed = (total.err.components(separatedBy: "the largest: ").last ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "), ")
    let named = listed.map { $0.components(separatedBy: " (") }
    let sizes = named.compactMap { $0.count == 2 ? Int($0[1].components(separatedBy: " ")[0]) : nil }
    #expect(Set(named.map { $0[0] }) == ["a", "b"] && sizes.count == 2 && sizes[0] >= sizes[1], "\(total.err)")
    #expect(try contents(f) == before)
    let nowhere = media([Self.push("a")], ["--output", f + "/a.md/media"])
    #expect(nowhere.status == 1 && nowhere.err.hasPrefix("Error: a: cannot write"), "\(nowhere.err)")
  }

  @Test(
    "media-declarations: a name that cannot name files, two transitions of one name, an unknown --only and a width out of the scale's range are usage errors (exit 64) naming the rule"
  )
  func declarations() {
    let f = folder()
    for (transitions, args, message) in [
      ([Self.push("../x")], [String](), "'../x' cannot name files"),
      ([Self.push(), Self.push()], [], "Two transitions are named 'push'"),
      ([Self.push()], ["--only", "pop"], "Unknown transition 'pop' in --only; the declared ones are push"),
      ([Self.push(width: 1000)], [], "scale"),
    ] {
      let r = media(transitions, ["--output", f] + args)
      #expect(r.status == 64 && r.err.contains(message), "\(r.err)")
    }
  }
}
