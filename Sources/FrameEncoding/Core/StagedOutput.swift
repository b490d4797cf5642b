#if canImport(Glibc)
  import Glibc
#endif
import CSystem
import Pixels

/// The names outputs are written under before they are renamed into place.
///
/// `.render-<pid>-<n>.tmp`, in the output's own folder (so the rename is atomic): short, so any
/// name valid beside it stays valid (a 255-byte output name must not need a 270-byte temporary
/// one); recognisably ours, so a later run removes the ones a killed process left; and unique
/// within the process, so two outputs of one run never meet.
enum TemporaryName {
  static let prefix = ".render-"
  static let suffix = ".tmp"
  private static let counter = Locked(0)

  /// A fresh name for this process.
  static func next() -> String {
    let n = counter.withLock { value -> Int in
      value += 1
      return value
    }
    return "\(prefix)\(getpid())-\(n)\(suffix)"
  }

  /// The process that made `name`, if it is a temporary name of ours: the current form, or the
  /// older `.<output>.tmp-<pid>` and `.<output>.<pid>.tmp` forms of `output`.
  static func owner(of name: String, output: String?) -> pid_t? {
    func pid<S: StringProtocol>(_ digits: S) -> pid_t? {
      digits.isEmpty || !digits.allSatisfy(\.isASCII) ? nil : pid_t(digits)
    }
    if name.hasPrefix(prefix), name.hasSuffix(suffix) {
      let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
      guard let dash = middle.firstIndex(of: "-"), pid(middle[middle.index(after: dash)...]) != nil else { return nil }
      return pid(middle[..<dash])
    }
    guard let output else { return nil }
    if name.hasPrefix(".\(output).tmp-") { return pid(name.dropFirst(output.count + 6)) }
    if name.hasPrefix(".\(output)."), name.hasSuffix(".tmp") {
      return pid(name.dropFirst(output.count + 2).dropLast(4))
    }
    return nil
  }

  /// Removes from `folder` the temporary files and folders of ours whose process has ended
  /// (a run killed with SIGKILL cannot clean up after itself), including older forms named
  /// after `output`. A name whose process still runs is left alone.
  static func removeStale(in folder: String, output: String? = nil) {
    guard let dir = opendir(folder) else { return }
    var stale: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let pid = owner(of: name, output: output), pid != getpid(), !isRunning(pid) else { continue }
      stale.append(name)
    }
    closedir(dir)
    for name in stale { removeTree(folder + "/" + name) }
  }

  private static func isRunning(_ pid: pid_t) -> Bool {
    pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
  }
}

/// Removes a file, or a folder with everything in it, without following symbolic links.
func removeTree(_ path: String) {
  if unlink(path) == 0 || errno == ENOENT { return }
  guard let dir = opendir(path) else { return }
  var names: [String] = []
  while let entry = readdir(dir) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    if name != "." && name != ".." { names.append(name) }
  }
  closedir(dir)
  for name in names { removeTree(path + "/" + name) }
  rmdir(path)
}

/// `path` split into its folder ("." when it has none) and its last component.
func splitPath(_ path: String) -> (folder: String, name: String) {
  guard let slash = path.lastIndex(of: "/") else { return (".", path) }
  let folder = String(path[..<slash])
  return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
}

/// Something written under a temporary name and moved onto its destination in two steps, so
/// that several outputs can go in together or not at all (`StagedOutputs`): `swapIn()` puts
/// the new one in place and keeps the old one under the temporary name, `rollBack()` undoes
/// that, `finalize()` removes the old one.
package protocol StagedOutput: AnyObject {
  /// Where the output goes.
  var path: String { get }
  /// The new output into place, the old one (if any) kept until `finalize()`.
  func swapIn() throws
  /// Puts the old output back after a `swapIn()`.
  func rollBack()
  /// Removes the old output after a `swapIn()`.
  func finalize()
  /// Removes the temporary file or folder before a `swapIn()`; the destination stays as it was.
  func discard()
}

extension StagedOutput {
  /// Moves the output into place. After a failure nothing is replaced.
  public func commit() throws {
    try swapIn()
    finalize()
  }
}

/// The moves every staged output makes: the new one under `temporary` takes `path`'s place, in
/// one atomic step whether or not `path` exists (renameat2: RENAME_EXCHANGE onto an existing
/// path, RENAME_NOREPLACE onto a new one, so a path made meanwhile is exchanged, never lost).
struct Swap {
  let temporary: String, path: String
  /// Whether the old output now sits at `temporary`.
  private(set) var exchanged = false

