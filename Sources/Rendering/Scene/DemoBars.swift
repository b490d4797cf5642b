import Foundation
import Animator

/// The demo's navigation bar and tab bar.
@MainActor
enum DemoBars {
  /// What stays in place while a navigation controller's screens move: the status bar, the
  /// bar's background and its hairline, `safeAreaTop + 44` points tall.
  static func background(_ device: Device) -> View {
    let w = device.points.width, h = device.safeAreaTop + DemoScreens.barHeight
    let bar = Icons.box("navigation-bar", Rect(x: 0, y: 0, width: w, height: h), DemoScreens.navigationBarBackground)
    bar.addSubview(StatusBar.view(for: device, width: w))
    bar.addSubview(Icons.box("hairline", Rect(x: 0, y: h - 1.0 / 3, width: w, height: 1.0 / 3), DemoScreens.separator))
    return bar
  }

  /// A back button: a chevron and its title in the tint color, at the bar's left.
  private static func back(_ title: String, device: Device) -> View {
    let top = device.safeAreaTop
    let button = View(frame: Rect(x: 0, y: top, width: 160, height: DemoScreens.barHeight))
    button.name = "back"
    button.addSubview(
      Icons.chevron("chevron", at: Point(x: 9, y: 12), size: 20, color: DemoScreens.systemBlue, pointingLeft: true))
    let font = Font.systemFont(ofSize: 17)
    button.addSubview(
      DemoScreens.text(
        "title", title, font, DemoScreens.systemBlue, Rect(x: 25, y: 0, width: 130, height: DemoScreens.barHeight)))
    return button
  }

  /// A bar button's title at the bar's right.
  private static func rightButton(_ title: String, device: Device, font: Font = .systemFont(ofSize: 17)) -> Label {
    let w = device.points.width
    return DemoScreens.text(
      "right", title, font, DemoScreens.systemBlue,
      Rect(x: w - 116, y: device.safeAreaTop, width: 100, height: DemoScreens.barHeight),
      alignment: .right)
  }

  /// The inbox's items: back to the mailboxes, Edit.
  static func inboxItems(_ device: Device) -> View {
    let items = View(
      frame: Rect(x: 0, y: 0, width: device.points.width, height: device.safeAreaTop + DemoScreens.barHeight))
    items.name = "inbox-bar-items"
    items.addSubview(back("Mailboxes", device: device))
    items.addSubview(rightButton("Edit", device: device))
    return items
  }

  /// The message's items: back to the inbox, the message's place in it.
  static func messageItems(_ device: Device) -> View {
    let items = View(
      frame: Rect(x: 0, y: 0, width: device.points.width, height: device.safeAreaTop + DemoScreens.barHeight))
    items.name = "message-bar-items"
    items.addSubview(back("Inbox", device: device))
    items.addSubview(rightButton("1 of 7", device: device, font: .systemFont(ofSize: 15)))
    return items
  }

  /// A tab bar of four tabs (icon over label), the first selected, across the bottom of a
  /// screen: 49 points plus the bottom safe area.
  static func tabBar(_ device: Device) -> View {
    let w = device.points.width, h = 49 + device.safeAreaBottom
    let bar = Icons.box(
      "tab-bar", Rect(x: 0, y: device.points.height - h, width: w, height: h), DemoScreens.tabBarBackground)
    bar.addSubview(Icons.box("hairline", Rect(x: 0, y: 0, width: w, height: 1.0 / 3), DemoScreens.separator))
    let tabs: [(String, (Point, Color) -> View)] = [
      ("Inbox", { Icons.envelope(at: $0, size: 26, color: $1) }),
      ("Contacts", { Icons.person(at: Point(x: $0.x + 3, y: $0.y - 3), size: 22, color: $1) }),
      ("Search", { Icons.magnifier(at: Point(x: $0.x + 3, y: $0.y - 3), size: 22, color: $1) }),
      ("Settings", { Icons.sliders(at: Point(x: $0.x + 1, y: $0.y - 1), size: 23, color: $1) }),
    ]
    let slot = w / Double(tabs.count)
    for (i, (title, icon)) in tabs.enumerated() {
      let color = i == 0 ? DemoScreens.systemBlue : DemoScreens.tabGray
      let tab = View(frame: Rect(x: Double(i) * slot, y: 0, width: slot, height: 49))
      tab.name = "tab\(i)"
      tab.addSubview(icon(Point(x: slot / 2 - 13, y: 9), color))
      tab.addSubview(
        DemoScreens.text(
          "title", title, .systemFont(ofSize: 10, weight: .medium), color, Rect(x: 0, y: 33, width: slot, height: 13),
          alignment: .center))
      bar.addSubview(tab)
    }
    return bar
  }
}
