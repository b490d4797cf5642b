import UIKit

// Screens laid out as an iOS developer lays them out today, with `import UIKit` and UIKit's
// names: autoresizing masks, Auto Layout anchors, a stack view. Not edited for Linux: compiled
// in Swift 5 mode (UIKitSeedsSwift5) and in Swift 6 mode (UIKitTests links this file), and
// recorded by UIKitTests' LayoutRecordingTests.

/// A card with a banner pinned to its bottom edge by its autoresizing mask; `collapse()`
/// shrinks the card in an animation, and the banner follows.
class BannerViewController: UIViewController {
  let card = UIView()
  let banner = UIView()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.white
    card.frame = CGRect(x: 20, y: 100, width: 335, height: 400)
    card.backgroundColor = UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1)
    banner.frame = CGRect(x: 0, y: card.bounds.height - 60, width: card.bounds.width, height: 60)
    banner.backgroundColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
    banner.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    card.addSubview(banner)
    view.addSubview(card)
  }

  func collapse() {
    UIView.animate(withDuration: 0.5) {
      self.card.frame = CGRect(x: 60, y: 150, width: 255, height: 200)
    }
  }
}
