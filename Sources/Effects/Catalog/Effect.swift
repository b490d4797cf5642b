import Foundation
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

/// A tunable number or choice of an effect (`--param name=value`).
public struct EffectParameter: Sendable {
  public enum Kind: Sendable {
    /// A number in `range`.
    case number(ClosedRange<Double>)
    /// One of the listed words.
    case choice([String])
  }
  public let name: String
  public let summary: String
  public let kind: Kind
  /// The default, as it would be written on the command line.
  public let defaultValue: String

  public init(name: String, summary: String, kind: Kind, defaultValue: String) {
    self.name = name
    self.summary = summary
    self.kind = kind
    self.defaultValue = defaultValue
  }
}

/// The `duration` parameter every effect offers: seconds, `Effect.durations`.
func durationParameter(_ seconds: Double, note: String = "") -> EffectParameter {
  EffectParameter(
    name: "duration", summary: "seconds" + note, kind: .number(Effect.durations), defaultValue: String(seconds))
}

/// Validated parameter values for one run of an effect.
public struct EffectParameters: Sendable {
  private let values: [String: String]

  /// Validates `given` against `declared`: unknown names, numbers out of range and unknown
  /// choices are errors whose message names what is accepted.
  public init(_ given: [String: String], declared: [EffectParameter], effect: String) throws {
    for (name, value) in given {
      guard let p = declared.first(where: { $0.name == name }) else {
        let known = declared.map(\.name).joined(separator: ", ")
        throw EffectParameterError(
          "the effect '\(effect)' has no parameter '\(name)'"
            + (known.isEmpty ? "; it takes none" : "; it takes \(known)"))
      }
      switch p.kind {
      case .number(let range):
        guard let v = Double(value), v.isFinite, range.contains(v) else {
          throw EffectParameterError(
            "parameter '\(name)' of '\(effect)' must be a number from \(range.lowerBound) to \(range.upperBound), got '\(value)'"
          )
        }
      case .choice(let words):
        guard words.contains(value) else {
          throw EffectParameterError(
            "parameter '\(name)' of '\(effect)' must be one of \(words.joined(separator: ", ")), got '\(value)'")
        }
      }
    }
    var all: [String: String] = [:]
    for p in declared { all[p.name] = given[p.name] ?? p.defaultValue }
    values = all
  }

  /// Defaults only.
  public init(defaultsOf declared: [EffectParameter]) {
    var all: [String: String] = [:]
    for p in declared { all[p.name] = p.defaultValue }
    values = all
  }

  /// The number `name` (a declared numeric parameter).
  public func number(_ name: String) -> Double { Double(values[name] ?? "") ?? 0 }
  /// The word `name` (a declared choice parameter).
  public func choice(_ name: String) -> String { values[name] ?? "" }
}

public struct EffectParameterError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
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
  /// Tunable parameters (`--param`); a `duration` parameter, when declared, overrides the
  /// default duration.
  public let parameters: [EffectParameter]
  /// Makes the animation controller for one run of `operation`; `forward` is false for the
  /// reverse variant (pop, dismiss, a tab switch to a lower index).
  public let makeAnimator:
    @MainActor @Sendable (_ operation: TransitionOperation, _ forward: Bool, _ parameters: EffectParameters) ->
      ViewControllerAnimatedTransitioning
  /// UIKit's own behaviour the effect shows, or nil for an animator alone
  /// (docs/effects.md#uikits-own).
  public let system: SystemBehaviour?

  public init(
    name: String, summary: String, operations: [TransitionOperation], duration: Double,
    parameters: [EffectParameter] = [], system: SystemBehaviour? = nil,
    makeAnimator:
      @escaping @MainActor @Sendable (_ operation: TransitionOperation, _ forward: Bool, _ parameters: EffectParameters)
      -> ViewControllerAnimatedTransitioning
  ) {
    self.name = name
    self.summary = summary
    self.operations = operations
    self.duration = duration
    self.parameters = parameters
    self.system = system
    self.makeAnimator = makeAnimator
  }

  public var defaultOperation: TransitionOperation { operations[0] }

  /// Seconds a built-in effect may last: the range of every effect's `duration` parameter.
  public static let durations: ClosedRange<Double> = 0.05...10
}

/// What an effect that shows UIKit's own behaviour (a sheet, the zoom, the back swipe) sets up
/// beyond an animator.
public struct SystemBehaviour: Sendable {
  /// Sets up, before the operation, the view controller a forward operation shows (its
  /// presentation style, sheet, preferred transition) given the first screen's.
  public let configure:
    @MainActor @Sendable (_ shown: ViewController, _ first: ViewController, EffectParameters) -> Void
  /// UIKit's own gesture for the backward operation (a sheet's swipe down, the back swipe, the
  /// zoom's drag) on a screen of `size` points, finishing or let go to cancel; nil for none.
  public let gesture: (@Sendable (_ size: Size, _ finishing: Bool) -> TouchScript)?
  /// Whether the effect is its gesture: the backward operation always runs by it, UIKit
  /// animating it by itself (the catalog's delegate vends no animator for it).
  public let isGesture: Bool

  public init(
    configure:
      @escaping @MainActor @Sendable (_ shown: ViewController, _ first: ViewController, EffectParameters) ->
      Void = { _, _, _ in },
    gesture: (@Sendable (_ size: Size, _ finishing: Bool) -> TouchScript)? = nil, isGesture: Bool = false
  ) {
    self.configure = configure
    self.gesture = gesture
    self.isGesture = isGesture
  }
}

/// Built-in effects that come from the same place, as the gallery groups them.
public struct EffectFamily: Sendable {
  /// A heading, e.g. "iOS system transitions".
  public let name: String
  /// One sentence on where the effects come from.
  public let summary: String
  /// Its effects, in catalog order.
  public let effects: [Effect]
}

/// Every built-in effect, in the order `render list` prints them.
public enum EffectCatalog {
  public static let all: [Effect] = families.flatMap(\.effects)

  /// The effects by origin: the seed tutorials, VCTransitionsLibrary, iOS itself, Hero.
  public static let families: [EffectFamily] = [
    EffectFamily(
      name: "iOS tutorials", summary: "Animation controllers from iOS tutorials, ported with renames only.",
      effects: seedEffects),
    EffectFamily(
      name: "VCTransitionsLibrary", summary: "The animation controllers of Colin Eberhardt's VCTransitionsLibrary.",
      effects: libraryEffects),
    EffectFamily(
      name: "iOS system transitions",
      summary:
        "What UIKit does by itself: the navigation push and pop, the modal transition styles, sheets, the back swipe and the zoom.",
      effects: systemEffects + uikitOwnEffects),
    EffectFamily(name: "Hero", summary: "The default animation types of the Hero library.", effects: heroEffects),
  ]

  /// The effect called `name`, or nil.
  public static func effect(named name: String) -> Effect? { all.first { $0.name == name } }
}
