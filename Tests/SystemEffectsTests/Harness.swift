import Foundation
import Testing
@testable import Animator
@testable import Effects

/// Wraps an animator to count how often the transition ended and with which flag.
@MainActor
final class CountingAnimator: ViewControllerAnimatedTransitioning {
  let inner: ViewControllerAnimatedTransitioning
  var ended: [Bool] = []
  init(_ inner: ViewControllerAnimatedTransitioning) { self.inner = inner }
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
    inner.transitionDuration(using: transitionContext)
  }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    inner.animateTransition(using: transitionContext)
  }
  func animationEnded(_ transitionCompleted: Bool) {
    ended.append(transitionCompleted)
    inner.animationEnded(transitionCompleted)
  }
}

/// The host a renderer would be: vends one animator per transition (made by `make`) and the
/// interaction controller while its gesture is in progress.
@MainActor
final class Host: NavigationControllerDelegate, ViewControllerTransitioningDelegate, TabBarControllerDelegate {
  var make: (TransitionOperation, Bool) -> ViewControllerAnimatedTransitioning
  var interaction: InteractionController?
  /// A bare percent-driven controller returned for every transition while set (tests that scrub
  /// by hand).
  var percentDriven: PercentDrivenInteractiveTransition?
  /// Every animator handed out, in order.
  var animators: [CountingAnimator] = []
  /// Set to false to get the platform's default (no animator).
  var animates = true

  init(make: @escaping (TransitionOperation, Bool) -> ViewControllerAnimatedTransitioning) { self.make = make }

  convenience init(effect: Effect, parameters: [String: String] = [:]) throws {
    let p = try EffectParameters(parameters, declared: effect.parameters, effect: effect.name)
    self.init { op, forward in effect.makeAnimator(op, forward, p) }
  }

  private func vend(_ op: TransitionOperation, _ forward: Bool) -> ViewControllerAnimatedTransitioning? {
    guard animates else { return nil }
    let a = CountingAnimator(make(op, forward))
    animators.append(a)
    return a
  }

  private var activeInteraction: ViewControllerInteractiveTransitioning? {
    if let percentDriven { return percentDriven }
    return (interaction?.interactionInProgress ?? false) ? interaction : nil
  }

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    vend(operation == .push ? .push : .pop, operation == .push)
  }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    activeInteraction
  }
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  {
    vend(.present, true)
  }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    vend(.dismiss, false)
  }
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  {
    activeInteraction
  }
  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  {
    activeInteraction
  }
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    let from = tabBarController.viewControllers?.firstIndex { $0 === fromVC } ?? 0
    let to = tabBarController.viewControllers?.firstIndex { $0 === toVC } ?? 0
    return vend(.tab, to > from)
  }
  func tabBarController(
    _ tabBarController: TabBarController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    activeInteraction
  }
}

/// A screen with a little content, so snapshots are not empty.
@MainActor
func makeScreen(_ title: String, color: Color) -> ViewController {
  let vc = ViewController()
  vc.title = title
  vc.view.name = title
  vc.view.backgroundColor = color
  let label = View(frame: Rect(x: 20, y: 100, width: 200, height: 40))
  label.name = "\(title)-label"
  label.backgroundColor = .white
  vc.view.addSubview(label)
  return vc
}

let W = 320.0, H = 568.0

/// One scene: a window with either a navigation stack, a presenter, or tabs.
@MainActor
struct Scene {
  let window: Window
  let host: Host
  /// The container the transition runs in (navigation / tab transition view, or the modal
  /// container once presented).
  var nav: NavigationController?
  var tabs: TabBarController?
  let first: ViewController
  let second: ViewController
  var third: ViewController?

  var engine: AnimationEngine { AnimationEngine.current }

