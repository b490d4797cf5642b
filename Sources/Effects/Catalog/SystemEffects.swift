import Animator

extension EffectCatalog {
  /// What iOS itself does (effects.md §6).
  static let systemEffects: [Effect] = []

  /// Hero's default animation types (effects.md §5).
  static let heroEffects: [Effect] = []
}
