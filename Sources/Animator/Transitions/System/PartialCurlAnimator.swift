import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// UIModalTransitionStyle.partialCurl (docs/effects.md#partial-curl) — **an approximation**: the
/// system's curl geometry is private, so this is a designed look, not a measured one.
///
/// Model: the presenter's page is folded flat along a straight line that sweeps up from its
/// lower-right corner. Everything of the page beyond the fold is lifted away, revealing the
/// presented screen underneath; the lifted part is shown as the page's *back* — a light sheet,
/// mirrored across the fold and foreshortened to `backFraction` of its depth (the page rolls
/// away from the viewer rather than lying flat), with a soft drop shadow onto the page.
///
/// Fold line at eased progress u (UIKit ease-in-ease-out, **0.6 s**, approximate): it is the set
/// of points X with (X − C)·n = d, where C = (W, H) is the lower-right corner,
/// n = (−sin α, −cos α) points from the corner into the page, α = 45° → 12° (a diagonal corner
/// lift that straightens into a nearly horizontal curl, higher on the right) and d = u·d₁ with
/// d₁ chosen so that the final fold crosses x = W/2 at y = `finalFoldY`·H (0.42 H). The page
/// **stays curled** when the presentation ends, as on iOS: the two curl views ("curl-front",
/// the kept part of the page, and "curl-back", the lifted part) remain in the container above
/// the presented screen. Dismissal replaces them with fresh ones made from the presenter and
/// unfurls the page back down (u: 1 → 0); a cancelled dismissal leaves the curl as it found it.
///
/// Needs the presenter's view (full-screen presentation, as on iOS); without it the presented
/// screen simply appears.
@MainActor
public final class PartialCurlAnimator: ViewControllerAnimatedTransitioning {
  /// True curls the presenter's page up to present, false unfurls it to dismiss.
  public let presenting: Bool
  /// Seconds, the value `transitionDuration(using:)` returns; default 0.6, eased in and out.
  public let duration: Double

  /// The fold line's angle from horizontal when the curl starts, radians (45°).
  public static let startAngle = 45.0 * Double.pi / 180
  /// The fold line's angle from horizontal when the curl ends, radians (12°).
  public static let endAngle = 12.0 * Double.pi / 180
  /// Where the final fold crosses the vertical centre line, as a fraction of the height.
  public static let finalFoldY = 0.42
  /// How much of its depth the lifted part of the page shows (foreshortening of the roll).
  public static let backFraction = 0.4
  /// The name of the view showing the kept part of the page; it stays in the container while
  /// the page is curled.
  public static let frontName = "curl-front"
  /// The name of the view showing the lifted page's back; it stays in the container while the
  /// page is curled.
  public static let backName = "curl-back"

