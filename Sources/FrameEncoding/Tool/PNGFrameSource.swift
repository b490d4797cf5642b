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

  // Shared with the decoder thread, under `mutex`.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var ready: [Result<RGBAImage, Error>] = []
  private var readyStart = 0
  private var spare: [[UInt8]] = []
  private var decoderDone = false
  private var stopping = false
  private var thread: pthread_t? = nil
  // Unthreaded: the next file to read.
  private var nextFile = 0
  private var failed = false

  init(files: [String], reader: PNGReader = PNGReader(), depth: Int = 2, threaded: Bool) {
    self.files = files
    self.reader = reader
    self.depth = max(1, depth)
    self.threaded = threaded
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
    if threaded && !files.isEmpty {
      let me = Unmanaged.passRetained(self).toOpaque()
      var t = pthread_t()
      let rc = pthread_create(&t, nil, { arg in
        let source = Unmanaged<PNGFrameSource>.fromOpaque(arg!).takeRetainedValue()
        source.decodeAll()
        return nil
      }, me)
      if rc == 0 {
        thread = t
      } else {
        Unmanaged<PNGFrameSource>.fromOpaque(me).release()
        decoderDone = true  // no thread: `next` decodes on the caller's thread
      }
    }
  }

  deinit {
    close()
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// The next frame in file order, nil after the last one.
  func next() throws -> RGBAImage? {
    guard thread != nil else { return try decodeInline() }
    pthread_mutex_lock(mutex)
    while readyStart == ready.count && !decoderDone { pthread_cond_wait(changed, mutex) }
    guard readyStart < ready.count else {
      pthread_mutex_unlock(mutex)
      return nil
    }
    let result = ready[readyStart]
    ready[readyStart] = .success(Self.placeholder)
    readyStart += 1
    if readyStart == ready.count {
      ready.removeAll(keepingCapacity: true)
      readyStart = 0
    }
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
    return try result.get()
  }

  /// Takes back a frame the consumer no longer needs; its memory is reused for a later frame.
  func recycle(_ image: consuming RGBAImage) {
    var pixels = image.pixels
    _ = consume image
    pthread_mutex_lock(mutex)
    if spare.count < depth + 2 { spare.append(pixels) }
    pixels = []
    pthread_mutex_unlock(mutex)
  }

  /// Stops decoding and waits for the thread; the source returns nil from then on.
  func close() {
    pthread_mutex_lock(mutex)
    stopping = true
    pthread_cond_broadcast(changed)
    let t = thread
    pthread_mutex_unlock(mutex)
    if let t {
      pthread_join(t, nil)
      pthread_mutex_lock(mutex)
      thread = nil
      decoderDone = true
      ready.removeAll()
      readyStart = 0
      pthread_mutex_unlock(mutex)
    }
    nextFile = files.count
  }

  private static let placeholder = RGBAImage(width: 1, height: 1)!

  private func takeSpare() -> [UInt8] {
    pthread_mutex_lock(mutex)
    let buffer = spare.popLast() ?? []
    pthread_mutex_unlock(mutex)
    return buffer
  }

  private func decodeInline() throws -> RGBAImage? {
    guard nextFile < files.count, !failed else { return nil }
    var buffer = takeSpare()
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
    for file in files {
      pthread_mutex_lock(mutex)
      while ready.count - readyStart >= depth && !stopping { pthread_cond_wait(changed, mutex) }
      let stop = stopping
      var buffer = spare.popLast() ?? []
      pthread_mutex_unlock(mutex)
      if stop { break }
      let result = Result { try reader.read(file: file, into: &buffer) }
      buffer = []  // the image holds the only reference now
      pthread_mutex_lock(mutex)
      ready.append(result)
      pthread_cond_broadcast(changed)
      pthread_mutex_unlock(mutex)
      if case .failure = result { break }
    }
    pthread_mutex_lock(mutex)
    decoderDone = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}
