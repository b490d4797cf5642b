import Animator
import Foundation

/// The Mail tab's root: the list of mailboxes, under a large title. The demo shows it only as
/// the inbox's back button ("‹ Mailboxes").
@MainActor
final class DemoMailboxesViewController: TableViewController {
  static let mailboxes = ["All Inboxes", "Inbox", "VIP", "Flagged", "Drafts", "Sent", "Archive"]

  init() {
    super.init(style: .insetGrouped)
    title = "Mailboxes"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "mailbox")
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    Self.mailboxes.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "mailbox", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = Self.mailboxes[indexPath.row]
    cell.contentConfiguration = content
    cell.accessoryType = .disclosureIndicator
    return cell
  }
}

/// The inbox: a table of messages under the large title "Inbox", a search field as the
/// table's header, Edit on the right; a tap on a row pushes the message.
@MainActor
final class DemoInboxViewController: TableViewController {
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

  init() {
    super.init(style: .plain)
    title = "Inbox"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil)
    tableView.register(DemoMessageCell.self, forCellReuseIdentifier: DemoMessageCell.identifier)
    tableView.separatorInset = EdgeInsets(top: 0, left: DemoMessageCell.textInset, bottom: 0, right: 0)
    tableView.tableHeaderView = DemoSearchField(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 52))
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { Self.messages.count }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: DemoMessageCell.identifier, for: indexPath)
    // The zoom effect grows the message out of the row named so.
    cell.name = "row\(indexPath.row)"
    (cell as? DemoMessageCell)?.show(Self.messages[indexPath.row])
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(DemoMessageViewController(presented: false), animated: true)
  }
}

/// The inbox's search field: a rounded 36-point field with a magnifier and a placeholder, in a
/// 52-point header, 16 points in from each side.
@MainActor
final class DemoSearchField: View {
  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    name = "search"
    let field = View()
    field.name = "field"
    field.backgroundColor = .tertiarySystemFill
    field.layer.cornerRadius = 10
    let magnifier = Icons.magnifier(at: Point(x: 8, y: 11), size: 15, color: .secondaryLabel)
    let placeholder = Label("Search", font: .systemFont(ofSize: 17), color: .secondaryLabel)
    placeholder.name = "placeholder"
    field.addSubview(magnifier)
    field.addSubview(placeholder)
    addSubview(field)
    for v in [field, placeholder] { v.translatesAutoresizingMaskIntoConstraints = false }
    LayoutConstraint.activate([
      field.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
      field.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
      field.topAnchor.constraint(equalTo: topAnchor, constant: 8),
      field.heightAnchor.constraint(equalToConstant: 36),
      placeholder.leadingAnchor.constraint(equalTo: field.leadingAnchor, constant: 30),
      placeholder.centerYAnchor.constraint(equalTo: field.centerYAnchor),
    ])
  }
}

/// A message row laid out by anchors: the unread dot in the margin, the sender and the time
/// on the first line, the subject, then a two-line preview; a disclosure chevron.
@MainActor
final class DemoMessageCell: TableViewCell {
  static let identifier = "message"
  /// Where the text starts: the unread dot sits in the margin before it.
  static let textInset = 32.0

  private let dot = View()
  private let sender = Label()
  private let time = Label()
  private let subject = Label()
  private let preview = Label()

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    accessoryType = .disclosureIndicator
    dot.name = "unread"
    dot.backgroundColor = .systemBlue
    dot.layer.cornerRadius = 5
    let caption = Font.systemFont(ofSize: 15)
    dress(sender, "sender", .preferredFont(forTextStyle: .headline), .label)
    dress(time, "time", caption, .secondaryLabel)
    dress(subject, "subject", caption, .label)
    dress(preview, "preview", caption, .secondaryLabel)
    preview.numberOfLines = 2
    time.setContentHuggingPriority(.required, for: .horizontal)
    time.setContentCompressionResistancePriority(.required, for: .horizontal)
    let content = contentView
    for v in [dot, sender, time, subject, preview] {
      v.translatesAutoresizingMaskIntoConstraints = false
      content.addSubview(v)
    }
    LayoutConstraint.activate([
      dot.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 11),
      dot.centerYAnchor.constraint(equalTo: sender.centerYAnchor),
      dot.widthAnchor.constraint(equalToConstant: 10),
      dot.heightAnchor.constraint(equalToConstant: 10),
      sender.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: Self.textInset),
      sender.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
      time.leadingAnchor.constraint(greaterThanOrEqualTo: sender.trailingAnchor, constant: 8),
      time.trailingAnchor.constraint(equalTo: content.trailingAnchor),
      time.firstBaselineAnchor.constraint(equalTo: sender.firstBaselineAnchor),
      subject.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
      subject.trailingAnchor.constraint(equalTo: content.trailingAnchor),
      subject.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: 1),
      preview.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
      preview.trailingAnchor.constraint(equalTo: content.trailingAnchor),
      preview.topAnchor.constraint(equalTo: subject.bottomAnchor, constant: 1),
      preview.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -10),
    ])
  }

  private func dress(_ label: Label, _ name: String, _ font: Font, _ color: Color) {
    label.name = name
    label.font = font
    label.textColor = color
  }

  /// Fills the row with `message`.
  func show(_ message: DemoInboxViewController.Message) {
    sender.text = message.sender
    time.text = message.time
    subject.text = message.subject
    preview.text = message.preview
    dot.isHidden = !message.unread
  }
}
