@_exported import TransitionRender
import Testing
import XCTest

/// Checks `recording` against its reference beside the calling test file, in
/// swift-snapshot-testing's layout (`__Snapshots__/<TestFile>/<name>.json` and `<name>.png`):
/// each frame's hash first, then, where a hash differs, its pixels within `tolerance` (a
/// Cairo or pixman update that moves edge pixels by a level passes with
/// `SnapshotTolerance(perChannel: 1)`). A failure names the frames (a frame-count or frame-rate
/// change as such) and where expected | actual | difference were written; it is reported to
/// Swift Testing (`Issue.record`) when a test of it is running, else to XCTest (`XCTFail`).
///
/// `record` (default: `TRANSITIONRENDER_RECORD`, else `missing`, or `never` when `CI` is set)
/// says when the reference is written instead: `missing`, `all`, `failed` (rewrite the
/// reference of a failing check) or `never`. Writing one fails the test, so a recording run
/// never passes. `name` defaults to the test function's name.
public func assertTransitionSnapshot(
  of recording: Recording, named name: String? = nil, record: RecordMode? = nil, tolerance: SnapshotTolerance = .exact,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  function: String = #function
) {
  let reference = SnapshotReference.beside(testFile: "\(filePath)", named: name ?? snapshotName(function))
  do {
    _ = try verifySnapshot(of: recording, against: reference, record: record, tolerance: tolerance, threads: threads)
  } catch {
    reportFailure("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The test function's name without its argument list: `cubePush()` → `cubePush`.
func snapshotName(_ function: String) -> String {
  let name = function.prefix { $0 != "(" }
  return name.isEmpty ? "snapshot" : String(name)
}

/// To the test framework that is running the caller.
func reportFailure(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
  } else {
    XCTFail(message, file: filePath, line: line)
  }
}
