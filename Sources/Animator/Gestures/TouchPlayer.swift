import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform
extension View {
  /// Attaches a recognizer (UIView.addGestureRecognizer); scripted touches that begin inside
  /// this view reach it.
  public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    recognizer.view?.gestureRecognizers.removeAll { $0 === recognizer }
    recognizer.view = self
    gestureRecognizers.append(recognizer)
  }

  /// Detaches `recognizer` (its `view` becomes nil); one not attached here is left alone.
  public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    gestureRecognizers.removeAll { $0 === recognizer }
    if recognizer.view === self { recognizer.view = nil }
  }

  /// The affine map from this view's bounds coordinates to window coordinates (model values;
  /// 3D parts of transforms and sublayer transforms are ignored). Each step lands in the
  /// superview's bounds coordinates, whose origin the next step's anchor already includes
  /// (docs/core-animation.md#layer-to-superlayer-matrix).
  func toWindow() -> AffineTransform {
    var m = AffineTransform.identity
    var v: View? = self
    while let view = v, !(view is Window) {
      let l = view.layer
      let ax = l.bounds.origin.x + l.anchorPoint.x * l.bounds.width
      let ay = l.bounds.origin.y + l.anchorPoint.y * l.bounds.height
      m = m.concatenating(AffineTransform(translationX: -ax, y: -ay))
        .concatenating(l.transform.affine)
        .concatenating(AffineTransform(translationX: l.position.x, y: l.position.y))
      v = view.superview
    }
    return m
  }

  /// Converts a window point into this view's coordinates.
  public func convert(fromWindow p: Point) -> Point {
    let m = toWindow()
    let det = m.a * m.d - m.b * m.c
    guard det != 0 else { return p }
    let x = p.x - m.tx, y = p.y - m.ty
    return Point(x: (m.d * x - m.c * y) / det, y: (-m.b * x + m.a * y) / det)
  }

  /// Converts a point in this view's coordinates into window coordinates.
  public func convertToWindow(_ p: Point) -> Point { toWindow().apply(p) }

  /// Whether a window point falls inside this view's bounds.
  func containsWindowPoint(_ p: Point) -> Bool {
    let local = convert(fromWindow: p)
    let b = bounds
    return local.x >= b.minX && local.x <= b.maxX && local.y >= b.minY && local.y <= b.maxY
  }
}

/// Plays a touch script into a window on the virtual clock: each sample is delivered at its
/// time to the recognizers of the views under the first touch (deepest view first, as UIKit
/// hit-testing finds them). The current finger positions are available for the snapshot.
@MainActor
public final class TouchPlayer {
  /// The gesture played, validated when it was made.
  public let script: TouchScript
  private weak var window: Window?
  private var receivers: [GestureRecognizer] = []

  /// A player of `script` into `window`, held weakly; nothing is delivered before `start()`.
  public init(script: TouchScript, window: Window) {
    self.script = script
    self.window = window
  }

  /// Schedules the first sample on the current engine; each sample schedules the next as it
  /// is delivered, so the engine holds one of the player's timers at a time, whatever the
  /// gesture's length (its search for the next event is linear in the timers it holds).
  public func start() { schedule(0, on: AnimationEngine.current) }

  /// Sample `index` on `engine`'s clock at its time. The next one is scheduled before this one
  /// is delivered, so a later sample at the same time still comes before anything the delivery
  /// schedules, as when every sample was scheduled up front.
  private func schedule(_ index: Int, on engine: AnimationEngine) {
    guard index < script.samples.count else { return }
    let sample = script.samples[index]
    engine.schedule(at: sample.time) {
      self.schedule(index + 1, on: engine)
      self.deliver(sample)
    }
  }

  /// Finger positions at the engine's current time (empty when no finger is down).
  public var currentTouches: [Point] {
    script.locations(at: AnimationEngine.current.now) ?? []
  }

  private func deliver(_ sample: TouchSample) {
    if sample.phase == .began {
      receivers = []
      if let window, let p = sample.locations.first {
        for view in Self.hitPath(window, p) {
          for r in view.gestureRecognizers where r.isEnabled && r.shouldBegin(at: sample.locations) {
            r.reset()
            receivers.append(r)
          }
        }
      }
    }
    for r in receivers { r.handle(sample) }
  }

  /// Views under `p`, deepest first. As UIKit's hit-testing: hidden views, views with user
  /// interaction disabled and views with alpha below 0.01 are skipped with their subviews,
  /// and the search goes on to the sibling beneath.
  private static func hitPath(_ root: View, _ p: Point) -> [View] {
    var path: [View] = []
    func takes(_ v: View) -> Bool {
      !v.isHidden && v.isUserInteractionEnabled && v.alpha >= 0.01 && v.containsWindowPoint(p)
    }
    func visit(_ v: View) {
      guard takes(v) else { return }
      path.append(v)
      if let s = v.subviews.last(where: takes) { visit(s) }
    }
    visit(root)
    return path.reversed()
  }
}
