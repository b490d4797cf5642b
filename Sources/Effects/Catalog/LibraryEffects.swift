import Foundation
import Animator

extension EffectCatalog {
  /// VCTransitionsLibrary's animation controllers (docs/effects.md#vctransitionslibrary). Crossfade
  /// and cube, which the seed tutorials copy, are listed with the seed effects. Every one runs for
  /// every operation; the library's `reverse` flag comes from `libraryReverse` (pop, dismiss, a tab
  /// switch to a higher index).
  static let libraryEffects: [Effect] = [
    Effect(
      name: "explode",
      summary: "The old screen bursts into spinning, shrinking, fading tiles over the new one (seeded, reproducible).",
      operations: allOperations, duration: 1.0,
      parameters: [
        durationParameter(1.0),
        EffectParameter(
          name: "columns", summary: "tiles across the screen (square tiles)", kind: .number(1...40), defaultValue: "10"),
        EffectParameter(
          name: "offset", summary: "largest drift of a tile's centre in x and y, points", kind: .number(0...1000),
          defaultValue: "100"),
        EffectParameter(
          name: "spin", summary: "largest requested rotation, radians (shown wrapped into ±π)", kind: .number(0...20),
          defaultValue: "10"),
        EffectParameter(
          name: "seed", summary: "random seed (same seed, same explosion)", kind: .number(0...4_294_967_295),
          defaultValue: "1"),
      ],
      makeAnimator: { _, _, p in
        ExplodeAnimator(
          duration: p.number("duration"), columns: Int(p.number("columns")), offset: p.number("offset"),
          spin: p.number("spin"), seed: UInt64(p.number("seed")))
      }),
    Effect(
      name: "flip",
      summary: "A book-page turn: one half-page lifts about the spine and the new half lands, with shadows (d = 500).",
      operations: allOperations, duration: 1.0,
      parameters: [durationParameter(1.0)],
      makeAnimator: { operation, forward, p in
        FlipAnimator(reverse: libraryReverse(operation, forward), duration: p.number("duration"))
      }),
    Effect(
      name: "fold",
      summary:
        "An accordion: both screens in vertical strips folding at their edges, one collapsing while the other unfolds (d = 200).",
      operations: allOperations, duration: 1.0,
      parameters: [
        durationParameter(1.0),
        EffectParameter(
          name: "folds", summary: "number of folds N (2N strips per screen; the tab demo uses 3)",
          kind: .number(1...20), defaultValue: "2"),
      ],
      makeAnimator: { operation, forward, p in
        FoldAnimator(
          reverse: libraryReverse(operation, forward), duration: p.number("duration"), folds: Int(p.number("folds")))
      }),
    Effect(
      name: "turn",
      summary: "A card flip of the whole screen: the old one turns edge-on, then the new one turns in (d = 500).",
      operations: allOperations, duration: 1.0,
      parameters: [
        durationParameter(1.0),
        EffectParameter(
          name: "axis", summary: "y: turn about the vertical axis (horizontal flip); x: about the horizontal axis",
          kind: .choice(["y", "x"]), defaultValue: "y"),
      ],
      makeAnimator: { operation, forward, p in
        TurnAnimator(
          reverse: libraryReverse(operation, forward), duration: p.number("duration"),
          axis: TurnAnimator.Axis(rawValue: p.choice("axis")) ?? .y)
      }),
    Effect(
      name: "cards",
      summary:
        "The old screen tips back and sinks, dimmed, while the new card rises from the bottom; reverse drops the card away.",
      operations: allOperations, duration: 1.0,
      parameters: [durationParameter(1.0)],
      makeAnimator: { operation, forward, p in
        CardsAnimator(reverse: libraryReverse(operation, forward), duration: p.number("duration"))
      }),
    Effect(
      name: "natgeo",
      summary:
        "The old screen swings away about its left edge like a door while the new one swoops in from the right foreground.",
      operations: allOperations, duration: 1.0,
      parameters: [durationParameter(1.0)],
      makeAnimator: { operation, forward, p in
        NatGeoAnimator(reverse: libraryReverse(operation, forward), duration: p.number("duration"))
      }),
    Effect(
      name: "portal",
      summary:
        "The old screen parts like two doors onto the new one zooming up; reverse closes the doors over a shrinking screen.",
      operations: allOperations, duration: 1.0,
      parameters: [
        durationParameter(1.0),
        EffectParameter(
          name: "zoom", summary: "scale of the screen behind the doors", kind: .number(0.1...1), defaultValue: "0.8"),
      ],
      makeAnimator: { operation, forward, p in
        PortalAnimator(
          reverse: libraryReverse(operation, forward), duration: p.number("duration"), zoom: p.number("zoom"))
      }),
    Effect(
      name: "pan",
      summary: "An iOS 7-style parallax push: the new screen slides over while the old one moves half as far.",
      operations: allOperations, duration: 0.3,
      parameters: [durationParameter(0.3, note: " (the library forces 0.3)")],
      makeAnimator: { operation, forward, p in
        PanAnimator(reverse: libraryReverse(operation, forward), duration: p.number("duration"))
      }),
  ]

  /// Every operation, push first.
  static let allOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss, .tab]
}
