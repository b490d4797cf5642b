import UIKit

// Seed 002, "VCTransitionsLibrary": the library's animation controllers, each with a
// `reverse` flag its host sets before a transition — a navigation delegate by the operation,
// a tab bar controller by comparing the two tabs' indexes — and its swipe interaction
// controller, bound to the tab shown. The tutorial's Objective-C as Swift writes it today; the
// animation and interaction controllers come from the library the app depends on.

/// The navigation host: out of the stack, reverse the animation.
class LibraryNavigationDelegate: NSObject, UINavigationControllerDelegate {
  let _animationController = CEFlipAnimationController()

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    _animationController.reverse = operation == UINavigationController.Operation.pop
    return _animationController
  }
}

/// The tab bar controller of the library's demo: its own delegate, folding with 3 folds, the
/// direction from the tabs' indexes, and a horizontal swipe on the shown tab that switches tabs
/// interactively.
class TabBarViewController: UITabBarController, UITabBarControllerDelegate {
  let _animationController = CEFoldAnimationController()
  let _swipeInteractionController = CESwipeInteractionController()

  override func viewDidLoad() {
    super.viewDidLoad()
    self.delegate = self
    _animationController.folds = 3
  }

  // The tutorial observes selectedViewController with key-value observing; a Swift subclass
  // overrides it: bind the interaction controller to the tab shown.
  override var selectedViewController: UIViewController? {
    didSet {
      if let selectedViewController {
        _swipeInteractionController.wire(to: selectedViewController, for: .tab)
      }
    }
  }

  func tabBarController(
    _ tabBarController: UITabBarController,
    interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning? {
    return _swipeInteractionController.interactionInProgress ? _swipeInteractionController : nil
  }

  func tabBarController(
    _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
    to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    let fromVCIndex = tabBarController.viewControllers!.firstIndex(of: fromVC)!
    let toVCIndex = tabBarController.viewControllers!.firstIndex(of: toVC)!
    _animationController.reverse = fromVCIndex < toVCIndex
    return _animationController
  }
}

/// A plain page for the library's demos.
class PageViewController: UIViewController {
  var color = UIColor.white
  var accent = UIColor.white

  convenience init(title: String, color: UIColor, accent: UIColor) {
    self.init()
    self.title = title
    self.color = color
    self.accent = accent
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: color, rows: 4, accent: accent)
  }
}
