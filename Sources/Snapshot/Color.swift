import Foundation

/// A colour (UIColor): straight-alpha sRGB components, and for a dynamic colour a second set
/// for the dark appearance (docs/colors.md).
///
/// A colour made from numbers is plain: every appearance shows it. A dynamic colour (the
/// system colours such as `.systemBackground`, `.label` and `.systemBlue`, `init(light:dark:)`,
/// `init(dynamicProvider:)`) keeps both values, and a view shows the one of its effective
/// appearance, chosen when a frame's snapshot is taken: snapshots and the compositor only
/// ever hold plain colours (docs/colors.md#resolved-at-the-snapshot).
///
/// Red, green and blue outside 0...1 are kept, as UIKit's extended sRGB keeps them; a frame,
/// being 8-bit sRGB, shows each clamped to 0...1. Alpha is clamped to 0...1 when a colour is
/// made, as UIKit clamps it (docs/colors.md#extended-range).
public struct Color: Sendable, Hashable {
  /// The light appearance's red (every appearance's, for a plain colour).
  public var red: Double
  /// The light appearance's green.
  public var green: Double
  /// The light appearance's blue.
  public var blue: Double
  /// The light appearance's alpha, 0...1.
  public var alpha: Double
  /// The dark appearance's components; nil when they are the light ones (a plain colour).
  private var dark: Components?

  /// One appearance's components.
  private struct Components: Sendable, Hashable {
    var red, green, blue, alpha: Double
  }

  /// UIColor(red:green:blue:alpha:): a plain colour; alpha is clamped to 0...1, the others are
  /// kept as given (extended range).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = Self.clampedAlpha(alpha)
  }

  /// UIColor(white:alpha:): a gray level `white` (0 black, 1 white).
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// `0xRRGGBB` with a separate alpha.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
      blue: Double(hex & 0xff) / 255, alpha: alpha)
  }

  /// UIColor(hue:saturation:brightness:alpha:) (HSB, also called HSV): `brightness` is the
  /// largest component and `saturation` the share of it the smallest lacks; `hue` is the
  /// fraction of the colour wheel from red (0) through green (1/3) and blue (2/3). Hue wraps:
  /// only its fractional part counts, 1.25 being 0.25 and −0.25 being 0.75
  /// (docs/colors.md#hue-wraps). Saturation and brightness outside 0...1 are not clamped and
  /// give extended-range components, as UIKit's.
  public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
    let sector = (hue - hue.rounded(.down)) * 6
    // Each component falls from `brightness` by the saturated part, fully where the wheel is
    // farthest from its own primary: one closed form for the six sectors.
    func component(_ offset: Double) -> Double {
      let k = (offset + sector).truncatingRemainder(dividingBy: 6)
      return brightness - brightness * saturation * max(0, min(k, 4 - k, 1))
    }
    self.init(red: component(5), green: component(3), blue: component(1), alpha: alpha)
  }

  /// A dynamic colour: `light` in the light (and unspecified) appearance, `dark` in the dark
  /// one. A dynamic `light` or `dark` gives its own value for that appearance; a pair whose
  /// two values are equal is a plain colour.
  public init(light: Color, dark: Color) {
    self = light.resolved(dark: false)
    let darkValue = dark.resolved(dark: true)
    if darkValue != self { self.dark = darkValue.components }
  }

  /// UIColor(dynamicProvider:): the colours `provider` gives for the light traits and for the
  /// dark ones. UIKit calls the provider whenever it resolves the colour; here the appearance
  /// is the only trait, so it is called twice, now, and a provider that reads anything but the
  /// traits it is given (UIKit asks it not to) sees that as it is now.
  public init(dynamicProvider provider: (TraitCollection) -> Color) {
    self.init(
      light: provider(TraitCollection(userInterfaceStyle: .light)),
      dark: provider(TraitCollection(userInterfaceStyle: .dark)))
  }

  /// Whether the colour differs between the light and dark appearances.
  public var isDynamic: Bool { dark != nil }

  /// UIColor.resolvedColor(with:): the plain colour `traits` show; an unspecified appearance
  /// shows the light value, as UIKit's.
  public func resolvedColor(with traits: TraitCollection) -> Color {
    resolved(dark: traits.userInterfaceStyle == .dark)
  }

  /// UIColor.withAlphaComponent: this colour with `alpha` (clamped to 0...1) in every
  /// appearance; a dynamic colour stays dynamic.
  public func withAlphaComponent(_ alpha: Double) -> Color {
    var color = self
    color.alpha = Self.clampedAlpha(alpha)
    color.dark?.alpha = color.alpha
    if color.dark == color.components { color.dark = nil }
    return color
  }

  /// `combine` applied to the colours' light values and, when one of them is dynamic, to their
  /// dark values: how a colour computed from colours (an interpolation, a blend) keeps both
  /// appearances. `combine` is given plain colours.
  public static func combining(_ a: Color, _ b: Color, _ combine: (Color, Color) -> Color) -> Color {
    let light = combine(a.resolved(dark: false), b.resolved(dark: false))
    guard a.isDynamic || b.isDynamic else { return light }
    return Color(light: light, dark: combine(a.resolved(dark: true), b.resolved(dark: true)))
  }

  /// `combining` for four colours (a spline's keys).
  public static func combining(
    _ a: Color, _ b: Color, _ c: Color, _ d: Color, _ combine: (Color, Color, Color, Color) -> Color
  ) -> Color {
    let light = combine(
      a.resolved(dark: false), b.resolved(dark: false), c.resolved(dark: false), d.resolved(dark: false))
    guard a.isDynamic || b.isDynamic || c.isDynamic || d.isDynamic else { return light }
    let dark = combine(a.resolved(dark: true), b.resolved(dark: true), c.resolved(dark: true), d.resolved(dark: true))
    return Color(light: light, dark: dark)
  }

  /// Opaque black, the same in every appearance.
  public static let black = Color(white: 0)
  /// Opaque white, the same in every appearance.
  public static let white = Color(white: 1)
  /// Black at alpha 0: fully transparent.
  public static let clear = Color(white: 0, alpha: 0)

  // MARK: Storage

  /// The plain colour of one appearance.
  private func resolved(dark wantsDark: Bool) -> Color {
    guard let dark else { return self }
    guard wantsDark else {
      var light = self
      light.dark = nil
      return light
    }
    return Color(components: dark)
  }

  private var components: Components { Components(red: red, green: green, blue: blue, alpha: alpha) }

  private init(components c: Components) {
    red = c.red
    green = c.green
    blue = c.blue
    alpha = c.alpha
  }

  /// Alpha within 0...1.
  private static func clampedAlpha(_ alpha: Double) -> Double { min(max(alpha, 0), 1) }
}
