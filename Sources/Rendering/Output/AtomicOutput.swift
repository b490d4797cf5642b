import FrameEncoding
import Foundation

/// Fails with a one-line message unless `path` can be created: its folder exists and is
/// writable, and `path` is not a folder. Checked before rendering, so a bad path costs nothing.
public func checkWritableFile(_ path: String) throws {
  let url = URL(fileURLWithPath: path)
  let folder = url.deletingLastPathComponent().path
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
    throw RenderError("cannot write '\(path)': the folder '\(folder)' does not exist")
  }
  if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
    throw RenderError("cannot write '\(path)': it is a folder")
  }
  guard FileManager.default.isWritableFile(atPath: folder) else {
    throw RenderError("cannot write '\(path)': the folder '\(folder)' is not writable")
  }
}

/// Removes every temporary file still registered (after SIGINT or SIGTERM).
public func removeTemporaryFiles() {
  for path in TemporaryFiles.shared.all { try? FileManager.default.removeItem(atPath: path) }
}
