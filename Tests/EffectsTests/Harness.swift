import Animator
import AnimatorTestSupport
import Effects
import Foundation
import Testing

// Test harness: builds the window for one operation of one catalog effect (as an app's
// delegate would vend it), drives it on the virtual clock, and reads geometry back from
// presentation snapshots. Expected values in the tests come from docs/effects.md's formulas
// and numbers; the helpers here only model Core Animation's documented geometry (anchor, position,
// transform, sublayerTransform, flattening) and the cubic-Bézier curves, independently of the
// effects' code.

typealias Affine = Animator.AffineTransform

let W = 320.0
let H = 568.0

/// A screen with a coloured background and two boxes, so snapshots have content.
@MainActor
final class ScreenController: ViewController {
  let color: Color
  init(title: String, color: Color) {
    self.color = color
    super.init()
    self.title = title
  }
  override func loadView() {
    let v = View(frame: Animator.Screen.main.bounds)
    v.name = title ?? "screen"
    v.backgroundColor = color
    let bar = View(frame: Rect(x: 0, y: 0, width: v.bounds.width, height: 64))
    bar.name = "\(title ?? "")-bar"
    bar.backgroundColor = Color(white: 0.95)
    v.addSubview(bar)
    let box = View(frame: Rect(x: 20, y: 100, width: 120, height: 80))
    box.name = "\(title ?? "")-box"
    box.backgroundColor = Color(hex: 0x007AFF)
    v.addSubview(box)
    view = v
  }
}

/// Wraps an effect's animator to count `animationEnded` calls.
@MainActor
final class Recorder: ViewControllerAnimatedTransitioning {
  let inner: ViewControllerAnimatedTransitioning
  unowned let host: Host
  init(_ inner: ViewControllerAnimatedTransitioning, host: Host) {
    self.inner = inner
    self.host = host
  }
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    inner.transitionDuration(using: transitionContext)
  }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    host.contexts.append(transitionContext)
    inner.animateTransition(using: transitionContext)
  }
  func animationEnded(_ transitionCompleted: Bool) {
    host.ended.append(transitionCompleted)
    inner.animationEnded(transitionCompleted)
  }
}

/// Vends the effect's animators to navigation, modal and tab transitions, with an optional
/// percent-driven interaction controller.
@MainActor
final class Host: NavigationControllerDelegate, ViewControllerTransitioningDelegate, TabBarControllerDelegate {
  let effect: Effect
  let parameters: EffectParameters
  var interaction: PercentDrivenInteractiveTransition?
  var ended: [Bool] = []
  var contexts: [ViewControllerContextTransitioning] = []

  init(effect: Effect, parameters: EffectParameters) {
    self.effect = effect
    self.parameters = parameters
  }

  func make(_ operation: TransitionOperation, _ forward: Bool) -> ViewControllerAnimatedTransitioning {
    Recorder(effect.makeAnimator(operation, forward, parameters), host: self)
  }

  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  {
    make(.present, true)
  }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    make(.dismiss, false)
  }
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { interaction }
  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { interaction }
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    operation == .push ? make(.push, true) : make(.pop, false)
  }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { interaction }
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    let from = tabBarController.viewControllers?.firstIndex { $0 === fromVC } ?? 0
    let to = tabBarController.viewControllers?.firstIndex { $0 === toVC } ?? 0
    return make(.tab, to > from)
  }
  func tabBarController(
    _ tabBarController: TabBarController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { interaction }
}

/// The operations the tests drive: the five catalog operations, with the tab switch in both
/// directions (0 → 1 and 1 → 0).
enum Move: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case push, pop, present, dismiss, tabUp, tabDown
  var operation: TransitionOperation {
    switch self {
    case .push: return .push
    case .pop: return .pop
    case .present: return .present
    case .dismiss: return .dismiss
    case .tabUp, .tabDown: return .tab
    }
  }
  var testDescription: String { rawValue }
}

/// One window set up for one move: `start()` runs it (animated or not).
@MainActor
struct Scene {
  let window: Window
  let host: Host
  /// The first screen of the app ("from" of a forward move).
  let first: ScreenController
  /// The screen a forward move leads to.
  let second: ScreenController
  let nav: NavigationController?
  let tabs: TabBarController?
  let move: Move
  let duration: Double

  /// The view controller being left and the one being shown by `move`.
  var leaving: ScreenController { [.push, .present, .tabUp].contains(move) ? first : second }
  var arriving: ScreenController { [.push, .present, .tabUp].contains(move) ? second : first }

  func start(animated: Bool = true) {
    switch move {
    case .push: nav!.pushViewController(second, animated: animated)
    case .pop: nav!.popViewController(animated: animated)
    case .present: first.present(second, animated: animated)
    case .dismiss: second.dismiss(animated: animated)
    case .tabUp: selectTab(1, animated: animated)
    case .tabDown: selectTab(0, animated: animated)
    }
  }

