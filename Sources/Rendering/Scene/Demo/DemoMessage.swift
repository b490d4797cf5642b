import Animator
import Foundation

/// One message, laid out by anchors and stack views: the sender with an avatar and the time,
/// the subject as a title, the paragraphs with an attached photo, clipped above a Reply button
/// that sits over the bottom safe area. Pushed, it has the inbox's back button and a trash
/// button; presented, a Done button.
@MainActor
final class DemoMessageViewController: ViewController {
  static let paragraphs = [
    "Hi!",
    "Here are the photos from the weekend. The one from the ridge at sunrise came out better than I hoped: the fog in the valley looks like a lake.",
    "I've put the rest in the shared album. Let me know which ones you'd like printed for the cabin.",
    "See you soon,\nMaya",
  ]
  private let presentedModally: Bool

  init(presented: Bool) {
    presentedModally = presented
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    // Presented, the navigation controller's view is the one that moves, named "message".
    view.name = presentedModally ? "message-content" : "message"
    view.backgroundColor = .systemBackground
    navigationItem.largeTitleDisplayMode = .never
    navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: presentedModally ? .done : .trash, target: nil, action: nil)
    let page = View()
    page.name = "page"
    // What does not fit above the button is cut off, as a scroll view shows its top.
    page.clipsToBounds = true
    let stack = Self.content()
    let reply = Self.replyButton()
    page.addSubview(stack)
    view.addSubview(page)
    view.addSubview(reply)
    for v in [page, stack, reply] { v.translatesAutoresizingMaskIntoConstraints = false }
    let safe = view.safeAreaLayoutGuide
    LayoutConstraint.activate([
      page.topAnchor.constraint(equalTo: safe.topAnchor),
      page.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      page.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      page.bottomAnchor.constraint(equalTo: reply.topAnchor, constant: -12),
      stack.topAnchor.constraint(equalTo: page.topAnchor, constant: 12),
      stack.leadingAnchor.constraint(equalTo: page.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: page.trailingAnchor, constant: -16),
      reply.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
      reply.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
      reply.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -16),
      reply.heightAnchor.constraint(equalToConstant: 50),
    ])
  }

  /// The message's column: header, subject, a hairline, the paragraphs with the photo after
  /// the second.
  private static func content() -> StackView {
    let stack = StackView()
    stack.name = "content"
    stack.axis = .vertical
    stack.spacing = 12
    stack.addArrangedSubview(header())
    stack.addArrangedSubview(label("subject", "Trip photos", .systemFont(ofSize: 22, weight: .bold), .label))
    let separator = View()
    separator.name = "separator"
    separator.backgroundColor = .opaqueSeparator
    separator.heightAnchor.constraint(equalToConstant: 1.0 / 3).isActive = true
    stack.addArrangedSubview(separator)
    for (i, text) in paragraphs.enumerated() {
      let paragraph = label("paragraph\(i)", text, .preferredFont(forTextStyle: .body), .label)
      paragraph.numberOfLines = 0
      stack.addArrangedSubview(paragraph)
      if i == 1 { stack.addArrangedSubview(photo()) }
    }
    return stack
  }

  /// Avatar, sender over recipient, and the time.
  private static func header() -> StackView {
    let avatar = View()
    avatar.name = "avatar"
    avatar.backgroundColor = .systemIndigo
    avatar.layer.cornerRadius = 20
    let initials = label("initials", "ML", .systemFont(ofSize: 17, weight: .semibold), .white)
    avatar.addSubview(initials)
    initials.translatesAutoresizingMaskIntoConstraints = false
    let caption = Font.systemFont(ofSize: 15)
    let names = StackView(arrangedSubviews: [
      label("sender", "Maya Lindqvist", .preferredFont(forTextStyle: .headline), .label),
      label("to", "To: Me", caption, .secondaryLabel),
    ])
    names.axis = .vertical
    names.spacing = 2
    let time = label("time", "9:38 AM", caption, .secondaryLabel)
    time.setContentHuggingPriority(.required, for: .horizontal)
    time.setContentCompressionResistancePriority(.required, for: .horizontal)
    let header = StackView(arrangedSubviews: [avatar, names, time])
    header.name = "header"
    header.spacing = 12
    header.alignment = .center
    LayoutConstraint.activate([
      avatar.widthAnchor.constraint(equalToConstant: 40),
      avatar.heightAnchor.constraint(equalToConstant: 40),
      initials.centerXAnchor.constraint(equalTo: avatar.centerXAnchor),
      initials.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
    ])
    return header
  }

  private static func label(_ name: String, _ text: String, _ font: Font, _ color: Color) -> Label {
    let label = Label()
    label.name = name
    label.text = text
    label.font = font
    label.textColor = color
    return label
  }

  /// The attached photo, half as tall as it is wide and at most 180 points.
  private static func photo() -> View {
    let photo = DemoPhotoView()
    let half = photo.heightAnchor.constraint(equalTo: photo.widthAnchor, multiplier: 0.5)
    half.priority = .defaultHigh
    LayoutConstraint.activate([half, photo.heightAnchor.constraint(lessThanOrEqualToConstant: 180)])
    return photo
  }

  /// A filled Reply button.
  private static func replyButton() -> Button {
    let button = Button(type: .custom)
    button.name = "reply"
    button.backgroundColor = .systemBlue
    button.layer.cornerRadius = 12
    button.titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
    button.setTitle("Reply", for: .normal)
    button.setTitleColor(.white, for: .normal)
    return button
  }
}

/// A sunrise over hills, drawn: a purple-to-orange sky, the sun and two hills, placed in
/// proportion to its bounds with rounded corners.
@MainActor
final class DemoPhotoView: View {
  private let sky = View(frame: .zero, layer: GradientLayer())
  private let sun = View()
  private let farHill = View()
  private let hill = View()

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    name = "photo"
    backgroundColor = Color(hex: 0xFF9F6B)
    layer.cornerRadius = 12
    clipsToBounds = true
    (sky.layer as? GradientLayer)?.colors = [Color(hex: 0x5E5CE6), Color(hex: 0xFF9F6B)]
    for (view, name, color) in [
      (sky, "sky", nil), (sun, "sun", Color(hex: 0xFFD60A)), (farHill, "far-hill", Color(hex: 0x30B0C7)),
      (hill, "hill", Color(hex: 0x34C759)),
    ] {
      view.name = name
      if let color { view.backgroundColor = color }
      addSubview(view)
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let w = bounds.width, h = bounds.height
    sky.frame = bounds
    sun.frame = Rect(x: w * 0.62, y: h * 0.38, width: 44, height: 44)
    sun.layer.cornerRadius = 22
    farHill.frame = Rect(x: w * 0.3, y: h * 0.6, width: w * 0.9, height: 200)
    farHill.layer.cornerRadius = 100
    hill.frame = Rect(x: -60, y: h * 0.7, width: w * 0.8, height: 200)
    hill.layer.cornerRadius = 100
  }
}
