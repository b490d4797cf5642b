import Animator
import Foundation

/// Fold, an accordion (VCTransitionsLibrary, docs/effects.md#fold).
///
/// * Each screen is cut into 2N vertical strips of width f = W/(2N) (`folds` = N, default 2):
///   fold i is a left strip [2i·f, (2i+1)·f] and a right strip [(2i+1)·f, 2(i+1)·f], made with
///   `resizableSnapshotView` (old screen as it looks now, new screen after its layout).
/// * The container gets a strong perspective, d = 200 (sublayerTransform), about its centre.
///   Left strips turn Ry(+θ) and right strips Ry(−θ) about their outer edges: every fold is a
///   V-shaped valley, peaks at fold boundaries.
/// * A screen's strips are one folded sheet: each hangs from its neighbour's edge in a chain of
///   transform layers, rooted at the screen edge the screen folds into (old) or out of (new),
///   so adjacent strips meet at every crease and no content is hidden or shown twice. (The
///   library turns its strips linearly while their hinges close linearly, so the two strips
///   of a fold overlap by up to 0.42 f and the later one hides text at the crease.)
/// * Hinges go where the library's go, linearly in the eased progress u (ease-in-ease-out,
///   default 1.0 s), which takes the fold angle that keeps the sheet joined: a strip spans
///   f·cosθ, so the old screen, folding into edge X (W forward, 0 reverse) from u = 0, has
///   θ = acos(1 − u), and the new one, unfolding from X′ (0 forward, W reverse), θ = acos(u).
///   Keyframes every 90°/64 of angle, linear between, follow those curves to 10⁻⁴ W.
/// * Shading, a black gradient (alpha 0 → 1) over each strip in unit space: left strips from
///   (0, 0.2) to (1, 0), right strips from (1, 0) to (0, 1); its view alpha goes 0 → 1 on old
///   strips and 1 → 0 on new strips.
/// * The real views are moved one screen width to the right (off-screen) while the sheets
///   stand in for them; black shows wherever neither sheet is.
/// * Completion: sheets removed, both real views back in place, the container's
///   sublayerTransform restored.
@MainActor
public final class FoldAnimator: ReversibleAnimator {
  /// How many folds (2 × folds strips per screen), at least 1; settable, as the library's
  /// `folds` property (its tab demo sets 3).
  public var folds: Int {
    get { foldCount }
    set { foldCount = max(newValue, 1) }
  }
  private var foldCount: Int

  /// Keyframes of each sheet's fold angle, evenly spaced in angle.
  static let angleKeyframes = 64

  /// `reverse`: the library's flag; `duration`: seconds, 1 by default; `folds`: 2 by
  /// default, below 1 taken as 1 (the catalog takes 1...20).
  public init(reverse: Bool = false, duration: Double = 1.0, folds: Int = 2) {
    foldCount = max(folds, 1)
    super.init(reverse: reverse, duration: duration)
  }

  public override func animate(
    using transitionContext: ViewControllerContextTransitioning, fromView: View, toView: View,
    toViewController: ViewController
  ) {
    let containerView = transitionContext.containerView
    toView.frame = transitionContext.finalFrame(for: toViewController)
    containerView.addSubview(toView)
    let containerSublayerTransform = containerView.layer.sublayerTransform
    containerView.layer.sublayerTransform = Transform3D.perspective(distance: 200)

    // Forward, the old screen folds into the right edge and the new one unfolds out of the left.
    let old = FoldedSheet(
      of: fromView, afterScreenUpdates: false, strips: 2 * folds, rootedAtLeft: reverse, frame: toView.frame,
      veilAlpha: 0)
    let new = FoldedSheet(
      of: toView, afterScreenUpdates: true, strips: 2 * folds, rootedAtLeft: !reverse, frame: toView.frame,
      veilAlpha: 1)
    new.fold(to: .pi / 2)

    // The real views wait off-screen while the sheets stand in for them.
    let width = toView.frame.width
    let fromCenter = fromView.center, toCenter = toView.center
    fromView.center = Point(x: fromCenter.x + width, y: fromCenter.y)
    toView.center = Point(x: toCenter.x + width, y: toCenter.y)
    containerView.addSubview(old.root)
    containerView.addSubview(new.root)

    View.animateKeyframes(
      withDuration: transitionDuration(using: transitionContext), delay: 0, options: .calculationModeLinear,
      animations: {
        View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
          old.setVeilAlpha(1)
          new.setVeilAlpha(0)
        }
        // Hinges linear in u: cos θ = 1 − u for the old sheet (θ = φ), u for the new one
        // (θ = 90° − φ).
        Self.addAngleKeyframes(progress: { 1 - cos($0) }, sheet: old, angle: { $0 })
        Self.addAngleKeyframes(progress: { sin($0) }, sheet: new, angle: { .pi / 2 - $0 })
      },
      completion: { _ in
        old.root.removeFromSuperview()
        new.root.removeFromSuperview()
        fromView.center = fromCenter
        toView.center = toCenter
        containerView.layer.sublayerTransform = containerSublayerTransform
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }

  /// Keyframes that fold `sheet` to `angle(φ)` at progress `progress(φ)`, for φ from 0 to 90°
  /// in `angleKeyframes` equal steps.
  private static func addAngleKeyframes(
    progress: (Double) -> Double, sheet: FoldedSheet, angle: (Double) -> Double
  ) {
    var start = 0.0
    for step in 1...angleKeyframes {
      let phi = Double(step) * .pi / 2 / Double(angleKeyframes)
      // The last key lands exactly on the end (cos(π/2) is not exactly 0 in floating point).
      let end = step == angleKeyframes ? 1 : progress(phi)
      View.addKeyframe(withRelativeStartTime: start, relativeDuration: end - start) {
        sheet.fold(to: angle(phi))
      }
      start = end
    }
  }
}

/// One screen cut into vertical strips that stay joined: strip k hangs from strip k − 1's
/// right edge (or k + 1's left edge, rooted at the right) inside a chain of transform layers,
/// so that the strips share 3D space and each one turns relative to its neighbour.
@MainActor
private final class FoldedSheet {
  /// The chain's first node: at the sheet's root edge, its hinge.
  let root: View
  /// Each strip's node (in strip order) and the direction it turns: +1 left strips, −1 right.
  private let nodes: [(node: View, turn: Double)]
  private let rootIndex: Int
  private let veils: [View]

