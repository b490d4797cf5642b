#if canImport(Glibc)
  import Glibc
#endif
import Foundation

/// What a tool run by `runTool` printed and how it ended.
public struct ToolRun: Sendable {
  public var status: Int32
  public var stdout: Data
  public var stderr: Data

  /// Standard output as UTF-8 text.
  public var output: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error as UTF-8 text.
  public var errors: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs `executable` with `arguments` (and `environment`, nil for this process's) to its end.
/// Its output goes to temporary files, not pipes: a pipe read can be interrupted by a signal
/// (Foundation then traps on EINTR), and a tool filling one pipe while the other is read
/// would wait forever.
public func runTool(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ToolRun
{
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tool-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
  FileManager.default.createFile(atPath: outURL.path, contents: nil)
  FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let environment { process.environment = environment }
  process.standardOutput = out
  process.standardError = err
  try process.run()
  process.waitUntilExit()
  try out.close()
  try err.close()
  return ToolRun(
    status: process.terminationStatus, stdout: try contents(of: outURL.path), stderr: try contents(of: errURL.path))
}

/// A tool that ended badly: what it printed on standard error (or what went wrong).
public struct ToolFailure: Error, CustomStringConvertible {
  public let message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}

/// Runs a script with Debian's python3 (Pillow from python3-pil: the independent decoder the
/// tests check encoders against); returns its standard output. A failing script throws its
/// standard error.
public func runPython(_ script: String, _ arguments: [String]) throws -> String {
  let run = try runTool("/usr/bin/python3", ["-c", script] + arguments)
  guard run.status == 0 else { throw ToolFailure(message: run.errors) }
  return run.output
}

/// The bytes of the file at `path`, read with the C library: Foundation's file reading keeps a
/// buffer LeakSanitizer reports on this toolchain.
private func contents(of path: String) throws -> Data {
  guard let file = fopen(path, "rb") else { throw CocoaError(.fileReadNoSuchFile) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    bytes.append(contentsOf: chunk[0..<n])
    if n < chunk.count { break }
  }
  guard ferror(file) == 0 else { throw CocoaError(.fileReadUnknown) }
  return Data(bytes)
}
