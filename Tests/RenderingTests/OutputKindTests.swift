import Foundation
import Rendering
import RenderCLI
import Testing

/// docs/encoders.md#output-kinds: one table from a path's form and the command to what is written.
@MainActor
@Suite("Output kinds")
struct OutputKindTests: CLISuite {
  @Test(
    "output-kinds: each form means what the table says to each command (nil: refused); .png is a contact sheet, a strip, a plot or an APNG by command"
  )
  func table() throws {
    let dir = folder()
    // Written out by hand from the table in docs/encoders.md#output-kinds.
    let expected: [String: [OutputCommand: OutputKind?]] = [
      "-": [.frames: .standardOutputGIF, .stills: nil, .curves: nil, .encode: nil],
      dir + "/new/": [.frames: .pngSequence, .stills: .stillsFolder, .curves: nil, .encode: nil],
      dir + "/frames": [.frames: .pngSequence, .stills: .stillsFolder, .curves: nil, .encode: nil],
      dir: [.frames: .pngSequence, .stills: .stillsFolder, .curves: nil, .encode: nil],
      "a.GIF": [.frames: .animation(.gif), .stills: nil, .curves: nil, .encode: .animation(.gif)],
      "a.apng": [.frames: .animation(.apng), .stills: nil, .curves: nil, .encode: .animation(.apng)],
      "x/y.webp": [.frames: .animation(.webp), .stills: nil, .curves: nil, .encode: .animation(.webp)],
      "a.png": [.frames: .contactSheet, .stills: .stillsStrip, .curves: .curvesPNG, .encode: .animation(.apng)],
      "a.svg": [.frames: nil, .stills: nil, .curves: .curvesSVG, .encode: nil],
      "a.mp4": [.frames: nil, .stills: nil, .curves: nil, .encode: nil],
    ]
    for (path, commands) in expected {
      for command in OutputCommand.allCases {
        let want = try #require(commands[command], "\(path) \(command)")
        if let want {
          #expect(try OutputKind(path: path, command: command) == want, "\(path) \(command)")
        } else {
          let error = #expect(throws: RenderError.self, "\(path) \(command)") {
            try OutputKind(path: path, command: command)
          }
          #expect(error?.isUsageError == true && error?.description.contains("is not a known format for") == true)
        }
      }
    }
  }

  @Test(
    "output-kinds: a path that names no file, and an existing folder named like a file, are refused for every command"
  )
  func refusedForms() throws {
    let dir = folder()
    try FileManager.default.createDirectory(atPath: dir + "/x.png", withIntermediateDirectories: false)
    for command in OutputCommand.allCases {
      for path in ["", ".", "..", "a/.."] {
        let error = #expect(throws: RenderError.self) { try OutputKind(path: path, command: command) }
        #expect(
          error?.description.hasPrefix("'\(path)' cannot be an output") == true, "\(path): \(String(describing: error))"
        )
      }
      let error = #expect(throws: RenderError.self) { try OutputKind(path: dir + "/x.png", command: command) }
      #expect(error?.description.contains("it is a folder, and a .png output is a file") == true)
    }
  }

  @Test(
    "output-kinds: `render cube -o x.png` writes a contact sheet (one picture) and `render encode DIR -o x.png` an APNG of the frames, as each command's --help says"
  )
  func pngPerCommand() throws {
    let dir = folder()
    #expect(run(["cube", "--size", "40x60", "--fps", "10", "-q", "-o", dir + "/sheet.png"]).status == 0)
    #expect(run(["cube", "--size", "40x60", "--fps", "10", "-q", "-o", dir + "/frames/"]).status == 0)
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").count
    #expect(run(["encode", dir + "/frames", "--fps", "10", "-q", "-o", dir + "/anim.png"]).status == 0)
    let decoded = try python(
      "import sys; from PIL import Image\nfor p in sys.argv[1:]:\n  im = Image.open(p); print(getattr(im, 'n_frames', 1), '%dx%d' % im.size)",
      [dir + "/sheet.png", dir + "/anim.png"])
    #expect(decoded.count == 2 && decoded[0].hasPrefix("1 ") && decoded[0] != "1 40x60", "\(decoded)")
    #expect(decoded.last == "\(frames) 40x60", "\(decoded)")
    let help = run(["--help"]).out.split(separator: " ").filter { !$0.isEmpty }.joined(separator: " ")
    #expect(
      help.contains(
        ".png (a contact\n sheet of the frames with their times; with --stills the\n strip, with --curves the plot)"))
    #expect(run(["encode", "--help"]).out.contains(".png (an APNG"))
  }
}
