import AnimatorTestSupport
import Testing
@testable import Animator

/// An animator written the way seed 000 writes its scale push/pop, with modern names only.
@MainActor
final class ScaleAnimator: ViewControllerAnimatedTransitioning {
  var operation: NavigationOperation = .push
  var ended: [Bool] = []
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: .to)!
    let fromViewController = transitionContext.viewController(forKey: .from)!
    var destView: View
    var destTransform: AffineTransform
    if operation == .push {
      containerView.insertSubview(toViewController.view, aboveSubview: fromViewController.view)
      destView = toViewController.view
      destView.transform = AffineTransform(scaleX: 0.1, y: 0.1)
      destTransform = AffineTransform(scaleX: 1, y: 1)
    } else {
      containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
      destView = fromViewController.view
      destTransform = AffineTransform(scaleX: 0.1, y: 0.1)
    }
    View.animate(
      withDuration: transitionDuration(using: transitionContext),
      animations: {
        destView.transform = destTransform
      },
      completion: { _ in
        if transitionContext.transitionWasCancelled { destView.transform = .identity }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
  func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// Seed 000's home view controller: navigation delegate, edge-pan interactive pop.
@MainActor
final class HomeDelegate: NavigationControllerDelegate {
  let animator = ScaleAnimator()
  var interactivePopTransition: PercentDrivenInteractiveTransition?
  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? {
    animator.operation = operation
    return animator
  }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    interactivePopTransition
  }
}

@MainActor
final class DetailViewController: ViewController {
  var home: HomeDelegate?
  override func viewDidLoad() {
    let edgePan = ScreenEdgePanGestureRecognizer { [unowned self] r in
      self.handlePan(r as! ScreenEdgePanGestureRecognizer)
    }
    edgePan.edges = .left
    view.addGestureRecognizer(edgePan)
  }
  func handlePan(_ recognizer: ScreenEdgePanGestureRecognizer) {
    // As seed 000: measured in the navigation controller's view, which the transition does not transform.
    guard let navigationView = navigationController?.view else { return }
    var progress = recognizer.translation(in: navigationView).x / navigationView.bounds.width
    progress = min(1, max(0, progress))
    switch recognizer.state {
    case .began:
      home?.interactivePopTransition = PercentDrivenInteractiveTransition()
      navigationController?.popViewController(animated: true)
    case .changed:
      home?.interactivePopTransition?.update(progress)
    case .ended, .cancelled:
      if progress > 0.5 { home?.interactivePopTransition?.finish() } else { home?.interactivePopTransition?.cancel() }
      home?.interactivePopTransition = nil
    default: break
    }
  }
}

@MainActor
@Suite("View-controller transitions", .resetEngineAfterEachTest)
struct TransitionTests {
  struct Stack {
    let window: Window
    let nav: NavigationController
    let home: ViewController
    let detail: DetailViewController
    let delegate: HomeDelegate
  }

  func pushedStack() -> Stack {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = ViewController()
    home.title = "home"
    let nav = NavigationController(rootViewController: home)
    let delegate = HomeDelegate()
    nav.delegate = delegate
    window.rootViewController = nav
    let detail = DetailViewController()
    detail.title = "detail"
    detail.home = delegate
    nav.pushViewController(detail, animated: true)
    AnimationEngine.current.advance(to: 1)
    return Stack(window: window, nav: nav, home: home, detail: detail, delegate: delegate)
  }

  @Test(
    "Seed 000 scale push: the new view scales 0.1 → 1 with ease-in-out over 0.4 s, and the old view leaves when it completes"
  )
  func scalePush() {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = ViewController()
    let nav = NavigationController(rootViewController: home)
    let delegate = HomeDelegate()
    nav.delegate = delegate
    window.rootViewController = nav
    let detail = ViewController()
    nav.pushViewController(detail, animated: true)
    AnimationEngine.current.advance(to: 0.2)
    let s = detail.view.layer.presentationSnapshot().transform.m11
    #expect(abs(s - (0.1 + 0.9 * 0.5)) < 1e-6)
    #expect(home.view.superview === nav.transitionView)
    AnimationEngine.current.advance(to: 0.4)
    #expect(home.view.superview == nil)
    #expect(nav.transitionView.subviews.map { $0 === detail.view } == [true])
    #expect(delegate.animator.ended == [true])
  }

  @Test("Interactive pop released past half finishes: the stack pops and the from-view leaves")
  func interactivePopFinishes() throws {
    let s = pushedStack()
    let script = TouchScript.drag(from: Point(x: 5, y: 300), to: Point(x: 230, y: 300), startTime: 1, duration: 0.5)
    TouchPlayer(script: script, window: s.window).start()
    AnimationEngine.current.advance(to: 1.3)
    // Mid-gesture the pop is scrubbed, not finished.
    #expect(s.detail.view.superview === s.nav.transitionView)
    #expect(s.home.view.superview === s.nav.transitionView)
    AnimationEngine.current.advance(to: 4)
    #expect(s.nav.viewControllers.count == 1)
    #expect(s.detail.view.superview == nil)
    #expect(s.delegate.animator.ended == [true, true])
  }

  @Test("Interactive pop released before half cancels, runs back, and leaves the hierarchy as it was")
  func interactivePopCancels() throws {
    let s = pushedStack()
    let before = s.window.layer.presentationSnapshot()
    let script = TouchScript.drag(from: Point(x: 5, y: 300), to: Point(x: 100, y: 300), startTime: 1, duration: 0.5)
    TouchPlayer(script: script, window: s.window).start()
    AnimationEngine.current.advance(to: 1.5)
    #expect(s.detail.view.layer.presentationSnapshot().transform.m11 < 1)
    AnimationEngine.current.advance(to: 4)
    #expect(s.nav.viewControllers.count == 2)
    #expect(s.nav.topViewController === s.detail)
    #expect(s.home.view.superview == nil)
    #expect(s.window.layer.presentationSnapshot() == before)
    #expect(s.delegate.animator.ended == [true, false])
  }

  @Test("Percent-driven finish takes (1 − p)·D / completionSpeed with the completion curve")
  func percentDrivenFinishDuration() {
    let s = pushedStack()
    let interaction = PercentDrivenInteractiveTransition()
    interaction.completionSpeed = 2
    s.delegate.interactivePopTransition = interaction
    s.nav.popViewController(animated: true)
    interaction.update(0.5)
    interaction.finish()
    var completedAt: Double?
    s.delegate.animator.ended = []
    let start = AnimationEngine.current.now
    for i in 1...100 {
      AnimationEngine.current.advance(to: start + Double(i) * 0.01)
      if completedAt == nil, s.nav.viewControllers.count == 1, s.detail.view.superview == nil {
        completedAt = AnimationEngine.current.now - start
      }
    }
    // (1 − 0.5) × 0.4 s / 2 = 0.1 s.
    #expect(completedAt.map { abs($0 - 0.1) < 0.011 } == true)
  }

  @Test(
    "view-for-key-can-be-nil: a custom presentation gives no .from view on present and keeps the presenter in the window"
  )
  func customPresentationViews() {
    AnimationEngine.reset()
    let window = Window()
    let presenter = ViewController()
    window.rootViewController = presenter
    final class Probe: ViewControllerAnimatedTransitioning, ViewControllerTransitioningDelegate {
      var fromView: View?? = .none
      func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.1 }
      func animateTransition(using ctx: ViewControllerContextTransitioning) {
        fromView = .some(ctx.view(forKey: .from))
        ctx.containerView.addSubview(ctx.view(forKey: .to)!)
        ctx.completeTransition(true)
      }
      func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
      ) -> ViewControllerAnimatedTransitioning? { self }
    }
    let probe = Probe()
    let presented = ViewController()
    presented.modalPresentationStyle = .custom
    presented.transitioningDelegate = probe
    presenter.present(presented, animated: true)
    AnimationEngine.current.settle()
    #expect(probe.fromView! == nil)
    #expect(presenter.view.window === window)
    #expect(presented.view.window === window)
  }

  @Test("A full-screen dismissal puts the presenter's view back in the window and removes the container")
  func fullScreenDismissRestoresPresenter() {
    AnimationEngine.reset()
    let window = Window()
    let presenter = ViewController()
    window.rootViewController = presenter
    let presented = ViewController()
    presented.modalPresentationStyle = .fullScreen
    presenter.present(presented, animated: false)
    AnimationEngine.current.settle()
    #expect(presenter.view.window == nil)
    presented.dismiss(animated: false)
    AnimationEngine.current.settle()
    #expect(presenter.view.superview === window)
    #expect(window.subviews.count == 1)
    #expect(presenter.presentedViewController == nil)
  }

  @Test("Misuse: a transition whose animator never calls completeTransition is reported, not a hang")
  func neverCompletes() {
    AnimationEngine.reset()
    let window = Window()
    let presenter = ViewController()
    window.rootViewController = presenter
    final class Forgetful: ViewControllerAnimatedTransitioning, ViewControllerTransitioningDelegate {
      func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.1 }
      func animateTransition(using ctx: ViewControllerContextTransitioning) {
        ctx.containerView.addSubview(ctx.view(forKey: .to)!)
      }
      func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
      ) -> ViewControllerAnimatedTransitioning? { self }
    }
    let forgetful = Forgetful()
    let presented = ViewController()
    presented.modalPresentationStyle = .fullScreen
    presented.transitioningDelegate = forgetful
    presenter.present(presented, animated: true)
    AnimationEngine.current.advance(to: 10)
    #expect(
      AnimationEngine.current.pendingTransitionProblems.first?.contains("never called completeTransition") == true)
  }

  @Test("Snapshots print as stable text with fixed precision")
  func snapshotText() {
    AnimationEngine.reset()
    let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50.123456))
    v.name = "card"
    v.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
    v.alpha = 0.5
    v.transform = AffineTransform(rotationAngle: .pi / 2)
    #expect(
      v.layer.presentationSnapshot().description
        == "card bounds=(0,0,100,50.123) position=(60,45.062) transform=affine[0 1 -1 0 0 0] opacity=0.5 background=rgba(1,0.5,0,1)\n"
    )
  }
}

