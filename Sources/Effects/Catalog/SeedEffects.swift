import Foundation
import Animator

extension EffectCatalog {
  /// The effects of the tutorials the product was conceived from (docs/effects.md#the-tutorials),
  /// plus the two VCTransitionsLibrary effects the seeds copy (crossfade, cube).
  static let seedEffects: [Effect] = [
    Effect(
      name: "fade", summary: "The new screen fades in over the old one; going back, the old one fades out.",
      operations: [.present, .dismiss, .push, .pop, .tab], duration: 0.35,
      parameters: [durationParameter(0.35)],
      makeAnimator: { _, forward, p in FadeAnimator(presenting: forward, duration: p.number("duration")) }),
    Effect(
      name: "scale",
      summary: "Push: the new screen grows from 0.1 on top; pop: the old screen shrinks to 0.1 over the previous one.",
      operations: [.push, .pop], duration: 0.4,
      parameters: [durationParameter(0.4)],
      makeAnimator: { _, forward, p in ScaleAnimator(presenting: forward, duration: p.number("duration")) }),
    Effect(
      name: "slide-up",
      summary:
        "Modal that springs up from the bottom (damping 0.6, ≈9.5 % overshoot); dismissing springs it back down.",
      operations: [.present, .dismiss], duration: 0.6,
      parameters: [
        durationParameter(0.6),
        EffectParameter(
          name: "damping", summary: "spring damping ratio (1 = no overshoot)", kind: .number(0.1...1),
          defaultValue: "0.6"),
      ],
      makeAnimator: { _, forward, p in
        SlideUpAnimator(presenting: forward, duration: p.number("duration"), damping: p.number("damping"))
      }),
    Effect(
      name: "cube",
      summary:
        "The screens turn as two faces of a cube about their shared edge, darkening as they face away; a push turns in from the right.",
      operations: [.push, .pop, .present, .dismiss, .tab], duration: 1.0,
      parameters: [
        durationParameter(1.0, note: "; the seed tutorial's cube navigation uses 1.5"),
        EffectParameter(
          name: "axis", summary: "horizontal: faces turn about vertical edges; vertical: about horizontal edges",
          kind: .choice(["horizontal", "vertical"]), defaultValue: "horizontal"),
      ],
      makeAnimator: { _, forward, p in
        // The seed's convention: reverse for pop and dismiss, and for a tab to a lower index
        // (a higher one enters from the trailing edge, as a push).
        CubeAnimator(
          reverse: !forward, duration: p.number("duration"),
          axis: CubeAnimator.Axis(rawValue: p.choice("axis")) ?? .horizontal)
      }),
    Effect(
      name: "shrink",
      summary:
        "The old screen shrinks into a point at the centre while the screen beneath brightens from half opacity.",
      operations: [.dismiss, .pop], duration: 0.4,
      parameters: [durationParameter(0.4)],
      makeAnimator: { _, _, p in ShrinkAnimator(duration: p.number("duration")) }),
    Effect(
      name: "top-down", summary: "Modal that slides down from above the screen; dismissing slides it back up.",
      operations: [.present, .dismiss], duration: 0.6,
      parameters: [durationParameter(0.6)],
      makeAnimator: { _, forward, p in TopDownAnimator(presenting: forward, duration: p.number("duration")) }),
    Effect(
      name: "crossfade", summary: "The old screen fades out over the new one (the same both ways).",
      operations: [.push, .pop, .present, .dismiss, .tab], duration: 1.0,
      parameters: [durationParameter(1.0)],
      makeAnimator: { _, _, p in CrossfadeAnimator(duration: p.number("duration")) }),
  ]
}

/// VCTransitionsLibrary's `reverse` flag (docs/effects.md#reverse-flag) from the host's operation and
/// direction: navigation and modal — reverse for pop and dismiss; tab bar — reverse when moving
/// to a **higher** index (the library's tab-bar convention; the host passes `forward == true`
/// for a higher index), so the new screen comes in from the right, as in the library's tab demo.
func libraryReverse(_ operation: TransitionOperation, _ forward: Bool) -> Bool {
  operation == .tab ? forward : !forward
}
