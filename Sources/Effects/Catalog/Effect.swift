import Foundation
import Animator

/// A transition the renderer can run: push, pop, present, dismiss, or a tab switch.
public enum TransitionOperation: String, Sendable, CaseIterable, Hashable {
  /// A navigation controller pushes a screen.
  case push
  /// A navigation controller pops back to the previous screen.
  case pop
  /// A screen is presented modally.
  case present
  /// A presented screen is dismissed.
  case dismiss
  /// A tab bar controller switches tabs; the catalog passes its direction (a higher index is
  /// forward).
  case tab

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

  /// True for push, present and tab: the direction before the catalog looks at a tab's index.
  /// VCTransitionsLibrary's `reverse` flag is not simply its negation (docs/effects.md#reverse-flag).
  public var isForward: Bool { self == .push || self == .present || self == .tab }
}

/// A tunable number or choice of an effect (`--param name=value`).
package struct EffectParameter: Sendable {
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

/// Validated parameter values for one run of an effect, typed by their declarations: a number
/// parameter holds a `Double`, a choice one of its words.
package struct EffectParameters: Sendable {
  private enum Value: Sendable {
    case number(Double)
    case choice(String)
  }
  private let effect: String
  private let values: [String: Value]

  /// Validates `given` against `declared` (the effect named `effect`): unknown names, numbers
  /// out of range and unknown choices are errors whose message names what is accepted.
  /// Parameters not given take their declared defaults.
  public init(_ given: [String: String], declared: [EffectParameter], effect: String) throws {
    for name in given.keys.sorted() where !declared.contains(where: { $0.name == name }) {
      let known = declared.map(\.name).joined(separator: ", ")
      throw EffectParameterError(
        "the effect '\(effect)' has no parameter '\(name)'"
          + (known.isEmpty ? "; it takes none" : "; it takes \(known)"))
    }
    var values: [String: Value] = [:]
    for p in declared {
      let text = given[p.name] ?? p.defaultValue
      guard let value = Self.value(text, of: p) else {
        throw EffectParameterError("parameter '\(p.name)' of '\(effect)' must be \(p.kind.accepted), got '\(text)'")
      }
      values[p.name] = value
    }
    self.effect = effect
    self.values = values
  }

  /// The declared defaults of `effect`'s parameters.
  public init(defaultsOf declared: [EffectParameter], effect: String = "") {
    do {
      try self.init([:], declared: declared, effect: effect)
    } catch {
      preconditionFailure("the effect '\(effect)' declares a default its own parameter refuses: \(error)")
    }
  }

  /// `text` as a value of `parameter`'s kind, nil when the kind refuses it.
  private static func value(_ text: String, of parameter: EffectParameter) -> Value? {
    switch parameter.kind {
    case .number(let range):
      guard let v = Double(text), v.isFinite, range.contains(v) else { return nil }
      return .number(v)
    case .choice(let words):
      return words.contains(text) ? .choice(text) : nil
    }
  }

  /// The number parameter `name`. Reading a name the effect does not declare as a number (a
  /// misspelling, a choice) stops the program naming it: a bug in the effect, never a silent 0.
  public func number(_ name: String) -> Double {
    guard case .number(let v)? = values[name] else { undeclared(name, as: "number") }
    return v
  }

  /// The choice parameter `name`, one of its declared words; reading a name the effect does
  /// not declare as a choice stops the program, as `number` does.
  public func choice(_ name: String) -> String {
    guard case .choice(let word)? = values[name] else { undeclared(name, as: "choice") }
    return word
  }

  private func undeclared(_ name: String, as kind: String) -> Never {
    let declared = values.keys.sorted().joined(separator: ", ")
    preconditionFailure(
      "the effect '\(effect)' reads the \(kind) parameter '\(name)', which it does not declare as a \(kind) (it declares \(declared.isEmpty ? "none" : declared))"
    )
  }
}

extension EffectParameter.Kind {
  /// What the kind accepts, for messages: "a number from 1 to 40", "one of x, y".
  var accepted: String {
    switch self {
    case .number(let range): return "a number from \(range.lowerBound) to \(range.upperBound)"
    case .choice(let words): return "one of \(words.joined(separator: ", "))"
    }
  }
}

package struct EffectParameterError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// A built-in effect: its name on the command line, what it supports, and how to make its
/// animation controller.
package struct Effect: Sendable {
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
package struct SystemBehaviour: Sendable {
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
package struct EffectFamily: Sendable {
  /// A heading, e.g. "iOS system transitions".
  public let name: String
  /// One sentence on where the effects come from.
  public let summary: String
  /// Its effects, in catalog order.
  public let effects: [Effect]
}

/// Every built-in effect, in the order `render list` prints them.
package enum EffectCatalog {
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
