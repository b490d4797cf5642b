import Animator

/// Weak references to the objects a scenario made.
@MainActor
public final class Survivors {
  private struct Entry {
    let name: String
    weak var object: AnyObject?
  }
  private var entries: [Entry] = []

  public init() {}

  /// Watches `object` under `name`; returns it.
  @discardableResult
  public func watch<T: AnyObject>(_ object: T, _ name: String) -> T {
    entries.append(Entry(name: name, object: object))
    return object
  }

  /// The names of the watched objects still alive (each name once).
  public var alive: [String] {
    var names: [String] = []
    for entry in entries where entry.object != nil && !names.contains(entry.name) { names.append(entry.name) }
    return names
  }
}

/// Runs `scenario`, which holds every strong reference in its own locals, then resets the
/// engine; returns the names of the watched objects that are still alive.
@MainActor
public func survivors(of scenario: (Survivors) throws -> Void) rethrows -> [String] {
  let survivors = Survivors()
  try scenario(survivors)
  AnimationEngine.reset()
  return survivors.alive
}
