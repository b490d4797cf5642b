import Foundation
import RenderCLI
import ToolTestSupport

/// What the suites that run `render` in-process share: one run with everything it printed, and
/// a new folder for its files.
@MainActor
protocol CLISuite {}

extension CLISuite {
  /// `render arguments…`, in-process: the exit status, standard output and error, and the
  /// bytes `-o -` wrote.
  func run(_ args: [String]) -> (status: Int32, out: String, err: String, bytes: [UInt8]) {
    let s = CapturedStreams()
    let status = RenderCLI.run(args, streams: s)
    return (status, s.stdout, s.stderr, s.bytes)
  }

  /// A new, empty folder under the temporary folder.
  func folder() -> String {
    newTestFolder("render-tests")
  }
}
