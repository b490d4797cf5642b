#if canImport(Glibc)
  import Glibc
#endif

/// A value only reachable under a mutex, with waiting for a condition on it: the one lock of
/// the project (compositor caches, the frame pipeline, temporary files, the PNG decoder
/// thread).
///
/// The mutex and condition variable live on the heap, at addresses that never move (a
/// `pthread_mutex_t` stored in a Swift property has no stable address). Why pthreads and not
/// `Synchronization.Mutex`: on Linux that lock lives in the uninstrumented standard library
/// (atomics and futex system calls), so ThreadSanitizer cannot see it and reports every access
/// it guards as a race; `pthread_mutex_lock` is intercepted by the sanitizers.
package final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>

  public init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    changed.deinitialize(count: 1)
    changed.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value; threads waiting in
  /// `withLock(when:_:)` look again afterwards. `body` must not take this lock again.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer {
      pthread_cond_broadcast(changed)
      pthread_mutex_unlock(mutex)
    }
    return try body(&value)
  }

  /// Waits until `ready` holds for the value, then runs `body` with exclusive access.
  public func withLock<Result>(when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer {
      pthread_cond_broadcast(changed)
      pthread_mutex_unlock(mutex)
    }
    while !ready(value) { pthread_cond_wait(changed, mutex) }
    return try body(&value)
  }
}