  /// UIKit's tab switch in code animates whenever the delegate vends an animator: without
  /// animation means without the delegate.
  private func selectTab(_ index: Int, animated: Bool) {
    let delegate = tabs!.delegate
    if !animated { tabs!.delegate = nil }
    tabs!.selectedIndex = index
    tabs!.delegate = delegate
  }

  /// The view the transition runs in (navigation/tab transition view, or the modal container).
  var container: View { nav?.transitionView ?? tabs?.transitionView ?? window.subviews.last! }

  /// Advances the virtual clock to `fraction` of the effect's duration from the start.
  func at(_ fraction: Double) {
    AnimationEngine.current.advance(to: fraction * duration)
  }

  /// Advances well past the end.
  func finish() { AnimationEngine.current.advance(to: duration + 0.5) }

  var text: String { window.layer.presentationSnapshot().description }
}

/// Builds a fresh engine and window for `move` of the effect `name`; the state before the move
/// (a pushed, presented or switched-to screen for the backward moves) is set up without
/// animation. The clock is at 0.
@MainActor
func makeScene(_ name: String, _ move: Move, _ given: [String: String] = [:]) -> Scene {
  AnimationEngine.reset()
  Animator.Screen.main.bounds = Rect(x: 0, y: 0, width: W, height: H)
  let effect = EffectCatalog.effect(named: name)!
  let parameters = try! EffectParameters(given, declared: effect.parameters, effect: name)
  let host = Host(effect: effect, parameters: parameters)
  let window = Window()
  let first = ScreenController(title: "from", color: Color(hex: 0xFFFFFF))
  let second = ScreenController(title: "to", color: Color(hex: 0xFFCC00))
  var nav: NavigationController?
  var tabs: TabBarController?
  switch move {
  case .push, .pop:
    let n = NavigationController(rootViewController: first)
    n.delegate = host
    window.rootViewController = n
    if move == .pop { n.pushViewController(second, animated: false) }
    nav = n
  case .present, .dismiss:
    window.rootViewController = first
    second.transitioningDelegate = host
    // As the catalog's app: full screen, unless the effect is a style of UIKit's own.
    second.modalPresentationStyle = .fullScreen
    effect.system?.configure(second, first, parameters)
    if move == .dismiss { first.present(second, animated: false) }
  case .tabUp, .tabDown:
    let t = TabBarController(viewControllers: [first, second])
    window.rootViewController = t
    if move == .tabDown { t.selectedIndex = 1 }
    t.delegate = host
    tabs = t
  }
  AnimationEngine.current.settle()
  // An effect that is UIKit's own gesture (the back swipe) declares no duration: UIKit's.
  let declaresDuration = effect.parameters.contains { $0.name == "duration" }
  let duration = declaresDuration ? parameters.number("duration") : effect.duration
  return Scene(
    window: window, host: host, first: first, second: second, nav: nav, tabs: tabs, move: move, duration: duration)
}

/// Every (effect, move) pair the catalog declares, for parameterised tests.
func catalogCases() -> [(String, Move)] {
  var cases: [(String, Move)] = []
  for effect in EffectCatalog.all {
    for move in Move.allCases where effect.operations.contains(move.operation) {
      cases.append((effect.name, move))
    }
  }
  return cases
}

/// The partial curl (docs/effects.md#partial-curl) keeps the old page curled over the presented
/// screen until dismissal, so a presentation does not end in the non-animated state: its end state
/// is checked against its dismissal's start instead (SystemEffectsTests' lifecycle suite).
func leavesChromeAfterPresenting(_ name: String, _ move: Move) -> Bool {
  name == "partial-curl" && move.operation == .present
}

/// Every case except those that intentionally end elsewhere (see `leavesChromeAfterPresenting`).
func casesEndingInTheNonAnimatedState() -> [(String, Move)] {
  catalogCases().filter { !leavesChromeAfterPresenting($0.0, $0.1) }
}

/// Each effect with its default operation.
func defaultCases() -> [(String, Move)] {
  EffectCatalog.all.map { effect in
    let move: Move
    switch effect.defaultOperation {
    case .push: move = .push
    case .pop: move = .pop
    case .present: move = .present
    case .dismiss: move = .dismiss
    case .tab: move = .tabUp
    }
    return (effect.name, move)
  }
}

// MARK: Geometry read back from presentation values

