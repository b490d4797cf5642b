import Foundation

/// A file written under a temporary name beside its destination and renamed into place only
/// when complete: a failed render never leaves a truncated file and never clobbers the
/// previous good one.
public final class AtomicFile {
  public let destination: URL
  let temporary: URL
  private var handle: FileHandle?
  private var committed = false

  /// Creates the temporary file; fails with a one-line message when the folder cannot be written.
  public init(destination: URL) throws {
    self.destination = destination
    let folder = destination.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw RenderError("cannot write '\(destination.path)': the folder '\(folder.path)' does not exist")
    }
    if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue {
      throw RenderError("cannot write '\(destination.path)': it is a folder")
    }
    temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporary.path)
    else {
      throw RenderError("cannot write '\(destination.path)': permission denied or read-only folder")
    }
    self.handle = handle
    TemporaryFiles.shared.register(temporary)
  }

  public func write(_ bytes: [UInt8]) throws {
    guard let handle else { return }
    do {
      try handle.write(contentsOf: Data(bytes))
    } catch {
      throw RenderError("cannot write '\(destination.path)': \(error.localizedDescription)")
    }
  }

  /// Renames the finished file into place.
  public func commit() throws {
    try handle?.close()
    handle = nil
    if rename(temporary.path, destination.path) != 0 {
      discard()
      throw RenderError("cannot write '\(destination.path)': rename failed (\(String(cString: strerror(errno))))")
    }
    committed = true
    TemporaryFiles.shared.unregister(temporary)
  }

  /// Removes the temporary file (called on failure; harmless after commit).
  public func discard() {
    try? handle?.close()
    handle = nil
    if !committed { try? FileManager.default.removeItem(at: temporary) }
    TemporaryFiles.shared.unregister(temporary)
  }

  deinit { discard() }
}

/// Writes `bytes` to `path` atomically.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
  let file = try AtomicFile(destination: URL(fileURLWithPath: path))
  do {
    try file.write(bytes)
    try file.commit()
  } catch {
    file.discard()
    throw error
  }
}

/// Temporary files in flight, removed if the process is interrupted (SIGINT, SIGTERM).
public final class TemporaryFiles: @unchecked Sendable {
  public static let shared = TemporaryFiles()
  private var paths: Set<String> = []
  private let lock = NSLock()

  func register(_ url: URL) { lock.withLock { _ = paths.insert(url.path) } }
  func unregister(_ url: URL) { lock.withLock { _ = paths.remove(url.path) } }

  /// Removes every registered temporary file or folder.
  public func removeAll() {
    let current = lock.withLock { paths }
    for path in current { try? FileManager.default.removeItem(atPath: path) }
  }
}
