import TransitionRender

/// One example: a window built from the seeds' own view controllers and delegates, and what the
/// user does to it, recorded at `scale` pixels per point and `fps` frames a second.
public struct Example: Sendable {
  /// The GIF's and the snapshot reference's name.
  public let name: String
  public let summary: String
  public let record: @MainActor @Sendable (_ scale: Double, _ fps: Double) throws -> Recording
}

/// The screen every seed is written for (seed 004 hard-codes its frames to it).
public let iPhoneScreen = Size(width: 375, height: 667)

/// A finger dragged from the left edge across the screen: the edge swipe that pops.
let edgeSwipe = TouchScript.drag(from: Point(x: 6, y: 400), to: Point(x: 330, y: 400), duration: 0.6)

/// Seed 002's tab bar controller with its three pages.
@MainActor
func libraryTabs() -> TabBarViewController {
  let tabs = TabBarViewController()
  tabs.viewControllers = [
    PageViewController(title: "one", color: paper, accent: pink), PageViewController(title: "two", color: green, accent: paper),
    PageViewController(title: "three", color: indigo, accent: orange),
  ]
  return tabs
}

/// A finger dragged from right to left across the middle of the screen: the swipe that selects
/// the next tab.
let tabSwipe = TouchScript.drag(from: Point(x: 320, y: 330), to: Point(x: 80, y: 330), duration: 0.6)

/// Every ported example, in seed order.
public let examples: [Example] = [
  Example(name: "seed000-scale-push", summary: "Seed 000: the home page, its own navigation delegate, scales the details page up from 0.1") { scale, fps in
    let home = HomeViewController()
    let nav = NavigationController(rootViewController: home)
    return try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps).record { home.showDetails() }
  },
  Example(name: "seed000-scale-pop", summary: "Seed 000: popping shrinks the details page to 0.1 over the home page") { scale, fps in
    let nav = NavigationController(rootViewController: HomeViewController())
    let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
    nav.pushViewController(DetailViewController(), animated: false)
    return try recorder.record { nav.popViewController(animated: true) }
  },
  Example(name: "seed000-spring-modal", summary: "Seed 000: the details page presents the modal page with a spring from the bottom, then dismisses it") { scale, fps in
    let nav = NavigationController(rootViewController: HomeViewController())
    let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
    let detail = DetailViewController()
    nav.pushViewController(detail, animated: false)
    return try recorder.record([.perform { detail.showModal() }, .perform { detail.presentedViewController!.dismiss(animated: true) }])
  },
  Example(name: "seed000-edge-pan-pop", summary: "Seed 000: an edge swipe into the home page's handlePopRecognizer pops through a UIPercentDrivenInteractiveTransition") { scale, fps in
    let nav = NavigationController(rootViewController: HomeViewController())
    let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
    nav.pushViewController(DetailViewController(), animated: false)
    return try recorder.record(gesture: edgeSwipe)
  },
  Example(name: "seed000-custom-interactive-pop", summary: "Seed 000: the same swipe into the home page's own interaction controller, which shrinks the details page with the finger") { scale, fps in
    let nav = NavigationController(rootViewController: InteractiveHomeViewController())
    let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
    nav.pushViewController(DetailViewController(), animated: false)
    return try recorder.record(gesture: edgeSwipe)
  },
  Example(name: "seed001-spring-present", summary: "Seed 001: the action screen springs up from the bottom (damping 0.5, 2.5 s) as the items screen dims") { scale, fps in
    let items = ItemsViewController()
    let nav = NavigationController(rootViewController: items)
    return try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps).record { items.showAction() }
  },
  Example(name: "seed001-snapshot-shrink-dismiss", summary: "Seed 001: dismissing shrinks a snapshot of the action screen into its centre as the items screen brightens") { scale, fps in
    let items = ItemsViewController()
    let nav = NavigationController(rootViewController: items)
    let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
    let action = ActionViewController()
    action.modalPresentationStyle = .fullScreen
    action.transitioningDelegate = items
    items.present(action, animated: false)
    return try recorder.record { action.dismiss(animated: true) }
  },
  Example(name: "seed001-cube", summary: "Seed 001: the cube push (m34 −0.005 written into the rotations), then a pan on the item screen pops it back interactively") { scale, fps in
    let items = ItemsViewController()
    let nav = NavigationController(rootViewController: items)
    let pan = TouchScript.drag(from: Point(x: 40, y: 400), to: Point(x: 300, y: 400), duration: 0.8)
    return try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps).record([.perform { items.showItem() }, .gesture(pan)])
  },
  Example(name: "seed001-first-part", summary: "Seed 001's Objective-C TransitionAnimator: the pushed screen slides into a small frame over the dimmed one, and out again") { scale, fps in
    let delegate = FirstPartNavigationDelegate()
    let nav = NavigationController(rootViewController: ItemsViewController())
    let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
    nav.delegate = delegate
    let item = ItemViewController()
    return try withExtendedLifetime(delegate) {
      try recorder.record([.perform { nav.pushViewController(item, animated: true) }, .perform { nav.popViewController(animated: true) }])
    }
  },
  Example(name: "seed002-flip-navigation", summary: "Seed 002: the library's flip, reversed on pop by the navigation delegate: push, then pop") { scale, fps in
    let delegate = LibraryNavigationDelegate()
    let nav = NavigationController(rootViewController: PageViewController(title: "first", color: paper, accent: teal))
    nav.delegate = delegate
    let second = PageViewController(title: "second", color: teal, accent: orange)
    return try withExtendedLifetime(delegate) {
      try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
        .record([.perform { nav.pushViewController(second, animated: true) }, .perform { nav.popViewController(animated: true) }])
    }
  },
  Example(name: "seed002-tab-fold", summary: "Seed 002: the tab bar controller folds in 3 folds, its direction chosen by comparing the tabs' indexes: to the third tab and back") { scale, fps in
    let tabs = libraryTabs()
    return try Recorder(root: tabs, size: iPhoneScreen, scale: scale, fps: fps).record([.perform { tabs.selectedIndex = 2 }, .perform { tabs.selectedIndex = 0 }])
  },
  Example(name: "seed002-tab-swipe", summary: "Seed 002: a swipe from right to left on the first tab folds to the second one with the finger, through the interaction controller the tab bar controller binds to the tab shown") { scale, fps in
    let tabs = libraryTabs()
    return try Recorder(root: tabs, size: iPhoneScreen, scale: scale, fps: fps).record(gesture: tabSwipe)
  },
  Example(name: "seed004-top-down", summary: "Seed 004: a .custom modal from the top down, and back up, showing the presenting screen behind it") { scale, fps in
    let list = TopDownViewController()
    return try Recorder(root: list, size: iPhoneScreen, scale: scale, fps: fps)
      .record([.perform { list.showDetail() }, .perform { list.detailVC.dismiss(animated: true) }])
  },
  Example(name: "seed004-fade", summary: "Seed 004: the system-like fade of a .custom modal, in and out") { scale, fps in
    let list = FadeViewController()
    return try Recorder(root: list, size: iPhoneScreen, scale: scale, fps: fps)
      .record([.perform { list.showDetail() }, .perform { list.detailVC.dismiss(animated: true) }])
  },
]
