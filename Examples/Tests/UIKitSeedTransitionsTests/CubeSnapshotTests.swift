// DOCS: app-test
import Testing
import TransitionRenderTesting
import UIKit

@testable import UIKitSeedTransitions

@MainActor
@Test("The cube push of the app's file matches its reference")
func cubePush() throws {
  let items = ItemsViewController()
  let nav = UINavigationController(rootViewController: items)
  let recording = try Recorder(root: nav, size: CGSize(width: 375, height: 667), scale: 0.4, fps: 10)
    .record { items.showItem() }
  assertTransitionSnapshot(of: recording)
}
// DOCS: end
