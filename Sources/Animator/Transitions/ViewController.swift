/// A view controller (UIViewController): owns a view, takes part in navigation, modal and tab
/// transitions.
@MainActor
open class ViewController {
  private var loadedView: View?
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
  /// The view controller that presented this one, while presented.
  public internal(set) weak var presentingViewController: ViewController?
  /// The view controller this one presents, while presented.
  public internal(set) var presentedViewController: ViewController?
  public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
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

  /// The root view, created by `loadView` on first use with the screen's bounds.
  public var view: View {
    if let v = loadedView { return v }
    let v = loadView()
    loadedView = v
    viewDidLoad()
    return v
  }

  public var isViewLoaded: Bool { loadedView != nil }

  /// Creates the root view; override to build your own. Default: an empty view filling the screen.
  open func loadView() -> View { View(frame: Screen.bounds) }
  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}

  var debugName: String { title ?? String(describing: type(of: self)) }

  // MARK: Modal presentation

  /// Presents `vc` over this view controller's window, with the animator from
  /// `vc.transitioningDelegate` (without one, or when not animated, the change is immediate).
  public func present(_ vc: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
    guard let window = view.window else {
      AnimationEngine.current.report("present(_:animated:) on \(debugName), whose view is not in a window")
      return
    }
    let container = View(frame: window.bounds)
    container.name = "container"
    window.addSubview(container)
    vc.presentingViewController = self
    presentedViewController = vc
    vc.presentationContainer = container
    let removesPresenter = vc.modalPresentationStyle == .fullScreen
    let presenterView = self.view
    if removesPresenter, let home = presenterView.superview {
      vc.presenterHome = PresenterHome(superview: home, index: home.subviews.firstIndex { $0 === presenterView } ?? 0)
      container.addSubview(presenterView)
    }
    let finalFrame = container.bounds
    let animator = animated ? vc.transitioningDelegate?.animationController(forPresented: vc, presenting: self, source: self) : nil
    guard let animator else {
      vc.viewWillAppear(animated)
      if removesPresenter { viewWillDisappear(animated) }
      vc.view.frame = finalFrame
      container.addSubview(vc.view)
      if removesPresenter { presenterView.removeFromSuperview() }
      vc.viewDidAppear(false)
      if removesPresenter { viewDidDisappear(false) }
      completion.map(AnimationEngine.current.async)
      return
    }
    let interaction = vc.transitioningDelegate?.interactionControllerForPresentation(using: animator)
    let context = TransitionContext(
      containerView: container, from: self, to: vc, fromView: removesPresenter ? presenterView : nil,
      toView: vc.view,
      frames: [ObjectIdentifier(self): (presenterView.frame, removesPresenter ? .zero : presenterView.frame), ObjectIdentifier(vc): (.zero, finalFrame)],
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

  /// Dismisses the view controller this one presented (or this one, if it was presented).
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    let presented: ViewController
    if let p = presentedViewController { presented = p } else if presentingViewController != nil { presented = self } else {
      AnimationEngine.current.report("dismiss(animated:) on \(debugName), which neither presents nor was presented")
      return
    }
    guard let presenter = presented.presentingViewController, let container = presented.presentationContainer else { return }
    let removesPresenter = presented.modalPresentationStyle == .fullScreen
    let presenterView = presenter.view
    let animator = animated ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
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
    let interaction = presented.transitioningDelegate?.interactionControllerForDismissal(using: animator)
    let context = TransitionContext(
      containerView: container, from: presented, to: presenter, fromView: presented.view,
      toView: removesPresenter ? presenterView : nil,
      frames: [ObjectIdentifier(presented): (presented.view.frame, .zero), ObjectIdentifier(presenter): (.zero, container.bounds)],
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
