import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// iOS 18's zoom (`preferredTransition = .zoom(options:sourceViewProvider:)`,
/// docs/uikit-transitions.md#zoom), for a presentation or push (`zooming`) and its dismissal or
/// pop. The zoomed screen is a card whose frame moves between the source view's frame and the
/// screen's (each edge on its own: the aspect changes), its content filling the card (scaled
/// uniformly, centred, clipped), its corner radius going from the source view's to the
/// display's, the source's image over it fading out over the first `sourceFade` of the way; the
/// covered screen stays put under a dimming that reaches `dimming` of black; the source view is
/// hidden while the card flies.
///
/// The motion is one critically damped spring of `springFrequency` rad/s from rest, sampled
/// over `duration`; while the transition is interactive (a drag down on the zoomed screen,
/// `ZoomDragInteraction`) the card follows the finger linearly. A source view that is missing or
/// not in the window is reported and the card grows from the screen's centre.
@MainActor
public final class ZoomAnimator: ViewControllerAnimatedTransitioning {
  /// True for a presentation or push, false for a dismissal or pop.
  public let zooming: Bool
  /// Seconds over which the spring is sampled, the value `transitionDuration(using:)` returns;
  /// default 0.5.
  public let duration: Double
  /// The spring's natural frequency, rad/s (critically damped).
  public static let springFrequency = 19.0
  /// The dimming of the covered screen at full zoom (alpha of black).
  public static let dimming = 0.15
  /// The card's size, as a share of the screen's, when it has no source view to start from.
  public static let sourcelessShare = 0.25
  /// The share of the progress over which the source's image fades out of the card, linearly.
  public static let sourceFade = 0.55
  private let dimmingColor: Color?
  private let sourceView: (ViewController) -> View?

  /// `sourceView` is asked, when the transition starts, for the view to zoom from or into,
  /// given the view controller zoomed from (`.from` when zooming, `.to` when not).
  public init(
    zooming: Bool, duration: Double = 0.5, dimmingColor: Color? = nil,
    sourceView: @escaping (ViewController) -> View?
  ) {
    self.zooming = zooming
    self.duration = duration
    self.dimmingColor = dimmingColor
    self.sourceView = sourceView
  }

  /// The spring's progress `t` seconds after it starts from rest: 1 − (1 + ωt)·e^(−ωt).
  public static func progress(at t: Double) -> Double {
    let wt = springFrequency * max(t, 0)
    return 1 - (1 + wt) * exp(-wt)
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
    let zoomedKey: TransitionContextViewControllerKey = zooming ? .to : .from
    guard let zoomedVC = transitionContext.viewController(forKey: zoomedKey), let zoomed = zooming ? toView : fromView
    else {
      if let toView, let toVC = transitionContext.viewController(forKey: .to) {
        toView.frame = transitionContext.finalFrame(for: toVC)
        container.addSubview(toView)
      }
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      return
    }
    let covered = zooming ? fromView : toView
    if let toView {
      if zooming || fromView == nil {
        container.addSubview(toView)
      } else if let fromView {
        container.insertSubview(toView, belowSubview: fromView)
      }
    }
    if !zooming, let toView, let toVC = transitionContext.viewController(forKey: .to) {
      let frame = transitionContext.finalFrame(for: toVC)
      if frame != .zero { toView.frame = frame }
    }
    let screen = zoomedFrame(transitionContext, zoomedVC, container)
    let flight = ZoomFlight(
      zoomed: zoomed, covered: covered, container: container, screen: screen,
      source: resolvedSource(container, transitionContext.viewController(forKey: zooming ? .from : .to)),
      dimming: dimmingColor)
    flight.apply(zooming ? 0 : 1)
    let forward = zooming
    let samples = transitionContext.isInteractive ? nil : Self.progress(at:)
    let duration = self.duration
    ZoomFlight.animate(duration: duration, spring: samples, forward: forward, apply: flight.apply) { _ in
      let cancelled = transitionContext.transitionWasCancelled
      flight.land(in: container)
      transitionContext.completeTransition(!cancelled)
    }
  }

  /// The zoomed screen's frame at full zoom.
  private func zoomedFrame(_ context: ViewControllerContextTransitioning, _ vc: ViewController, _ container: View)
    -> Rect
  {
    let frame = zooming ? context.finalFrame(for: vc) : context.initialFrame(for: vc)
    return frame == .zero ? container.bounds : frame
  }

  /// The source view, when it is in the container's window; else reported, and nil.
  private func resolvedSource(_ container: View, _ sourceVC: ViewController?) -> View? {
    let source = sourceVC.flatMap(sourceView)
    if let source, source.window != nil, source.window === container.window { return source }
    AnimationEngine.current.report(
      source == nil
        ? "the zoom transition's sourceViewProvider returned nil: the screen zooms from the centre"
        : "the zoom transition's source view is not in the window: the screen zooms from the centre")
    return nil
  }
}

