import Testing

@testable import TransitionRenderTesting

/// A reference in a fresh temporary folder, in the layout a test file gets.
func temporaryReference(_ name: String = "cube") -> SnapshotReference {
  SnapshotReference.beside(testFile: temporaryFolder() + "/CubeTests.swift", named: name)
}

/// The failure `body` throws, or nil.
@MainActor
func failure(_ body: () throws -> Void) -> SnapshotFailure? {
  do {
    try body()
    return nil
  } catch let failure as SnapshotFailure {
    return failure
  } catch {
    Issue.record("expected a SnapshotFailure, got \(error)")
    return nil
  }
}

/// Moves every color channel of every pixel of the reference sheet by one level (down where it
/// is 255) and re-hashes its tiles, as a reference made by a Cairo that rounds edges
/// differently would be.
func shiftReferenceByOneLevel(_ reference: SnapshotReference) throws {
  let sheetPath = try #require(reference.sheetPath)
  var sheet = try PNGReader().read(file: sheetPath)
  for i in stride(from: 0, to: sheet.pixels.count, by: 4) {
    for c in 0..<3 { sheet.pixels[i + c] = sheet.pixels[i + c] == 255 ? 254 : sheet.pixels[i + c] + 1 }
  }
  var manifest = try HashManifest.load(path: reference.manifestPath)
  for (i, frame) in manifest.frames.enumerated() {
    let t = try #require(frame.tile)
    var tile: [UInt8] = []
    for y in t[1]..<(t[1] + t[3]) {
      tile += sheet.pixels[((y * sheet.width + t[0]) * 4)..<((y * sheet.width + t[0] + t[2]) * 4)]
    }
    manifest.frames[i].sha256 = SHA256.hex(tile)
  }
  try writeAtomically(try PNGWriter().encode(sheet), to: sheetPath)
  try writeAtomically(try manifest.encoded(), to: reference.manifestPath)
}

/// Snapshot tests of the user's own cube (seed 001's animator): what passes, what fails and
/// what the failure leaves behind.
@MainActor
@Suite("Snapshot tests of the user's transition")
struct SnapshotAssertionTests {
  @Test(
    "recording: The user's cube matches its reference beside this test file (__Snapshots__/SnapshotAssertionTests/cubeMatchesCommittedReference.cube-push), unchanged"
  )
  func cubeMatchesCommittedReference() throws {
    assertTransitionSnapshot(of: try cubePush(), named: "cube-push")
  }

