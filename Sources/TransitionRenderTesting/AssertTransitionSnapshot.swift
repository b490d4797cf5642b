@_exported import TransitionRender
import Testing
import XCTest

/// Checks `recording` against its reference beside the calling test file, in
/// swift-snapshot-testing's layout: `__Snapshots__/<TestFile>/<test>.<name>.json` and `.png`
/// with `named:`, else `<test>.1`, `<test>.2`, … counting the test's unnamed assertions (names
/// made file-safe). Each frame's hash is checked first, then, where a hash differs, its pixels
/// within `tolerance` (a Cairo or pixman update that moves edge pixels by a level passes with
/// `SnapshotTolerance(perChannel: 1)`). A failure names the frames (a frame-count or
/// frame-rate change as such), writes expected | actual | difference and the run's
/// `index.html` report, and is reported to Swift Testing (`Issue.record`, the images attached)
/// when a test of it is running, else to XCTest (`XCTFail`).
///
/// `record` (default: `TRANSITIONRENDER_RECORD`, else `missing`, or `never` when `CI` is set)
/// says when the reference is written instead: `missing`, `all`, `failed` (rewrite the
/// reference of a failing check) or `never`. Writing one fails the test, naming every file
/// written, so a recording run never passes.
public func assertTransitionSnapshot(
  of recording: Recording, named name: String? = nil, record: RecordMode? = nil, tolerance: SnapshotTolerance = .exact,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  function: String = #function
) {
  assertTransitionSnapshot(
    of: recording, against: snapshotReference(testFile: "\(filePath)", function: function, named: name),
    record: record, tolerance: tolerance, threads: threads, location: (fileID, filePath, line, column))
}

/// Where the assertion of `function` in `testFile` keeps its reference: `<test>.<name>` with a
/// name, else `<test>.<n>`, n counting that test's unnamed assertions in `counter`.
func snapshotReference(
  testFile: String, function: String, named name: String?, counter: SnapshotCounter = .shared
) -> SnapshotReference {
  let test = snapshotTestName(function)
  let identifier = name.map(fileSafe) ?? String(counter.next(file: testFile, test: test))
  return SnapshotReference.beside(testFile: testFile, named: "\(fileSafe(test)).\(identifier)")
}

/// The check against an explicit reference, reported at `location`.
func assertTransitionSnapshot(
  of recording: Recording, against reference: SnapshotReference, record: RecordMode?, tolerance: SnapshotTolerance,
  threads: Int, location: (fileID: String, filePath: StaticString, line: UInt, column: UInt)
) {
  do {
    _ = try verifySnapshot(of: recording, against: reference, record: record, tolerance: tolerance, threads: threads)
  } catch let failure as SnapshotFailure {
    if Test.current != nil, let folder = failure.artifacts { attachArtifacts(in: folder) }
    reportFailure(failure.description, at: location)
  } catch {
    reportFailure("\(error)", at: location)
  }
}

/// The test function's name without its argument list: `cubePush()` → `cubePush`.
func snapshotTestName(_ function: String) -> String {
  let name = function.prefix { $0 != "(" }
  return name.isEmpty ? "snapshot" : String(name)
}

/// `text` with every run of characters other than letters, digits and `_` turned into one
/// `-`, and no `-` at either end (swift-snapshot-testing's rule), so any name is a file name.
func fileSafe(_ text: String) -> String {
  var out = ""
  var dash = false
  for scalar in text.unicodeScalars {
    if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_") {
      if dash && !out.isEmpty { out.append("-") }
      out.unicodeScalars.append(scalar)
      dash = false
    } else {
      dash = true
    }
  }
  return out.isEmpty ? "snapshot" : out
}

/// How many unnamed assertions each test has made so far in this process, so that its
/// first unnamed snapshot is `<test>.1`, its second `<test>.2`, whatever else runs in parallel.
final class SnapshotCounter: Sendable {
  static let shared = SnapshotCounter()
  private let counts = Locked<[String: Int]>([:])

  init() {}

  func next(file: String, test: String) -> Int {
    counts.withLock { counts in
      counts["\(file)#\(test)", default: 0] += 1
      return counts["\(file)#\(test)"]!
    }
  }
}

/// The failure's images, attached to the running Swift Testing test.
func attachArtifacts(in folder: String) {
  for name in ["expected.png", "actual.png", "difference.png", "comparison.apng"] {
    guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
    Attachment.record(Attachment([UInt8](data), named: name))
  }
}

/// To the test framework that is running the caller.
func reportFailure(_ message: String, at location: (fileID: String, filePath: StaticString, line: UInt, column: UInt)) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
        column: Int(location.column)))
  } else {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}