/// One zoom's views: the card that clips the zoomed screen, the dimming over the covered one,
/// the hidden source; `land` puts everything back.
@MainActor
final class ZoomFlight {
  let zoomed: View
  let card = View(frame: .zero)
  /// A frozen image of the source, stretched over the card as it fades.
  let sourceImage: View?
  let veil: View?
  let veilAlpha: Double
  let screen: Rect
  let sourceRect: Rect
  let sourceRadius: Double
  let screenRadius: Double
  let source: View?
  let sourceWasHidden: Bool
  let zoomedState: SavedViewState

  init(zoomed: View, covered: View?, container: View, screen: Rect, source: View?, dimming: Color?) {
    self.zoomed = zoomed
    self.screen = screen
    self.source = source
    zoomedState = SavedViewState(zoomed)
    sourceWasHidden = source?.isHidden ?? false
    if let source {
      sourceRect = container.convert(source.bounds, from: source)
      sourceRadius = source.layer.cornerRadius
    } else {
      let share = ZoomAnimator.sourcelessShare
      sourceRect = Rect(
        x: screen.midX - screen.width * share / 2, y: screen.midY - screen.height * share / 2,
        width: screen.width * share, height: screen.height * share)
      sourceRadius = 0
    }
    screenRadius = container.window?.displayCornerRadius ?? 0
    if let covered {
      let veil = View.makeVeil(on: covered, alpha: 0)
      if let dimming { veil.backgroundColor = dimming }
      self.veil = veil
      veilAlpha = dimming == nil ? ZoomAnimator.dimming : 1
    } else {
      veil = nil
      veilAlpha = 0
    }
    card.name = "zoom-card"
    card.clipsToBounds = true
    card.isUserInteractionEnabled = false
    // The card places and scales the zoomed screen itself; autoresizing would resize it too.
    card.autoresizesSubviews = false
    container.insertSubview(card, aboveSubview: zoomed)
    zoomed.frame = Rect(origin: .zero, size: screen.size)
    card.addSubview(zoomed)
    sourceImage = source?.snapshotView(afterScreenUpdates: false)
    if let sourceImage, let source {
      sourceImage.isUserInteractionEnabled = false
      // A cell draws on what is behind it: its image carries that background.
      sourceImage.backgroundColor = Self.background(behind: source)
      card.addSubview(sourceImage)
    }
    source?.isHidden = true
  }

  /// The colour `view` is seen on: its own background, else its nearest ancestor's.
  static func background(behind view: View) -> Color? {
    var candidate: View? = view
    while let current = candidate {
      if let color = current.backgroundColor, color.alpha > 0 { return color }
      candidate = current.superview
    }
    return nil
  }

  /// The look at zoom progress `u` (0: the card on the source view, 1: the full screen).
  func apply(_ u: Double) {
    let r = Rect(
      x: mix(sourceRect.minX, screen.minX, u), y: mix(sourceRect.minY, screen.minY, u),
      width: mix(sourceRect.width, screen.width, u), height: mix(sourceRect.height, screen.height, u))
    card.frame = r
    card.layer.cornerRadius = mix(sourceRadius, screenRadius, u)
    let fill = max(r.width / max(screen.width, 1), r.height / max(screen.height, 1))
    zoomed.transform = AffineTransform(scaleX: fill, y: fill)
    zoomed.center = Point(x: r.width / 2, y: r.height / 2)
    sourceImage?.frame = Rect(origin: .zero, size: r.size)
    sourceImage?.alpha = max(0, 1 - u / ZoomAnimator.sourceFade)
    veil?.alpha = veilAlpha * u
  }

  /// Ends the flight: the zoomed screen back in the container at the screen's frame, the card
  /// and the dimming gone, the source shown as it was.
  func land(in container: View) {
    zoomedState.restore(zoomed)
    zoomed.frame = screen
    container.insertSubview(zoomed, aboveSubview: card)
    card.removeFromSuperview()
    veil?.removeFromSuperview()
    source?.isHidden = sourceWasHidden
  }

  /// Animates `apply` over `duration`: along `spring` (progress at a time) sampled densely, or
  /// linearly when nil (an interactive run); forward from 0 to 1, else from 1 to 0.
  static func animate(
    duration: Double, spring: ((Double) -> Double)?, forward: Bool, apply: @escaping (Double) -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    let n = CurveSampling.defaultSteps
    View.animateKeyframes(
      withDuration: duration, options: .curve(.curveLinear),
      animations: {
        for k in 1...n {
          let f = Double(k) / Double(n)
          let p = k == n ? 1 : spring.map { $0(f * duration) } ?? f
          View.addKeyframe(withRelativeStartTime: Double(k - 1) / Double(n), relativeDuration: 1 / Double(n)) {
            apply(forward ? p : 1 - p)
          }
        }
      }, completion: completion)
  }
}
