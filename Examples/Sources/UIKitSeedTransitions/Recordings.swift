import UIKit

// The examples of SeedTransitions (Examples.swift there) recorded from the UIKit-spelled files
// this target links from ../../App/: the same windows, actions and gestures, so that a test
// can compare their frames. This file is the package's own, not the app's.

/// One example: its name in SeedTransitions' `examples`, and its recording at `scale` pixels
/// per point and `fps` frames a second.
public typealias SeedRecording = (
  name: String, record: @MainActor @Sendable (_ scale: Double, _ fps: Double) throws -> Recording
)

/// The screen every seed is written for (seed 004 hard-codes its frames to it).
let iPhoneScreen = CGSize(width: 375, height: 667)

/// A finger dragged from the left edge across the screen: the edge swipe that pops.
let edgeSwipe = TouchScript.drag(from: CGPoint(x: 6, y: 400), to: CGPoint(x: 330, y: 400), duration: 0.6)

/// Seed 002's tab bar controller with its three pages.
@MainActor
func libraryTabs() -> TabBarViewController {
  let tabs = TabBarViewController()
  tabs.viewControllers = [
    PageViewController(title: "one", color: .systemGroupedBackground, accent: .systemPink),
    PageViewController(title: "two", color: .systemGreen, accent: .systemGray6),
    PageViewController(title: "three", color: .systemIndigo, accent: .systemOrange),
  ]
  return tabs
}

/// A finger dragged from right to left across the middle of the screen: the swipe that selects
/// the next tab.
let tabSwipe = TouchScript.drag(from: CGPoint(x: 320, y: 330), to: CGPoint(x: 80, y: 330), duration: 0.6)

/// Every example of SeedTransitions, in the same order, recorded from the UIKit-spelled files.
public let recordings: [SeedRecording] = [
  (
    "seed000-scale-push",
    { scale, fps in
      let home = HomeViewController()
      let nav = UINavigationController(rootViewController: home)
      return try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps).record { home.showDetails() }
    }
  ),
  (
    "seed000-scale-pop",
    { scale, fps in
      let nav = UINavigationController(rootViewController: HomeViewController())
      let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
      nav.pushViewController(DetailViewController(), animated: false)
      return try recorder.record { nav.popViewController(animated: true) }
    }
  ),
  (
    "seed000-spring-modal",
    { scale, fps in
      let nav = UINavigationController(rootViewController: HomeViewController())
      let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
      let detail = DetailViewController()
      nav.pushViewController(detail, animated: false)
      return try recorder.record([
        .perform { detail.showModal() }, .perform { detail.presentedViewController!.dismiss(animated: true) },
      ])
    }
  ),
  (
    "seed000-edge-pan-pop",
    { scale, fps in
      let nav = UINavigationController(rootViewController: HomeViewController())
      let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
      nav.pushViewController(DetailViewController(), animated: false)
      return try recorder.record(gesture: edgeSwipe)
    }
  ),
  (
    "seed000-custom-interactive-pop",
    { scale, fps in
      let nav = UINavigationController(rootViewController: InteractiveHomeViewController())
      let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
      nav.pushViewController(DetailViewController(), animated: false)
      return try recorder.record(gesture: edgeSwipe)
    }
  ),
  (
    "seed001-spring-present",
    { scale, fps in
      let items = ItemsViewController()
      let nav = UINavigationController(rootViewController: items)
      return try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps).record { items.showAction() }
    }
  ),
  (
    "seed001-snapshot-shrink-dismiss",
    { scale, fps in
      let items = ItemsViewController()
      let nav = UINavigationController(rootViewController: items)
      let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
      let action = ActionViewController()
      action.modalPresentationStyle = .fullScreen
      action.transitioningDelegate = items
      items.present(action, animated: false)
      return try recorder.record { action.dismiss(animated: true) }
    }
  ),
  (
    "seed001-cube",
    { scale, fps in
      let items = ItemsViewController()
      let nav = UINavigationController(rootViewController: items)
      let pan = TouchScript.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.8)
      return try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
        .record([.perform { items.showItem() }, .gesture(pan)])
    }
  ),
  (
    "seed001-first-part",
    { scale, fps in
      let delegate = FirstPartNavigationDelegate()
      let nav = UINavigationController(rootViewController: ItemsViewController())
      let recorder = try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
      nav.delegate = delegate
      let item = ItemViewController()
      return try withExtendedLifetime(delegate) {
        try recorder.record([
          .perform { nav.pushViewController(item, animated: true) }, .perform { nav.popViewController(animated: true) },
        ])
      }
    }
  ),
  (
    "seed002-flip-navigation",
    { scale, fps in
      let delegate = LibraryNavigationDelegate()
      let nav = UINavigationController(
        rootViewController: PageViewController(title: "first", color: .systemGroupedBackground, accent: .systemTeal))
      nav.delegate = delegate
      let second = PageViewController(title: "second", color: .systemTeal, accent: .systemOrange)
      return try withExtendedLifetime(delegate) {
        try Recorder(root: nav, size: iPhoneScreen, scale: scale, fps: fps)
          .record([
            .perform { nav.pushViewController(second, animated: true) },
            .perform { nav.popViewController(animated: true) },
          ])
      }
    }
  ),
  (
    "seed002-tab-fold",
    { scale, fps in
      let tabs = libraryTabs()
      return try Recorder(root: tabs, size: iPhoneScreen, scale: scale, fps: fps)
        .record([.perform { tabs.selectedIndex = 2 }, .perform { tabs.selectedIndex = 0 }])
    }
  ),
  (
    "seed002-tab-swipe",
    { scale, fps in
      let tabs = libraryTabs()
      return try Recorder(root: tabs, size: iPhoneScreen, scale: scale, fps: fps).record(gesture: tabSwipe)
    }
  ),
  (
    "seed004-top-down",
    { scale, fps in
      let list = TopDownViewController()
      return try Recorder(root: list, size: iPhoneScreen, scale: scale, fps: fps)
        .record([.perform { list.showDetail() }, .perform { list.detailVC.dismiss(animated: true) }])
    }
  ),
  (
    "seed004-fade",
    { scale, fps in
      let list = FadeViewController()
      return try Recorder(root: list, size: iPhoneScreen, scale: scale, fps: fps)
        .record([.perform { list.showDetail() }, .perform { list.detailVC.dismiss(animated: true) }])
    }
  ),
]
