import TransitionRenderDocs
import UIKit

// The transitions this package documents in its README: the render-transitions plugin builds
// the transition-docs executable, whose main passes this list to DocsMedia.main, and writes
// their media into media/ (README.md, "Docs media"). This file is the package's own, not the
// app's: it records the app's files as Recordings.swift does, in the stage the plugin gives.

/// The README's transitions, recorded from the app's files (their system colours give the
/// dark variants their own look).
public let docsTransitions: [DocsTransition] = [
  scalePush,
  DocsTransition(
    "seed000-spring-modal",
    alt: "Seed 000: the details page presents the modal page with a spring from the bottom, then dismisses it",
    size: iPhoneScreen
  ) { stage in
    let nav = UINavigationController(rootViewController: HomeViewController())
    let recorder = try stage.recorder(root: nav)
    let detail = DetailViewController()
    nav.pushViewController(detail, animated: false)
    return try recorder.record([
      .perform { detail.showModal() }, .perform { detail.presentedViewController!.dismiss(animated: true) },
    ])
  },
  DocsTransition(
    "seed002-tab-fold", alt: "Seed 002: the tab bar controller folds to the third tab in three folds, and back",
    size: iPhoneScreen
  ) { stage in
    let tabs = libraryTabs()
    return try stage.recorder(root: tabs).record([
      .perform { tabs.selectedIndex = 2 }, .perform { tabs.selectedIndex = 0 },
    ])
  },
  DocsTransition(
    "seed004-fade", alt: "Seed 004: a custom modal fades in over the list, and out again",
    size: iPhoneScreen
  ) { stage in
    let list = FadeViewController()
    return try stage.recorder(root: list).record([
      .perform { list.showDetail() }, .perform { list.detailVC.dismiss(animated: true) },
    ])
  },
]

/// Seed 000's scale push (the README of the repository shows this declaration).
// README: docs-media
let scalePush = DocsTransition(
  "seed000-scale-push", alt: "Seed 000: the home page scales the details page up from a tenth of its size",
  size: iPhoneScreen
) { stage in
  let home = HomeViewController()
  return try stage.recorder(root: UINavigationController(rootViewController: home)).record { home.showDetails() }
}
// README: end
