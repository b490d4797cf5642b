import Foundation
import Testing
import ToolTestSupport

@testable import Rendering
@testable import TransitionRenderTesting

/// swift-snapshot-testing's naming, the failure report, and failing closed
/// (docs/snapshot-format.md#naming, #failure-artifacts).
@MainActor
@Suite("Snapshot names, failure report, failing closed")
struct SnapshotNamingTests {
  @Test(
    "naming: unnamed assertions of one test are <test>.1, <test>.2; named: is appended as <test>.<name>, made file-safe"
  )
  func names() {
    let counter = SnapshotCounter()
    let file = "/p/Tests/CubeTests.swift"
    let first = snapshotReference(testFile: file, function: "cubePush()", named: nil, counter: counter)
    let second = snapshotReference(testFile: file, function: "cubePush()", named: nil, counter: counter)
    let other = snapshotReference(testFile: file, function: "popSwipe(fps:)", named: nil, counter: counter)
    let named = snapshotReference(testFile: file, function: "cubePush()", named: "dark mode / 2x", counter: counter)
    let folder = "/p/Tests/__Snapshots__/CubeTests/"
    #expect(first.files == [folder + "cubePush.1.json", folder + "cubePush.1.png"])
    #expect(second.manifestPath == folder + "cubePush.2.json")
    #expect(other.manifestPath == folder + "popSwipe.1.json")
    #expect(named.manifestPath == folder + "cubePush.dark-mode-2x.json")
  }

  @Test(
    "naming: a test with two unnamed assertions records both on its first run (failing, naming every file written) and passes on the next"
  )
  func twoUnnamedAssertions() throws {
    let file = temporaryFolder() + "/Tests/TwoTests.swift"
    func run(_ record: RecordMode) -> [String] {
      let counter = SnapshotCounter()
      var failures: [String] = []
      for recording in [try? cubePush(fps: 10), try? cubePush(perspective: -0.004, fps: 10)] {
        let reference = snapshotReference(testFile: file, function: "two()", named: nil, counter: counter)
        do {
          _ = try verifySnapshot(of: recording!, against: reference, record: record)
        } catch {
          failures.append("\(error)")
        }
      }
      return failures
    }
    let recorded = run(.missing)
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path + "/__Snapshots__/TwoTests/"
    #expect(
      recorded
        == [1, 2].map {
          "recorded a new reference: \(folder)two.\($0).json and \(folder)two.\($0).png; re-run without recording to compare against it"
        })
    #expect(run(.never).isEmpty)
  }

  @Test(
    "failure-artifacts: a changed frame rate fails, and index.html in the artifacts folder shows it: the problem, the comparison, each frame's figures"
  )
  func report() throws {
    let reference = temporaryReference()
    _ = try? verifySnapshot(of: try cubePush(fps: 20), against: reference, record: .all)
    let artifacts = temporaryFolder() + "/artifacts"
    #expect(throws: SnapshotFailure.self) {
      _ = try verifySnapshot(of: try cubePush(fps: 10), against: reference, record: .never, artifacts: artifacts)
    }
    let page = try String(contentsOfFile: artifacts + "/index.html", encoding: .utf8)
    #expect(page.contains("the frame rate changed: the reference has 20 fps, the recording 10"))
    #expect(page.contains(#"<img src="./comparison.apng""#))
    #expect(page.contains("<td>10</td><td>1.000</td><td>"), "frame 10's row, at 1 s")
    #expect(FileManager.default.fileExists(atPath: artifacts + "/comparison.apng"))
  }

  @Test(
    "failure-artifacts: by default the artifacts go under the temporary folder, in a folder named after the test's package"
  )
  func defaultFolderNamesThePackage() throws {
    let package = temporaryFolder() + "/MyApp"
    try FileManager.default.createDirectory(atPath: package + "/Tests/AppTests", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: package + "/Package.swift", contents: Data())
    let reference = SnapshotReference.beside(testFile: package + "/Tests/AppTests/PushTests.swift", named: "push.1")
    let place = ArtifactsPlace(for: reference)
    let root = ProcessInfo.processInfo.environment["TRANSITIONRENDER_ARTIFACTS"]
    if root == nil {
      #expect(place.report == NSTemporaryDirectory() + "transitionrender-failures/MyApp")
      #expect(place.folder == place.report + "/PushTests/push.1")
    }
  }

  @Test("failure-artifacts: each column of the comparison animation is labelled expected, actual, difference")
  func comparisonLabels() throws {
    let reference = temporaryReference()
    _ = try? verifySnapshot(of: try cubePush(fps: 10), against: reference, record: .all)
    let artifacts = temporaryFolder() + "/artifacts"
    _ = try? verifySnapshot(
      of: try cubePush(perspective: -0.004, fps: 10), against: reference, record: .never, artifacts: artifacts)
    // Pillow's first frame: the light label pixels in the top strip, per third of the width.
    let counts = try runPython(
      """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1]).convert('RGB'); w, h = im.size
      inked = [0, 0, 0]
      for y in range(0, 14):
          for x in range(w):
              if im.getpixel((x, y)) == (235, 235, 245): inked[min(2, x * 3 // w)] += 1
      print(' '.join(map(str, inked)))
      """, [artifacts + "/comparison.apng"]
    ).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    #expect(counts.count == 3 && counts.allSatisfy { $0 > 20 }, "\(counts)")
  }

  @Test(
    "fail-closed: an unreadable manifest, an undecodable sheet and an artifacts folder that cannot be written each fail the check with their reason"
  )
  func failsClosed() throws {
    let corrupt = temporaryReference()
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: corrupt.manifestPath).deletingLastPathComponent().path,
      withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: corrupt.manifestPath))
    #expect(throws: (any Error).self) { _ = try verifySnapshot(of: try cubePush(fps: 10), against: corrupt) }

    let badSheet = temporaryReference()
    _ = try? verifySnapshot(of: try cubePush(fps: 10), against: badSheet, record: .all)
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: badSheet.sheetPath!))
    let sheetError = #expect(throws: RenderError.self) {
      _ = try verifySnapshot(of: try cubePush(perspective: -0.004, fps: 10), against: badSheet, record: .never)
    }
    #expect(sheetError?.description.hasPrefix("cannot read the reference sheet") == true)

    let reference = temporaryReference()
    _ = try? verifySnapshot(of: try cubePush(fps: 10), against: reference, record: .all)
    let file = temporaryFolder() + "/a-file"
    FileManager.default.createFile(atPath: file, contents: Data())
    let failure = #expect(throws: SnapshotFailure.self) {
      _ = try verifySnapshot(
        of: try cubePush(perspective: -0.004, fps: 10), against: reference, record: .never, artifacts: file + "/x")
    }
    #expect(failure?.description.contains("frames 1, 2") == true)
    #expect(failure?.description.contains("the artifacts could not be written") == true)
  }
}
