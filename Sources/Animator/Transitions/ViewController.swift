import Foundation
/// A view controller (UIViewController): owns a view, takes part in navigation, modal and tab
/// transitions.
@MainActor
open class ViewController {
  private var loadedView: View? {
    didSet {
      if oldValue?.owningViewController === self { oldValue?.owningViewController = nil }
      loadedView?.owningViewController = self
    }
  }
  public var title: String?

  public internal(set) weak var navigationController: NavigationController?
  public internal(set) weak var tabBarController: TabBarController?
  public internal(set) weak var parent: ViewController?
  /// The last transition this view controller took part in (set by the transition context).
  weak var runningTransition: TransitionContext?

  /// UIViewController.transitionCoordinator: the transition this view controller (or its
  /// container) is part of while it runs, from before `viewWillAppear` / `viewWillDisappear`
  /// until it completes; nil otherwise.
  public var transitionCoordinator: TransitionContext? {
    if let t = runningTransition, !t.isComplete { return t }
    return parent?.transitionCoordinator
  }
  /// The view controller that presented this one, while presented: as in UIKit, the
  /// presentation context (the outermost container, e.g. the navigation controller) even when
  /// a child of it called `present`.
  public internal(set) weak var presentingViewController: ViewController?
  /// The view controller this one, or the container it is a child of, presents.
  public internal(set) var presentedViewController: ViewController? {
    get { presented ?? parent?.presentedViewController }
    set { presented = newValue }
  }
  private var presented: ViewController?

  /// Where a presentation from this view controller takes place (UIKit's presentation
  /// context, no `definesPresentationContext`): its outermost container.
  var presentationContext: ViewController {
    var context = self
    while let parent = context.parent { context = parent }
    return context
  }
  public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
  /// UIViewController.overrideUserInterfaceStyle: the appearance of this view controller, its
  /// views and its children; `.unspecified` (the default) inherits from the parent, the
  /// presenting view controller or the window (docs/colors.md#appearance-is-inherited).
  public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified
  /// The window this view controller is the root view controller of.
  weak var rootOf: Window?
  /// Vends the present/dismiss animators; held weakly, as in UIKit.
  public weak var transitioningDelegate: ViewControllerTransitioningDelegate?
  /// Where the presenter's view was, to put it back after a full-screen dismissal.
  /// Weak: the presenter's home is usually the window, which owns the presenter, which owns
  /// the presented controller — a strong reference here would close a cycle.
  var presenterHome: PresenterHome?

  struct PresenterHome {
    weak var superview: View?
    let index: Int
  }
  var presentationContainer: View?

  public init() {}

  /// UIViewController.view: the root view, made on first use by `loadView` (then
  /// `viewDidLoad` runs). Implicitly unwrapped, as in UIKit; `loadView` sets it.
  public var view: View! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// The root view if it has been made, without making it.
  public var viewIfLoaded: View? { loadedView }

  public var isViewLoaded: Bool { loadedView != nil }

