import Foundation
import Animator
import Effects

/// Vends one effect's animators to every kind of container, as an app's delegate would.
@MainActor
final class EffectDelegate: ViewControllerTransitioningDelegate, NavigationControllerDelegate, TabBarControllerDelegate
{
  let effect: Effect
  let parameters: EffectParameters
  /// The interaction controller to vend while its gesture is in progress.
  var interaction: InteractionController?
  init(effect: Effect, parameters: EffectParameters) {
    self.effect = effect
    self.parameters = parameters
  }

  private var activeInteraction: ViewControllerInteractiveTransitioning? {
    guard let interaction, interaction.interactionInProgress else { return nil }
    return interaction
  }
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { activeInteraction }
  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  { activeInteraction }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { activeInteraction }
  func tabBarController(
    _ tabBarController: TabBarController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? { activeInteraction }

  /// The effect's animator for `operation`; none for an effect that is UIKit's own gesture,
  /// which UIKit animates by itself.
  private func animator(_ operation: TransitionOperation, _ forward: Bool) -> ViewControllerAnimatedTransitioning? {
    effect.system?.isGesture == true ? nil : effect.makeAnimator(operation, forward, parameters)
  }

  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  {
    animator(.present, true)
  }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    animator(.dismiss, false)
  }
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    operation == .push ? animator(.push, true) : animator(.pop, false)
  }

  /// Each navigation screen's bar items (`NavigationScreens`), shown while it is on top.
  var barItems: [(owner: ViewController, items: View)] = []

  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
  ) {
    guard !barItems.isEmpty else { return }
    // As UINavigationBar does: the items cross-fade alongside the transition, on its clock, so
    // an interactive pop scrubs them with the finger; a cancelled one puts the old ones back.
    let coordinated = navigationController.transitionCoordinator?.animate(
      alongsideTransition: { _ in self.showItems(of: viewController) },
      completion: { context in if context.isCancelled { self.showItems(of: context.viewController(forKey: .from)) } })
    if coordinated != true { showItems(of: viewController) }
  }

  private func showItems(of viewController: ViewController?) {
    for (owner, items) in barItems { items.alpha = owner === viewController ? 1 : 0 }
  }
  func tabBarController(
    _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
    to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    let from = tabBarController.viewControllers?.firstIndex(of: fromVC) ?? 0
    let to = tabBarController.viewControllers?.firstIndex(of: toVC) ?? 0
    return effect.makeAnimator(.tab, to > from, parameters)
  }
}

/// The catalog's window and actions for one operation, built as an app would build them: the
/// demo app's view controllers, or the scene's screens in the container the operation needs,
/// the effect's delegate set on it, and the operation as UIKit's own call. The state before
/// the transition is set up without animation once the window exists (a dismiss first
/// presents, a pop first pushes).
@MainActor
struct TransitionScript {
  /// The window's root view controller.
  let root: ViewController
  let delegate: EffectDelegate
  /// The screen size, in points.
  let size: Size
  private let setUpState: () -> Void
  private let start: () -> Void
  private let reverse: () -> Void
  /// The view controller shown before the operation (where a gesture for it begins).
  let shownFirst: ViewController

