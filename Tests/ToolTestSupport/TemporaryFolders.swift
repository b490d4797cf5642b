#if canImport(Glibc)
  import Glibc
#endif
import Foundation

/// A new, empty folder for one test's files, named `prefix` and a UUID, inside one folder per
/// test process under the temporary folder, which is removed when the process exits: a run
/// leaves nothing behind (a process that crashes leaves its folder, to look at).
public func newTestFolder(_ prefix: String) -> String {
  let path = testFoldersRoot + "/" + prefix + "-" + UUID().uuidString
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// This process's folder of test folders, made (and its removal at exit arranged) on first use.
private let testFoldersRoot: String = {
  let path = NSTemporaryDirectory() + "transitionrender-tests-\(getpid())"
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  atexit { removeTestFolders() }
  return path
}()

private func removeTestFolders() { try? FileManager.default.removeItem(atPath: testFoldersRoot) }
