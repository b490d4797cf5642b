#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Pixels

/// Where an encoder's bytes go, in order, as they are produced.
///
/// Contract: `write` either takes all the bytes or throws; a sink never reorders or drops
/// bytes. Encoders write through a sink so the caller decides whether output lands in memory
/// (`MemorySink`) or in a file (`FileSink`, usually a temporary file renamed at the end, see
/// `writeAtomically(to:_:)`).
public protocol ByteSink: AnyObject {
  func write(_ bytes: UnsafeRawBufferPointer) throws
  /// Replaces already written bytes at `offset` (APNG patches its frame count at the end).
  /// Sinks that cannot seek (pipes) throw; the default implementation does.
  func overwrite(_ bytes: [UInt8], at offset: Int) throws
}

extension ByteSink {
  public func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    throw EncodingError.io("this output cannot seek back (APNG needs to patch its frame count)")
  }

  /// Writes an array of bytes.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }
}

/// A sink that keeps everything in memory; read `bytes` after the encoder finished.
public final class MemorySink: ByteSink {
  public private(set) var bytes: [UInt8] = []
  public init() {}
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    self.bytes.append(contentsOf: bytes)
  }
  public func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    guard offset >= 0, offset + bytes.count <= self.bytes.count else {
      throw EncodingError.io("overwrite past the end of the buffer")
    }
    self.bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
  }
}

/// A sink writing to a file through a 256 KiB buffer. Call `close()` to flush; a sink that is
/// never closed flushes and closes its descriptor when released (errors then are lost).
public final class FileSink: ByteSink {
  public let path: String
  private var fd: Int32
  private var buffer: [UInt8] = []
  private let capacity = 1 << 18

  /// Creates (or truncates) the file at `path`, mode 0644.
  public init(path: String) throws {
    self.path = path
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 { throw EncodingError.io("cannot create \(path): \(String(cString: strerror(errno)))") }
    buffer.reserveCapacity(capacity)
  }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard fd >= 0 else { throw EncodingError.io("\(path): write after close") }
    if buffer.count + bytes.count > capacity { try flush() }
    if bytes.count >= capacity {
      try writeAll(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  public func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    guard fd >= 0 else { throw EncodingError.io("\(path): write after close") }
    try flush()
    let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
    if n != bytes.count { throw EncodingError.io("cannot write \(path): \(String(cString: strerror(errno)))") }
  }

  /// Writes out the buffer and closes the file.
  public func close() throws {
    guard fd >= 0 else { return }
    defer {
      _ = Glibc.close(fd)
      fd = -1
    }
    try flush()
  }

  private func flush() throws {
    let pending = buffer
    buffer.removeAll(keepingCapacity: true)
    try pending.withUnsafeBytes { try writeAll($0) }
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        throw EncodingError.io("cannot write \(path): \(String(cString: strerror(errno)))")
      }
      offset += n
    }
  }

  deinit {
    if fd >= 0 {
      try? flush()
      _ = Glibc.close(fd)
    }
  }
}

/// Runs `body` with a `FileSink` on a temporary file next to `path` (same folder, so the
/// rename is atomic), then renames it onto `path`. If `body` throws, the temporary file is
/// removed and `path` is left untouched: a failed encode never leaves a truncated file and never
/// clobbers the previous good one.
public func writeAtomically<T>(to path: String, _ body: (FileSink) throws -> T) throws -> T {
  let slash = path.lastIndex(of: "/")
  let dir = slash.map { String(path[..<$0]) } ?? "."
  let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
  let temp = (dir.isEmpty ? "" : dir + "/") + ".\(name).tmp-\(getpid())"
  let sink: FileSink
  do {
    sink = try FileSink(path: temp)
  } catch {
    throw EncodingError.io("cannot write '\(path)': \(String(cString: strerror(errno)))")
  }
  TemporaryFiles.shared.register(temp)
  defer { TemporaryFiles.shared.unregister(temp) }
  do {
    let result = try body(sink)
    try sink.close()
    if rename(temp, path) != 0 {
      throw EncodingError.io("cannot rename \(temp) to \(path): \(String(cString: strerror(errno)))")
    }
    return result
  } catch {
    try? sink.close()
    unlink(temp)
    throw error
  }
}

/// `bytes` written to `path` the same way (see `writeAtomically(to:_:)`).
public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
  try writeAtomically(to: path) { try $0.write(bytes) }
}

/// Temporary files and folders in flight, so that an interrupted process (SIGINT, SIGTERM) can
/// remove them before it exits.
public final class TemporaryFiles: Sendable {
  public static let shared = TemporaryFiles()
  private let paths = Locked<Set<String>>([])

  private init() {}

  public func register(_ path: String) { paths.withLock { _ = $0.insert(path) } }
  public func unregister(_ path: String) { paths.withLock { _ = $0.remove(path) } }

  /// Every registered path, for a signal handler to remove.
  public var all: [String] { paths.withLock { Array($0) } }
}
