import Animator
import Foundation

/// The Settings tab: an inset grouped table under the large title "Settings", value cells with
/// disclosure chevrons, a section with a header and a footer.
@MainActor
final class DemoSettingsViewController: TableViewController {
  /// A section's header, rows (title and value) and footer.
  struct Section {
    let header: String?
    let rows: [(String, String?)]
    let footer: String?
  }

  static let sections = [
    Section(header: nil, rows: [("Maya Lindqvist", "Account")], footer: nil),
    Section(
      header: nil, rows: [("Notifications", nil), ("Sounds & Haptics", nil), ("Focus", "Off"), ("Screen Time", nil)],
      footer: nil),
    Section(
      header: "Mail", rows: [("Accounts", "2"), ("Preview", "2 Lines"), ("Swipe Options", nil), ("Signature", "Maya")],
      footer: "Messages are kept on this phone for 30 days."),
  ]

  init() {
    super.init(style: .insetGrouped)
    title = "Settings"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.name = "settings"
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "setting")
  }

  override func numberOfSections(in tableView: TableView) -> Int { Self.sections.count }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    Self.sections[section].rows.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
    let (title, value) = Self.sections[indexPath.section].rows[indexPath.row]
    var content = ListContentConfiguration.valueCell()
    content.text = title
    content.secondaryText = value
    cell.contentConfiguration = content
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    Self.sections[section].header
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    Self.sections[section].footer
  }
}
