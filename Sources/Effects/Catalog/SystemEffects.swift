import Foundation
import Animator

extension EffectCatalog {
  /// What iOS itself does (docs/effects.md#what-ios-does). Durations and curves are undocumented by
  /// Apple; the defaults are the approximations each animator documents.
  static let systemEffects: [Effect] = [
    Effect(
      name: "ios-push",
      summary:
        "iOS navigation: the new screen slides in from the right on top, the old one drifts 30 % left under a dimming veil.",
      operations: [.push, .pop], duration: 0.5, parameters: [durationParameter(0.5)],
      makeAnimator: { _, forward, p in SystemNavigationAnimator(pushing: forward, duration: p.number("duration")) }),
    Effect(
      name: "cover-vertical",
      summary: "iOS default modal: the presented screen slides up from the bottom, and back down on dismissal.",
      operations: [.present, .dismiss], duration: 0.5, parameters: [durationParameter(0.5)],
      makeAnimator: { _, forward, p in CoverVerticalAnimator(presenting: forward, duration: p.number("duration")) }),
    Effect(
      name: "flip-horizontal",
      summary:
        "iOS modal flip: the screen turns over like a card about its vertical axis, right to left (back: left to right).",
      operations: [.present, .dismiss], duration: 0.75, parameters: [durationParameter(0.75)],
      makeAnimator: { _, forward, p in FlipHorizontalAnimator(presenting: forward, duration: p.number("duration")) }),
    Effect(
      name: "cross-dissolve",
      summary: "iOS modal cross-dissolve: the old screen fades out while the new one fades in.",
      operations: [.present, .dismiss], duration: 0.35, parameters: [durationParameter(0.35)],
      makeAnimator: { _, forward, p in CrossDissolveAnimator(presenting: forward, duration: p.number("duration")) }),
    Effect(
      name: "partial-curl",
      summary:
        "iOS modal page curl (approximate): the lower part of the screen curls up and stays curled over the new one.",
      operations: [.present, .dismiss], duration: 0.6, parameters: [durationParameter(0.6)],
      makeAnimator: { _, forward, p in PartialCurlAnimator(presenting: forward, duration: p.number("duration")) }),
  ]

  /// Hero's default animation types (docs/effects.md#hero).
  ///
  /// Direction rule: `direction` is the direction of motion on operations of the same sense as
  /// the effect's default operation (forward = push, present, tab to a higher index; backward =
  /// pop, dismiss, tab to a lower index); operations of the other sense mirror it, as Hero's
  /// automatic navigation does (push(left) on push, push(right) on pop).
  static let heroEffects: [Effect] = [
    hero(
      "push",
      "Hero push: the new screen slides in with a shadow; the old one moves a third of the way under a 10 % veil.",
      .push
    ) { .push($0) },
    hero(
      "pull",
      "Hero pull: the old screen slides away with a shadow, uncovering the new one coming back from a third of the way.",
      .pop, direction: .right
    ) { .pull($0) },
    hero(
      "cover", "Hero cover: the new screen slides in over the old one, which stays and dims.", .present, direction: .up
    ) { .cover($0) },
    hero(
      "uncover", "Hero uncover: the old screen slides away, uncovering the new one, which brightens.", .dismiss,
      direction: .down
    ) { .uncover($0) },
    hero("slide", "Hero slide: both screens move a full screen together.", .tab) { .slide($0) },
    hero(
      "zoom-slide", "Hero zoom slide: both screens move a full screen together, shrunk to 0.8 while off-screen.", .tab
    ) { .zoomSlide($0) },
    hero(
      "page-in", "Hero page in: the new screen slides in with a shadow while the old one shrinks to 0.7 and dims.",
      .push
    ) { .pageIn($0) },
    hero(
      "page-out", "Hero page out: the old screen slides away, revealing the new one growing from 0.7.", .pop,
      direction: .right
    ) { .pageOut($0) },
    hero(
      "hero-zoom", "Hero zoom: the old screen grows to 1.3 and fades, above the new one growing from 0.7.", .present,
      directional: false
    ) { _ in .zoom },
    hero(
      "zoom-out", "Hero zoom out: the new screen shrinks from 1.3 and fades in, above the old one shrinking to 0.7.",
      .dismiss, directional: false
    ) { _ in .zoomOut },
    hero(
      "hero-fade", "Hero fade: a short fade of the screen on top (0.21 s).", .present, duration: 0.21,
      directional: false
    ) { _ in .fade },
  ]

  /// A Hero effect: `defaultOperation` first, then every other operation (Hero types apply to
  /// all of them); `directional` effects take `direction` (left, right, up, down), whose default
  /// is the natural motion on the default operation (push: left, pull: right, cover: up,
  /// uncover: down…).
  static func hero(
    _ name: String, _ summary: String, _ defaultOperation: TransitionOperation, duration: Double = 0.35,
    direction defaultDirection: HeroDirection = .left, directional: Bool = true,
    type: @escaping @Sendable (HeroDirection) -> HeroAnimationType
  ) -> Effect {
    let all: [TransitionOperation] = [.push, .pop, .present, .dismiss, .tab]
    var parameters = [durationParameter(duration)]
    if directional {
      parameters.append(
        EffectParameter(
          name: "direction",
          summary: "direction of motion on the default operation's sense (mirrored on the other)",
          kind: .choice(HeroDirection.allCases.map(\.rawValue)), defaultValue: defaultDirection.rawValue))
    }
    return Effect(
      name: name, summary: summary, operations: [defaultOperation] + all.filter { $0 != defaultOperation },
      duration: duration, parameters: parameters,
      makeAnimator: { operation, forward, p in
        var direction =
          directional ? HeroDirection(rawValue: p.choice("direction")) ?? defaultDirection : defaultDirection
        if forward != defaultOperation.isForward { direction = direction.opposite }
        let backward = operation == .pop || operation == .dismiss
        return HeroAnimator(type: type(direction), backward: backward, duration: p.number("duration"))
      })
  }
}
