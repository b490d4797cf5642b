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
  /// The title; setting it also sets the tab bar item's and the navigation item's (UIKit's `title`).
  public var title: String? {
    didSet {
      madeTabBarItem?.title = title
      madeNavigationItem?.title = title
    }
  }
  /// UIViewController.navigationItem: what this view controller shows in a navigation bar;
  /// made on first use, its title falling back to the view controller's.
  public var navigationItem: NavigationItem {
    if let made = madeNavigationItem { return made }
    let item = NavigationItem()
    item.owner = self
    madeNavigationItem = item
    return item
  }
  private var madeNavigationItem: NavigationItem?
  /// UIViewController.toolbarItems: the items of the navigation controller's toolbar while
  /// this view controller is on top (nil: none).
  public var toolbarItems: [BarButtonItem]? { didSet { navigationController?.barsDidChange() } }

  /// UIViewController.setToolbarItems(_:animated:) (the change is immediate).
  public func setToolbarItems(_ items: [BarButtonItem]?, animated: Bool) { toolbarItems = items }
  /// UIViewController.tabBarItem: what this view controller's tab shows in a tab bar; made on
  /// first use with the view controller's title.
  open var tabBarItem: TabBarItem! {
    get {
      if let made = madeTabBarItem { return made }
      let item = TabBarItem(title: title, image: nil, tag: 0)
      madeTabBarItem = item
      return item
    }
    set { madeTabBarItem = newValue }
  }
  private var madeTabBarItem: TabBarItem?

  /// The navigation controller whose stack this one joined, as root or pushed (nil: none). Weak;
  /// kept after a pop (UIKit clears it).
  public internal(set) weak var navigationController: NavigationController?
  /// The tab bar controller this one is a tab of (nil: none); set and cleared by its
  /// `viewControllers`. Weak. A screen inside a tab's navigation controller answers nil (UIKit
  /// looks through the parents).
  public internal(set) weak var tabBarController: TabBarController?
  /// The container this one is a child of: the navigation controller of its stack, or the tab
  /// bar controller of its tabs (nil: none; a presented view controller has none). Weak.
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

  /// Where a `.currentContext` or `.overCurrentContext` presentation from this view controller
  /// takes place: the nearest of it and its ancestors that defines a presentation context, else
  /// the outermost container.
  var definedPresentationContext: ViewController {
    var candidate: ViewController? = self
    while let current = candidate {
      if current.definesPresentationContext { return current }
      candidate = current.parent
    }
    return presentationContext
  }
  /// UIViewController.modalPresentationStyle: how `present` shows this view controller
  /// (docs/uikit-transitions.md#presentation-styles). `.automatic` (the default since iOS 13)
  /// is a page sheet.
  public var modalPresentationStyle: ModalPresentationStyle = .automatic
  /// UIViewController.isModalInPresentation: true keeps a sheet from being dismissed by a
  /// swipe down (default false).
  public var isModalInPresentation = false
  /// UIViewController.definesPresentationContext: whether `.currentContext` and
  /// `.overCurrentContext` presentations from this view controller or its children cover this
  /// view controller's view (default false: the root's).
  public var definesPresentationContext = false
  /// UIViewController.modalTransitionStyle: the system transition a presentation of this view
  /// controller runs when its transitioning delegate vends no animator (default
  /// `.coverVertical`); `preferredTransition` wins over it
  /// (docs/uikit-transitions.md#which-animator-runs).
  public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
  /// UIViewController.preferredTransition (iOS 18): the system transition to run when this view
  /// controller is presented or pushed and no delegate vends an animator; nil (the default)
  /// leaves `modalTransitionStyle` for a presentation and the standard slide for a push.
  public var preferredTransition: Transition?
  /// The presentation controller made for this view controller (by a presentation, or by
  /// reading `presentationController` before one), let go once its dismissal has completed.
  var ownPresentationController: PresentationController?
  /// A system drag (a sheet's swipe down, the back swipe, a zoom's drag) about to start a
  /// dismissal or pop from this view controller, which it then drives.
  var pendingSystemInteraction: ViewControllerInteractiveTransitioning?
  /// Whether this view controller is presented with the system partial curl, which keeps it
  /// from presenting (UIModalTransitionStyle.partialCurl).
  var presentedWithPartialCurl = false
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

  /// A view controller without a title or container; its view is made on first use.
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

  /// Whether the view has been made (or set); asking makes nothing.
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
  /// it to `view`, without calling super. Default: an empty view filling the screen that
  /// follows its superview's size (flexible width and height, as UIKit's default view does).
  open func loadView() {
    let root = View(frame: Screen.main.bounds)
    root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view = root
  }
  /// Where a container adds the view of the child it shows, once its own view exists.
  func installChildViews() {}
  /// Called once, right after `loadView` made the view (on first use of `view`), before a
  /// container adds its shown child's view. The default does nothing.
  open func viewDidLoad() {}
  /// Called before the view comes on screen: the incoming side of a push, pop or tab switch, a
  /// presented view controller, the presenter a full-screen dismissal uncovers; the transition's
  /// context exists already (docs/uikit-transitions.md#event-order). Not for a window's root
  /// view controller. `animated`: whether a transition animates it. The default does nothing.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called once the view is on screen: when the transition completes (at once when not
  /// animated), or on the outgoing side of a cancelled push, pop or tab switch, which stays.
  /// The default does nothing.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view leaves the screen, with `viewWillAppear` of the other side: the
  /// outgoing side of a push, pop or tab switch, a view controller being dismissed, the
  /// presenter a full-screen presentation covers. The default does nothing.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called once the view has left: when the transition completes (at once when not animated),
  /// or on the incoming side of a cancelled push, pop or tab switch. The default does nothing.
  open func viewDidDisappear(_ animated: Bool) {}
  /// UIViewController.viewSafeAreaInsetsDidChange: the root view's safe area insets changed
  /// (bars shown or hidden, `additionalSafeAreaInsets` set, the view entering the window);
  /// called by the layout pass before the root view is laid out
  /// (docs/layout.md#safe-area-changes). The default does nothing.
  open func viewSafeAreaInsetsDidChange() {}
  /// Called before the root view's `layoutSubviews` (docs/layout.md#the-layout-cycle).
  open func viewWillLayoutSubviews() {}
  /// Called after the root view's `layoutSubviews`.
  open func viewDidLayoutSubviews() {}

  /// UIViewController.updateViewConstraints: override to make or change constraints of the
  /// view, calling `super.updateViewConstraints()` last; called in the update-constraints pass
  /// after the root view's `updateConstraints()` (docs/layout.md#the-update-constraints-pass).
  open func updateViewConstraints() {}

  /// Insets added to the safe area of the root view and what is below it; setting them lays
  /// the root view out again (docs/layout.md#safe-area).
  public var additionalSafeAreaInsets = EdgeInsets.zero {
    didSet {
      viewIfLoaded?.layoutEngineInputsDidChange()
      viewIfLoaded?.setNeedsLayout()
    }
  }

  var debugName: String { title ?? String(describing: type(of: self)) }
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