  /// Made in a world whose screen is `screens.size` (`Recorder.makeWorld`): views made here
  /// take the screen's bounds.
  init(effect: Effect, parameters: EffectParameters, operation: TransitionOperation, screens: ScreenPair) {
    size = screens.size
    delegate = EffectDelegate(effect: effect, parameters: parameters)
    let app: AppScreens
    switch screens.screens {
    case .app(let make): app = make(operation)
    case .views(let views): app = Self.app(of: views, for: operation, delegate: delegate)
    }
    let (first, second) = (app.first, app.second)
    // The catalog's app presents full screen, unless the effect is a style of UIKit's own.
    second.modalPresentationStyle = .fullScreen
    effect.system?.configure(second, first, parameters)
    root = app.root
    if let statusBar = app.statusBar {
      root.view.addSubview(statusBar())
      if second.modalPresentationStyle == .fullScreen, operation == .present || operation == .dismiss {
        second.view.addSubview(statusBar())
      }
    }
    // Backward operations start from the state a forward one ends in: the end state of a
    // push is the start state of its pop.
    let forward = operation.isForward
    switch operation {
    case .present, .dismiss:
      second.transitioningDelegate = delegate
      let present = { first.present(second, animated: true) }
      let dismiss = { second.dismiss(animated: true) }
      setUpState = forward ? {} : { first.present(second, animated: false) }
      (start, reverse) = forward ? (present, dismiss) : (dismiss, present)
    case .push, .pop:
      let nav = app.navigation!
      nav.delegate = delegate
      let push = { nav.pushViewController(second, animated: true) }
      let pop = { _ = nav.popViewController(animated: true) }
      setUpState = forward ? {} : { nav.pushViewController(second, animated: false) }
      (start, reverse) = forward ? (push, pop) : (pop, push)
    case .tab:
      let tabs = app.tabs!
      tabs.delegate = delegate
      setUpState = {}
      start = { tabs.selectedViewController = second }
      reverse = { tabs.selectedViewController = first }
    }
    shownFirst = forward ? first : second
  }

  /// Screens given as views, in the container `operation` needs: whole screens presented, or
  /// pushed in a navigation controller whose bar they draw themselves (the bar installed over
  /// them when they are split), or two tabs whose tab bar they draw.
  private static func app(of views: ScreenViews, for operation: TransitionOperation, delegate: EffectDelegate)
    -> AppScreens
  {
    let navigating = operation == .push || operation == .pop
    let first = ScreenViewController(
      title: "from", build: navigating ? views.navigation?.from ?? views.from : views.from)
    let second = ScreenViewController(title: "to", build: navigating ? views.navigation?.to ?? views.to : views.to)
    switch operation {
    case .present, .dismiss:
      return AppScreens(root: first, first: first, second: second)
    case .push, .pop:
      let nav = NavigationController(rootViewController: first)
      nav.isNavigationBarHidden = true
      if let bar = views.navigation {
        installBar(bar, on: nav, delegate: delegate, first: first, second: second)
      }
      return AppScreens(root: nav, first: first, second: second, navigation: nav)
    case .tab:
      let tabs = TabBarController(viewControllers: [first, second])
      tabs.tabBar.isHidden = true
      return AppScreens(root: tabs, first: first, second: second, tabs: tabs)
    }
  }

  /// The navigation bar over the moving screens, like UINavigationController's own. Touches
  /// pass through to the screens, whose gestures (an edge pan to pop) start anywhere.
  private static func installBar(
    _ bar: NavigationScreens, on nav: NavigationController, delegate: EffectDelegate, first: ViewController,
    second: ViewController
  ) {
    let background = bar.barBackground(), fromItems = bar.fromItems(), toItems = bar.toItems()
    toItems.alpha = 0
    for v in [background, fromItems, toItems] {
      v.isUserInteractionEnabled = false
      nav.view.addSubview(v)
    }
    delegate.barItems = [(first, fromItems), (second, toItems)]
  }

  /// Puts the window in the state before the operation (once the recorder holds it).
  func setUp() { setUpState() }

  /// The recorder's actions: the operation (then, when bouncing, `pause` seconds of its end
  /// state and its reverse), or the gesture of an interactive run.
  func actions(bounce: Bool, pause: Double, gesture: TouchScript?) -> [Recorder.Action] {
    if let gesture { return [.gesture(gesture)] }
    return [.perform(start)] + (bounce ? [.wait(pause), .perform(reverse)] : [])
  }

  /// Makes the run interactive: `kind`'s controller is wired to the screen shown first, and
  /// the delegate vends it while its gesture is in progress.
  func drive(with kind: InteractionKind, operation: TransitionOperation) throws {
    let controller = try kind.makeController(for: operation)
    controller.wire(to: shownFirst, for: operation)
    delegate.interaction = controller
  }
}