  @Test(
    "verify: Changing the cube's m34 from −0.005 to −0.004 fails, naming the frames, and writes expected | actual | difference sheets and an animated comparison that an independent decoder reads"
  )
  func perspectiveChangeFails() throws {
    let reference = temporaryReference()
    _ = failure { _ = try verifySnapshot(of: try cubePush(), against: reference, record: .missing) }
    #expect(try verifySnapshot(of: try cubePush(), against: reference, record: .never) == .exact)
    let changed = try cubePush(perspective: -0.004)
    let f = try #require(failure { _ = try verifySnapshot(of: changed, against: reference, record: .never) })
    #expect(f.problem.hasPrefix("frames 1, 2, 3, 4, 5, 6, 7, 8, 9 differ (frame 1 at t = 0.100 s:"), "\(f.problem)")
    #expect(
      !f.problem.contains("frame 0,") && !f.problem.contains(", 10"), "the end states are flat: m34 does not show there"
    )
    let folder = try #require(f.artifacts)
    #expect(f.description.contains(folder))
    for name in ["expected.png", "actual.png", "difference.png", "comparison.apng"] {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
    }
    let apng = try python(
      "import sys; from PIL import Image\nim = Image.open(sys.argv[1]); print(im.n_frames, im.size[0], im.size[1])",
      [folder + "/comparison.apng"])
    #expect(
      apng == ["11 248 135"],
      "11 frames of expected | actual | difference, 3 × 80 px and two 4 px gaps wide, 120 px and a 15 px strip of labels high"
    )
  }

  @Test(
    "verify: A reference whose every pixel is one level off (another Cairo's rounding) fails exactly and passes with a tolerance of one level per channel"
  )
  func oneLevelTolerance() throws {
    let reference = temporaryReference()
    _ = failure { _ = try verifySnapshot(of: try cubePush(), against: reference, record: .missing) }
    try shiftReferenceByOneLevel(reference)
    let exact = try #require(failure { _ = try verifySnapshot(of: try cubePush(), against: reference, record: .never) })
    #expect(exact.problem.contains("by up to 1 levels"), "\(exact.problem)")
    let match = try verifySnapshot(
      of: try cubePush(), against: reference, record: .never, tolerance: SnapshotTolerance(perChannel: 1))
    #expect(match == .withinTolerance(frames: Array(0...10)))
    // A share of differing pixels is the other knob: all of them may differ here.
    #expect(
      try verifySnapshot(
        of: try cubePush(), against: reference, record: .never, tolerance: SnapshotTolerance(differingPixels: 1))
        == .withinTolerance(frames: Array(0...10)))
  }

  @Test(
    "recording: Record modes: missing records once (failing) and then compares; all always records and fails; failed rewrites only a failing reference; never fails without one and writes nothing"
  )
  func recordModes() throws {
    let reference = temporaryReference()
    let never = try #require(failure { _ = try verifySnapshot(of: try cubePush(), against: reference, record: .never) })
    #expect(!never.recorded && never.description.hasPrefix("no reference at"))
    #expect(!FileManager.default.fileExists(atPath: reference.manifestPath))
    let missing = try #require(
      failure { _ = try verifySnapshot(of: try cubePush(), against: reference, record: .missing) })
    #expect(
      missing.recorded && FileManager.default.fileExists(atPath: reference.manifestPath)
        && FileManager.default.fileExists(atPath: reference.sheetPath!))
    #expect(try verifySnapshot(of: try cubePush(), against: reference, record: .missing) == .exact)
    let all = try #require(failure { _ = try verifySnapshot(of: try cubePush(), against: reference, record: .all) })
    #expect(all.recorded, "a recording run fails even when it matches")
    let failed = try #require(
      failure { _ = try verifySnapshot(of: try cubePush(perspective: -0.004), against: reference, record: .failed) })
    #expect(failed.recorded && failed.artifacts != nil)
    #expect(
      try verifySnapshot(of: try cubePush(perspective: -0.004), against: reference, record: .failed) == .exact,
      "the rewritten reference")
  }

  @Test(
    "recording: TRANSITIONRENDER_RECORD=never is read when no mode is passed: a missing reference fails without being written"
  )
  func recordModeFromEnvironment() throws {
    let reference = temporaryReference()
    setenv("TRANSITIONRENDER_RECORD", "never", 1)
    defer { unsetenv("TRANSITIONRENDER_RECORD") }
    #expect(try RecordMode.resolve(nil) == .never && RecordMode.resolve(.all) == .all, "a mode passed wins")
    let f = try #require(failure { _ = try verifySnapshot(of: try cubePush(), against: reference) })
    #expect(!f.recorded && !FileManager.default.fileExists(atPath: reference.manifestPath))
  }

  @Test("verify: A frame-rate change is reported as such, with the frame-count change it brings")
  func frameRateChange() throws {
    let reference = temporaryReference()
    _ = failure { _ = try verifySnapshot(of: try cubePush(fps: 20), against: reference, record: .missing) }
    let f = try #require(
      failure { _ = try verifySnapshot(of: try cubePush(fps: 10), against: reference, record: .never) })
    #expect(
      f.problem.hasPrefix(
        "the frame rate changed: the reference has 20 fps, the recording 10; the frame count changed: the reference has 21 frames, the recording 11"
      ), "\(f.problem)")
  }

  @Test("recording: A reference folder that cannot be made fails with that reason")
  func unwritableReference() throws {
    let folder = temporaryFolder()
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder + "/Tests"))
    let reference = SnapshotReference.beside(testFile: folder + "/Tests/CubeTests.swift", named: "cube")
    let error = #expect(throws: RenderError.self) {
      _ = try verifySnapshot(of: try cubePush(), against: reference, record: .missing)
    }
    #expect(
      error?.description.hasPrefix(
        "cannot write the reference: the folder '\(folder)/Tests/__Snapshots__/CubeTests' cannot be created") == true)
  }

  @Test(
    "recording: assertTransitionSnapshot reports a mismatch as an issue of the running Swift Testing test, at the caller's line"
  )
  func reportsToSwiftTesting() throws {
    let changed = try cubePush(perspective: -0.004)
    let committed = SnapshotReference.beside(testFile: #filePath, named: "cubeMatchesCommittedReference.cube-push")
    withKnownIssue {
      assertTransitionSnapshot(
        of: changed, against: committed, record: .never, tolerance: .exact, threads: 2,
        location: (#fileID, #filePath, #line, #column))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("cube-push.json: frames 1, 2") }
        && issue.sourceLocation?.fileName == "SnapshotAssertionTests.swift"
    }
  }
}
