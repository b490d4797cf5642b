import Animator
import Effects
import FrameEncoding
import Foundation

// The named values of a recipe, each read from its name in one place, with the one message
// that refuses an unknown name: the command line, manifests and the gallery all read them here.

extension TransitionOperation {
  /// The operation called `name` (`push`, `pop`, `present`, `dismiss`, `tab`).
  public init(named name: String) throws { self = try namedCase(name, kind: "operation", kinds: "operations") }
}

extension InteractionKind {
  /// The interaction controller called `name` (`edge-pan`, `horizontal-swipe`, …).
  public init(named name: String) throws { self = try namedCase(name, kind: "interaction", kinds: "interactions") }
}

extension GIFDither {
  /// The dithering mode called `name`: `none`, `auto` or `ordered`.
  public init(named name: String) throws { self = try namedCase(name, kind: "dithering", kinds: "modes") }
}

/// The case of `T` whose raw value is `name`; any other name is the one usage error that
/// lists them all ("Unknown operation 'slide'; the operations are push, pop, …").
private func namedCase<T: CaseIterable & RawRepresentable>(_ name: String, kind: String, kinds: String) throws -> T
where T.RawValue == String {
  guard let value = T(rawValue: name) else {
    let names = T.allCases.map(\.rawValue).joined(separator: ", ")
    throw RenderError("Unknown \(kind) '\(name)'; the \(kinds) are \(names)", usage: true)
  }
  return value
}

extension UserInterfaceStyle {
  /// The system appearance called `name`: `light` or `dark`.
  public init(appearanceNamed name: String) throws {
    guard let style = UserInterfaceStyle(name: name), style != .unspecified else {
      throw RenderError("Unknown appearance '\(name)'; the appearances are light, dark", usage: true)
    }
    self = style
  }
}

/// A colour as recipes and the command line write it, in `Color(parsing:)`'s syntax, with the
/// text it is written as: a system colour keeps its name, so that it resolves for the
/// appearance; any other colour is written `#RRGGBBAA`.
public struct RecipeColor: Sendable, Equatable {
  public let color: Color
  /// What a manifest holds: the system colour's name as given, else `#RRGGBBAA`.
  public let text: String

  /// The colour `text` names; anything but `Color(parsing:)`'s syntax is an error naming it.
  public init(parsing text: String) throws {
    guard let color = Color(parsing: text) else {
      throw RenderError(
        "Invalid color '\(text)': expected #RRGGBB, #RRGGBBAA, black, white, clear or a system color name (systemBackground)",
        usage: true)
    }
    self.color = color
    self.text = color.isDynamic ? text : color.hexString
  }

  /// A fixed colour, written `#RRGGBBAA`.
  public init(_ color: Color) {
    self.color = color
    text = color.hexString
  }
}