/// The map from a layer's bounds space into its parent's: about the anchor, through the
/// layer's transform, to its position, then through the parent's sublayerTransform about the
/// parent's anchor point.
func toParent(_ s: LayerSnapshot, _ parent: LayerSnapshot) -> Transform3D {
  let anchor = Point(
    x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width, y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
  let parentAnchor = Point(
    x: parent.bounds.origin.x + parent.anchorPoint.x * parent.bounds.width,
    y: parent.bounds.origin.y + parent.anchorPoint.y * parent.bounds.height)
  return Transform3D(translationX: -anchor.x, y: -anchor.y, z: 0)
    .concatenating(s.transform)
    .concatenating(Transform3D(translationX: s.position.x - parentAnchor.x, y: s.position.y - parentAnchor.y, z: 0))
    .concatenating(parent.sublayerTransform)
    .concatenating(Transform3D(translationX: parentAnchor.x, y: parentAnchor.y, z: 0))
}

/// Maps `p` (in the layer's bounds space, at depth `depth` when it comes from a transform
/// layer's 3D space) into the parent's space, projected: the parent flattens its subtree.
func mapToParent(_ p: Point, depth: Double = 0, _ s: LayerSnapshot, _ parent: LayerSnapshot) -> Point {
  let q = toParent(s, parent).apply(x: p.x, y: p.y, z: depth)
  return Point(x: q.x / q.w, y: q.y / q.w)
}

/// Where the point `p` of `view`'s bounds appears in the window, from presentation values.
/// A transform layer keeps its sublayers in its parent's 3D space
/// (docs/core-animation.md#ordinary-layers-flatten): the point keeps its depth through it (no
/// perspective is on the way there in these effects), and is projected where it reaches an
/// ordinary layer.
@MainActor
func screenPoint(_ p: Point, of view: View) -> Point {
  var point = (x: p.x, y: p.y, z: 0.0)
  var v = view
  while let parent = v.superview {
    let s = v.layer.presentationSnapshot(), ps = parent.layer.presentationSnapshot()
    if case .transformLayer = ps.kind {
      let q = toParent(s, ps).apply(x: point.x, y: point.y, z: point.z)
      point = (q.x / q.w, q.y / q.w, q.z / q.w)
    } else {
      let flat = mapToParent(Point(x: point.x, y: point.y), depth: point.z, s, ps)
      point = (flat.x, flat.y, 0)
    }
    v = parent
  }
  return Point(x: point.x, y: point.y)
}

/// The window position of the unit point (ux, uy) of `view`'s bounds.
@MainActor
func screenPoint(unit ux: Double, _ uy: Double, of view: View) -> Point {
  let b = view.layer.presentationSnapshot().bounds
  return screenPoint(Point(x: b.origin.x + ux * b.width, y: b.origin.y + uy * b.height), of: view)
}

/// The angle θ of a rotation Ry(θ) (docs/effects.md#rotation-formulas:
/// x′ = x·cosθ + z·sinθ, z′ = −x·sinθ + …).
func yAngle(_ t: Transform3D) -> Double { atan2(-t.m13, t.m11) }
/// The angle θ of a rotation Rx(θ) (y′ = y·cosθ − z·sinθ, z′ = y·sinθ + z·cosθ).
func xAngle(_ t: Transform3D) -> Double { atan2(t.m23, t.m22) }
/// The angle of an in-plane rotation (clockwise positive on screen).
func zAngle(_ t: Transform3D) -> Double { atan2(t.m12, t.m11) }

func degrees(_ d: Double) -> Double { d * .pi / 180 }

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
func close(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
  close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

// MARK: Timing curves (docs/effects.md#timing-curves), written independently of the engine

/// UIKit's default curve, ease-in-ease-out (0.42, 0, 0.58, 1).
func E(_ t: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: t) }
/// Ease-out (0, 0, 0.58, 1).
func easeOut(_ t: Double) -> Double { bezier(0, 0, 0.58, 1, at: t) }
/// The wall-clock fraction at which ease-in-ease-out reaches `k` (a key time,
/// docs/effects.md#keyframe-wall-times).
func wallFraction(ofKeyTime k: Double) -> Double {
  var lo = 0.0, hi = 1.0
  for _ in 0..<80 {
    let mid = (lo + hi) / 2
    if E(mid) < k { lo = mid } else { hi = mid }
  }
  return (lo + hi) / 2
}

/// The view whose layer shows a snapshot of `source`'s layer tree cropped to `rect`, among
/// `views` and their subviews at any depth (snapshot views are identified by what they show,
/// not by their code).
@MainActor
func snapshotView(in views: [View], of source: View, rect: Rect) -> View? {
  for v in views {
    if case .layerTree(let tree, let r)? = v.layer.contents, tree.tree.name == source.name,
      close(r.origin.x, rect.origin.x) && close(r.origin.y, rect.origin.y) && close(r.width, rect.width)
        && close(r.height, rect.height)
    {
      return v
    }
    if let found = snapshotView(in: v.subviews, of: source, rect: rect) { return found }
  }
  return nil
}
