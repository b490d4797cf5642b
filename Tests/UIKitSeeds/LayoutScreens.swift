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

/// A card laid out with anchors; presented, it slides up from below the screen by its top
/// constraint's constant, with `layoutIfNeeded()` inside `UIView.animate`.
class ConstraintCardViewController: UIViewController {
  let card = UIView()
  var cardTop: NSLayoutConstraint!

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.clear
    card.backgroundColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
    card.layer.cornerRadius = 12
    card.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(card)
    cardTop = card.topAnchor.constraint(equalTo: view.topAnchor, constant: 120)
    NSLayoutConstraint.activate([
      cardTop,
      card.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
      card.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
      card.heightAnchor.constraint(equalToConstant: 200),
    ])
  }
}

/// Slides the card in by animating its top constraint from the container's height to 120.
class CardSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 0.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let toVC = transitionContext.viewController(forKey: .to) as! ConstraintCardViewController
    let container = transitionContext.containerView
    container.addSubview(toVC.view)
    toVC.view.frame = transitionContext.finalFrame(for: toVC)
    toVC.cardTop.constant = container.bounds.height
    toVC.view.layoutIfNeeded()
    toVC.cardTop.constant = 120
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        toVC.view.layoutIfNeeded()
      },
      completion: { _ in
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}

/// The screen that presents the card over itself.
class CardPresenterViewController: UIViewController, UIViewControllerTransitioningDelegate {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.white
  }

  func showCard() {
    let card = ConstraintCardViewController()
    card.modalPresentationStyle = .overFullScreen
    card.transitioningDelegate = self
    present(card, animated: true, completion: nil)
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    return CardSlideAnimator()
  }
}

/// A screen whose box has two required widths that cannot both hold: Auto Layout logs UIKit's
/// message and breaks one; the screen still renders. `fade()` gives the recorder something to
/// record.
class ConflictViewController: UIViewController {
  let box = UIView()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.white
    box.backgroundColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
    box.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(box)
    NSLayoutConstraint.activate([
      box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      box.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
      box.heightAnchor.constraint(equalToConstant: 100),
      box.widthAnchor.constraint(equalToConstant: 100),
      box.widthAnchor.constraint(equalToConstant: 250),
    ])
  }

  func fade() {
    UIView.animate(withDuration: 0.2) { self.box.alpha = 0.5 }
  }
}

/// A screen that constrains its view to one that is in no hierarchy: UIKit raises; the
/// recording fails with UIKit's message.
class OrphanConstraintViewController: UIViewController {
  let stranger = UIView()

  override func viewDidLoad() {
    super.viewDidLoad()
    let box = UIView()
    box.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(box)
    box.topAnchor.constraint(equalTo: stranger.bottomAnchor).isActive = true
  }

  func fade() {
    UIView.animate(withDuration: 0.2) { self.view.alpha = 0.5 }
  }
}

/// A screen laid out with anchors and a stack view: a title, a wrapping body and a 44-point
/// button in a column 20 points from the safe area's top, leading and trailing edges.
class ArticleViewController: UIViewController {
  let titleLabel = UILabel()
  let bodyLabel = UILabel()
  let button = UIButton(type: .system)
  let stack = UIStackView()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.white
    titleLabel.text = "Layout as UIKit does it"
    titleLabel.font = UIFont.preferredFont(forTextStyle: .title2)
    bodyLabel.text =
      "Constraints, stack views and the safe area give every screen its frames, on any device, before the first frame is drawn."
    bodyLabel.font = UIFont.preferredFont(forTextStyle: .body)
    bodyLabel.numberOfLines = 0
    button.setTitle("Continue", for: .normal)
    button.setTitleColor(UIColor.white, for: .normal)
    button.backgroundColor = UIColor.systemBlue
    button.layer.cornerRadius = 10

    stack.axis = .vertical
    stack.spacing = 12
    for arranged in [titleLabel, bodyLabel, button] as [UIView] {
      stack.addArrangedSubview(arranged)
    }
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 20),
      stack.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -20),
      button.heightAnchor.constraint(equalToConstant: 44),
    ])
  }

  /// Hides the body in an animation: the stack closes the gap.
  func hideBody() {
    UIView.animate(withDuration: 0.3) {
      self.bodyLabel.isHidden = true
      self.stack.layoutIfNeeded()
    }
  }
}

/// A screen laid out in the visual format language, its constraints made once in
/// `updateViewConstraints` (which `setNeedsUpdateConstraints()` in `viewDidLoad` schedules): two boxes of equal width side by side, the standard spaces from the
/// edges and between them, 120 points from the top, 80 tall. `fade()` gives the recorder
/// something to record.
class VisualFormatViewController: UIViewController {
  let leftBox = UIView()
  let rightBox = UIView()
  private var madeConstraints = false

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor.white
    leftBox.backgroundColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
    rightBox.backgroundColor = UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1)
    for box in [leftBox, rightBox] {
      box.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(box)
    }
    view.setNeedsUpdateConstraints()
  }

  override func updateViewConstraints() {
    if !madeConstraints {
      madeConstraints = true
      let views = ["left": leftBox, "right": rightBox]
      NSLayoutConstraint.activate(
        NSLayoutConstraint.constraints(
          withVisualFormat: "H:|-[left]-[right(==left)]-|", options: [.alignAllTop, .alignAllBottom], metrics: nil,
          views: views))
      NSLayoutConstraint.activate(
        NSLayoutConstraint.constraints(
          withVisualFormat: "V:|-top-[left(80)]", options: [], metrics: ["top": 120], views: views))
    }
    super.updateViewConstraints()
  }

  func fade() {
    UIView.animate(withDuration: 0.2) { self.rightBox.alpha = 0.5 }
  }
}
