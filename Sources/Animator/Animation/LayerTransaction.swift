import Foundation

/// CATransaction's completion block: it runs once every animation added after it was set, while
/// its transaction was open, has stopped (docs/core-animation.md#transaction-completion). The
/// library makes no implicit animations, so a transaction has nothing else to batch.
@MainActor
public enum LayerTransaction {
  /// Opens a transaction, nested in those already open.
  public static func begin() {
    AnimationEngine.current.transactionFrames.append(TransactionFrame(isImplicit: false))
  }

  /// Closes the innermost transaction opened by `begin()`: its completion block runs when the
  /// animations it covers have stopped, after the running code returns if there are none.
  /// Without an open transaction it does nothing.
  public static func commit() {
    let engine = AnimationEngine.current
    guard let frame = engine.transactionFrames.last, !frame.isImplicit else { return }
    engine.transactionFrames.removeLast()
    frame.completion?.close(on: engine)
  }

  /// Closes the implicit transaction (the one `setCompletionBlock` opens outside `begin()`,
  /// which otherwise closes after the running code returns).
  public static func flush() {
    AnimationEngine.current.commitImplicitTransaction()
  }

  /// Sets the completion block of the innermost transaction (outside `begin()`, of the implicit
  /// one, which closes after the running code returns). A block set before it is closed: it
  /// runs when the animations added while it was set have stopped.
  public static func setCompletionBlock(_ block: (() -> Void)?) {
    let engine = AnimationEngine.current
    if engine.transactionFrames.isEmpty {
      engine.transactionFrames.append(TransactionFrame(isImplicit: true))
      engine.async { engine.commitImplicitTransaction() }
    }
    let i = engine.transactionFrames.count - 1
    engine.transactionFrames[i].completion?.close(on: engine)
    engine.transactionFrames[i].completion = block.map(TransactionCompletion.init)
  }

  /// The completion block of the innermost transaction; nil when none is set.
  public static func completionBlock() -> (() -> Void)? {
    AnimationEngine.current.transactionFrames.last?.completion?.block
  }
}

/// One open transaction.
struct TransactionFrame {
  /// Opened by `setCompletionBlock` outside `begin()`: it closes after the running code returns.
  let isImplicit: Bool
  var completion: TransactionCompletion?
}

/// A completion block and the animations it waits for.
@MainActor
final class TransactionCompletion {
  private(set) var block: (() -> Void)?
  private var pending = 0
  private var isClosed = false

  init(_ block: @escaping () -> Void) { self.block = block }

  /// One more animation to wait for.
  func add() { pending += 1 }

  /// One of them stopped.
  func memberStopped() {
    pending -= 1
    if isClosed && pending == 0 { run() }
  }

  /// No more animations join: the block runs when those it waits for have stopped, or, when
  /// there are none, after the running code returns.
  func close(on engine: AnimationEngine) {
    guard !isClosed else { return }
    isClosed = true
    if pending == 0 { engine.async { self.run() } }
  }

  private func run() {
    let block = self.block
    self.block = nil
    block?()
  }
}

extension AnimationEngine {
  /// Makes every open transaction's completion block wait for `group` too.
  func joinTransactions(_ group: AnimationGroup) {
    for frame in transactionFrames {
      guard let completion = frame.completion else { continue }
      completion.add()
      group.transactions.append(completion)
    }
  }

  /// Closes the implicit transaction, if one is open.
  func commitImplicitTransaction() {
    guard let i = transactionFrames.firstIndex(where: \.isImplicit) else { return }
    let frame = transactionFrames.remove(at: i)
    frame.completion?.close(on: self)
  }
}
