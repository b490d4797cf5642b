import Foundation
import Animator

/// The built-in demo app, a mail client: an inbox (large title, search field, messages with
/// sender, subject, a two-line preview and the time, a tab bar) and a message (its sender,
/// subject, paragraphs, a picture and a Reply button), in iOS's light system palette with the
/// device's status bar, laid out for any screen size (docs/devices.md#the-demo-screens).
@MainActor
enum DemoScreens {
  static let systemBlue = Color(hex: 0x007AFF)
  static let label = Color.black
  static let secondaryLabel = Color(hex: 0x3C3C43, alpha: 0.6)
  static let separator = Color(hex: 0xC6C6C8)
  static let chevronGray = Color(hex: 0xC4C4C7)
  static let fill = Color(hex: 0x767680, alpha: 0.12)
  /// The bars' background, opaque: without the blur of real bars, what moves under them would
  /// show through (and the status bar in the navigation bar would not stay still).
  static let barBackground = Color(hex: 0xF9F9F9)
  static let tabGray = Color(hex: 0x999999)

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
