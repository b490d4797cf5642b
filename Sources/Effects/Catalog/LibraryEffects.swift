import Animator

extension EffectCatalog {
  /// VCTransitionsLibrary's animation controllers (effects.md §3).
  static let libraryEffects: [Effect] = []
}
