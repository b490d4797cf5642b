import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// The navigation bar's own push and pop (docs/uikit-bars.md#the-bars-transition), beside
/// whatever animator moves the screens: the two screens' bar items, each a view, move and fade
/// on the transition's clock, so an interaction scrubs them and a cancel plays them back. Told
/// as a push from the lower screen to the upper one at progress q (a pop runs it backwards):
///
/// * the lower title slides onto the upper back title's place, fading out by q = 0.7; a lower
///   large title slides and shrinks there, fading out by 0.6; the lower back title slides left
///   by half the bar, fading out by 0.2; its chevron and items fade out by 0.6 (0.4 the left);
/// * the upper title slides in from the bar's trailing edge, fading in after 0.25; a large
///   title slides in from the right, after 0.3; the upper back title slides from where the lower
///   title was, after 0.3 (0.4 from a large title); its chevron fades in after 0.4 (sliding in
///   by two chevron widths when the lower screen had none, after 0.7), its items after 0.4 (0.6
///   the left);
/// * the bar's height and background go linearly from the lower screen's to the upper's.
@MainActor
final class NavigationBarTransition {
  /// Weak: the bar holds its running transition, and a navigation controller released while
  /// its transition runs must take both with it.
  weak var bar: NavigationBar?
  /// The bar's width, fixed while the transition runs.
  let width: Double
  let lower: NavigationBarContent
  let upper: NavigationBarContent
  /// The bar's height and background opacity for each screen.
  let heights: (lower: Double, upper: Double)
  let solidity: (lower: Double, upper: Double)
  /// The status bar's height above the bar.
  let statusBar: Double

  init(
    bar: NavigationBar, lower: NavigationBarContent, upper: NavigationBarContent, solidity: (Double, Double),
    statusBar: Double
  ) {
    self.bar = bar
    self.width = bar.bounds.width
    self.lower = lower
    self.upper = upper
    self.heights = (lower.layout.height, upper.layout.height)
    self.solidity = solidity
    self.statusBar = statusBar
  }

  /// Runs the transition along `context`'s clock: over its duration, along the system slide's
  /// curve when the system animator runs, linear while interactive, else ease-in-ease-out
  /// (assumed).
  func run(in context: TransitionContext, pushing: Bool) {
    guard let bar else { return }
    bar.addSubview(lower)
    bar.addSubview(upper)
    let curve: TimingFunction
    if context.isInteractive {
      curve = .linear
    } else if let system = context.animator as? SystemNavigationAnimator {
      curve = system.curve
    } else {
      curve = .easeInEaseOut
    }
    let apply = { (u: Double) in self.apply(pushing ? u : 1 - u) }
    apply(0)
    AnimationEngine.current.with(timeBase: context.timeBase) {
      CurveSampling.animate(duration: context.transitionDuration, curve: curve, apply: apply, completion: { _ in })
    }
  }

  /// Removes the two screens' items.
  func end() {
    lower.removeFromSuperview()
    upper.removeFromSuperview()
  }

  /// The bar at progress `q` from the lower screen (0) to the upper one (1).
  func apply(_ q: Double) {
    guard let bar else { return }
    let h = mix(heights.lower, heights.upper, q)
    var frame = bar.frame
    frame.size.height = h
    bar.frame = frame
    bar.layOutBackground(height: h, statusBar: statusBar, solid: mix(solidity.lower, solidity.upper, q))
    applyLower(q)
    applyUpper(q)
  }

  private func applyLower(_ q: Double) {
    let l = lower.layout, target = upper.layout.backTitle?.frame
    if let title = lower.title, let frame = l.title {
      let dx = ((target?.minX ?? frame.minX) - frame.minX) * q
      title.transform = AffineTransform(translationX: dx, y: 0)
      title.alpha = Self.fadeOut(q, by: lower.item.titleView == nil ? 0.7 : 0.4)
    }
    if let large = lower.largeTitle, let frame = l.largeTitle {
      large.transform = Self.shrink(
        frame, onto: target ?? frame, scale: NavigationBar.itemFont.pointSize / NavigationBar.largeTitleFont.pointSize,
        q)
      large.alpha = Self.fadeOut(q, by: 0.6)
    }
    if let back = lower.backTitle {
      back.transform = AffineTransform(translationX: -width / 2 * q, y: 0)
      back.alpha = Self.fadeOut(q, by: 0.2)
    }
    lower.chevron?.alpha = Self.fadeOut(q, by: 0.6)
    for v in lower.leftItems { v.alpha = Self.fadeOut(q, by: 0.4) }
    for v in lower.rightItems { v.alpha = Self.fadeOut(q, by: 0.6) }
  }

