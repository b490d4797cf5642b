#if canImport(Glibc)
import Glibc
#endif

/// A value only reachable under a pthread mutex.
///
/// Why not `Synchronization.Mutex`: on Linux its lock lives in the uninstrumented standard
/// library (atomics and futex system calls), so ThreadSanitizer cannot see it and reports every
/// access it guards as a race. `pthread_mutex_lock` is intercepted by the sanitizers, so a TSan
/// run checks the real ordering of the compositor's shared caches.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value; `body` must not call `withLock` again.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