/// Seed 000's second example: a custom interaction controller (not percent-driven) that keeps
/// the context from `startInteractiveTransition`, scales the leaving view by hand while the
/// finger moves, and animates the rest itself — same calls, modern names.
@MainActor
final class CustomPopInteraction: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning,
  NavigationControllerDelegate
{
  var transitionContext: ViewControllerContextTransitioning?
  var transitingView: View?
  var isTransiting = false

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }
  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {}

  func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
    self.transitionContext = transitionContext
    let containerView = transitionContext.containerView
    let toViewController = transitionContext.viewController(forKey: .to)!
    let fromViewController = transitionContext.viewController(forKey: .from)!
    containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)
    transitingView = fromViewController.view
  }

  func updateWithPercent(_ percent: Double) {
    let scale = abs(percent - 1)
    transitingView?.transform = AffineTransform(scaleX: scale, y: scale)
    transitionContext?.updateInteractiveTransition(percent)
  }

  func finishBy(cancelled: Bool) {
    if cancelled {
      View.animate(
        withDuration: 0.4,
        animations: {
          self.transitingView!.transform = .identity
        },
        completion: { _ in
          self.transitionContext!.cancelInteractiveTransition()
          self.transitionContext!.completeTransition(false)
        })
    } else {
      View.animate(
        withDuration: 0.4,
        animations: {
          self.transitingView!.transform = AffineTransform(scaleX: 0.001, y: 0.001)
        },
        completion: { _ in
          self.transitionContext!.finishInteractiveTransition()
          self.transitionContext!.completeTransition(true)
        })
    }
  }

  func navigationController(
    _ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
    from fromVC: ViewController, to toVC: ViewController
  ) -> ViewControllerAnimatedTransitioning? { self }
  func navigationController(
    _ navigationController: NavigationController,
    interactionControllerFor animationController: ViewControllerAnimatedTransitioning
  ) -> ViewControllerInteractiveTransitioning? {
    isTransiting ? self : nil
  }
}