  /// Makes the view now if it is not made yet: `loadView`, `viewDidLoad`, then (containers)
  /// the shown child's view, which therefore sees its container's view already made.
  public func loadViewIfNeeded() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    defer { isLoadingView = false }
    loadView()
    if loadedView == nil {
      AnimationEngine.current.report(
        "loadView of \(debugName) did not set view; an override of loadView must set self.view")
      loadedView = View(frame: Screen.main.bounds)
    }
    viewDidLoad()
    installChildViews()
  }

  private var isLoadingView = false

  /// Makes the root view (UIViewController.loadView): override to build your own and assign
  /// it to `view`, without calling super. Default: an empty view filling the screen.
  open func loadView() { view = View(frame: Screen.main.bounds) }
  /// Where a container adds the view of the child it shows, once its own view exists.
  func installChildViews() {}
  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}
  /// Called before the root view's `layoutSubviews` (docs/layout.md#the-layout-cycle).
  open func viewWillLayoutSubviews() {}
  /// Called after the root view's `layoutSubviews`.
  open func viewDidLayoutSubviews() {}

  var debugName: String { title ?? String(describing: type(of: self)) }

  // MARK: Modal presentation

  /// Presents `vc` over this view controller's window, with the animator from
  /// `vc.transitioningDelegate`, or UIKit's default (`CoverVerticalAnimator`) when it vends
  /// none; not animated, the change is immediate. Presenting from a view controller that is
  /// not in a window, that already presents one, or while it takes part in another transition
  /// is reported as an error (UIKit refuses with a warning) and changes nothing.
  public func present(_ vc: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
    if presentationContext !== self {
      presentationContext.present(vc, animated: animated, completion: completion)
      return
    }
    guard let window = windowPresenting(vc) else { return }
    let container = View(frame: window.bounds)
    container.name = "container"
    window.addSubview(container)
    vc.presentingViewController = self
    presentedViewController = vc
    vc.presentationContainer = container
    let removesPresenter = vc.modalPresentationStyle == .fullScreen
    let presenterView: View = self.view
    if removesPresenter, let home = presenterView.superview {
      vc.presenterHome = PresenterHome(superview: home, index: home.subviews.firstIndex { $0 === presenterView } ?? 0)
      container.addSubview(presenterView)
    }
    let finalFrame = container.bounds
    let vended =
      animated ? vc.transitioningDelegate?.animationController(forPresented: vc, presenting: self, source: self) : nil
    guard let animator = animated ? vended ?? CoverVerticalAnimator(presenting: true) : nil else {
      showPresented(vc, in: container, replacing: removesPresenter ? presenterView : nil, completion: completion)
      return
    }
    let interaction = vended.flatMap { vc.transitioningDelegate?.interactionControllerForPresentation(using: $0) }
    let context = TransitionContext(
      containerView: container, from: self, to: vc, fromView: removesPresenter ? presenterView : nil,
      toView: vc.view,
      frames: [
        ObjectIdentifier(self): (presenterView.frame, removesPresenter ? .zero : presenterView.frame),
        ObjectIdentifier(vc): (.zero, finalFrame),
      ],
      style: vc.modalPresentationStyle, animated: true, interactive: interaction != nil, animator: animator
    ) { [weak self] completed in
      // Weak, not unowned: a presenter released mid-transition must not crash the completion.
      if completed {
        if removesPresenter { presenterView.removeFromSuperview() }
        vc.viewDidAppear(true)
        if removesPresenter { self?.viewDidDisappear(true) }
      } else {
        vc.view.removeFromSuperview()
        self?.restorePresenter(of: vc)
        container.removeFromSuperview()
        vc.presentationContainer = nil
        vc.presentingViewController = nil
        self?.presentedViewController = nil
      }
      completion.map(AnimationEngine.current.async)
    }
    // After the context exists, so `transitionCoordinator` answers in these callbacks.
    vc.viewWillAppear(animated)
    if removesPresenter { viewWillDisappear(animated) }
    context.start(interaction: interaction)
  }

  /// The window `vc` can be presented in, or nil after reporting why UIKit would refuse: this
  /// view controller already presents one, is not in a window, or takes part in a transition.
  private func windowPresenting(_ vc: ViewController) -> Window? {
    if let presented = presentedViewController {
      AnimationEngine.current.report(
        "present(_:animated:) of \(vc.debugName) on \(debugName), which is already presenting \(presented.debugName) (UIKit refuses it)"
      )
      return nil
    }
    guard let window = view.window else {
      AnimationEngine.current.report("present(_:animated:) on \(debugName), whose view is not in a window")
      return nil
    }
    if let running = transitionCoordinator {
      AnimationEngine.current.report(
        "present(_:animated:) of \(vc.debugName) on \(debugName) while \(running.transitionName) is still running (UIKit refuses it); present from the first transition's completion"
      )
      return nil
    }
    return window
  }

  /// A presentation without animation: `vc`'s view fills `container` at once, the full-screen
  /// presenter's view (`presenterView`, nil when it stays) leaves, and the appearance callbacks
  /// run as UIKit's do.
  private func showPresented(
    _ vc: ViewController, in container: View, replacing presenterView: View?, completion: (() -> Void)?
  ) {
    vc.viewWillAppear(false)
    if presenterView != nil { viewWillDisappear(false) }
    vc.view.frame = container.bounds
    container.addSubview(vc.view)
    presenterView?.removeFromSuperview()
    vc.viewDidAppear(false)
    if presenterView != nil { viewDidDisappear(false) }
    completion.map(AnimationEngine.current.async)
  }

  /// Dismisses the view controller this one presented (or this one, if it was presented),
  /// with the animator from its `transitioningDelegate` or UIKit's default
  /// (`CoverVerticalAnimator`). Dismissing while the presentation still runs is reported as an
  /// error and changes nothing.
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    let presented: ViewController
    if let p = presentedViewController {
      presented = p
    } else if presentingViewController != nil {
      presented = self
    } else {
      AnimationEngine.current.report("dismiss(animated:) on \(debugName), which neither presents nor was presented")
      return
    }
    guard let presenter = presented.presentingViewController, let container = presented.presentationContainer else {
      return
    }
    if let running = presented.transitionCoordinator {
      AnimationEngine.current.report(
        "dismiss(animated:) of \(presented.debugName) while \(running.transitionName) is still running; dismiss from the first transition's completion"
      )
      return
    }
    let removesPresenter = presented.modalPresentationStyle == .fullScreen
    let presenterView: View = presenter.view
    let vended = animated ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
    let animator = animated ? vended ?? CoverVerticalAnimator(presenting: false) : nil
    let willChange = {
      presented.viewWillDisappear(animated)
      if removesPresenter { presenter.viewWillAppear(animated) }
    }
    let finish = { [weak presenter] in
      presented.view.removeFromSuperview()
      presenter?.restorePresenter(of: presented)
      container.removeFromSuperview()
      presented.presentationContainer = nil
      presented.presentingViewController = nil
      presenter?.presentedViewController = nil
      presented.viewDidDisappear(animated)
      if removesPresenter { presenter?.viewDidAppear(animated) }
    }
    guard let animator else {
      willChange()
      finish()
      completion.map(AnimationEngine.current.async)
      return
    }
    let interaction = vended.flatMap { presented.transitioningDelegate?.interactionControllerForDismissal(using: $0) }
    let context = TransitionContext(
      containerView: container, from: presented, to: presenter, fromView: presented.view,
      toView: removesPresenter ? presenterView : nil,
      frames: [
        ObjectIdentifier(presented): (presented.view.frame, .zero),
        ObjectIdentifier(presenter): (.zero, container.bounds),
      ],
      style: presented.modalPresentationStyle, animated: true, interactive: interaction != nil, animator: animator
    ) { completed in
      if completed {
        finish()
      } else if removesPresenter {
        presenterView.removeFromSuperview()
      }
      completion.map(AnimationEngine.current.async)
    }
    willChange()
    context.start(interaction: interaction)
  }

  /// Puts the presenter's view back where it was before a full-screen presentation took it.
  func restorePresenter(of presented: ViewController) {
    guard let home = presented.presenterHome, let superview = home.superview else { return }
    superview.insertSubview(view, at: home.index)
    view.frame = superview.bounds
    presented.presenterHome = nil
  }
}

extension View {
  /// The window this view is in, if any.
  public var window: Window? {
    var v: View? = self
    while let current = v {
      if let w = current as? Window { return w }
      v = current.superview
    }
    return nil
  }
}
