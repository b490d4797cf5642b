import Foundation
/// Swaps the child shown in a container view, with an optional animator: the transition that
/// navigation and tab bar controllers share. The `.from` view is in the container when the
/// animator starts; on completion the from-view leaves (finished) or the to-view does
/// (cancelled).
@MainActor
func transitionChild(
  in container: View, from: ViewController, to: ViewController, animated: Bool,
  animator: ViewControllerAnimatedTransitioning?, interaction: ViewControllerInteractiveTransitioning?,
  willBegin: () -> Void = {}, onComplete: @escaping (Bool) -> Void
) {
  let fromView: View = from.view, toView: View = to.view
  if fromView.superview !== container { container.addSubview(fromView) }
  let context = animator.map { animator in
    TransitionContext(
      containerView: container, from: from, to: to, fromView: fromView, toView: toView,
      frames: [ObjectIdentifier(from): (container.bounds, .zero), ObjectIdentifier(to): (.zero, container.bounds)],
      style: .fullScreen, animated: true, interactive: interaction != nil, animator: animator
    ) { completed in
      if completed {
        fromView.removeFromSuperview()
        from.viewDidDisappear(true)
        to.viewDidAppear(true)
      } else {
        toView.removeFromSuperview()
        to.viewDidDisappear(true)
        from.viewDidAppear(true)
      }
      onComplete(completed)
    }
  }
  // The context (when animated) exists from here on: the delegate's will-show and the
  // appearance callbacks can use `transitionCoordinator`.
  willBegin()
  from.viewWillDisappear(animated)
  to.viewWillAppear(animated)
  guard let context else {
    toView.frame = container.bounds
    container.addSubview(toView)
    fromView.removeFromSuperview()
    from.viewDidDisappear(animated)
    to.viewDidAppear(animated)
    onComplete(true)
    return
  }
  context.start(interaction: interaction)
}

/// UINavigationController: a stack of view controllers; push and pop run the delegate's
/// animator inside a container view that fills the controller's view.
@MainActor
open class NavigationController: ViewController {
  /// UINavigationController.viewControllers: the stack, root first, top last (never empty). A
  /// push or pop changes it at once, before its transition; a cancelled one puts it back.
  public private(set) var viewControllers: [ViewController] = []
  /// Asked for each animated push's and pop's animator and interaction controller, and told
  /// will-show and did-show (docs/uikit-transitions.md#event-order). Weak; nil: the system
  /// transitions.
  public weak var delegate: NavigationControllerDelegate?
  /// The view in which push and pop transitions take place.
  public let transitionView = View(frame: Screen.main.bounds)
  /// The system back swipe, made with the view.
  private var backSwipe: BackSwipeInteraction?
  /// UINavigationController.navigationBar: the bar showing the top view controller's
  /// navigation item (docs/uikit-bars.md#navigation-bar).
  public let navigationBar = NavigationBar()
  /// UINavigationController.toolbar: the bar of the top view controller's `toolbarItems`,
  /// hidden by default (docs/uikit-bars.md#toolbar).
  public let toolbar = Toolbar()
  var navigationBarHiddenState = false
  var toolbarHiddenState = true

  /// UINavigationController.interactivePopGestureRecognizer: the left-edge pan that pops the
  /// top view controller interactively when the delegate vends no animator
  /// (docs/uikit-transitions.md#back-swipe); set `isEnabled` false to turn it off.
  public var interactivePopGestureRecognizer: GestureRecognizer? {
    loadViewIfNeeded()
    return backSwipe?.recognizer
  }

  /// Whether a push or pop of this controller runs.
  var isTransitioning: Bool { runningTransition.map { !$0.isComplete } ?? false }

  /// A stack of `rootViewController` alone; the navigation bar shown, the toolbar hidden. The
  /// view is made on first use.
  public init(rootViewController: ViewController) {
    super.init()
    transitionView.name = "navigation-container"
    navigationBar.controller = self
    toolbar.controller = self
    adopt(rootViewController)
    viewControllers = [rootViewController]
    barsDidChange()
  }

  open override func loadView() {
    let v = BarContainerView(frame: Screen.main.bounds)
    v.name = "navigation"
    v.onLayout = { [weak self] in self?.layOutBars() }
    transitionView.frame = v.bounds
    v.addSubview(transitionView)
    v.addSubview(toolbar)
    v.addSubview(navigationBar)
    let swipe = BackSwipeInteraction(navigation: self)
    v.addGestureRecognizer(swipe.recognizer)
    backSwipe = swipe
    view = v
    layOutBars()
  }

