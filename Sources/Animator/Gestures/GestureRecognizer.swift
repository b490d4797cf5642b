import Foundation
/// A gesture recognizer (UIGestureRecognizer) fed by a scripted touch timeline on the virtual
/// clock. Actions run on every state change, as UIKit's target-action does.
///
/// Ownership is UIKit's: the view owns its recognizers (`addGestureRecognizer`), a recognizer
/// holds its view weakly, and targets are not retained (`init(target:action:)`,
/// `addTarget(_:action:)`): a view controller that installs a recognizer on its own view with
/// itself as the target closes no cycle. An action closure (`init(action:)`, `addTarget(_:)`)
/// is retained, so it should capture its owner weakly.
@MainActor
open class GestureRecognizer {
  /// UIGestureRecognizer.State. Here a recognizer follows its touches one to one: a sample that
  /// begins, moves, ends or cancels sends `.began`, `.changed`, `.ended` or `.cancelled`.
  public enum State: Sendable {
    /// Before any gesture has reached the recognizer.
    case possible
    /// The first touch arrived.
    case began
    /// A touch moved.
    case changed
    /// The fingers lifted.
    case ended
    /// The script cancelled the gesture.
    case cancelled
    /// Never sent here: a recognizer whose gesture it would refuse does not take it at all.
    case failed
  }
  /// The state of the last change, `.possible` until a gesture reaches this recognizer.
  public internal(set) var state: State = .possible
  /// The view it is attached to (held weakly; the view owns it); nil when not attached.
  public internal(set) weak var view: View?
  /// UIGestureRecognizer.isEnabled: a disabled recognizer receives no touches (default true).
  public var isEnabled = true
  private var actions: [(GestureRecognizer) -> Void] = []
  /// Touches seen so far in this gesture: (time, window locations).
  var history: [(time: Double, locations: [Point])] = []

  /// A recognizer whose `action`, when given, runs on every state change (the closure is
  /// retained: capture the owner weakly). Enabled, not yet attached.
  public init(action: ((GestureRecognizer) -> Void)? = nil) {
    if let action { actions.append(action) }
  }

  /// UIGestureRecognizer(target:action:): `action` is a method of the target's type
  /// (`DetailViewController.handlePan`), run on every state change while the target lives. The
  /// target is not retained.
  public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
    target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// Adds an action run on every state change (the closure is retained).
  public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) { actions.append(action) }

  /// UIGestureRecognizer.addTarget(_:action:): runs `action` on `target` on every state change,
  /// without retaining the target; once the target is gone the action does nothing. The
  /// method may take a recognizer subclass (`handlePan(_: PanGestureRecognizer)`); it is called
  /// only when this recognizer is one.
  public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
    _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    actions.append { [weak target] recognizer in
      guard let target, let recognizer = recognizer as? Recognizer else { return }
      action(target)(recognizer)
    }
  }

  /// The first finger's location (the centroid for several) in `view`'s coordinates (window
  /// coordinates when nil).
  public func location(in view: View?) -> Point {
    guard let last = history.last else { return .zero }
    let n = Double(last.locations.count)
    let c = Point(
      x: last.locations.map(\.x).reduce(CGFloat(0), +) / n, y: last.locations.map(\.y).reduce(CGFloat(0), +) / n)
    return view?.convert(fromWindow: c) ?? c
  }

  /// Fingers down in the last sample, 0 before any.
  public var numberOfTouches: Int { history.last?.locations.count ?? 0 }

  /// Whether a gesture starting at `location` (window coordinates) is this recognizer's to take.
  func shouldBegin(at location: [Point]) -> Bool { true }

  func send(_ newState: State) {
    state = newState
    for action in actions { action(self) }
  }

  /// Feeds one sample; recognizers turn samples into states.
  func handle(_ sample: TouchSample) {
    history.append((sample.time, sample.locations))
    switch sample.phase {
    case .began: send(.began)
    case .moved: send(.changed)
    case .ended: send(.ended)
    case .cancelled: send(.cancelled)
    }
  }

  func reset() {
    history = []
    state = .possible
  }

  /// Velocity of the centroid in window points per second, over the last 1/10 s of samples.
  func centroidVelocity() -> Point {
    guard let last = history.last else { return .zero }
    let recent = history[firstRecent(within: 0.1)...]
    guard let first = recent.first(where: { $0.locations.count == last.locations.count }), last.time > first.time
    else { return .zero }
    let a = centroid(first.locations), b = centroid(last.locations)
    let dt = last.time - first.time
    return Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
  }

  /// The index of the first sample at most `seconds` before the last (`history.count` when
  /// there is none); samples arrive in time order.
  func firstRecent(within seconds: Double) -> Int {
    guard let last = history.last else { return history.count }
    return history.partitionPoint(from: 0) { $0.time >= last.time - seconds }
  }

  func centroid(_ points: [Point]) -> Point {
    let n = Double(points.count)
    return Point(x: points.map(\.x).reduce(CGFloat(0), +) / n, y: points.map(\.y).reduce(CGFloat(0), +) / n)
  }
}

