import SeedTransitions
import Testing
import TransitionRenderTesting

// README: test
@MainActor
@Test("The cube push matches its reference")
func cubePush() throws {
  let items = ItemsViewController()
  let nav = NavigationController(rootViewController: items)
  let recording = try Recorder(root: nav, size: Size(width: 375, height: 667), scale: 0.5, fps: 10)
    .record { items.showItem() }
  assertTransitionSnapshot(of: recording)
}
// README: end