  mutating func perform(accepting check: (String) throws -> Void) throws {
    while true {
      if csystem_rename_noreplace(temporary, path) == 0 { return }
      guard errno == EEXIST || errno == ENOTEMPTY else { throw failure(errno) }
      try check(path)
      if csystem_rename_exchange(temporary, path) == 0 {
        exchanged = true
        return
      }
      guard errno == ENOENT else { throw failure(errno) }
    }
  }

  /// The old output back at `path`, the new one back at `temporary`.
  func undo() {
    if exchanged {
      _ = csystem_rename_exchange(temporary, path)
    } else {
      _ = csystem_rename_noreplace(path, temporary)
    }
  }

  private func failure(_ code: Int32) -> EncodingError {
    .io("cannot write '\(path)': \(String(cString: strerror(code)))")
  }
}

/// The life of one output's temporary name, the same for a file and a folder: made
/// exclusively beside the destination and registered for removal before it exists (a signal
/// at any moment leaves nothing behind), swapped in, rolled back, removed.
struct TemporaryEntry {
  let temporaryPath: String
  private var swap: Swap
  private(set) var state = StagedState.staged

  /// A fresh temporary name beside `path`, made by `make`: true when it created it, false with
  /// `errno` set otherwise (EEXIST: the name is taken, by another process or a planted link,
  /// and the next one is tried).
  init(beside path: String, make: (String) -> Bool) throws {
    let (folder, name) = splitPath(path)
    TemporaryName.removeStale(in: folder, output: name)
    for _ in 0..<100 {
      let temp = folder + "/" + TemporaryName.next()
      TemporaryFiles.shared.register(temp)
      if make(temp) {
        temporaryPath = temp
        swap = Swap(temporary: temp, path: path)
        return
      }
      let error = errno
      TemporaryFiles.shared.unregister(temp)
      if error != EEXIST { throw EncodingError.io("cannot write '\(path)': \(String(cString: strerror(error)))") }
    }
    throw EncodingError.io("cannot write '\(path)': no free temporary name beside it")
  }

  /// Moves the output into place (`check` decides whether an existing destination may go);
  /// on failure the temporary is removed and the destination stays as it was.
  mutating func swapIn(check: (String) throws -> Void) throws {
    guard state == .staged else { return }
    do {
      try swap.perform(accepting: check)
    } catch {
      discard()
      throw error
    }
    state = .swapped
  }

  mutating func rollBack() {
    guard state == .swapped else { return }
    swap.undo()
    state = .staged
    discard()
  }

  mutating func finalize() {
    guard state == .swapped else { return }
    if swap.exchanged { removeTree(temporaryPath) }
    TemporaryFiles.shared.unregister(temporaryPath)
    state = .settled
  }

  mutating func discard() {
    guard state == .staged else { return }
    removeTree(temporaryPath)
    TemporaryFiles.shared.unregister(temporaryPath)
    state = .settled
  }
}

/// A file written under a temporary name beside `path` and moved onto it at commit.
///
/// The temporary file is created with `O_EXCL`, which also refuses to follow a link planted
/// under its name. Until the commit, `path` is untouched: a failed encode never leaves a
/// truncated file and never clobbers the previous good one.
package final class StagedFile: StagedOutput {
  public let path: String
  /// Where the bytes go until the commit.
  public let sink: FileSink
  private var entry: TemporaryEntry

  /// Where the bytes are until the commit.
  public var temporaryPath: String { entry.temporaryPath }

  public init(path: String) throws {
    self.path = path
    var fd: Int32 = -1
    entry = try TemporaryEntry(beside: path) { temp in
      fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      return fd >= 0
    }
    sink = FileSink(descriptor: fd, path: path)
  }

  public func swapIn() throws {
    do {
      try sink.close()
    } catch {
      discard()
      throw error
    }
    try entry.swapIn { path in
      if isDirectory(path) { throw EncodingError.io("cannot write '\(path)': it is a folder") }
    }
  }

  public func rollBack() { entry.rollBack() }
  public func finalize() { entry.finalize() }

  public func discard() {
    try? sink.close()
    entry.discard()
  }

  deinit { discard() }
}

