import Foundation

/// UIUserInterfaceStyle: the light or dark appearance (docs/colors.md#appearance-is-inherited).
public enum UserInterfaceStyle: Int, Sendable, CaseIterable {
  /// No preference: inherit (as an override), or the light appearance (when resolving).
  case unspecified = 0
  /// The light appearance: dynamic colours show their light values.
  case light = 1
  /// The dark appearance: dynamic colours show their dark values.
  case dark = 2

  /// `unspecified`, `light` or `dark`: the option and scene-file spelling.
  public var name: String {
    switch self {
    case .unspecified: return "unspecified"
    case .light: return "light"
    case .dark: return "dark"
    }
  }

  /// The style spelled `name` (`light`, `dark` or `unspecified`), nil for anything else.
  public init?(name: String) {
    guard let style = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = style
  }
}

/// UITraitCollection, reduced to the one trait that decides colours: the appearance. A view's
/// and a view controller's `traitCollection` is the effective one, inherited down the
/// hierarchy (docs/colors.md#appearance-is-inherited).
public struct TraitCollection: Sendable, Hashable {
  /// Light, dark, or unspecified (which resolves colours as light).
  public var userInterfaceStyle: UserInterfaceStyle

  /// A trait collection whose appearance is `userInterfaceStyle`.
  public init(userInterfaceStyle: UserInterfaceStyle) {
    self.userInterfaceStyle = userInterfaceStyle
  }

  /// A trait collection with nothing specified.
  public init() { self.init(userInterfaceStyle: .unspecified) }
}

extension LayerSnapshot {
  /// Replaces this layer's own colours (background, border, shadow, gradient; not its
  /// sublayers' or its contents') by the plain ones `traits` show: what a snapshot holds
  /// (docs/colors.md#resolved-at-the-snapshot).
  public mutating func resolveColors(with traits: TraitCollection) {
    if let c = backgroundColor, c.isDynamic { backgroundColor = c.resolvedColor(with: traits) }
    if borderColor.isDynamic { borderColor = borderColor.resolvedColor(with: traits) }
    if let c = shadow?.color, c.isDynamic { shadow?.color = c.resolvedColor(with: traits) }
    if case .gradient(var g) = kind, g.colors.contains(where: \.isDynamic) {
      g.colors = g.colors.map { $0.resolvedColor(with: traits) }
      kind = .gradient(g)
    }
  }
}
