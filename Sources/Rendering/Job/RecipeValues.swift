import Animator
import Effects
import FrameEncoding
import Foundation

// The named values of a recipe, each read from its name in one place, with the one message
// that refuses an unknown name: the command line, manifests and the gallery all read them here.
// In JSON each is its name, and a name that is not one is a decoding error at its key
// carrying that message ("$.recipe.device: Unknown device 'iphone-99'; …").

extension TransitionOperation {
  /// The operation called `name` (`push`, `pop`, `present`, `dismiss`, `tab`).
  package init(named name: String) throws { self = try namedCase(name, kind: "operation", kinds: "operations") }
}

extension InteractionKind {
  /// The interaction controller called `name` (`edge-pan`, `horizontal-swipe`, …).
  package init(named name: String) throws { self = try namedCase(name, kind: "interaction", kinds: "interactions") }
}

extension GIFDither {
  /// The dithering mode called `name`: `none`, `auto` or `ordered`.
  package init(named name: String) throws { self = try namedCase(name, kind: "dithering", kinds: "modes") }
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
  package init(appearanceNamed name: String) throws {
    guard let style = UserInterfaceStyle(name: name), style != .unspecified else {
      throw RenderError("Unknown appearance '\(name)'; the appearances are light, dark", usage: true)
    }
    self = style
  }
}

/// A colour as recipes and the command line write it, in `Color(parsing:)`'s syntax, with the
/// text it is written as: a system colour keeps its name, so that it resolves for the
/// appearance; any other colour is written `#RRGGBBAA`.
package struct RecipeColor: Sendable, Equatable {
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

extension TransitionOperation: Codable {
  /// Reads the operation's name (`"push"`); another name is a decoding error listing them.
  public init(from decoder: Decoder) throws { self = try decodeNamed(decoder, TransitionOperation.init(named:)) }
  /// Writes the operation's name.
  public func encode(to encoder: Encoder) throws { try encodeName(rawValue, to: encoder) }
}

extension InteractionKind: Codable {
  public init(from decoder: Decoder) throws { self = try decodeNamed(decoder, InteractionKind.init(named:)) }
  public func encode(to encoder: Encoder) throws { try encodeName(rawValue, to: encoder) }
}

extension UserInterfaceStyle: Codable {
  /// Reads `"light"` or `"dark"`; another name is a decoding error listing them.
  public init(from decoder: Decoder) throws {
    self = try decodeNamed(decoder, UserInterfaceStyle.init(appearanceNamed:))
  }
  /// Writes the appearance's name.
  public func encode(to encoder: Encoder) throws { try encodeName(name, to: encoder) }
}

extension Device: Codable {
  public init(from decoder: Decoder) throws { self = try decodeNamed(decoder, Device.preset(named:)) }
  public func encode(to encoder: Encoder) throws { try encodeName(name, to: encoder) }
}

extension RecipeColor: Codable {
  public init(from decoder: Decoder) throws { self = try decodeNamed(decoder, RecipeColor.init(parsing:)) }
  public func encode(to encoder: Encoder) throws { try encodeName(text, to: encoder) }
}

/// The value a JSON string names, read by `read`, whose refusal becomes a decoding error at
/// the string's place with the refusal's message.
private func decodeNamed<T>(_ decoder: Decoder, _ read: (String) throws -> T) throws -> T {
  let container = try decoder.singleValueContainer()
  let name = try container.decode(String.self)
  do {
    return try read(name)
  } catch let error as RenderError {
    throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
  }
}

private func encodeName(_ name: String, to encoder: Encoder) throws {
  var container = encoder.singleValueContainer()
  try container.encode(name)
}
