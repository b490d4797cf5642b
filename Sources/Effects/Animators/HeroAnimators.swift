import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
import Animator

/// Hero's direction of motion (docs/effects.md#hero): the appearing view enters moving this way, the
/// disappearing view leaves moving this way.
public enum HeroDirection: String, Sendable, CaseIterable {
  /// Moving left: the appearing view enters from the right edge.
  case left
  /// Moving right: the appearing view enters from the left edge.
  case right
  /// Moving up: the appearing view enters from the bottom edge.
  case up
  /// Moving down: the appearing view enters from the top edge.
  case down

  /// The reverse motion (left and right, up and down swap): an operation of the other sense
  /// than an effect's default one runs its direction mirrored.
  public var opposite: HeroDirection {
    switch self {
    case .left: return .right
    case .right: return .left
    case .up: return .down
    case .down: return .up
    }
  }

  /// Where the appearing view starts, in points, for a `size` container (left → +W: it enters
  /// from the right moving left).
  func appearingOffset(_ size: Size) -> (x: Double, y: Double) {
    switch self {
    case .left: return (size.width, 0)
    case .right: return (-size.width, 0)
    case .up: return (0, size.height)
    case .down: return (0, -size.height)
    }
  }
}

/// Hero's default animation types (docs/effects.md#hero), without Hero's per-view modifiers.
public enum HeroAnimationType: Sendable, Equatable {
  /// The new view slides in on top with a shadow; the old one moves a third as far, veiled.
  case push(HeroDirection)
  /// The old view slides out on top with a shadow; the new one returns from a third of the way.
  case pull(HeroDirection)
  /// The new view slides in on top with a shadow; the old one stays and dims (veil 0.1).
  case cover(HeroDirection)
  /// The old view slides out on top with a shadow; the new one stays and brightens.
  case uncover(HeroDirection)
  /// Both views move a full screen together.
  case slide(HeroDirection)
  /// As `slide`, the new view starting and the old one ending at scale 0.8.
  case zoomSlide(HeroDirection)
  /// The new view slides in on top with a shadow; the old one shrinks to 0.7, veiled.
  case pageIn(HeroDirection)
  /// The old view slides out on top with a shadow; the new one grows from 0.7.
  case pageOut(HeroDirection)
  /// Forward, the new view fades in on top; backward, the old view fades out on top.
  case fade
  /// The old view, on top, grows to 1.3 and fades out; the new one grows from 0.7.
  case zoom
  /// The new view, on top, shrinks from 1.3 and fades in; the old one shrinks to 0.7.
  case zoomOut

  /// The same type with its direction reversed (fade, zoom and zoomOut have none).
  public var mirrored: HeroAnimationType {
    switch self {
    case .push(let d): return .push(d.opposite)
    case .pull(let d): return .pull(d.opposite)
    case .cover(let d): return .cover(d.opposite)
    case .uncover(let d): return .uncover(d.opposite)
    case .slide(let d): return .slide(d.opposite)
    case .zoomSlide(let d): return .zoomSlide(d.opposite)
    case .pageIn(let d): return .pageIn(d.opposite)
    case .pageOut(let d): return .pageOut(d.opposite)
    case .fade, .zoom, .zoomOut: return self
    }
  }
}

/// One view's state relative to its resting state: translation in points, uniform scale about
/// its centre, alpha, veil darkness and drop-shadow opacity.
struct HeroViewState: Equatable {
  var x = 0.0, y = 0.0, scale = 1.0, alpha = 1.0, veil = 0.0, shadow = 0.0
  static let rest = HeroViewState()

  func mixed(to o: HeroViewState, _ u: Double) -> HeroViewState {
    HeroViewState(
      x: mix(x, o.x, u), y: mix(y, o.y, u), scale: mix(scale, o.scale, u), alpha: mix(alpha, o.alpha, u),
      veil: mix(veil, o.veil, u), shadow: mix(shadow, o.shadow, u))
  }

  /// Hero combines scale and translation as "scale about the centre, then translate".
  var transform: AffineTransform {
    AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: x, y: y))
  }
}

/// Everything a Hero type does to the two views.
struct HeroPlan {
  /// The appearing (to) view animates from this state to rest.
  var appearingFrom = HeroViewState.rest
  /// The disappearing (from) view animates from `disappearingFrom` to this state.
  var disappearingTo = HeroViewState.rest
  var disappearingFrom = HeroViewState.rest
  var newOnTop = true
  var curve = TimingFunction.heroStandard