  override func installChildViews() {
    guard let top = viewControllers.last else { return }
    top.view.frame = transitionView.bounds
    transitionView.addSubview(top.view)
  }

  /// The last of `viewControllers`: during a push already the pushed one. Optional as in UIKit;
  /// the root always stays, so never nil.
  public var topViewController: ViewController? { viewControllers.last }

  private func adopt(_ vc: ViewController) {
    vc.navigationController = self
    vc.parent = self
  }

  /// Pushes `vc`; the stack changes at once, the views when the transition completes.
  /// Pushing a view controller already in the stack, or pushing or popping while a push or pop
  /// runs, is reported as an error (UIKit raises or corrupts its state) and changes nothing.
  public func pushViewController(_ vc: ViewController, animated: Bool) {
    guard let from = topViewController, canStartTransition("pushViewController(_:animated:)") else { return }
    if viewControllers.contains(where: { $0 === vc }) {
      AnimationEngine.current.report(
        "pushViewController(_:animated:) on \(debugName): \(vc.debugName) is already in its stack (UIKit: \"Pushing the same view controller instance more than once is not supported\")"
      )
      return
    }
    adopt(vc)
    viewControllers.append(vc)
    barsDidChange()
    run(.push, from: from, to: vc, animated: animated) { [weak self] completed in
      if !completed { self?.viewControllers.removeLast() }
    }
  }

  /// Pops the top view controller; returns it, or nil at the root.
  @discardableResult
  public func popViewController(animated: Bool) -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    return popTo(viewControllers[viewControllers.count - 2], animated: animated).last
  }

  /// Pops to the root; returns the popped view controllers.
  @discardableResult
  public func popToRootViewController(animated: Bool) -> [ViewController]? {
    guard viewControllers.count > 1 else { return nil }
    return popTo(viewControllers[0], animated: animated)
  }

  private func popTo(_ target: ViewController, animated: Bool) -> [ViewController] {
    guard canStartTransition("popViewController(animated:)") else { return [] }
    guard let index = viewControllers.firstIndex(where: { $0 === target }), let from = topViewController else {
      return []
    }
    let saved = viewControllers
    let popped = Array(viewControllers[(index + 1)...])
    viewControllers.removeSubrange((index + 1)...)
    barsDidChange()
    run(.pop, from: from, to: target, animated: animated) { [weak self] completed in
      if !completed { self?.viewControllers = saved }
    }
    return popped
  }

  /// Whether no push or pop of this controller is running; reports `call` as misuse if one is.
  private func canStartTransition(_ call: String) -> Bool {
    guard let running = runningTransition, !running.isComplete else { return true }
    AnimationEngine.current.report(
      "\(call) on \(debugName) while \(running.transitionName) is still running: UIKit does not support a navigation transition during another one; start the next one from the first one's completion (navigationController(_:didShow:animated:))"
    )
    return false
  }

  private func run(
    _ operation: NavigationOperation, from: ViewController, to: ViewController, animated: Bool,
    restore: @escaping (Bool) -> Void
  ) {
    loadViewIfNeeded()
    // A delegate that vends no animator gets the system transition the pushed (or popped) view
    // controller prefers, else UIKit's standard slide, and no interaction.
    let vended =
      animated ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
    // A system drag (the back swipe, a zoom's drag) under way drives the pop; as on iOS, not
    // with the delegate's animator: then nothing changes.
    let system = operation == .pop ? pendingSystemInteraction ?? from.pendingSystemInteraction : nil
    if system != nil && vended != nil {
      restore(false)
      return
    }
    let interaction = vended.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) } ?? system
    let pushing = operation == .push
    let preferred = (pushing ? to : from).preferredTransition?.systemAnimator(
      forward: pushing, source: pushing ? from : to, zoomed: pushing ? to : from)
    let animator = animated ? vended ?? preferred ?? SystemNavigationAnimator(pushing: pushing) : nil
    transitionChild(
      in: transitionView, from: from, to: to, animated: animated, animator: animator, interaction: interaction,
      willBegin: {
        self.delegate?.navigationController(self, willShow: to, animated: animated)
        self.beginBarTransition(pushing: pushing, from: from, to: to)
      }
    ) { [weak self] completed in
      restore(completed)
      self?.endBarTransition()
      if completed && pushing { ZoomDragInteraction.install(on: to) }
      if completed, let self { self.delegate?.navigationController(self, didShow: to, animated: animated) }
    }
  }
}