/// UIPanGestureRecognizer: translation and velocity of the finger(s) since the gesture began.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
  private var translationOrigin: Point?

  /// The finger's movement since it began (or since the last `setTranslation`), in `view`'s
  /// coordinates (window points when nil): a scaled or rotated view sees the movement scaled
  /// and rotated with it.
  public func translation(in view: View?) -> Point {
    guard let first = history.first, let last = history.last else { return .zero }
    let origin = translationOrigin ?? centroid(first.locations)
    let now = centroid(last.locations)
    return Self.vector(Point(x: now.x - origin.x, y: now.y - origin.y), into: view)
  }

  /// A window-space displacement expressed in `view`'s coordinates (the linear part of the
  /// inverse of the view's map to the window).
  static func vector(_ v: Point, into view: View?) -> Point {
    guard let view else { return v }
    let m = view.toWindow()
    let det = m.a * m.d - m.b * m.c
    guard det != 0 else { return v }
    return Point(x: (m.d * v.x - m.c * v.y) / det, y: (-m.b * v.x + m.a * v.y) / det)
  }

  /// Makes the translation read `translation` now, later movement added to it. `translation` is
  /// taken in window points whatever `view` is (UIKit's is in `view`'s; alike for .zero).
  public func setTranslation(_ translation: Point, in view: View?) {
    guard let last = history.last else { return }
    let now = centroid(last.locations)
    translationOrigin = Point(x: now.x - translation.x, y: now.y - translation.y)
  }

  /// Points per second, measured over the last 1/10 s.
  public func velocity(in view: View?) -> Point { Self.vector(centroidVelocity(), into: view) }

  override func reset() {
    super.reset()
    translationOrigin = nil
  }
}

/// Which screen edges an edge pan starts from.
public struct RectEdge: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The top edge (raw value 1).
  public static let top = RectEdge(rawValue: 1)
  /// The left edge (raw value 2); the back swipe's.
  public static let left = RectEdge(rawValue: 2)
  /// The bottom edge (raw value 4).
  public static let bottom = RectEdge(rawValue: 4)
  /// The right edge (raw value 8).
  public static let right = RectEdge(rawValue: 8)
  /// The four edges.
  public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// UIScreenEdgePanGestureRecognizer: a pan that only begins within 20 pt of one of `edges`.
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// The edges a pan may start from, within `edgeWidth` points of the screen's; empty (the
  /// default) never begins.
  public var edges: RectEdge = []
  /// How close to the edge the first touch must be, in points.
  public static let edgeWidth = 20.0

  override func shouldBegin(at locations: [Point]) -> Bool {
    guard let p = locations.first else { return false }
    let b = Screen.main.bounds
    return (edges.contains(.left) && p.x <= b.minX + Self.edgeWidth)
      || (edges.contains(.right) && p.x >= b.maxX - Self.edgeWidth)
      || (edges.contains(.top) && p.y <= b.minY + Self.edgeWidth)
      || (edges.contains(.bottom) && p.y >= b.maxY - Self.edgeWidth)
  }
}

/// UIPinchGestureRecognizer: scale is the distance between two fingers relative to the start.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
  /// 1 when the gesture begins.
  public var scale: Double {
    guard let first = history.first, let last = history.last else { return 1 }
    let d0 = spread(first.locations)
    return d0 > 0 ? spread(last.locations) / d0 : 1
  }

  /// Scale change per second over the last 1/10 s.
  public var velocity: Double {
    guard let first = history.first, let last = history.last else { return 0 }
    let a = history[firstRecent(within: 0.1)]
    guard last.time > a.time else { return 0 }
    let d0 = spread(first.locations)
    guard d0 > 0 else { return 0 }
    return (spread(last.locations) - spread(a.locations)) / d0 / (last.time - a.time)
  }

  override func shouldBegin(at locations: [Point]) -> Bool { locations.count >= 2 }

  private func spread(_ p: [Point]) -> Double {
    guard p.count >= 2 else { return 0 }
    let dx = p[1].x - p[0].x, dy = p[1].y - p[0].y
    return (dx * dx + dy * dy).squareRoot()
  }
}