  /// `presenting` true curls up, false unfurls; `duration` in seconds (default 0.6).
  public init(presenting: Bool, duration: Double = 0.6) {
    self.presenting = presenting
    self.duration = duration
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

  /// The fold line at progress `u` for a `size` page: the point of the line nearest the corner
  /// and the line's angle α (0 = horizontal; the line direction is (cos α, −sin α)).
  public static func fold(at u: Double, size: Size) -> (origin: Point, alpha: Double) {
    let (w, h) = (size.width, size.height)
    let alpha = mix(startAngle, endAngle, u)
    let finalDistance = (w / 2) * sin(endAngle) + (1 - finalFoldY) * h * cos(endAngle)
    let d = finalDistance * u
    return (Point(x: w - d * sin(alpha), y: h - d * cos(alpha)), alpha)
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
    let presenting = self.presenting
    if let toView, let toVC = transitionContext.viewController(forKey: .to) {
      toView.frame = transitionContext.finalFrame(for: toVC)
      if presenting {
        container.addSubview(toView)
      } else {
        container.insertSubview(toView, at: 0)
      }
    }
    // The page that curls is the presenter's view: the from-view when presenting, the to-view
    // when dismissing.
    guard let page = presenting ? fromView : toView else {
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      return
    }
    // Curl views left by the presentation are replaced by fresh ones in the same place.
    let leftovers = container.subviews.filter { $0.name == Self.frontName || $0.name == Self.backName }
    for v in leftovers { v.removeFromSuperview() }
    let savedPage = SavedViewState(page)
    let curl = Curl(page: page, in: container, afterScreenUpdates: !presenting)
    page.isHidden = true
    let (start, end): (Double, Double) = presenting ? (0, 1) : (1, 0)
    curl.set(start)
    CurveSampling.animate(duration: duration, curve: .easeInEaseOut, apply: { curl.set(mix(start, end, $0)) }) { _ in
      savedPage.restore(page)
      let cancelled = transitionContext.transitionWasCancelled
      // The page stays curled after a completed presentation, and after a cancelled dismissal
      // of a page that was curled (a presentation made without this effect had no curl).
      let curled = presenting ? !cancelled : (cancelled && !leftovers.isEmpty)
      if curled { curl.set(1) } else { curl.remove() }
      transitionContext.completeTransition(!cancelled)
    }
  }

  /// The two views that draw a folded page.
  @MainActor
  final class Curl {
    let front: View, back: View
    let frontPage: View, backPage: View
    let size: Size
    /// Half-extent of the clip views: far larger than the page in every direction.
    let reach: Double

    init(page: View, in container: View, afterScreenUpdates: Bool) {
      size = page.bounds.size
      reach = 2 * (size.width + size.height)
      // Each clip view keeps one side of the fold line (the side away from the corner).
      front = View(frame: Rect(x: 0, y: 0, width: 2 * reach, height: reach))
      back = View(frame: Rect(x: 0, y: 0, width: 2 * reach, height: reach))
      for (clip, name) in [(front, PartialCurlAnimator.frontName), (back, PartialCurlAnimator.backName)] {
        clip.name = name
        clip.clipsToBounds = true
        clip.isUserInteractionEnabled = false
        clip.layer.anchorPoint = Point(x: 0.5, y: 1)
        container.addSubview(clip)
      }
      frontPage = page.snapshotView(afterScreenUpdates: afterScreenUpdates)!
      frontPage.bounds = Rect(origin: .zero, size: size)
      front.addSubview(frontPage)
      backPage = View(frame: Rect(origin: .zero, size: size))
      backPage.name = "page-back"
      backPage.backgroundColor = Color(white: 0.94)
      backPage.layer.shadowColor = .black
      backPage.layer.shadowOffset = .zero
      backPage.layer.shadowRadius = 6
      backPage.layer.shadowOpacity = 0.35
      back.addSubview(backPage)
    }

    /// Lays the curl out at progress `u` (0 = flat page, 1 = fully curled).
    func set(_ u: Double) {
      let (origin, alpha) = PartialCurlAnimator.fold(at: u, size: size)
      // Fold frame F: origin on the fold, x along the fold line, y toward the corner. It is the
      // screen frame turned by −α; clip-local coordinates are F shifted by (reach, reach).
      let toF = AffineTransform(rotationAngle: alpha)
      let frame = AffineTransform(rotationAngle: -alpha)
      for clip in [front, back] {
        clip.center = origin
        clip.transform = frame
      }
      let c = toF.apply(Point(x: size.width / 2 - origin.x, y: size.height / 2 - origin.y))
      // The kept part: the page, un-turned so that it appears where it was.
      frontPage.center = Point(x: c.x + reach, y: c.y + reach)
      frontPage.transform = toF
      // The lifted part: mirrored across the fold (y → −y) and foreshortened.
      let k = PartialCurlAnimator.backFraction
      backPage.center = Point(x: c.x + reach, y: -k * c.y + reach)
      backPage.transform = toF.concatenating(AffineTransform(scaleX: 1, y: -k))
    }

    func remove() {
      front.removeFromSuperview()
      back.removeFromSuperview()
    }
  }
}