  /// Hero's table (docs/effects.md#hero). `backward` is true for pop and dismiss (it decides which view
  /// is on top for slide, zoomSlide and fade).
  init(_ type: HeroAnimationType, size: Size, backward: Bool) {
    func full(_ d: HeroDirection) -> (x: Double, y: Double) { d.appearingOffset(size) }
    switch type {
    case .push(let d):
      let o = full(d)
      appearingFrom = HeroViewState(x: o.x, y: o.y)
      appearingTo.shadow = 0.5
      disappearingTo = HeroViewState(x: -o.x / 3, y: -o.y / 3, veil: 0.1)
      curve = .heroDeceleration
    case .pull(let d):
      let o = full(d)
      appearingFrom = HeroViewState(x: o.x / 3, y: o.y / 3, veil: 0.1)
      disappearingFrom.shadow = 0.5
      disappearingTo = HeroViewState(x: -o.x, y: -o.y, shadow: 0)
      newOnTop = false
    case .cover(let d):
      let o = full(d)
      appearingFrom = HeroViewState(x: o.x, y: o.y)
      appearingTo.shadow = 0.5
      disappearingTo = HeroViewState(veil: 0.1)
      curve = .heroDeceleration
    case .uncover(let d):
      appearingFrom = HeroViewState(veil: 0.1)
      let o = full(d)
      disappearingFrom.shadow = 0.5
      disappearingTo = HeroViewState(x: -o.x, y: -o.y, shadow: 0)
      newOnTop = false
    case .slide(let d), .zoomSlide(let d):
      let o = full(d)
      let s = type == .zoomSlide(d) ? 0.8 : 1
      appearingFrom = HeroViewState(x: o.x, y: o.y, scale: s)
      disappearingTo = HeroViewState(x: -o.x, y: -o.y, scale: s)
      newOnTop = !backward
    case .pageIn(let d):
      let o = full(d)
      appearingFrom = HeroViewState(x: o.x, y: o.y)
      appearingTo.shadow = 0.5
      disappearingTo = HeroViewState(scale: 0.7, veil: 0.1)
      curve = .heroDeceleration
    case .pageOut(let d):
      appearingFrom = HeroViewState(scale: 0.7, veil: 0.1)
      let o = full(d)
      disappearingFrom.shadow = 0.5
      disappearingTo = HeroViewState(x: -o.x, y: -o.y, shadow: 0)
      newOnTop = false
    case .fade:
      // Forward: the new view fades in on top. Backward: the old view is on top (Hero), and it is
      // the one that fades out (Hero would fade only a translucent old view, which for opaque
      // screens shows nothing until the cut).
      if backward {
        disappearingTo = HeroViewState(alpha: 0)
        newOnTop = false
      } else {
        appearingFrom = HeroViewState(alpha: 0)
      }
    case .zoom:
      appearingFrom = HeroViewState(scale: 0.7)
      disappearingTo = HeroViewState(scale: 1.3, alpha: 0)
      newOnTop = false
    case .zoomOut:
      appearingFrom = HeroViewState(scale: 1.3, alpha: 0)
      disappearingTo = HeroViewState(scale: 0.7)
    }
  }

  /// The appearing view's end state: rest, plus a shadow for push, cover and pageIn.
  var appearingTo = HeroViewState.rest
}

/// Hero's default animations (docs/effects.md#hero) as a plain animation controller: both views are
/// animated directly (Hero animates snapshots; the look is the same for whole screens).
///
/// * Translations are whole screens (W or H) or a third of one; scales are about the centre.
/// * "Shadow" is a real drop shadow on the moving view: black, opacity 0 ↔ 0.5, blur radius 5,
///   offset 0. "Veil" is a black overlay view named "veil" on the covered view, alpha 0 ↔ 0.1.
/// * Duration 0.35 s (fade: 0.21 s); curve Hero deceleration (0, 0, 0.2, 1) for push, cover and
///   pageIn, Hero standard (0.4, 0, 0.2, 1) otherwise. Both are sampled into keyframes, since
///   `View.animate` only has UIKit's four curves.
/// * At the end — completed or cancelled — every changed property (transform, alpha, shadow) of
///   both views is restored and the veils are removed, so the screens rest exactly as a
///   transition without animation would leave them.
@MainActor
public final class HeroAnimator: ViewControllerAnimatedTransitioning {
  /// What the two views do; its direction is taken as given (the catalog mirrors it).
  public let type: HeroAnimationType
  /// True for pop and dismiss (decides stacking for slide, zoomSlide and fade).
  public let backward: Bool
  /// Seconds, along the type's Hero curve.
  public let duration: Double

  /// `duration` in seconds, 0.35 by default for every type (the catalog's hero-fade passes
  /// 0.21; `--param duration`: 0.05...10).
  public init(type: HeroAnimationType, backward: Bool, duration: Double = 0.35) {
    self.type = type
    self.backward = backward
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
    let plan = HeroPlan(type, size: container.bounds.size, backward: backward)
    let savedFrom = fromView.map(SavedViewState.init), savedTo = toView.map(SavedViewState.init)
    if let toView, let toVC = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toVC)
      if let fromView, !plan.newOnTop {
        container.insertSubview(toView, belowSubview: fromView)
      } else {
        container.addSubview(toView)
      }
    }
    var veils: [View] = []
    func prepare(_ view: View?, from a: HeroViewState, to b: HeroViewState) -> ((Double) -> Void)? {
      guard let view else { return nil }
      let veil = a.veil > 0 || b.veil > 0 ? View.makeVeil(on: view, alpha: a.veil) : nil
      if let veil { veils.append(veil) }
      if a.shadow > 0 || b.shadow > 0 {
        view.layer.shadowColor = .black
        view.layer.shadowRadius = 5
        view.layer.shadowOffset = .zero
      }
      return { u in
        let s = a.mixed(to: b, u)
        view.transform = s.transform
        view.alpha = s.alpha
        veil?.alpha = s.veil
        if a.shadow > 0 || b.shadow > 0 { view.layer.shadowOpacity = s.shadow }
      }
    }
    let moveTo = prepare(toView, from: plan.appearingFrom, to: plan.appearingTo)
    let moveFrom = prepare(fromView, from: plan.disappearingFrom, to: plan.disappearingTo)
    let state: (Double) -> Void = { u in
      moveTo?(u)
      moveFrom?(u)
    }
    state(0)
    CurveSampling.animate(duration: duration, curve: plan.curve, apply: state) { _ in
      for veil in veils { veil.removeFromSuperview() }
      if let fromView { savedFrom?.restore(fromView) }
      if let toView { savedTo?.restore(toView) }
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
  }
}
