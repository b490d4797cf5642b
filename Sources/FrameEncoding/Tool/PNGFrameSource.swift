#if canImport(Glibc)
  import Glibc
#endif
import Pixels

/// PNG files decoded in order for one consumer, on a thread of their own a few frames ahead
/// (`threaded`), or on the caller's thread when asked for.
///
/// Contract:
/// - `next()` returns the frames in file order, then nil; a file that fails to decode throws
///   its error (naming the file) at its turn, after the frames before it, and the source
///   decodes nothing further.
/// - At most `depth` decoded frames wait for the consumer, so memory stays bounded whatever
///   the number of files.
/// - `recycle` hands back a frame the consumer is done with: its pixel memory is decoded into
///   again instead of a fresh allocation (fresh megabytes cost a page fault per 4 KB). Arrays
///   are copy-on-write, so a recycled frame that is still referenced elsewhere (an encoder
///   holding it) is never overwritten; the decoder then gets a copy, no faster but correct.
/// - `close()` stops the thread and waits for it. It must be called (`encodeFrameFiles` does,
///   in a `defer`): the decoder thread holds the source until then, so a source dropped
///   unclosed would keep its thread waiting (ThreadSanitizer reports it as a thread leak).
final class PNGFrameSource: @unchecked Sendable {
  let files: [String]
  let reader: PNGReader
  let depth: Int
  let threaded: Bool

  /// What the decoder thread and the consumer share.
  private struct Shared {
    var ready: [Result<RGBAImage, Error>] = []
    var readyStart = 0
    var spare: [[UInt8]] = []
    var decoderDone = false
    var stopping = false
    var waiting: Int { ready.count - readyStart }
  }
  private let shared = Locked(Shared())
  private var thread: pthread_t? = nil
  // Unthreaded: the next file to read.
  private var nextFile = 0
  private var failed = false

  init(files: [String], reader: PNGReader = PNGReader(), depth: Int = 2, threaded: Bool) {
    self.files = files
    self.reader = reader
    self.depth = max(1, depth)
    self.threaded = threaded
    if threaded && !files.isEmpty { startThread() }
  }

  deinit { close() }

  private func startThread() {
    let me = Unmanaged.passRetained(self).toOpaque()
    var t = pthread_t()
    let rc = pthread_create(
      &t, nil,
      { arg in
        let source = Unmanaged<PNGFrameSource>.fromOpaque(arg!).takeRetainedValue()
        source.decodeAll()
        return nil
      }, me)
    if rc == 0 {
      thread = t
    } else {
      Unmanaged<PNGFrameSource>.fromOpaque(me).release()
      shared.withLock { $0.decoderDone = true }  // no thread: `next` decodes on the caller's thread
    }
  }

  /// The next frame in file order, nil after the last one.
  func next() throws -> RGBAImage? {
    guard thread != nil else { return try decodeInline() }
    let result: Result<RGBAImage, Error>? = shared.withLock(when: { $0.waiting > 0 || $0.decoderDone }) { s in
      guard s.waiting > 0 else { return nil }
      let result = s.ready[s.readyStart]
      s.ready[s.readyStart] = .success(Self.placeholder)
      s.readyStart += 1
      if s.waiting == 0 {
        s.ready.removeAll(keepingCapacity: true)
        s.readyStart = 0
      }
      return result
    }
    return try result?.get()
  }

  /// Takes back a frame the consumer no longer needs; its memory is reused for a later frame.
  func recycle(_ image: consuming RGBAImage) {
    var pixels = image.pixels
    _ = consume image
    let most = depth + 2
    shared.withLock { s in if s.spare.count < most { s.spare.append(pixels) } }
    pixels = []
  }

  /// Stops decoding and waits for the thread; the source returns nil from then on.
  func close() {
    shared.withLock { $0.stopping = true }
    if let t = thread {
      pthread_join(t, nil)
      thread = nil
      shared.withLock { s in
        s.decoderDone = true
        s.ready.removeAll()
        s.readyStart = 0
      }
    }
    nextFile = files.count
  }

  private static let placeholder = RGBAImage(width: 1, height: 1)!

  private func decodeInline() throws -> RGBAImage? {
    guard nextFile < files.count, !failed else { return nil }
    var buffer = shared.withLock { $0.spare.popLast() } ?? []
    let file = files[nextFile]
    nextFile += 1
    do {
      return try reader.read(file: file, into: &buffer)
    } catch {
      failed = true
      throw error
    }
  }

  /// The decoder thread: every file in order, waiting while `depth` frames are ready.
  private func decodeAll() {
    let depth = self.depth
    for file in files {
      let (stop, spare) = shared.withLock(when: { $0.waiting < depth || $0.stopping }) { s in
        (s.stopping, s.spare.popLast())
      }
      if stop { break }
      var buffer = spare ?? []
      let result = Result { try reader.read(file: file, into: &buffer) }
      buffer = []  // the image holds the only reference now
      shared.withLock { $0.ready.append(result) }
      if case .failure = result { break }
    }
    shared.withLock { $0.decoderDone = true }
  }
}
