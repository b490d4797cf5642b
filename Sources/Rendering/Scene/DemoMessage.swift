import Foundation
import Animator

/// The demo's second screen: one message under the navigation bar.
@MainActor
enum DemoMessage {
  static let paragraphs = [
    "Hi!",
    "Here are the photos from the weekend. The one from the ridge at sunrise came out better than I hoped: the fog in the valley looks like a lake.",
    "I've put the rest in the shared album. Let me know which ones you'd like printed for the cabin.",
    "See you soon,\nMaya",
  ]

  /// The message below where the navigation bar goes: the sender with an avatar and the
  /// time, the subject as a title, the paragraphs and an attached picture as far as they fit,
  /// and a Reply button above the bottom safe area.
  static func content(_ device: Device) -> View {
    let w = device.points.width, h = device.points.height
    let root = Icons.box("message", Rect(x: 0, y: 0, width: w, height: h), DemoScreens.background)
    root.clipsToBounds = true
    let buttonTop = h - device.safeAreaBottom - 16 - 50
    var y = device.safeAreaTop + DemoScreens.barHeight + 12
    root.addSubview(header(width: w, y: y))
    y += 56
    let title = Font.systemFont(ofSize: 22, weight: .bold)
    root.addSubview(
      DemoScreens.text(
        "subject", "Trip photos", title, DemoScreens.label,
        Rect(x: 16, y: y, width: w - 32, height: DemoScreens.height(title))))
    y += DemoScreens.height(title) + 8
    root.addSubview(Icons.box("separator", Rect(x: 16, y: y, width: w - 16, height: 1.0 / 3), DemoScreens.separator))
    y += 14
    let body = Font.preferredFont(forTextStyle: .body)
    for (i, text) in paragraphs.enumerated() where y + body.lineHeight <= buttonTop - 8 {
      let paragraph = DemoScreens.text(
        "paragraph\(i)", text, body, DemoScreens.label, Rect(x: 16, y: y, width: w - 32, height: 0), lines: 0)
      let fits = paragraph.sizeThatFits(Size(width: w - 32, height: buttonTop - 8 - y))
      paragraph.frame = Rect(x: 16, y: y, width: w - 32, height: fits.height)
      root.addSubview(paragraph)
      y += fits.height + 12
      if i == 1 { y = picture(in: root, width: w, y: y, limit: buttonTop - 12) }
    }
    root.addSubview(replyButton(width: w, y: buttonTop))
    return root
  }

  /// Avatar, sender, recipient and time.
  static func header(width w: Double, y: Double) -> View {
    let header = View(frame: Rect(x: 0, y: y, width: w, height: 44))
    header.name = "header"
    let avatar = Icons.box("avatar", Rect(x: 16, y: 2, width: 40, height: 40), .systemIndigo, radius: 20)
    avatar.addSubview(
      DemoScreens.text(
        "initials", "ML", .systemFont(ofSize: 17, weight: .semibold), .white, Rect(x: 0, y: 0, width: 40, height: 40),
        alignment: .center))
    header.addSubview(avatar)
    let caption = Font.systemFont(ofSize: 15)
    header.addSubview(
      DemoScreens.text(
        "time", "9:38 AM", caption, DemoScreens.secondaryLabel, Rect(x: w - 106, y: 3, width: 90, height: 20),
        alignment: .right))
    header.addSubview(
      DemoScreens.text(
        "sender", "Maya Lindqvist", .preferredFont(forTextStyle: .headline), DemoScreens.label,
        Rect(x: 68, y: 2, width: max(0, w - 68 - 110), height: 21)))
    header.addSubview(
      DemoScreens.text(
        "to", "To: Me", caption, DemoScreens.secondaryLabel, Rect(x: 68, y: 24, width: max(0, w - 84), height: 19)))
    return header
  }

  /// The attached photo (a sunrise over hills, drawn), when it fits above `limit`; returns the
  /// y below it.
  static func picture(in root: View, width w: Double, y: Double, limit: Double) -> Double {
    let height = min(180, (w - 32) * 0.5)
    guard y + height <= limit else { return y }
    let card = Icons.box("photo", Rect(x: 16, y: y, width: w - 32, height: height), Color(hex: 0xFF9F6B), radius: 12)
    card.clipsToBounds = true
    let sky = GradientLayer()
    sky.colors = [Color(hex: 0x5E5CE6), Color(hex: 0xFF9F6B)]
    let skyView = View(frame: Rect(x: 0, y: 0, width: w - 32, height: height), layer: sky)
    skyView.name = "sky"
    card.addSubview(skyView)
    card.addSubview(
      Icons.box(
        "sun", Rect(x: (w - 32) * 0.62, y: height * 0.38, width: 44, height: 44), Color(hex: 0xFFD60A), radius: 22))
    card.addSubview(
      Icons.box(
        "far-hill", Rect(x: (w - 32) * 0.3, y: height * 0.6, width: (w - 32) * 0.9, height: 200), Color(hex: 0x30B0C7),
        radius: 100))
    card.addSubview(
      Icons.box(
        "hill", Rect(x: -60, y: height * 0.7, width: (w - 32) * 0.8, height: 200), Color(hex: 0x34C759), radius: 100))
    root.addSubview(card)
    return y + height + 16
  }

  /// A filled Reply button across the screen.
  static func replyButton(width w: Double, y: Double) -> View {
    let button = Button(type: .custom, frame: Rect(x: 16, y: y, width: w - 32, height: 50))
    button.name = "reply"
    button.backgroundColor = DemoScreens.systemBlue
    button.layer.cornerRadius = 12
    button.titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
    button.setTitle("Reply", for: .normal)
    button.setTitleColor(.white, for: .normal)
    return button
  }
}
