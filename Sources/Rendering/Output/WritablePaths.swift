import FrameEncoding
import Foundation

/// Fails with a one-line message unless `path` can be created: its folder exists and is
/// writable, and `path` is not a folder. Checked before rendering, so a bad path costs nothing.
package func checkWritableFile(_ path: String) throws {
  try checkParentFolder(of: path)
  if isFolder(path) { throw RenderError("cannot write '\(path)': it is a folder") }
}

/// Fails with a one-line message unless a folder of frames can be put at `path`: its parent
/// exists and is writable, and `path` is new, or a folder render may replace
/// (`PNGSequence.checkReplaceable`), not a file.
package func checkWritableFolder(_ path: String) throws {
  try checkParentFolder(of: path)
  if isFolder(path) {
    try PNGSequence.checkReplaceable(path)
  } else if FileManager.default.fileExists(atPath: path) {
    throw RenderError(
      "cannot write '\(path)': a path without an extension is a PNG-sequence folder, and this one exists as a file; name a .gif, .apng, .webp or .png, or a folder"
    )
  }
}

private func checkParentFolder(of path: String) throws {
  var trimmed = path
  while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
  let folder = URL(fileURLWithPath: trimmed).deletingLastPathComponent().path
  guard isFolder(folder) else {
    throw RenderError("cannot write '\(path)': the folder '\(folder)' does not exist")
  }
  guard FileManager.default.isWritableFile(atPath: folder) else {
    throw RenderError("cannot write '\(path)': the folder '\(folder)' is not writable")
  }
}

/// Removes every temporary file still registered (after SIGINT or SIGTERM).
package func removeTemporaryFiles() {
  TemporaryFiles.shared.removeAll()
}