/// A folder filled under a temporary name beside `path` and swapped in at commit.
///
/// When `path` does not exist the folder is renamed into place; when it does, and `replaceable`
/// accepts what it holds at that moment, the two are exchanged in one atomic step and the old
/// contents removed. Readers never see a mix of old and new, and of racing writers one complete
/// folder wins.
package final class StagedFolder: StagedOutput {
  public let path: String
  private let replaceable: (String) throws -> Void
  private var entry: TemporaryEntry

  /// The folder to fill until the commit.
  public var temporaryPath: String { entry.temporaryPath }

  /// `replaceable` throws, naming why, when an existing folder at `path` must not be replaced.
  public init(path: String, replaceable: @escaping (String) throws -> Void) throws {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.path = path
    self.replaceable = replaceable
    entry = try TemporaryEntry(beside: path) { mkdir($0, 0o755) == 0 }
  }

  public func swapIn() throws {
    try entry.swapIn { path in
      guard isDirectory(path) else { throw EncodingError.io("cannot write '\(path)': it exists as a file") }
      try replaceable(path)
    }
  }

  public func rollBack() { entry.rollBack() }
  public func finalize() { entry.finalize() }
  public func discard() { entry.discard() }

  deinit { discard() }
}

/// Where a staged output is: written under its temporary name, moved into place (the old one
/// kept), or done with.
enum StagedState { case staged, swapped, settled }

private func isDirectory(_ path: String) -> Bool {
  var info = stat()
  return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}

/// Outputs staged together and committed together, once every one of them is written: a run
/// that fails anywhere (the animation, a manifest, a sheet, or moving one of them into place)
/// replaces nothing.
package final class StagedOutputs {
  private var outputs: [any StagedOutput] = []

  public init() {}

  /// Stages a file at `path` (see `StagedFile`).
  public func file(_ path: String) throws -> StagedFile {
    let staged = try StagedFile(path: path)
    outputs.append(staged)
    return staged
  }

  /// Stages a folder at `path` (see `StagedFolder`).
  public func folder(_ path: String, replaceable: @escaping (String) throws -> Void) throws -> StagedFolder {
    let staged = try StagedFolder(path: path, replaceable: replaceable)
    outputs.append(staged)
    return staged
  }

  /// Takes an output staged on its own (the try a size limit kept, say).
  public func adopt(_ output: any StagedOutput) { outputs.append(output) }

  /// Moves every output into place; if one cannot go, those already moved go back.
  public func commit() throws {
    defer { outputs.removeAll() }
    var swapped: [any StagedOutput] = []
    do {
      for output in outputs {
        try output.swapIn()
        swapped.append(output)
      }
    } catch {
      for output in swapped.reversed() { output.rollBack() }
      discard()
      throw error
    }
    for output in swapped { output.finalize() }
  }

  /// Removes every output not yet committed.
  public func discard() {
    for output in outputs { output.discard() }
    outputs.removeAll()
  }

  deinit { discard() }
}

/// Runs `body` with a sink on a staged file (`StagedFile`), then commits it; if `body` throws,
/// the temporary file is removed and `path` is left untouched.
package func writeAtomically<T>(to path: String, _ body: (FileSink) throws -> T) throws -> T {
  let staged = try StagedFile(path: path)
  do {
    let result = try body(staged.sink)
    try staged.commit()
    return result
  } catch {
    staged.discard()
    throw error
  }
}

/// `bytes` written to `path` the same way (see `writeAtomically(to:_:)`).
package func writeAtomically(_ bytes: [UInt8], to path: String) throws {
  try writeAtomically(to: path) { try $0.write(bytes) }
}

/// Temporary files and folders in flight, so that an interrupted process (SIGINT, SIGTERM) can
/// remove them before it exits.
package final class TemporaryFiles: Sendable {
  public static let shared = TemporaryFiles()
  private let paths = Locked<Set<String>>([])

  private init() {}

  public func register(_ path: String) { paths.withLock { _ = $0.insert(path) } }
  public func unregister(_ path: String) { paths.withLock { _ = $0.remove(path) } }

  /// Every registered path, for a signal handler to remove.
  public var all: [String] { paths.withLock { Array($0) } }

  /// Removes every registered file and folder (after SIGINT or SIGTERM).
  public func removeAll() {
    for path in all { removeTree(path) }
  }
}