  /// A navigation stack [first, second]; `pushed` runs the push first (without animation).
  static func navigation(host: Host, pushed: Bool) -> Scene {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: W, height: H)
    let window = Window()
    let first = makeScreen("first", color: Color(red: 0.2, green: 0.4, blue: 0.9))
    let second = makeScreen("second", color: Color(red: 0.9, green: 0.5, blue: 0.1))
    let nav = NavigationController(rootViewController: first)
    nav.delegate = host
    window.rootViewController = nav
    if pushed {
      let animates = host.animates
      host.animates = false
      nav.pushViewController(second, animated: false)
      host.animates = animates
      AnimationEngine.current.settle()
    }
    return Scene(window: window, host: host, nav: nav, first: first, second: second)
  }

  /// A presenter `first`; `presented` shows `second` full-screen first (without animation).
  static func modal(host: Host, presented: Bool) -> Scene {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: W, height: H)
    let window = Window()
    let first = makeScreen("first", color: Color(red: 0.2, green: 0.4, blue: 0.9))
    let second = makeScreen("second", color: Color(red: 0.9, green: 0.5, blue: 0.1))
    window.rootViewController = first
    second.transitioningDelegate = host
    second.modalPresentationStyle = .fullScreen
    if presented {
      first.present(second, animated: false)
      AnimationEngine.current.settle()
    }
    return Scene(window: window, host: host, first: first, second: second)
  }

  /// Three tabs, `selected` shown.
  static func tabs(host: Host, selected: Int) -> Scene {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: W, height: H)
    let window = Window()
    let a = makeScreen("first", color: Color(red: 0.2, green: 0.4, blue: 0.9))
    let b = makeScreen("second", color: Color(red: 0.9, green: 0.5, blue: 0.1))
    let c = makeScreen("third", color: Color(red: 0.1, green: 0.7, blue: 0.3))
    let tabs = TabBarController(viewControllers: [a, b, c])
    window.rootViewController = tabs
    if selected != 0 {
      tabs.selectedIndex = selected
      AnimationEngine.current.settle()
    }
    tabs.delegate = host
    return Scene(window: window, host: host, tabs: tabs, first: a, second: b, third: c)
  }

  /// Runs `operation` (animated): push second, pop to first, present second, dismiss second,
  /// or switch tab to `tabIndex`.
  func run(_ operation: TransitionOperation, tabIndex: Int = 1) {
    switch operation {
    case .push: nav!.pushViewController(second, animated: true)
    case .pop: nav!.popViewController(animated: true)
    case .present: first.present(second, animated: true)
    case .dismiss: second.dismiss(animated: true)
    case .tab: tabs!.selectedIndex = tabIndex
    }
  }

  /// A scene ready for `operation`: e.g. pop starts from [first, second].
  static func ready(for operation: TransitionOperation, host: Host, tabFrom: Int = 0) -> Scene {
    switch operation {
    case .push: return navigation(host: host, pushed: false)
    case .pop: return navigation(host: host, pushed: true)
    case .present: return modal(host: host, presented: false)
    case .dismiss: return modal(host: host, presented: true)
    case .tab: return tabs(host: host, selected: tabFrom)
    }
  }

  /// Advances the clock by `dt` from now.
  func advance(by dt: Double) { AnimationEngine.current.advance(to: AnimationEngine.current.now + dt) }
}

// MARK: Geometry read from presentation values

/// The four corners (top-left, top-right, bottom-right, bottom-left) of a layer as drawn in its
/// superlayer's space, from its presentation anchor, position and transform (with perspective).
func corners(_ s: LayerSnapshot) -> [Point] {
  let b = s.bounds
  let ax = s.anchorPoint.x * b.width, ay = s.anchorPoint.y * b.height
  return [(0.0, 0.0), (b.width, 0), (b.width, b.height), (0, b.height)].map { c in
    let h = s.transform.apply(x: c.0 - ax, y: c.1 - ay, z: 0)
    return Point(x: s.position.x + h.x / h.w, y: s.position.y + h.y / h.w)
  }
}

/// The axis-aligned box of a layer's corners in its superlayer's space.
func box(_ s: LayerSnapshot) -> Rect {
  let c = corners(s)
  let xs = c.map(\.x), ys = c.map(\.y)
  return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
}

/// The uniform scale of a layer's affine transform.
func scale(_ s: LayerSnapshot) -> Double {
  (s.transform.m11 * s.transform.m11 + s.transform.m12 * s.transform.m12).squareRoot()
}

/// The first sublayer snapshot (depth-first) named `name`.
func find(_ name: String, in s: LayerSnapshot) -> LayerSnapshot? {
  if s.name == name { return s }
  for c in s.sublayers { if let f = find(name, in: c) { return f } }
  return nil
}

@MainActor
func presentation(_ v: View) -> LayerSnapshot { v.layer.presentationSnapshot() }

func close(_ a: Double, _ b: Double, _ tolerance: Double = 0.5) -> Bool { abs(a - b) <= tolerance }
