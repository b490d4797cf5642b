import Testing
import TransitionRender
import ToolTestSupport

/// Runs a Python snippet with Debian's python3 (Pillow from python3-pil); returns stdout lines.
func python(_ script: String, _ args: [String]) throws -> [String] {
  try runPython(script, args).split(separator: "\n").map(String.init)
}

func temporaryFolder() -> String {
  newTestFolder("transitionrender")
}

@MainActor
func recordedPush(fps: Double = 10, size: Size = screen, scale: Double = 1) throws -> Recording {
  let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
  let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
  nav.delegate = transitions
  return try Recorder(root: nav, size: size, scale: scale, fps: fps)
    .record { nav.pushViewController(ColorViewController("message", blue), animated: true) }
}

@MainActor
@Suite("A recording's outputs")
struct RecordingOutputTests {
  @Test(
    "write(to:) picks the output by extension: a .gif that Pillow decodes with every frame at the recording's size and delays, a PNG sequence folder, a contact sheet"
  )
  func outputsByExtension() throws {
    let recording = try recordedPush()
    let folder = temporaryFolder()
    try recording.write(to: folder + "/push.gif")
    let gif = try python(
      "import sys; from PIL import Image\nim = Image.open(sys.argv[1]); n = 0; d = []\ntry:\n  while True:\n    d.append(im.info['duration']); n += 1; im.seek(n)\nexcept EOFError: pass\nprint(n, im.size[0], im.size[1], sum(d))",
      [folder + "/push.gif"])
    #expect(gif == ["6 100 160 600"], "6 frames of 100 ms at 100×160")
    try recording.write(to: folder + "/frames/")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
    #expect(names == (0..<6).map { String(format: "%04d.png", $0) })
    try recording.write(to: folder + "/sheet.png")
    #expect(FileManager.default.fileExists(atPath: folder + "/sheet.png"))
  }

  @Test(
    "A recording's pixel size is the compositor's, round(points × scale) a side: 375 × 667 pt at scale 0.32 is 120 × 213 px (213.44 rounds down), as Pillow reads the written frame"
  )
  func pixelSizeRoundsToNearest() throws {
    let recording = try recordedPush(size: Size(width: 375, height: 667), scale: 0.32)
    #expect(recording.pixelWidth == 120 && recording.pixelHeight == 213)
    let folder = temporaryFolder()
    try recording.write(to: folder + "/frames/")
    let size = try python(
      "import sys; from PIL import Image\nprint('%dx%d' % Image.open(sys.argv[1]).size)", [folder + "/frames/0000.png"])
    #expect(size == ["120x213"])
  }

  @Test(
    "frameHashes are the SHA-256 of each frame's straight RGBA8 pixels, as an independent decoder reads them from the PNG sequence"
  )
  func hashesMatchDecodedFrames() throws {
    let recording = try recordedPush()
    let folder = temporaryFolder()
    try recording.write(to: folder + "/frames/")
    let decoded = try python(
      "import sys, hashlib, os; from PIL import Image\nfor name in sorted(os.listdir(sys.argv[1])): print(hashlib.sha256(Image.open(os.path.join(sys.argv[1], name)).convert('RGBA').tobytes()).hexdigest())",
      [folder + "/frames"])
    #expect(try recording.frameHashes() == decoded)
  }

  @Test(
    "A path the recorder cannot write is one error and leaves no file: an unknown extension, standard output, a missing folder"
  )
  func badPaths() throws {
    let recording = try recordedPush()
    let folder = temporaryFolder()
    #expect(throws: RenderError.self) { try recording.write(to: folder + "/push.mov") }
    #expect(throws: RenderError.self) { try recording.write(to: "-") }
    #expect(throws: RenderError.self) { try recording.write(to: folder + "/missing/push.gif") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test(
    "The job limits hold on the library path: a recording whose frames would need more than the memory limit is refused before compositing, with no file"
  )
  func jobLimits() throws {
    // 4096 × 4096 points at scale 2: 256 MiB frames; 0.5 s at 60 fps is 31 frames, and with
    // 8 threads 19 are in flight: 4864 MiB > 4096 MiB.
    let recording = try recordedPush(fps: 60, size: Size(width: 4096, height: 4096), scale: 2)
    let folder = temporaryFolder()
    let error = #expect(throws: RenderError.self) { try recording.write(to: folder + "/huge.apng", threads: 8) }
    #expect(error?.description.contains("job memory limit") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test("GIF refuses more fps than browsers play, naming the limit, with no file")
  func fpsTooHighForGIF() throws {
    let recording = try recordedPush(fps: 60)
    let folder = temporaryFolder()
    let error = #expect(throws: RenderError.self) { try recording.write(to: folder + "/fast.gif") }
    #expect(error?.description.contains("GIF is limited to 50 fps") == true)
    try recording.write(to: folder + "/fast.apng")
    #expect(FileManager.default.fileExists(atPath: folder + "/fast.apng"))
  }
}
