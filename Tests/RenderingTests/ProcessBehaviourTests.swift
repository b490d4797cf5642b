import Foundation
import Testing
import ToolTestSupport

/// The `render` binary as a process: what it does when its standard streams fail, when it is
/// signalled, and with a bad limit in its environment. Each case runs the built binary through
/// /bin/sh, which can close a descriptor or point it at /dev/full.
@Suite("render as a process")
struct ProcessBehaviourTests {
  func binary() throws -> String {
    try #require(DeterminismTests.binary, "the render binary is not built (swift build --product render)")
  }

  /// `script` run by /bin/sh with `$R` the render binary.
  func shell(_ script: String, environment extra: [String: String] = [:]) throws -> ToolRun {
    var environment = ProcessInfo.processInfo.environment
    environment["R"] = try binary()
    for (k, v) in extra { environment[k] = v }
    return try runTool("/bin/sh", ["-c", script], environment: environment)
  }

  @Test(
    "A failed write to standard output (closed, or a full disk) ends with one 'Error:' line and exit 1, never a crash"
  )
  func standardOutputFailures() throws {
    let cases = [
      ("\"$R\" fade --size 40x30 --fps 10 -q -o - >&-", "Bad file descriptor"),
      ("\"$R\" fade --size 40x30 --fps 10 -q -o - > /dev/full", "No space left on device"),
      ("\"$R\" list > /dev/full", "No space left on device"),
      ("\"$R\" fade --hash --size 40x30 --fps 10 > /dev/full", "No space left on device"),
      ("\"$R\" --help > /dev/full", "No space left on device"),
    ]
    for (script, reason) in cases {
      let run = try shell(script)
      #expect(run.status == 1, "\(script): \(run.errors)")
      #expect(run.errors == "Error: cannot write standard output: \(reason)\n", "\(script)")
    }
  }

  @Test("A closed standard error does not take a file render opens: the GIF written is a GIF")
  func closedStandardError() throws {
    let folder = NSTemporaryDirectory() + "render-proc-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let run = try shell("\"$R\" fade --size 40x30 --fps 10 -o '\(folder)/x.gif' 2>&-")
    #expect(run.status == 1)
    let bytes = try #require(FileManager.default.contents(atPath: folder + "/x.gif"))
    #expect(bytes.starts(with: Array("GIF89a".utf8)))
  }

  @Test(
    "SIGTERM while every thread composites a long frame ends the run within a moment, not after the frame: exit 143, no temporary file, the previous output intact"
  )
  func terminateDuringCompositing() throws {
    let folder = NSTemporaryDirectory() + "render-signal-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let previous = Data("previous".utf8)
    FileManager.default.createFile(atPath: folder + "/x.gif", contents: previous)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try binary())
    // 8192 x 8192-pixel frames, the largest the compositor takes: each thread spends seconds
    // on one, the delay a signal waiting for a free thread used to see. The signal mask this
    // process spawns with (a test runner may block SIGTERM) must not matter either.
    process.arguments = [
      "cube", "--size", "4096x4096", "--scale", "2", "--threads", "2", "-q", "-o", folder + "/x.gif",
    ]
    try process.run()
    let temporary = {
      (try? FileManager.default.contentsOfDirectory(atPath: folder))?.contains { $0.hasPrefix(".render-") }
    }
    var waited = 0
    while temporary() != true && waited < 1200 && process.isRunning {
      usleep(50_000)
      waited += 1
    }
    #expect(temporary() == true, "the render never started writing")
    usleep(1_000_000)
    let signalled = DispatchTime.now().uptimeNanoseconds
    process.terminate()
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - signalled) / 1e9
    #expect(process.terminationStatus == 143)
    #expect(seconds < 1.5, "the run ended \(seconds) s after SIGTERM")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["x.gif"])
    #expect(FileManager.default.contents(atPath: folder + "/x.gif") == previous)
  }

  @Test(
    "job-limits: a recording that reaches the frame count limit stops there with the limit's one message, exit 1"
  )
  func frameCountLimit() throws {
    let run = try shell("\"$R\" fade --hash", environment: ["TRANSITIONRENDER_MAX_FRAMES": "3"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "Error: the render needs 4 frames or more; the limit is 3 (frame count limit: lower the fps or raise it with TRANSITIONRENDER_MAX_FRAMES=N)\n"
    )
  }

  @Test(
    "job-limits: stills are composited by a render job, so its memory limit holds for them too: refused before any file is written"
  )
  func stillsGoThroughTheJob() throws {
    let folder = NSTemporaryDirectory() + "render-stills-job-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Five 375 × 667 px stills: 1 MiB a frame, at least 6 in flight.
    let run = try shell(
      "\"$R\" cube --stills 5 --threads 1 -o \(folder)/strip.png", environment: ["TRANSITIONRENDER_MAX_JOB_MB": "2"])
    #expect(run.status == 1)
    #expect(run.errors.contains("the limit is 2 MiB (job memory limit"), "\(run.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test("A limit in the environment that is not a whole number is an error naming it, not the default")
  func badEnvironmentLimit() throws {
    let run = try shell("\"$R\" fade --hash", environment: ["TRANSITIONRENDER_MAX_FRAMES": "abc"])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("Error: TRANSITIONRENDER_MAX_FRAMES=abc is not a whole number greater than 0"))
  }
}