@MainActor
@Suite("Seed 000: custom interaction controller", .resetEngineAfterEachTest)
struct CustomInteractionTests {
  func setUp() -> (NavigationController, ViewController, ViewController, CustomPopInteraction) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let home = ViewController(), detail = ViewController()
    let nav = NavigationController(rootViewController: home)
    let controller = CustomPopInteraction()
    window.rootViewController = nav
    nav.pushViewController(detail, animated: false)
    nav.delegate = controller
    return (nav, home, detail, controller)
  }

  @Test(
    "startInteractiveTransition receives the context; the controller scales the leaving view by hand (scale = |p − 1|) and finishing pops"
  )
  func finishes() {
    let (nav, home, detail, c) = setUp()
    c.isTransiting = true
    nav.popViewController(animated: true)
    #expect(c.transitionContext != nil && home.view.superview === nav.transitionView)
    c.updateWithPercent(0.3)
    #expect(abs(detail.view.layer.presentationSnapshot().transform.m11 - 0.7) < 1e-12)
    #expect((c.transitionContext as? TransitionContext)?.percentComplete == 0.3)
    c.finishBy(cancelled: false)
    AnimationEngine.current.advance(to: 0.2)
    #expect(detail.view.superview === nav.transitionView, "still animating")
    AnimationEngine.current.advance(to: 0.4)
    #expect(nav.viewControllers.count == 1 && detail.view.superview == nil)
  }

  @Test("cancelling animates the view back, completes with false, and the stack and hierarchy are as before")
  func cancels() {
    let (nav, home, detail, c) = setUp()
    c.isTransiting = true
    nav.popViewController(animated: true)
    c.updateWithPercent(0.4)
    c.finishBy(cancelled: true)
    AnimationEngine.current.advance(to: 0.5)
    #expect(nav.viewControllers.count == 2 && nav.topViewController === detail)
    #expect(home.view.superview == nil && detail.view.layer.presentationSnapshot().transform.isIdentity)
    #expect(c.transitionContext?.transitionWasCancelled == true)
  }
}
