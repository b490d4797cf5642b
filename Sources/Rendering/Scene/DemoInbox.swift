import Foundation
import Animator

/// The demo's first screen: a mail inbox under the navigation bar.
@MainActor
enum DemoInbox {
  /// One message in the list.
  struct Message {
    let sender, subject, preview, time: String
    let unread: Bool
  }

  static let messages = [
    Message(
      sender: "Maya Lindqvist", subject: "Trip photos",
      preview: "Here are the photos from the weekend. The one from the ridge at sunrise came out better than I hoped!",
      time: "9:38 AM", unread: true),
    Message(
      sender: "Jonas Weber", subject: "Quarterly figures",
      preview:
        "Thanks for the notes from Tuesday. I've put the updated figures in the shared folder; the totals on page 3 changed.",
      time: "8:12 AM", unread: true),
    Message(
      sender: "Priya Raman", subject: "Re: Design review",
      preview:
        "Looks great. Two small things: the back button's title is cut off on the smallest phones, and the tab icons…",
      time: "Yesterday", unread: false),
    Message(
      sender: "City Library", subject: "Your books are due soon",
      preview: "Three items on your card are due on Friday. You can renew them online or at any branch.",
      time: "Yesterday", unread: false),
    Message(
      sender: "Tomás Álvarez", subject: "Dinner on Saturday?",
      preview: "We're thinking of trying the new place by the river. Are you free around seven? Bring the kids! 🍝",
      time: "Monday", unread: false),
    Message(
      sender: "Ana Kovač", subject: "Flight confirmation",
      preview: "Your booking is confirmed: Lisbon to Copenhagen, departing 14:05. Check-in opens 24 hours before.",
      time: "Sunday", unread: false),
    Message(
      sender: "Noah Kim", subject: "Climbing this week",
      preview: "Gym on Thursday? I can pick you up at six if that works for you.", time: "Saturday", unread: false),
  ]

  static let rowHeight = 98.0
  /// Where the rows' text starts: the unread dot sits in the margin before it.
  static let textInset = 32.0

  /// The inbox below where the navigation bar goes: a large title, a search field, the
  /// messages (as many as fit), and the tab bar.
  static func content(_ device: Device) -> View {
    let w = device.points.width, h = device.points.height
    let root = Icons.box("inbox", Rect(x: 0, y: 0, width: w, height: h), DemoScreens.background)
    // A table view clips its rows, so rows below the screen never show when it turns.
    root.clipsToBounds = true
    var y = device.safeAreaTop + DemoScreens.barHeight
    root.addSubview(
      DemoScreens.text(
        "large-title", "Inbox", .boldSystemFont(ofSize: 34), DemoScreens.label,
        Rect(x: 16, y: y + 3, width: w - 32, height: 41)))
    y += 52
    root.addSubview(searchField(width: w, y: y))
    y += 52
    for (i, message) in messages.enumerated() where y < h {
      root.addSubview(row(message, index: i, width: w, y: y))
      y += rowHeight
    }
    root.addSubview(DemoBars.tabBar(device))
    return root
  }

  /// A rounded search field with its magnifier and placeholder, 36 points tall in a 52-point
  /// row.
  static func searchField(width w: Double, y: Double) -> View {
    let field = Icons.box("search", Rect(x: 16, y: y + 8, width: w - 32, height: 36), DemoScreens.fill, radius: 10)
    field.addSubview(Icons.magnifier(at: Point(x: 8, y: 11), size: 15, color: DemoScreens.secondaryLabel))
    field.addSubview(
      DemoScreens.text(
        "placeholder", "Search", .systemFont(ofSize: 17), DemoScreens.secondaryLabel,
        Rect(x: 30, y: 0, width: w - 80, height: 36)))
    return field
  }

  /// One message: sender and time, subject, a two-line preview, a disclosure chevron, the
  /// unread dot, and the separator inset to the text.
  static func row(_ m: Message, index: Int, width w: Double, y: Double) -> View {
    let row = View(frame: Rect(x: 0, y: y, width: w, height: rowHeight))
    row.name = "row\(index)"
    let x = textInset, right = w - 16
    if m.unread {
      row.addSubview(Icons.box("unread", Rect(x: 11, y: 16, width: 10, height: 10), DemoScreens.systemBlue, radius: 5))
    }
    let caption = Font.systemFont(ofSize: 15)
    let timeWidth = min(90, max(0, right - 14 - x))
    row.addSubview(
      DemoScreens.text(
        "time", m.time, caption, DemoScreens.secondaryLabel,
        Rect(x: right - 14 - timeWidth, y: 11, width: timeWidth, height: 20), alignment: .right))
    row.addSubview(
      Icons.chevron(
        "chevron", at: Point(x: right - 7, y: 14), size: 13, color: DemoScreens.chevronGray, pointingLeft: false))
    row.addSubview(
      DemoScreens.text(
        "sender", m.sender, .preferredFont(forTextStyle: .headline), DemoScreens.label,
        Rect(x: x, y: 10, width: max(0, right - 14 - timeWidth - 8 - x), height: 21)))
    row.addSubview(
      DemoScreens.text(
        "subject", m.subject, caption, DemoScreens.label, Rect(x: x, y: 32, width: max(0, right - x), height: 19)))
    row.addSubview(
      DemoScreens.text(
        "preview", m.preview, caption, DemoScreens.secondaryLabel,
        Rect(x: x, y: 51, width: max(0, right - x), height: 37), lines: 2))
    row.addSubview(
      Icons.box("separator", Rect(x: x, y: rowHeight - 1.0 / 3, width: w - x, height: 1.0 / 3), DemoScreens.separator))
    return row
  }
}
