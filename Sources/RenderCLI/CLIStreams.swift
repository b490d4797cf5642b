import Foundation
import Rendering

#if canImport(Glibc)
  import Glibc
#endif

/// Where the command writes: standard output and error, or captured text in tests.
public protocol CLIStreams: AnyObject {
  func out(_ text: String)
  func err(_ text: String)
  /// Where `-o -` writes its bytes, as they are made.
  var standardOutput: ByteSink { get }
  /// The first write that failed ("cannot write standard output: No space left on device"),
  /// or nil; the command then exits 1 saying so.
  var writeFailure: String? { get }
}

/// The process's standard output and error, written with write(2): a failed write (a full
/// disk, a closed descriptor) is recorded for the command to report, never a crash. SIGPIPE
/// keeps its default action, as for any Unix filter.
public final class StandardStreams: CLIStreams {
  public private(set) var writeFailure: String?
  private var closed: Set<Int32> = []

  /// Call before anything opens a file: a descriptor 0, 1 or 2 the caller closed (`>&-`) is
  /// taken by /dev/null, so no file render opens lands on it, and writes to it fail as writes
  /// to a closed descriptor.
  public init() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      closed.insert(fd)
      _ = open("/dev/null", O_RDWR)
    }
  }

  public func out(_ text: String) { write(Array(text.utf8), to: 1) }
  public func err(_ text: String) { write(Array(text.utf8), to: 2) }
  public var standardOutput: ByteSink { DescriptorSink(streams: self) }

  /// Writes all of `bytes` to `fd`; false (and the failure recorded) when it cannot.
  @discardableResult
  func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
    guard !closed.contains(fd) else { return fail(fd, EBADF) }
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        return fail(fd, errno)
      }
      offset += n
    }
    return true
  }

  private func fail(_ fd: Int32, _ code: Int32) -> Bool {
    if writeFailure == nil {
      writeFailure =
        "cannot write \(fd == 1 ? "standard output" : "standard error"): \(String(cString: strerror(code)))"
    }
    return false
  }

  /// Standard output as a sink: a failed write throws (and is recorded).
  private final class DescriptorSink: ByteSink {
    let streams: StandardStreams
    init(streams: StandardStreams) { self.streams = streams }
    func write(_ bytes: UnsafeRawBufferPointer) throws {
      guard streams.write(Array(bytes), to: 1) else {
        throw RenderError(streams.writeFailure ?? "cannot write standard output")
      }
    }
  }
}

/// Captures everything, for in-process tests.
public final class CapturedStreams: CLIStreams {
  public private(set) var stdout = ""
  public private(set) var stderr = ""
  private let memory = MemorySink()
  public init() {}
  public func out(_ text: String) { stdout += text }
  public func err(_ text: String) { stderr += text }
  public var standardOutput: ByteSink { memory }
  public var writeFailure: String? { nil }
  /// The bytes written to standard output.
  public var bytes: [UInt8] { memory.bytes }
}
