import Animator

/// A transition the renderer can run: push, pop, present, dismiss, or a tab switch.
public enum TransitionOperation: String, Sendable, CaseIterable, Hashable {
  case push, pop, present, dismiss, tab

  /// The operation that undoes this one (`--bounce` plays an operation, then its reverse).
  public var reverse: TransitionOperation {
    switch self {
    case .push: return .pop
    case .pop: return .push
    case .present: return .dismiss
    case .dismiss: return .present
    case .tab: return .tab
    }
  }

  /// Whether this is the forward direction (VCTransitionsLibrary's `reverse` flag is its negation).
  public var isForward: Bool { self == .push || self == .present || self == .tab }
}

/// A built-in effect: its name on the command line, what it supports, and how to make its
/// animation controller.
public struct Effect: Sendable {
  /// Kebab-case name, e.g. "fade", "slide-up".
  public let name: String
  /// One line for `render list`.
  public let summary: String
  /// Operations it supports; the first is the default.
  public let operations: [TransitionOperation]
  /// Default duration in seconds.
  public let duration: Double
  /// Makes the animation controller for one run of `operation` (forward is false for the
  /// reverse variant, e.g. a tab switch to a lower index).
  public let makeAnimator: @MainActor @Sendable (_ operation: TransitionOperation, _ forward: Bool) -> ViewControllerAnimatedTransitioning

  public var defaultOperation: TransitionOperation { operations[0] }
}

/// Every built-in effect, in the order `render list` prints them.
public enum EffectCatalog {
  public static let all: [Effect] = [
    Effect(
      name: "fade", summary: "The new screen fades in over the old one; going back, the old one fades out.",
      operations: [.present, .dismiss, .push, .pop, .tab], duration: 0.35,
      makeAnimator: { operation, forward in FadeAnimator(presenting: forward) })
  ]

  /// The effect called `name`, or nil.
  public static func effect(named name: String) -> Effect? { all.first { $0.name == name } }
}
