import Foundation
import Pixels

/// Values made once per key and shared by every render call of one compositor, the oldest
/// dropped first once their bytes pass `byteBudget` (the newest is always kept). Each entry
/// holds a strong reference to the object whose identity its key names, so that the identity
/// cannot be reused while cached. Lock-protected; a value is made outside the lock, and when
/// two threads make the same one, the first stored is kept (both are the same pixels: a value
/// depends only on its key).
final class BoundedCache<Key: Hashable, Value>: @unchecked Sendable {
  private struct Entry {
    let source: AnyObject
    let value: Value
  }
  private struct State {
    var entries: [Key: Entry] = [:]
    /// Keys in insertion order from `first` on (those before it are gone).
    var order: [Key] = []
    var first = 0
  }
  private let state = Locked(State())
  let byteBudget: Int
  /// A value's bytes, read at every insertion for every entry: a value may grow after it is
  /// stored (a texture's column-major copy).
  private let bytes: (Value) -> Int

  init(byteBudget: Int, bytes: @escaping (Value) -> Int) {
    self.byteBudget = byteBudget
    self.bytes = bytes
  }

  /// The number of values held.
  var count: Int { state.withLock { $0.entries.count } }

  /// The value for `key`, made by `make` when there is none; `source` is the object the key
  /// identifies.
  func value(for key: Key, source: AnyObject, make: () -> Value) -> Value {
    if let hit = state.withLock({ $0.entries[key]?.value }) { return hit }
    let made = make()
    return state.withLock { s in
      if let existing = s.entries[key] { return existing.value }
      s.entries[key] = Entry(source: source, value: made)
      s.order.append(key)
      var total = s.entries.values.reduce(0) { $0 + bytes($1.value) }
      while total > byteBudget, s.order.count - s.first > 1 {
        let old = s.order[s.first]
        s.first += 1
        if let e = s.entries.removeValue(forKey: old) { total -= bytes(e.value) }
      }
      if s.first > 1024 && s.first * 2 > s.order.count {
        s.order.removeFirst(s.first)
        s.first = 0
      }
      return made
    }
  }
}
