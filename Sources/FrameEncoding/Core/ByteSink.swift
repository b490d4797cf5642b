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
/// `StagedFile`).
public protocol ByteSink: AnyObject {
  /// Appends `bytes`, all of them, or throws.
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
  /// Everything written so far, in order.
  public private(set) var bytes: [UInt8] = []
  /// An empty sink.
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

/// A sink writing to a file descriptor through a 256 KiB buffer. Call `close()` to flush; a
/// sink that is never closed flushes and closes its descriptor when released (errors then are
/// lost).
package final class FileSink: ByteSink {
  /// The name used in messages: a path, or "standard output".
  public let path: String
  private var fd: Int32
  private let owned: Bool
  private var buffer: [UInt8] = []
  private let capacity = 1 << 18
  /// Bytes taken so far (buffered or written).
  public private(set) var bytesWritten = 0

  /// Creates (or truncates) the file at `path`, mode 0644.
  public convenience init(path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 { throw EncodingError.io("cannot create \(path): \(String(cString: strerror(errno)))") }
    self.init(descriptor: fd, path: path)
  }

  /// Writes to an open descriptor, named `path` in messages. `owned`: `close()` closes it
  /// (standard output is only flushed).
  public init(descriptor: Int32, path: String, owned: Bool = true) {
    self.path = path
    fd = descriptor
    self.owned = owned
    buffer.reserveCapacity(capacity)
  }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard fd >= 0 else { throw EncodingError.io("\(path): write after close") }
    bytesWritten += bytes.count
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
      if owned { _ = Glibc.close(fd) }
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
      if owned { _ = Glibc.close(fd) }
    }
  }
}