  private func applyUpper(_ q: Double) {
    let u = upper.layout
    if let title = upper.title, let frame = u.title {
      // Its centre starts where the title would touch the bar's trailing edge.
      let dx = (width - frame.width / 2 - frame.midX) * (1 - q)
      title.transform = AffineTransform(translationX: dx, y: 0)
      title.alpha = Self.fadeIn(q, after: 0.25)
    }
    if let large = upper.largeTitle {
      large.transform = AffineTransform(translationX: width * (1 - q), y: 0)
      large.alpha = Self.fadeIn(q, after: 0.3)
    }
    if let back = upper.backTitle, let frame = u.backTitle?.frame {
      let from = lower.layout.title?.minX ?? lower.layout.largeTitle?.minX ?? frame.minX
      back.transform = AffineTransform(translationX: (from - frame.minX) * (1 - q), y: 0)
      back.alpha = Self.fadeIn(q, after: lower.layout.largeTitle == nil ? 0.3 : 0.4)
    }
    if let chevron = upper.chevron, let frame = u.chevron {
      let first = lower.chevron == nil
      chevron.transform = AffineTransform(translationX: first ? 2 * frame.width * (1 - q) : 0, y: 0)
      chevron.alpha = Self.fadeIn(q, after: first ? 0.7 : 0.4)
    }
    for v in upper.leftItems { v.alpha = Self.fadeIn(q, after: 0.6) }
    for v in upper.rightItems { v.alpha = Self.fadeIn(q, after: 0.4) }
  }

  /// Opacity 1 → 0 over q ∈ [0, `end`], easing out.
  static func fadeOut(_ q: Double, by end: Double) -> Double {
    1 - TimingFunction.easeOut.value(at: min(1, max(0, q / end)))
  }

  /// Opacity 0 → 1 over q ∈ [`start`, 1], easing in.
  static func fadeIn(_ q: Double, after start: Double) -> Double {
    TimingFunction.easeIn.value(at: min(1, max(0, (q - start) / (1 - start))))
  }

  /// The transform taking a view at `frame` (anchored at its centre) a fraction `q` of the way
  /// to having its left-centre point on `target`'s, scaled by `scale`.
  static func shrink(_ frame: Rect, onto target: Rect, scale: Double, _ q: Double) -> AffineTransform {
    let s = mix(1, scale, q)
    let x = mix(frame.minX, target.minX, q), y = mix(frame.midY, target.midY, q)
    // A point p maps to centre + s (p − centre) + t: choose t so the left-centre lands on (x, y).
    let tx = x - frame.midX - s * (frame.minX - frame.midX), ty = y - frame.midY
    return AffineTransform(a: s, b: 0, c: 0, d: s, tx: tx, ty: ty)
  }
}

extension NavigationController {
  /// Starts the bar's transition for a push or pop from `from` to `to`, when one is animated
  /// and the bar shows.
  func beginBarTransition(pushing: Bool, from: ViewController, to: ViewController) {
    guard isViewLoaded, !navigationBarHiddenState, let context = to.runningTransition, !context.isComplete else {
      return
    }
    endBarTransition()
    let (lowerVC, upperVC) = pushing ? (from, to) : (to, from)
    guard let lowerIndex = viewControllers.firstIndex(where: { $0 === lowerVC }) else { return }
    let width = navigationBar.bounds.width
    let lowerBack = lowerIndex > 0 ? viewControllers[lowerIndex - 1].navigationItem : nil
    let lower = NavigationBarContent(
      item: lowerVC.navigationItem, back: lowerBack, width: width, large: lowerVC.navigationItem.showsLargeTitle,
      tint: navigationBar.tintColor)
    let upper = NavigationBarContent(
      item: upperVC.navigationItem, back: lowerVC.navigationItem, width: width,
      large: upperVC.navigationItem.showsLargeTitle, tint: navigationBar.tintColor)
    navigationBar.content?.removeFromSuperview()
    let transition = NavigationBarTransition(
      bar: navigationBar, lower: lower, upper: upper,
      solidity: (scrolledSolidity(of: lowerVC), scrolledSolidity(of: upperVC)),
      statusBar: view.safeAreaInsets.top)
    navigationBar.transition = transition
    transition.run(in: context, pushing: pushing)
  }

  /// Ends the bar's transition, if one runs: the bar shows the top item at rest again.
  func endBarTransition() {
    navigationBar.transition?.end()
    navigationBar.transition = nil
    barsDidChange()
  }
}
