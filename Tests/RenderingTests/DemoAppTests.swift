@testable import Animator
import Foundation
import Testing

@testable import Rendering

/// The built-in demo app is made of the library's own views and containers
/// (docs/devices.md#the-demo-screens), laid out by them: the geometry below is worked out by
/// hand from the device's figures and UIKit's bar and list metrics.
@MainActor
@Suite("The demo app")
struct DemoAppTests {
  /// The demo for `operation` on a 375 × 667 screen with a 20-point status bar, in a window.
  func app(_ operation: TransitionOperation) -> (AppScreens, Window, World) {
    let device = Device.generic(size: Size(width: 375, height: 667))
    let world = Recorder.makeWorld(size: device.points, scale: 1, appearance: .light)
    return world.run {
      Screen.main.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
      let app = DemoApp.app(for: operation, device: device)
      let window = Window()
      window.rootViewController = app.root
      window.layoutIfNeeded()
      return (app, window, world)
    }
  }

  @Test(
    "the-demo-screens: the inbox is a table view controller under a large title, in a navigation controller with the mailboxes below it, in the first of four tabs; its rows are Auto Layout cells, the first 52 points below the large title"
  )
  func inbox() throws {
    let (app, _, world) = app(.push)
    try world.run {
      let inbox = try #require(app.first as? TableViewController)
      let nav = try #require(app.navigation)
      #expect(app.root === app.tabs && app.tabs?.viewControllers?.count == 4)
      #expect(nav.viewControllers.map { $0.title } == ["Mailboxes", "Inbox"])
      #expect(nav.navigationBar.prefersLargeTitles && inbox.navigationItem.showsLargeTitle)
      // Status bar 20 + bar 44 + large title 52; then the 52-point search header.
      #expect(inbox.tableView.adjustedContentInset.top == 20 + 44 + 52)
      #expect(inbox.tableView.adjustedContentInset.bottom == 49)
      let row = try #require(inbox.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
      #expect(row.name == "row0")
      #expect(abs(inbox.tableView.convert(row.frame.origin, to: nil).y - (20 + 44 + 52 + 52)) < 1e-9)
      let sender = try #require(row.contentView.subviews.first { $0.name == "sender" })
      #expect(sender.frame.minX == 32 && sender.frame.minY == 10)
      #expect(!row.contentView.constraints.isEmpty)
    }
  }

  @Test(
    "the-demo-screens: the message, pushed, has a small title bar and lays out by anchors and stack views: the Reply button 16 points above the tab bar, 16 in from each side, 50 tall; the header's avatar 40 points at the column's leading edge"
  )
  func message() throws {
    let (app, window, world) = app(.push)
    try world.run {
      let nav = try #require(app.navigation)
      nav.pushViewController(app.second, animated: false)
      AnimationEngine.current.settle()
      window.layoutIfNeeded()
      let view: View = app.second.view
      #expect(!app.second.navigationItem.showsLargeTitle)
      let reply = try #require(view.subviews.first { $0.name == "reply" })
      #expect(reply.frame == Rect(x: 16, y: 667 - 49 - 16 - 50, width: 375 - 32, height: 50))
      let page = try #require(view.subviews.first { $0.name == "page" })
      #expect(page.frame == Rect(x: 0, y: 20 + 44, width: 375, height: 667 - 49 - 16 - 50 - 12 - 64))
      let content = try #require(page.subviews.first as? StackView)
      let header = try #require(content.arrangedSubviews.first as? StackView)
      #expect(content.frame.origin == Point(x: 16, y: 12))
      #expect(
        header.arrangedSubviews[0].frame == Rect(x: 0, y: header.arrangedSubviews[0].frame.minY, width: 40, height: 40))
    }
  }

  @Test(
    "the-demo-screens: a tab switch goes from Mail to Settings, an inset grouped table under a large title; the tab icons are template images the bar tints"
  )
  func settings() throws {
    let (app, _, world) = app(.tab)
    try world.run {
      let tabs = try #require(app.tabs)
      #expect(app.first === tabs.viewControllers?[0] && app.second === tabs.viewControllers?[3])
      let settings = try #require((app.second as? NavigationController)?.topViewController as? TableViewController)
      #expect(settings.tableView.style == .insetGrouped && settings.title == "Settings")
      #expect(tabs.tabBar.items?.map { $0.title } == ["Mail", "Contacts", "Search", "Settings"])
      #expect(tabs.tabBar.items?.allSatisfy { $0.image?.renderingMode == .automatic } == true)
    }
  }
}
