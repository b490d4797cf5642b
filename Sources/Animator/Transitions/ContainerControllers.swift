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
  let fromView = from.view, toView = to.view
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
  public private(set) var viewControllers: [ViewController] = []
  public weak var delegate: NavigationControllerDelegate?
  /// The view in which push and pop transitions take place.
  public let transitionView = View(frame: Screen.bounds)

  public init(rootViewController: ViewController) {
    super.init()
    transitionView.name = "navigation-container"
    adopt(rootViewController)
    viewControllers = [rootViewController]
  }

  open override func loadView() -> View {
    let v = View(frame: Screen.bounds)
    v.name = "navigation"
    transitionView.frame = v.bounds
    v.addSubview(transitionView)
    if let top = viewControllers.last {
      top.view.frame = transitionView.bounds
      transitionView.addSubview(top.view)
    }
    return v
  }

  public var topViewController: ViewController? { viewControllers.last }

  private func adopt(_ vc: ViewController) {
    vc.navigationController = self
    vc.parent = self
  }

  /// Pushes `vc`; the stack changes at once, the views when the transition completes.
  public func pushViewController(_ vc: ViewController, animated: Bool) {
    guard let from = topViewController else { return }
    adopt(vc)
    viewControllers.append(vc)
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
    guard let index = viewControllers.firstIndex(where: { $0 === target }), let from = topViewController else { return [] }
    let saved = viewControllers
    let popped = Array(viewControllers[(index + 1)...])
    viewControllers.removeSubrange((index + 1)...)
    run(.pop, from: from, to: target, animated: animated) { [weak self] completed in
      if !completed { self?.viewControllers = saved }
    }
    return popped
  }

  private func run(_ operation: NavigationOperation, from: ViewController, to: ViewController, animated: Bool, restore: @escaping (Bool) -> Void) {
    _ = view
    let animator = animated ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
    let interaction = animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
    transitionChild(
      in: transitionView, from: from, to: to, animated: animated, animator: animator, interaction: interaction,
      willBegin: { self.delegate?.navigationController(self, willShow: to, animated: animated) }
    ) { [weak self] completed in
      restore(completed)
      if completed, let self { self.delegate?.navigationController(self, didShow: to, animated: animated) }
    }
  }
}

/// UITabBarController: switching `selectedIndex` runs the delegate's animator (by default the
/// switch is instant, as on iOS).
@MainActor
open class TabBarController: ViewController {
  public private(set) var viewControllers: [ViewController]
  public weak var delegate: TabBarControllerDelegate?
  public let transitionView = View(frame: Screen.bounds)
  public private(set) var selectedIndex: Int = 0

  public init(viewControllers: [ViewController]) {
    self.viewControllers = viewControllers
    super.init()
    transitionView.name = "tab-container"
    for vc in viewControllers {
      vc.tabBarController = self
      vc.parent = self
    }
  }

  open override func loadView() -> View {
    let v = View(frame: Screen.bounds)
    v.name = "tabs"
    transitionView.frame = v.bounds
    v.addSubview(transitionView)
    if let selected = selectedViewController {
      selected.view.frame = transitionView.bounds
      transitionView.addSubview(selected.view)
    }
    return v
  }

  public var selectedViewController: ViewController? {
    viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
  }

  /// Selects tab `index` with the delegate's animator; an index out of range is reported and ignored.
  public func select(index: Int, animated: Bool = true) {
    guard viewControllers.indices.contains(index) else {
      AnimationEngine.current.report("selectedIndex \(index) is out of range 0..<\(viewControllers.count)")
      return
    }
    guard index != selectedIndex, let from = selectedViewController else { return }
    let to = viewControllers[index]
    if delegate?.tabBarController(self, shouldSelect: to) == false { return }
    _ = view
    let previous = selectedIndex
    selectedIndex = index
    let animator = animated ? delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to) : nil
    let interaction = animator.flatMap { delegate?.tabBarController(self, interactionControllerFor: $0) }
    transitionChild(in: transitionView, from: from, to: to, animated: animated, animator: animator, interaction: interaction) {
      [weak self] completed in
      guard let self else { return }
      if completed {
        self.delegate?.tabBarController(self, didSelect: to)
      } else {
        self.selectedIndex = previous
      }
    }
  }
}