  /// The sheet of `strips` strips of `source` (its `frame` in the container), rooted at the
  /// frame's left edge or its right edge; shading veils at `veilAlpha`.
  init(of source: View, afterScreenUpdates: Bool, strips: Int, rootedAtLeft: Bool, frame: Rect, veilAlpha: Double) {
    let width = frame.width / Double(strips), height = frame.height
    var nodes: [(node: View, turn: Double)] = []
    var veils: [View] = []
    // Laid out first: a table entering the screen rests below its bars.
    if afterScreenUpdates { source.layoutIfNeeded() }
    for k in 0..<strips {
      let node = View(frame: Rect(x: 0, y: 0, width: width, height: height), layer: TransformLayer())
      node.layer.anchorPoint = Point(x: rootedAtLeft ? 0 : 1, y: 0.5)
      // Of what the source shows: its bounds' origin is a scroll view's content offset.
      let shown = Rect(x: source.bounds.minX + Double(k) * width, y: source.bounds.minY, width: width, height: height)
      let strip = source.resizableSnapshotView(
        from: shown, afterScreenUpdates: afterScreenUpdates,
        withCapInsets: (0, 0, 0, 0))!
      strip.frame = node.bounds
      let veil = Self.veil(over: strip, left: k % 2 == 0)
      veil.alpha = veilAlpha
      node.addSubview(strip)
      nodes.append((node, k % 2 == 0 ? 1 : -1))
      veils.append(veil)
    }
    // Each node hangs at its parent's far edge (away from the root): the strips' shared side.
    let order = rootedAtLeft ? Array(0..<strips) : Array((0..<strips).reversed())
    for (parent, child) in zip(order, order.dropFirst()) {
      nodes[parent].node.addSubview(nodes[child].node)
      nodes[child].node.layer.position = Point(x: rootedAtLeft ? width : 0, y: height / 2)
    }
    rootIndex = order[0]
    root = nodes[rootIndex].node
    root.layer.position = Point(x: rootedAtLeft ? frame.minX : frame.maxX, y: frame.midY)
    self.nodes = nodes
    self.veils = veils
  }

  /// Folds every strip to θ (radians) from the screen's plane: the root by θ, every other
  /// strip by 2θ relative to the one it hangs from, which turns the other way.
  func fold(to theta: Double) {
    for (k, n) in nodes.enumerated() {
      let angle = n.turn * (k == rootIndex ? theta : 2 * theta)
      n.node.layer.transform = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
    }
  }

  func setVeilAlpha(_ alpha: Double) {
    for veil in veils { veil.alpha = alpha }
  }

  /// The shading of a strip: black alpha 0 → 1 in its unit square, towards its crease.
  private static func veil(over strip: View, left: Bool) -> View {
    let gradient = GradientLayer()
    gradient.colors = [Color.black.withAlphaComponent(0), Color.black.withAlphaComponent(1)]
    gradient.startPoint = left ? Point(x: 0, y: 0.2) : Point(x: 1, y: 0)
    gradient.endPoint = left ? Point(x: 1, y: 0) : Point(x: 0, y: 1)
    let veil = View(frame: strip.bounds, layer: gradient)
    strip.addSubview(veil)
    return veil
  }
}
