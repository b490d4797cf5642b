import UIKit

// Table and collection screens written as an iOS developer writes them today, with
// `import UIKit` and UIKit's names: a table view controller with registered subtitle cells, a
// photo grid with a flow layout, a long plain list. Not edited for Linux: compiled in Swift 5
// mode (UIKitSeedsSwift5) and in Swift 6 mode (UIKitTests links this file), and recorded by
// UIKitTests' ListRecordingTests.

/// A cell of the subtitle style, registered by class.
class SubtitleCell: UITableViewCell {
  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// Four people in an inset grouped table under a "Favourites" header; a tap selects a row and
/// notes whom.
class ContactsViewController: UITableViewController {
  let people = [
    ("Maya Lindqvist", "Design"),
    ("Tomás Ortega", "Engineering"),
    ("Aiko Tanaka", "Research"),
    ("Sam Okafor", "Support"),
  ]
  var chosen: String?

  init() {
    super.init(style: .insetGrouped)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Contacts"
    tableView.register(SubtitleCell.self, forCellReuseIdentifier: "person")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return people.count
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    return "Favourites"
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "person", for: indexPath)
    let (name, team) = people[indexPath.row]
    cell.textLabel?.text = name
    cell.detailTextLabel?.text = team
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    chosen = people[indexPath.row].0
    tableView.deselectRow(at: indexPath, animated: true)
  }
}

/// A photo cell: a coloured square.
class PhotoCell: UICollectionViewCell {
  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.layer.cornerRadius = 2
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// A grid of photos, three to a row, 2 points apart: the grid a zoom transition starts from.
class PhotoGridViewController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
  static let spacing: CGFloat = 2
  let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue]
  var opened: IndexPath?

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.minimumLineSpacing = PhotoGridViewController.spacing
    layout.minimumInteritemSpacing = PhotoGridViewController.spacing
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.backgroundColor = .systemBackground
    collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
  }

  override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    return 30
  }

  override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    cell.contentView.backgroundColor = colors[indexPath.item % colors.count]
    return cell
  }

  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    let side = (collectionView.bounds.width - 2 * PhotoGridViewController.spacing) / 3
    return CGSize(width: side, height: side)
  }

  override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    opened = indexPath
  }
}

/// Forty numbered rows in a plain table 100 points from the top and bottom of an orange screen,
/// made without registration; `scrollDown()` moves the content 320 points down inside
/// `UIView.animate`, `showRow(_:)` scrolls a row to the top.
class NumbersViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  let tableView = UITableView(frame: .zero, style: .plain)
  var madeCells = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemOrange
    tableView.frame = view.bounds.insetBy(dx: 0, dy: 100)
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.rowHeight = 50
    view.addSubview(tableView)
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return 40
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    var cell = tableView.dequeueReusableCell(withIdentifier: "number")
    if cell == nil {
      cell = UITableViewCell(style: .value1, reuseIdentifier: "number")
      madeCells += 1
    }
    cell!.textLabel?.text = "Row \(indexPath.row)"
    cell!.detailTextLabel?.text = indexPath.row % 2 == 0 ? "even" : "odd"
    return cell!
  }

  func scrollDown() {
    UIView.animate(withDuration: 0.3) {
      self.tableView.contentOffset = CGPoint(x: 0, y: self.tableView.contentOffset.y + 320)
    }
  }

  func showRow(_ row: Int) {
    tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: true)
  }
}

/// A table that dequeues with an identifier it never registered: UIKit raises; the recording
/// fails with UIKit's message.
class UnregisteredCellViewController: UITableViewController {
  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return 3
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    return tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
  }

  func fade() {
    UIView.animate(withDuration: 0.2) { self.view.alpha = 0.5 }
  }
}
