import Foundation
import Animator

/// The built-in demo app, a mail client: an inbox (large title, search field, messages with
/// sender, subject, a two-line preview and the time, a tab bar) and a message (its sender,
/// subject, paragraphs, a picture and a Reply button), in iOS's system colours, light or dark
/// with the appearance, and with the device's status bar, laid out for any screen size
/// (docs/devices.md#the-demo-screens, docs/colors.md#the-demo-screens).
@MainActor
enum DemoScreens {
  static let background = Color.systemBackground
  static let systemBlue = Color.systemBlue
  static let label = Color.label
  static let secondaryLabel = Color.secondaryLabel
  /// Hairlines are drawn opaque, the same over rows and bars.
  static let separator = Color.opaqueSeparator
  /// The disclosure chevron: tertiaryLabel over the background, made opaque.
  static let chevronGray = Color(light: Color(hex: 0xC4C4C7), dark: Color(hex: 0x47474A))
  static let fill = Color.tertiarySystemFill
  /// The bars' backgrounds, opaque: without the blur of real bars, what moves under them would
  /// show through (and the status bar in the navigation bar would not stay still).
  static let navigationBarBackground = Color(light: Color(hex: 0xF9F9F9), dark: Color(hex: 0x1D1D1D))
  static let tabBarBackground = TabBar.standardBackground
  /// Unselected tab items.
  static let tabGray = TabBar.standardUnselectedTint
  /// The hole of a tab icon's slider knob: white, the tab bar's dark background in dark.
  static let knobFill = Color(light: .white, dark: Color(hex: 0x161616))

  /// The navigation bar's height below the safe area's top.
  static let barHeight = 44.0

  /// The demo's screens for a device: the inbox, then a message, with a navigation bar (and
  /// the status bar in it) that stays in place during a push or pop.
  static func pair(device: Device) -> ScreenPair {
    var pair = ScreenPair(
      size: device.points,
      navigation: NavigationScreens(
        from: { DemoInbox.content(device) }, to: { DemoMessage.content(device) },
        barBackground: { DemoBars.background(device) },
        fromItems: { DemoBars.inboxItems(device) }, toItems: { DemoBars.messageItems(device) }))
    pair.displayCornerRadius = device.cornerRadius
    pair.safeAreaInsets = EdgeInsets(top: device.safeAreaTop, left: 0, bottom: device.safeAreaBottom, right: 0)
    return pair
  }

  /// A label of `text` in `frame`.
  static func text(
    _ name: String, _ text: String, _ font: Font, _ color: Color, _ frame: Rect, alignment: TextAlignment = .left,
    lines: Int = 1
  ) -> Label {
    let l = Label(frame: frame)
    l.name = name
    l.text = text
    l.font = font
    l.textColor = color
    l.textAlignment = alignment
    l.numberOfLines = lines
    return l
  }

  /// The label's height for `lines` lines of `font`.
  static func height(_ font: Font, lines: Int = 1) -> Double { (font.lineHeight * Double(lines)).rounded(.up) }
}

/// A view controller whose view is built by a closure (the demo screens, scene files).
@MainActor
final class ScreenViewController: ViewController {
  private let build: () -> View
  init(title: String, build: @escaping () -> View) {
    self.build = build
    super.init()
    self.title = title
  }
  override func loadView() { view = build() }
}
