import Dispatch
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

/// The `render` command. `run` is the whole program, in-process: it returns the exit status
/// (0 success, 1 failure, 64 usage error) instead of exiting.
public enum RenderCLI {
  public static let version = "0.1.0"

  /// The whole program: the exit status (0 success, 1 failure, 64 usage error) instead of
  /// exiting. A failed write to standard output or error ends it with status 1 and one line.
  ///
  /// `dryRun` parses and validates everything (options, effect, scene and screenshot files)
  /// and stops before rendering or writing anything; the fuzzer drives the CLI this way.
  @MainActor
  public static func run(_ arguments: [String], streams: CLIStreams = StandardStreams(), dryRun: Bool = false) -> Int32
  {
    do {
      let status = try command(arguments, streams: streams, dryRun: dryRun)
      guard let failure = streams.writeFailure else { return status }
      streams.err("Error: \(failure)\n")
      return 1
    } catch let error as UsageError {
      streams.err("Error: \(error.message)\n\(Help.usageLine)\n  See 'render --help' for more information.\n")
      return 64
    } catch {
      streams.err("Error: \(streams.writeFailure ?? "\(error)")\n")
      return 1
    }
  }

  /// The subcommand `arguments` name, run.
  @MainActor
  private static func command(_ arguments: [String], streams: CLIStreams, dryRun: Bool) throws -> Int32 {
    var args = ArgumentList(arguments)
    if dryRun, let first = arguments.first, ["verify", "encode", "gallery"].contains(first) { return 0 }
    if arguments.first == "list" { return try listCommand(Array(arguments.dropFirst()), streams) }
    if arguments.first == "verify" { return try verifyCommand(Array(arguments.dropFirst()), streams) }
    if arguments.first == "encode" { return try EncodeCommand.run(Array(arguments.dropFirst()), streams) }
    if arguments.first == "gallery" { return try galleryCommand(Array(arguments.dropFirst()), streams) }
    if args.flag("--version") {
      streams.out("render \(version)\n")
      return 0
    }
    if args.flag("-h", "--help") || arguments.isEmpty {
      streams.out(Help.render)
      return 0
    }
    return try RenderCommand.run(&args, streams: streams, dryRun: dryRun)
  }

  @MainActor
  static func verifyCommand(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.verify)
      return 0
    }
    let artifacts = try args.option("--artifacts")
    let threads = try args.threads()
    let rest = try args.positionals()
    guard let manifest = rest.first else { throw UsageError("Missing expected argument '<manifest>'") }
    if rest.count > 1 { throw UsageError("Unexpected argument '\(rest[1])'") }
    let name = URL(fileURLWithPath: manifest).deletingPathExtension().lastPathComponent
    let folder = artifacts ?? "output/failures/\(name)"
    switch try Verifier(threads: threads).verify(manifestPath: manifest, artifacts: folder) {
    case .match(let frames):
      streams.out("\(manifest): all \(frames) frames match\n")
      return 0
    case .mismatch(let problem, let artifacts):
      streams.err("Error: \(manifest): \(problem); expected | actual | difference written to \(artifacts)/\n")
      return 1
    case .undecodable(let problem):
      streams.err("Error: \(manifest): the frames match, but \(problem)\n")
      return 1
    }
  }

  @MainActor
  static func galleryCommand(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.gallery)
      return 0
    }
    let output = try args.option("-o", "--output")
    let checkFolder = try args.option("--check")
    let quiet = args.flag("-q", "--quiet")
    let threads = try args.threads()
    var effects = EffectCatalog.all
    if let names = try args.option("--effects") {
      effects = try names.split(separator: ",").map { name in
        guard let e = EffectCatalog.effect(named: String(name)) else {
          throw UsageError("Unknown effect '\(name)' in --effects")
        }
        return e
      }
    }
    let rest = try args.positionals()
    if let extra = rest.first { throw UsageError("Unexpected argument '\(extra)'") }
    guard (output == nil) != (checkFolder == nil) else {
      throw UsageError("Give either -o <folder> to render the gallery or --check <folder> to check it")
    }
    let folder = output ?? checkFolder!
    let gallery = Gallery(folder: folder, threads: threads, effects: effects)
    var stale: [String] = []
    let checking = checkFolder != nil
    let results = try gallery.run(check: checking) { name, status in
      switch status {
      case .unchanged: if !quiet && !checking { streams.err("  \(name): unchanged\n") }
      case .written: if !quiet { streams.err("  \(name): written\n") }
      case .stale(let why): stale.append("\(name) (\(why))")
      }
    }
    if checkFolder != nil {
      guard stale.isEmpty else {
        streams.err(
          "Error: the gallery in \(folder) is stale: \(stale.joined(separator: ", ")); regenerate it with 'render gallery -o \(folder)'\n"
        )
        return 1
      }
      streams.out("\(folder): all \(results.count) gallery images are up to date\n")
    } else if !quiet {
      let written = results.values.filter { $0 == .written }.count
      streams.err("gallery: \(results.count) effects, \(written) images written -> \(folder)\n")
    }
    return 0
  }

  @MainActor
  static func listCommand(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.list)
      return 0
    }
    let verbose = args.flag("-v", "--verbose")
    let devices = args.flag("--devices")
    let rest = try args.positionals()
    if let extra = rest.first { throw UsageError("Unexpected argument '\(extra)'") }
    if devices {
      streams.out(Device.listing)
      return 0
    }
    let width = EffectCatalog.all.map(\.name.count).max() ?? 0
    for effect in EffectCatalog.all {
      let name = effect.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let ops = effect.operations.map(\.rawValue).joined(separator: ",")
      streams.out("\(name)  \(ops)  \(effect.summary)\n")
      if verbose { streams.out(String(repeating: " ", count: width + 2) + details(of: effect) + "\n") }
    }
    return 0
  }

  /// `render list --verbose`'s second line: the default operation, the duration and what
  /// changes it, the speed, and the other parameters with their ranges and defaults.
  static func details(of effect: Effect) -> String {
    let durations = RecordingLimits.transitionDurations
    let takesDuration = effect.parameters.contains { $0.name == "duration" }
    var parts = [
      "default: --\(effect.defaultOperation.rawValue), \(effect.duration) s"
        + (takesDuration
          ? " (--duration \(Parse.formatNumber(durations.lowerBound))…\(Parse.formatNumber(durations.upperBound)))"
          : "")
    ]
    parts.append("--speed F (0 < F ≤ 1)")
    for p in effect.parameters where p.name != "duration" {
      switch p.kind {
      case .number(let range):
        parts.append(
          "--param \(p.name)=\(Parse.formatNumber(range.lowerBound))…\(Parse.formatNumber(range.upperBound)) (\(p.defaultValue))"
        )
      case .choice(let words): parts.append("--param \(p.name)=\(words.joined(separator: "|")) (\(p.defaultValue))")
      }
    }
    return parts.joined(separator: "; ")
  }
}
