import Animator
import Compositor
import Foundation

/// The built-in demo app, a mail client built as an iOS app builds one: a tab bar controller
/// (Mail, Contacts, Search, Settings) whose Mail tab is a navigation controller with large
/// titles (the mailboxes, then the inbox pushed on them), the inbox a table view controller
/// whose row pushes a message laid out by Auto Layout, and a Settings tab of an inset grouped
/// table. In iOS's system colours, light or dark with the appearance, with the device's status
/// bar, for any screen size (docs/devices.md#the-demo-screens).
@MainActor
enum DemoApp {
  /// The demo on `device`: its safe area, corner radius and status bar.
  static func pair(device: Device) -> ScreenPair {
    var pair = ScreenPair(size: device.points) { operation in app(for: operation, device: device) }
    pair.displayCornerRadius = device.cornerRadius
    pair.safeAreaInsets = EdgeInsets(top: device.safeAreaTop, left: 0, bottom: device.safeAreaBottom, right: 0)
    return pair
  }

  /// The app for `operation`: a push or pop of the message in the Mail tab, the message
  /// presented over the whole app in a navigation controller of its own, or a switch from the
  /// Mail tab to Settings.
  static func app(for operation: TransitionOperation, device: Device) -> AppScreens {
    let inbox = DemoInboxViewController()
    let mail = NavigationController(rootViewController: DemoMailboxesViewController())
    mail.navigationBar.prefersLargeTitles = true
    mail.pushViewController(inbox, animated: false)
    let icons = tabIcons
    mail.tabBarItem = TabBarItem(title: "Mail", image: icons.mail, tag: 0)
    let settings = NavigationController(rootViewController: DemoSettingsViewController())
    settings.navigationBar.prefersLargeTitles = true
    settings.tabBarItem = TabBarItem(title: "Settings", image: icons.settings, tag: 3)
    mail.view.name = "mail"
    settings.view.name = "settings-navigation"
    let tabs = TabBarController(viewControllers: [
      mail, emptyTab("Contacts", image: icons.contacts, tag: 1), emptyTab("Search", image: icons.search, tag: 2),
      settings,
    ])
    let statusBar: @MainActor @Sendable () -> View = { StatusBar.view(for: device, width: device.points.width) }
    switch operation {
    case .present, .dismiss:
      let message = NavigationController(rootViewController: DemoMessageViewController(presented: true))
      message.view.name = "message"
      return AppScreens(root: tabs, first: tabs, second: message, statusBar: statusBar)
    case .push, .pop:
      return AppScreens(
        root: tabs, first: inbox, second: DemoMessageViewController(presented: false), navigation: mail, tabs: tabs,
        statusBar: statusBar)
    case .tab:
      return AppScreens(root: tabs, first: mail, second: settings, tabs: tabs, statusBar: statusBar)
    }
  }

  /// A tab the demo never shows: its title and icon in the tab bar.
  private static func emptyTab(_ title: String, image: Image, tag: Int) -> ViewController {
    let tab = ViewController()
    tab.title = title
    tab.tabBarItem = TabBarItem(title: title, image: image, tag: tag)
    return tab
  }

  /// The tab icons, drawn once: they are black shapes whatever the appearance (the bar tints
  /// them).
  private static let tabIcons = (
    mail: icon(Icons.envelope, side: 26), contacts: icon(Icons.person, side: 22),
    search: icon(Icons.magnifier, side: 22), settings: icon(Icons.sliders, side: 23)
  )

  /// A tab bar image: one of the icons drawn `side` points wide, in black on transparent at
  /// 3 pixels a point, which the tab bar fills with its tint as a template.
  static func icon(_ draw: @MainActor (Point, Double, Color) -> View, side: Double) -> Image {
    let icon = draw(.zero, side, .black)
    let frame = FrameSnapshot(time: 0, size: icon.bounds.size, background: nil, root: icon.layer.presentationSnapshot())
    let scale = 3.0
    // An icon is a few vectors at a size well inside the compositor's limits.
    let pixels = try! Compositor(scale: scale).render(frame)
    return Image(bitmap: Bitmap(pixels, label: "tab icon \(icon.name)"), scale: scale)
  }
}
