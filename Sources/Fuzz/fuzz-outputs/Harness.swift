import Foundation
import FuzzDriver
import RenderCLI

/// Bytes → an output path (and a `--hashes` path) built from parts that have bitten before
/// (an empty path, `.`, `..`, a folder named like a file, a folder of the user's files, a link,
/// a read-only folder, a 250-byte name) → a tiny real render (`RenderCLI.run`, not a dry run)
/// inside a sandbox folder that is made afresh for each input. Whatever the paths:
/// - the exit status is 0, 1 or 64, and a failure says `Error:`;
/// - no temporary file or folder of ours is left anywhere in the sandbox;
/// - the user's files (a folder of notes and images, the target of a link) never change;
/// - a run that fails changes nothing at all.
let parts = [
  "", ".", "..", "user", "user/", "frames", "frames/", "x.gif", "good.gif", "link.gif", "victim.txt", "ro",
  "ro/new.gif", "new", "new/", "new.gif", "new.apng", "new.webp", "new.png", "new.json", "m.json", "nodir/m.json",
  String(repeating: "n", count: 250) + ".gif", "-",
]

let sandbox = NSTemporaryDirectory() + "fuzz-outputs-\(getpid())"

/// The sandbox as a user may have it: their folder, a folder of render's frames, an earlier
/// output, a link to a file of theirs, a folder named like a GIF, a read-only folder.
func makeSandbox() {
  let fm = FileManager.default
  try? fm.removeItem(atPath: sandbox)
  for folder in ["user", "frames", "x.gif", "ro"] {
    try! fm.createDirectory(atPath: sandbox + "/" + folder, withIntermediateDirectories: true)
  }
  for (path, text) in [
    ("user/0000.png", "mine"), ("user/notes.txt", "notes"), ("frames/0000.png", "f0"), ("frames/0001.png", "f1"),
    ("good.gif", "previous"), ("victim.txt", "victim"),
  ] {
    fm.createFile(atPath: sandbox + "/" + path, contents: Data(text.utf8))
  }
  try! fm.createSymbolicLink(atPath: sandbox + "/link.gif", withDestinationPath: sandbox + "/victim.txt")
  chmod(sandbox + "/ro", 0o555)
}

/// Every path below the sandbox with its bytes ("<folder>" for folders).
func contents() -> [String: String] {
  var all: [String: String] = [:]
  for name in FileManager.default.subpaths(atPath: sandbox) ?? [] {
    let path = sandbox + "/" + name
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    all[name] =
      isFolder.boolValue ? "<folder>" : (FileManager.default.contents(atPath: path)?.base64EncodedString() ?? "?")
  }
  return all
}

func path(_ reader: inout ByteReader) -> String {
  let count = 1 + reader.int(below: 3)
  let joined = (0..<count).map { _ in parts[reader.int(below: parts.count)] }.joined(separator: "/")
  return reader.int(below: 2) == 0 ? joined : sandbox + "/" + joined
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutputs(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var reader = ByteReader(fuzzBytes(data, size))
  makeSandbox()
  // Relative paths are the sandbox's during the run; the driver reads its inputs from the
  // folder it started in.
  let start = FileManager.default.currentDirectoryPath
  FileManager.default.changeCurrentDirectoryPath(sandbox)
  defer { FileManager.default.changeCurrentDirectoryPath(start) }
  var arguments = ["fade", "--size", "8x8", "--fps", "4", "-q", "-o", path(&reader)]
  if reader.int(below: 3) == 0 { arguments += ["--hashes", path(&reader)] }
  if reader.int(below: 4) == 0 { arguments += ["--max-size", "1MB"] }
  let before = contents()
  let status = MainActor.assumeIsolated {
    let streams = CapturedStreams()
    let status = RenderCLI.run(arguments, streams: streams)
    precondition([0, 1, 64].contains(status), "exit status \(status) for \(arguments)")
    precondition(status == 0 || streams.stderr.hasPrefix("Error: "), "a failure without 'Error:' for \(arguments)")
    return status
  }
  let after = contents()
  let leftovers = after.keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".render-") } }
  precondition(leftovers.isEmpty, "temporary files left by \(arguments): \(leftovers)")
  for name in ["user/0000.png", "user/notes.txt", "victim.txt"] {
    precondition(after[name] == before[name], "\(name) changed by \(arguments)")
  }
  if status != 0 { precondition(after == before, "a failed run changed files: \(arguments)") }
  return 0
}

@main enum Main {
  static func main() { FuzzDriver.run(fuzzOutputs) }
}
