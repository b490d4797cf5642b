import Foundation

/// What UIKit answers with an exception in table and collection views is reported here with
/// UIKit's text, prefixed by the call, as one line: a recording fails with it (kind misuse),
/// never crashes or hangs (docs/uikit-lists.md#misuse-is-reported).
@MainActor
enum ListMisuse {
  static func report(_ message: String) { AnimationEngine.current.report(message) }
}
