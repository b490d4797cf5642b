import Effects
import Rendering

/// `render list --json` and `render list --devices --json` (docs/json.md#list).
enum ListJSON {
  struct Effects: Encodable {
    var effects: [EffectEntry]
  }

  struct EffectEntry: Encodable {
    var name: String
    /// The family's heading (`render gallery` groups by it).
    var family: String
    var summary: String
    /// The operations it supports; the first is its default.
    var operations: [String]
    /// Seconds the transition takes by default.
    var duration: Double
    var parameters: [Parameter]
  }

  struct Parameter: Encodable {
    var name: String
    var summary: String
    /// "number" (with `minimum` and `maximum`) or "choice" (with `choices`).
    var kind: String
    var minimum: Double?
    var maximum: Double?
    var choices: [String]?
    /// As the command line writes it.
    var defaultValue: String
  }

  struct Devices: Encodable {
    var devices: [DeviceEntry]
  }

  struct DeviceEntry: Encodable {
    var name: String
    var aliases: [String]
    var title: String
    /// Points, [width, height]; pixels per point; pixels, [width, height].
    var points: [Double]
    var scale: Double
    var pixels: [Int]
    var cornerRadius: Double
    var statusBarHeight: Double
    var safeAreaTop: Double
    var safeAreaBottom: Double
    /// Which figures are estimates: "cornerRadius", "statusBar", "safeArea".
    var approximate: [String]
  }

  static var effects: Effects {
    let family = Dictionary(
      EffectCatalog.families.flatMap { f in f.effects.map { ($0.name, f.name) } }, uniquingKeysWith: { a, _ in a })
    return Effects(
      effects: EffectCatalog.all.map { effect in
        EffectEntry(
          name: effect.name, family: family[effect.name] ?? "", summary: effect.summary,
          operations: effect.operations.map(\.rawValue), duration: effect.duration,
          parameters: effect.parameters.map(parameter))
      })
  }

  private static func parameter(_ p: EffectParameter) -> Parameter {
    switch p.kind {
    case .number(let range):
      return Parameter(
        name: p.name, summary: p.summary, kind: "number", minimum: range.lowerBound, maximum: range.upperBound,
        defaultValue: p.defaultValue)
    case .choice(let words):
      return Parameter(name: p.name, summary: p.summary, kind: "choice", choices: words, defaultValue: p.defaultValue)
    }
  }

  static var devices: Devices {
    Devices(
      devices: Device.all.map { d in
        DeviceEntry(
          name: d.name, aliases: d.aliases, title: d.title, points: [d.points.width, d.points.height], scale: d.scale,
          pixels: [d.pixels.width, d.pixels.height], cornerRadius: d.cornerRadius, statusBarHeight: d.statusBarHeight,
          safeAreaTop: d.safeAreaTop, safeAreaBottom: d.safeAreaBottom,
          approximate: d.approximate.map(\.rawValue).sorted())
      })
  }
}
