import Animator

extension EffectCatalog {
  /// The effects of the tutorials the product was conceived from (effects.md §4).
  static let seedEffects: [Effect] = [
    Effect(
      name: "fade", summary: "The new screen fades in over the old one; going back, the old one fades out.",
      operations: [.present, .dismiss, .push, .pop, .tab], duration: 0.35,
      parameters: [EffectParameter(name: "duration", summary: "seconds", kind: .number(0.05...10), defaultValue: "0.35")],
      makeAnimator: { _, forward, p in FadeAnimator(presenting: forward, duration: p.number("duration")) })
  ]
}
