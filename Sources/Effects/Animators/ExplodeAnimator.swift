import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
import Animator

/// Explode (VCTransitionsLibrary, docs/effects.md#explode). Direction-free: the reverse flag is
/// ignored.
///
/// * The new view is added at its final frame and sent to the back.
/// * A frozen image of the old view is cut into square tiles of side s = W / `columns`
///   (default 10): `columns` columns and ⌈H/s⌉ rows, made column by column (top to bottom
///   within a column, columns left to right) with `resizableSnapshotView`, each placed exactly
///   where it was; later tiles are on top. The old view is then sent to the very back, so the
///   stack is old < new < tiles. (Tiles of the last row may reach past the old view's bottom;
///   that part is empty.)
/// * One `View.animate` (ease-in-ease-out, default 1.0 s): every tile's centre moves by
///   (dx, dy), each uniform in [−`offset`, +`offset`] (default 100 pt); its transform becomes an
///   in-plane rotation r, uniform in [−`spin`, +`spin`] radians (default 10), combined with a
///   uniform scale of 0.01 (not 0, which cannot be interpolated); its alpha goes to 0. Core
///   Animation's interpolation turns r into the spin r wrapped into (−π, π].
/// * The random numbers come from a SplitMix64 generator seeded with `seed`, drawn in tile
///   order, three per tile (dx, dy, r): the same seed always gives the same explosion.
/// * Completion: tiles removed; on cancel the old view is put back at its starting index (the
///   library leaves it under the new view, which would show the wrong screen).
@MainActor
public final class ExplodeAnimator: ViewControllerAnimatedTransitioning {
  /// Seconds the tiles take to fly apart and fade.
  public let duration: Double
  /// Square tiles across the old screen, at least 1 (the catalog takes 1...40; default 10).
  public let columns: Int
  /// Largest drift of a tile's centre in x and in y, points, ≥ 0 (catalog: 0...1000; 100).
  public let offset: Double
  /// Largest rotation of a tile either way, radians, ≥ 0, shown wrapped into (−π, π]
  /// (catalog: 0...20; 10).
  public let spin: Double
  /// Seeds the generator: the same seed always gives the same explosion (catalog: 0...2³²−1; 1).
  public let seed: UInt64

  /// Defaults are the catalog's. A `columns` below 1 is taken as 1; `offset` and `spin` must
  /// be ≥ 0 (a negative one traps when the tiles are scattered). `duration` in seconds.
  public init(duration: Double = 1.0, columns: Int = 10, offset: Double = 100, spin: Double = 10, seed: UInt64 = 1) {
    self.duration = duration
    self.columns = max(columns, 1)
    self.offset = offset
    self.spin = spin
    self.seed = seed
  }

  public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    duration
  }

  public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    guard let toViewController = transitionContext.viewController(forKey: .to),
      let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else {
      showWithoutAnimation(transitionContext)
      return
    }
    let fromIndex = containerView.subviews.firstIndex { $0 === fromView } ?? 0
    toView.frame = transitionContext.finalFrame(for: toViewController)
    containerView.addSubview(toView)
    containerView.sendSubviewToBack(toView)

    let size = fromView.frame.size
    let side = size.width / Double(columns)
    let rows = Int((size.height / side).rounded(.up))
    var tiles: [View] = []
    for column in 0..<columns {
      for row in 0..<rows {
        let region = Rect(x: Double(column) * side, y: Double(row) * side, width: side, height: side)
        // In the view's bounds, whose origin is a scroll view's content offset.
        let shown = region.offsetBy(dx: fromView.bounds.minX, dy: fromView.bounds.minY)
        let tile = fromView.resizableSnapshotView(from: shown, afterScreenUpdates: false, withCapInsets: (0, 0, 0, 0))!
        tile.frame = region.offsetBy(dx: fromView.frame.minX, dy: fromView.frame.minY)
        containerView.addSubview(tile)
        tiles.append(tile)
      }
    }
    containerView.sendSubviewToBack(fromView)

    var generator = SplitMix64(seed: seed)
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        for tile in tiles {
          let dx = generator.uniform(in: -self.offset...self.offset)
          let dy = generator.uniform(in: -self.offset...self.offset)
          let angle = generator.uniform(in: -self.spin...self.spin)
          tile.center = Point(x: tile.center.x + dx, y: tile.center.y + dy)
          tile.transform = AffineTransform(rotationAngle: angle).scaledBy(x: 0.01, y: 0.01)
          tile.alpha = 0
        }
      },
      completion: { _ in
        for tile in tiles { tile.removeFromSuperview() }
        if transitionContext.transitionWasCancelled {
          containerView.insertSubview(fromView, at: fromIndex)
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, well-mixed, seedable generator, so effects
/// that scatter things are reproducible frame for frame.
struct SplitMix64 {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `range` (53 random bits).
  mutating func uniform(in range: ClosedRange<Double>) -> Double {
    let unit = Double(next() >> 11) / Double(1 << 53)
    return range.lowerBound + (range.upperBound - range.lowerBound) * unit
  }
}
