import UIKit

// A mail app's first two screens as an iOS developer writes them today, with `import UIKit`
// and UIKit's names: a table view controller with a large title, four subtitle rows and a
// compose button, pushing (from its own didSelectRowAt) a message laid out by anchors and a
// stack view, with a bar button item on its right; the same in a tab bar controller with a
// badge. Compiled in Swift 5 mode (UIKitSeedsSwift5) and in Swift 6 mode (UIKitTests links
// this file), and recorded by UIKitTests' BarRecordingTests. One line differs from iOS, as
// docs/uikit-names.md#lines-a-file-may-still-change says: the bar button's action is the
// method itself instead of `#selector(...)`.

/// Four mailboxes under a large "Mailboxes" title; a tap on a row pushes its message.
class MailboxesViewController: UITableViewController {
  let boxes = [
    ("Inbox", "3 unread"),
    ("Drafts", "1 draft"),
    ("Sent", "Yesterday"),
    ("Archive", "1,024 messages"),
  ]
  var composed = 0

  init() {
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Mailboxes"
    navigationController?.navigationBar.prefersLargeTitles = true
    // iOS: action: #selector(compose)
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .compose, target: self, action: MailboxesViewController.compose)
    tableView.register(SubtitleCell.self, forCellReuseIdentifier: "box")
  }

  // iOS: @objc func compose() {
  func compose() {
    composed += 1
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return boxes.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "box", for: indexPath)
    let (name, detail) = boxes[indexPath.row]
    cell.textLabel?.text = name
    cell.detailTextLabel?.text = detail
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    let message = MessageViewController()
    message.title = boxes[indexPath.row].0 == "Inbox" ? "Message" : boxes[indexPath.row].0
    navigationController?.pushViewController(message, animated: true)
  }
}

/// A message: its subject, its body and a Reply button in a vertical stack pinned by anchors
/// 20 points inside the safe area, under a small title with a trash button.
class MessageViewController: UIViewController {
  let subject = UILabel()
  let body = UILabel()
  let reply = UIButton(type: .system)
  let stack = UIStackView()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    navigationItem.largeTitleDisplayMode = .never
    navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)
    subject.text = "Trip photos"
    subject.font = UIFont.preferredFont(forTextStyle: .title2)
    body.text = "Here are the photos from the weekend. The one from the ridge at sunrise came out best."
    body.font = UIFont.preferredFont(forTextStyle: .body)
    body.numberOfLines = 0
    reply.setTitle("Reply", for: .normal)
    reply.setTitleColor(.white, for: .normal)
    reply.backgroundColor = .systemBlue
    reply.layer.cornerRadius = 10
    stack.axis = .vertical
    stack.spacing = 12
    for arranged in [subject, body, reply] as [UIView] {
      stack.addArrangedSubview(arranged)
    }
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 20),
      stack.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -20),
      reply.heightAnchor.constraint(equalToConstant: 44),
    ])
  }
}

/// The mailboxes in a navigation controller as the first of two tabs, the first with a badge.
class MailTabBarController: UITabBarController {
  let mailboxes = MailboxesViewController()

  override func viewDidLoad() {
    super.viewDidLoad()
    let mail = UINavigationController(rootViewController: mailboxes)
    mail.tabBarItem = UITabBarItem(tabBarSystemItem: .mostRecent, tag: 0)
    mail.tabBarItem.badgeValue = "3"
    let contacts = UIViewController()
    contacts.tabBarItem = UITabBarItem(tabBarSystemItem: .contacts, tag: 1)
    viewControllers = [mail, contacts]
  }
}
