import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
/// The iOS 7+ navigation push/pop (docs/effects.md#ios-push), rebuilt from its public
/// descriptions: what a navigation controller runs when its delegate vends no animator.
///
/// * Push: the new screen slides in from the right edge (x: W → 0) **on top** of the old one;
///   the old screen moves left by 30 % of the width (parallax) under a black veil that darkens
///   0 → 0.1. The top screen carries a soft shadow band along its left edge (8 pt, black
///   0.2 → 0 away from the edge), fading in.
/// * Pop: the exact mirror — the top screen slides off to the right (0 → W) with its edge
///   shadow fading out; the previous screen comes back from −0.3·W while its veil clears
///   0.1 → 0.
///
/// Duration and curve are undocumented; the defaults are the approximation of
/// docs/effects.md#ios-push: **0.5 s along Hero's deceleration curve (0, 0, 0.2, 1)** — a fast
/// start and a long smooth ease-out, standing in for UIKit's private "curve 7" spring. When the
/// transition starts interactively (the edge-swipe pop), the curve is **linear**, so the top
/// screen's left edge sits exactly under the finger (x = p·W), as on iOS and in SloppySwiper.
///
/// Views added for the effect are named "veil" (on the lower screen) and "edge-shadow" (on the
/// top screen); both are removed when the transition ends, completed or cancelled, and every
/// changed property of both screens is restored.
@MainActor
public final class SystemNavigationAnimator: ViewControllerAnimatedTransitioning {
  /// True for push, false for pop.
  public let pushing: Bool
  /// Seconds, the value `transitionDuration(using:)` returns; default 0.5.
  public let duration: Double
  /// The curve for non-interactive runs.
  public let curve: TimingFunction

  /// The fraction of the width the lower screen moves (iOS 7.1: 0.3, docs/effects.md#ios-push).
  public static let parallax = 0.3
  /// The veil's darkness over the lower screen.
  public static let dimming = 0.1
  /// Width of the shadow band along the top screen's left edge, and its darkest alpha.
  public static let edgeShadowWidth = 8.0
  /// The shadow band's alpha at the top screen's edge, falling to 0 across `edgeShadowWidth`.
  public static let edgeShadowAlpha = 0.2

  /// `pushing` true pushes, false pops; `duration` in seconds (default 0.5); `curve` for
  /// non-interactive runs (default Hero's deceleration), an interactive one is linear.
  public init(pushing: Bool, duration: Double = 0.5, curve: TimingFunction = .heroDeceleration) {
    self.pushing = pushing
    self.duration = duration
    self.curve = curve
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
      let toVC = transitionContext.viewController(forKey: .to)
    else {
      // Navigation always provides both views; anything else is completed without animation.
      if let toView = transitionContext.view(forKey: .to) { container.addSubview(toView) }
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      return
    }
    let width = container.bounds.width
    let savedFrom = SavedViewState(fromView), savedTo = SavedViewState(toView)
    toView.frame = transitionContext.finalFrame(for: toVC)

    // The top screen slides between x = 0 and x = W; the lower one between 0 and −0.3·W.
    let top = pushing ? toView : fromView
    let lower = pushing ? fromView : toView
    if pushing {
      container.insertSubview(toView, aboveSubview: fromView)
    } else {
      container.insertSubview(toView, belowSubview: fromView)
    }
    let veil = View.makeVeil(on: lower, alpha: pushing ? 0 : Self.dimming)
    let band = makeEdgeShadow(on: top)
    band.alpha = pushing ? 0 : 1

    // Progress u: 0 = old screen fully shown, 1 = new screen fully shown.
    func state(_ u: Double) {
      let topX = pushing ? width * (1 - u) : width * u
      let lowerX = pushing ? -Self.parallax * width * u : -Self.parallax * width * (1 - u)
      top.transform = AffineTransform(translationX: topX, y: 0)
      lower.transform = AffineTransform(translationX: lowerX, y: 0)
      veil.alpha = Self.dimming * (pushing ? u : 1 - u)
      band.alpha = pushing ? u : 1 - u
    }
    state(0)
    let finish: (Bool) -> Void = { _ in
      veil.removeFromSuperview()
      band.removeFromSuperview()
      savedFrom.restore(fromView)
      savedTo.restore(toView)
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    let curve = transitionContext.isInteractive ? TimingFunction.linear : self.curve
    CurveSampling.animate(duration: duration, curve: curve, apply: state, completion: finish)
  }

  /// A horizontal gradient band just left of `host`'s left edge: clear on its outer side,
  /// black at `edgeShadowAlpha` where it touches the screen.
  private func makeEdgeShadow(on host: View) -> View {
    let gradient = GradientLayer()
    gradient.colors = [Color.black.withAlphaComponent(0), Color.black.withAlphaComponent(Self.edgeShadowAlpha)]
    gradient.startPoint = Point(x: 0, y: 0.5)
    gradient.endPoint = Point(x: 1, y: 0.5)
    let band = View(
      frame: Rect(x: -Self.edgeShadowWidth, y: 0, width: Self.edgeShadowWidth, height: host.bounds.height),
      layer: gradient)
    band.name = "edge-shadow"
    band.isUserInteractionEnabled = false
    host.addSubview(band)
    return band
  }
}
