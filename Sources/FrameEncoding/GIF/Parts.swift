import Dispatch

/// Runs `body(i)` for every part `i` in `0..<count`, at the same time on Dispatch's threads
/// when `parallel` (otherwise one after the other, on the calling thread). Each part must
/// touch only its own memory: the encoder splits large frames into ranges that way, so the
/// bytes never depend on the thread count.
func runParts(_ count: Int, parallel: Bool, _ body: (Int) -> Void) {
  guard count > 1 && parallel else {
    for i in 0..<count { body(i) }
    return
  }
  withoutActuallyEscaping(body) { body in
    let shared = SharedBody(body)
    DispatchQueue.concurrentPerform(iterations: count) { shared.body($0) }
  }
}

/// A closure handed to Dispatch's threads; `runParts`' contract makes sharing it safe.
private final class SharedBody: @unchecked Sendable {
  let body: (Int) -> Void
  init(_ body: @escaping (Int) -> Void) { self.body = body }
}
