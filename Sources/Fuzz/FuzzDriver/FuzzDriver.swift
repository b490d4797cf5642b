import Foundation

/// The entry point every fuzz harness shares.
///
/// Built with `-DFUZZING -sanitize=fuzzer,address` (see `scripts/fuzz`), `run` hands control to
/// libFuzzer (`LLVMFuzzerRunDriver`), so every libFuzzer flag works (`-max_total_time=`,
/// corpus folders, …). Built without it (a plain `swift build`), the harness is a replay
/// driver: each argument is a file or a folder of inputs, run once each; `--random N` adds N
/// deterministic pseudo-random inputs (seed `--seed S`, default 1). It exits non-zero only if
/// a harness traps, like libFuzzer.
public enum FuzzDriver {
  public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

  public static func run(_ test: TestOneInput) -> Never {
    #if FUZZING
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    #else
      exit(replay(Array(CommandLine.arguments.dropFirst()), test))
    #endif
  }

  static func replay(_ arguments: [String], _ test: TestOneInput) -> Int32 {
    var files: [String] = []
    var random = 0
    var seed: UInt64 = 1
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      if a == "--random", i + 1 < arguments.count, let n = Int(arguments[i + 1]) { random = n; i += 2; continue }
      if a == "--seed", i + 1 < arguments.count, let s = UInt64(arguments[i + 1]) { seed = s; i += 2; continue }
      if a.hasPrefix("-") { i += 1; continue }  // libFuzzer flags mean nothing here
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: a, isDirectory: &isFolder), isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: a)) ?? []
        files += names.sorted().map { a + "/" + $0 }
      } else {
        files.append(a)
      }
      i += 1
    }
    for path in files {
      guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        return 1
      }
      call(test, [UInt8](data))
    }
    var state = seed
    for _ in 0..<random {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      let length = Int(state >> 33) % 512
      var bytes = [UInt8](repeating: 0, count: length)
      for j in 0..<length {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        bytes[j] = UInt8(truncatingIfNeeded: state >> 56)
      }
      call(test, bytes)
    }
    print("replayed \(files.count) inputs and \(random) random inputs: no crash")
    return 0
  }

  static func call(_ test: TestOneInput, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { _ = test($0.baseAddress, $0.count) }
  }
}

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: FuzzDriver.TestOneInput
  ) -> Int32
#endif

/// Reads a fuzz input front to back; past the end every read returns 0.
public struct ByteReader {
  public let bytes: [UInt8]
  public var position = 0
  public init(_ bytes: [UInt8]) { self.bytes = bytes }
  public var isAtEnd: Bool { position >= bytes.count }
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }
  /// A value in 0..<n (n ≥ 1).
  public mutating func int(below n: Int) -> Int { Int(byte()) % max(1, n) }
}

/// The input as bytes (the pointer is nil for the empty input).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
