import Dispatch
import Synchronization

/// Runs `body(i)` for every part `i` in `0..<count` on at most `threads` threads: on the calling
/// thread when `threads` is 1 (or there is one part), else on Dispatch's threads, each worker
/// taking the next part not yet taken, so uneven parts still keep every worker busy. Each part
/// must touch only its own memory: the encoder splits its work into parts whose number never
/// depends on `threads`, so neither do the bytes.
func runParts(_ count: Int, threads: Int, _ body: (Int) -> Void) {
  let workers = min(count, threads)
  guard workers > 1 else {
    for i in 0..<count { body(i) }
    return
  }
  withoutActuallyEscaping(body) { body in
    let shared = SharedBody(body)
    let taken = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let i = taken.add(1, ordering: .relaxed).oldValue
        if i >= count { break }
        shared.body(i)
      }
    }
  }
}

/// The range of part `i` of `count` equal parts of `0..<n` (the first parts one shorter when
/// `n` does not divide).
@inline(__always) func partRange(_ i: Int, of count: Int, _ n: Int) -> Range<Int> {
  n * i / count..<n * (i + 1) / count
}

/// A closure handed to Dispatch's threads; `runParts`' contract makes sharing it safe.
private final class SharedBody: @unchecked Sendable {
  let body: (Int) -> Void
  init(_ body: @escaping (Int) -> Void) { self.body = body }
}
