import UIKit

// The presentations and gestures iOS makes by itself, as an app asks for them today: the
// default presentation (a page sheet since iOS 13), a sheet resting at half height that grows,
// iOS 18's zoom out of a cell, and the back swipe. Written for iOS and compiled here unchanged,
// in Swift 5 mode (UIKitSeedsSwift5) and in Swift 6 mode (UIKitTests links it).

/// Presents `page` the default way: on iOS 13 and later, a page sheet.
@MainActor
func presentDefault(_ page: UIViewController, from presenter: UIViewController) {
  presenter.present(page, animated: true, completion: nil)
}

/// Presents `page` as a sheet that rests at half height, with a grabber, and can grow.
@MainActor
func presentHalfSheet(_ page: UIViewController, from presenter: UIViewController) {
  if let sheet = page.sheetPresentationController {
    sheet.detents = [.medium(), .large()]
    sheet.prefersGrabberVisible = true
  }
  presenter.present(page, animated: true, completion: nil)
}

/// Grows a half sheet to full height, animated as UIKit animates a detent change.
@MainActor
func expandSheet(of page: UIViewController) {
  guard let sheet = page.sheetPresentationController else { return }
  sheet.animateChanges {
    sheet.selectedDetentIdentifier = .large
  }
}

/// A list with one cell; a detail screen zooms out of the cell.
class ZoomListViewController: UIViewController {
  let cell = UIView()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    cell.frame = CGRect(x: 20, y: 120, width: 160, height: 100)
    cell.backgroundColor = .systemBlue
    cell.layer.cornerRadius = 12
    view.addSubview(cell)
  }

  /// Pushes `detail` growing out of the cell (iOS 18).
  func showDetail(_ detail: UIViewController) {
    detail.preferredTransition = .zoom { _ in self.cell }
    navigationController?.pushViewController(detail, animated: true)
  }
}

/// The back swipe is on by default; an app that turned it off turns it back on so.
@MainActor
func allowBackSwipe(in navigationController: UINavigationController) {
  navigationController.interactivePopGestureRecognizer?.isEnabled = true
}
