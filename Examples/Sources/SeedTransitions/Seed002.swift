import TransitionRender

// Seed 002, "VCTransitionsLibrary": the library's animation controllers, each with a
// `reverse` flag its host sets before a transition — a navigation delegate by the operation,
// a tab bar controller by comparing the two tabs' indexes. The library's animators are the
// built-in FlipAnimator (CEFlipAnimationController), FoldAnimator (CEFoldAnimationController) and
// HorizontalSwipeInteractionController (CESwipeInteractionController).
// Ported from the tutorial's Objective-C with renames only (README.md lists the rest).

/// The navigation host: out of the stack, reverse the animation.
public final class LibraryNavigationDelegate: NSObject, NavigationControllerDelegate {
  let _animationController = FlipAnimator()

  public func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
    _animationController.reverse = operation == NavigationOperation.pop
    return _animationController
  }
}

/// The tab bar controller of the library's demo: its own delegate, folding with 3 folds, the
/// direction from the tabs' indexes, and a horizontal swipe on the shown tab that switches tabs
/// interactively. The tutorial's key-value observing of selectedViewController is an override
/// of the property.
public final class TabBarViewController: TabBarController, TabBarControllerDelegate {
  var _animationController: FoldAnimator
  var _swipeInteractionController: HorizontalSwipeInteractionController

  public override init() {
    _animationController = FoldAnimator()
    _swipeInteractionController = HorizontalSwipeInteractionController()
    super.init()
    self.delegate = self
    _animationController.folds = 3
  }

  public override var selectedViewController: ViewController? {
    didSet {
      if let selectedViewController { _swipeInteractionController.wire(to: selectedViewController, for: .tab) }
    }
  }

  public func tabBarController(_ tabBarController: TabBarController, interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
    return _swipeInteractionController.interactionInProgress ? _swipeInteractionController : nil
  }

  public func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
    let fromVCIndex = tabBarController.viewControllers!.firstIndex(of: fromVC)!
    let toVCIndex = tabBarController.viewControllers!.firstIndex(of: toVC)!
    _animationController.reverse = fromVCIndex < toVCIndex
    return _animationController
  }
}

/// A plain page for the library's demos.
public final class PageViewController: ViewController {
  let color: Color
  let accent: Color

  public init(title: String, color: Color, accent: Color) {
    self.color = color
    self.accent = accent
    super.init()
    self.title = title
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    buildPage(in: view, color: color, rows: 4, accent: accent)
  }
}
