import AnimatorTestSupport
import Testing

@testable import Animator

/// Every call the objects of a presentation receive, in order.
@MainActor
final class Journal {
  var entries: [String] = []
  func note(_ entry: String) { entries.append(entry) }
}

/// A presentation controller that notes each of UIKit's calls; `frame` replaces
/// `frameOfPresentedViewInContainerView`, `wrapper` becomes the presented view (holding the
/// presented view controller's), `removesPresenter` answers `shouldRemovePresentersView`.
@MainActor
final class NotingPresentationController: PresentationController {
  let journal: Journal
  var frame: Rect?
  var wrapper: View?
  var removesPresenter = false

  init(presented: ViewController, presenting: ViewController?, journal: Journal) {
    self.journal = journal
    super.init(presentedViewController: presented, presenting: presenting)
  }

  override var frameOfPresentedViewInContainerView: Rect { frame ?? super.frameOfPresentedViewInContainerView }
  override var presentedView: View? { wrapper ?? super.presentedView }
  override var shouldRemovePresentersView: Bool { removesPresenter }
  override func containerViewWillLayoutSubviews() { journal.note("pc.containerViewWillLayoutSubviews") }
  override func containerViewDidLayoutSubviews() { journal.note("pc.containerViewDidLayoutSubviews") }
  override func presentationTransitionWillBegin() {
    let coordinated = presentingViewController.transitionCoordinator != nil
    journal.note("pc.presentationTransitionWillBegin\(coordinated ? " (coordinator)" : "")")
    if let wrapper {
      wrapper.addSubview(presentedViewController.view)
      containerView?.addSubview(wrapper)
    }
  }
  override func presentationTransitionDidEnd(_ completed: Bool) {
    journal.note("pc.presentationTransitionDidEnd(\(completed))")
  }
  override func dismissalTransitionWillBegin() {
    let coordinated = presentedViewController.transitionCoordinator != nil
    journal.note("pc.dismissalTransitionWillBegin\(coordinated ? " (coordinator)" : "")")
  }
  override func dismissalTransitionDidEnd(_ completed: Bool) {
    journal.note("pc.dismissalTransitionDidEnd(\(completed))")
  }
}

/// A view controller that notes its appearance callbacks.
@MainActor
final class NotingViewController: ViewController {
  let journal: Journal
  init(_ name: String, journal: Journal) {
    self.journal = journal
    super.init()
    title = name
  }
  override func viewWillAppear(_ animated: Bool) { journal.note("\(title!).viewWillAppear") }
  override func viewDidAppear(_ animated: Bool) { journal.note("\(title!).viewDidAppear") }
  override func viewWillDisappear(_ animated: Bool) { journal.note("\(title!).viewWillDisappear") }
  override func viewDidDisappear(_ animated: Bool) { journal.note("\(title!).viewDidDisappear") }
}

/// Fades the presented view in (presenting) or out over 0.4 s, noting what it is given.
@MainActor
final class NotingAnimator: ViewControllerAnimatedTransitioning {
  let journal: Journal
  let presenting: Bool
  var finalFrame: Rect?
  var toView: View?
  var fromView: View?
  init(presenting: Bool, journal: Journal) {
    self.presenting = presenting
    self.journal = journal
  }
  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }
  func animateTransition(using context: ViewControllerContextTransitioning) {
    journal.note("animator.animateTransition")
    toView = context.view(forKey: .to)
    fromView = context.view(forKey: .from)
    let presented = context.viewController(forKey: presenting ? .to : .from)!
    finalFrame = context.finalFrame(for: presented)
    let moving = presenting ? toView : fromView
    if presenting, let toView, toView.superview == nil {
      toView.frame = finalFrame!
      context.containerView.addSubview(toView)
    }
    moving?.alpha = presenting ? 0 : 1
    View.animate(
      withDuration: 0.4, animations: { moving?.alpha = self.presenting ? 1 : 0 },
      completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
  }
  func animationEnded(_ transitionCompleted: Bool) { journal.note("animator.animationEnded(\(transitionCompleted))") }
}

/// A transitioning delegate that vends a `NotingPresentationController` (kept in `controller`)
/// and, when `animates`, `NotingAnimator`s, noting each question.
@MainActor
final class NotingTransitions: ViewControllerTransitioningDelegate {
  let journal: Journal
  var animates = true
  var interaction: PercentDrivenInteractiveTransition?
  weak var controller: NotingPresentationController?
  var configure: (NotingPresentationController) -> Void = { _ in }
  init(journal: Journal) { self.journal = journal }

  func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController? {
    journal.note("delegate.presentationController(forPresented:presenting:source:)")
    let controller = NotingPresentationController(presented: presented, presenting: presenting, journal: journal)
    configure(controller)
    self.controller = controller
    return controller
  }
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  {
    journal.note("delegate.animationController(forPresented:presenting:source:)")
    return animates ? NotingAnimator(presenting: true, journal: journal) : nil
  }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
    journal.note("delegate.animationController(forDismissed:)")
    return animates ? NotingAnimator(presenting: false, journal: journal) : nil
  }
  func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  {
    journal.note("delegate.interactionControllerForPresentation(using:)")
    return interaction
  }
  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning?
  {
    journal.note("delegate.interactionControllerForDismissal(using:)")
    return nil
  }
}

@MainActor
@Suite("Presentation controllers", .resetEngineAfterEachTest)
struct PresentationControllerTests {
  /// A 320 × 568 window whose root is a noting "presenter", a noting "presented" view
  /// controller with a `.custom` style, and their transitioning delegate (held weakly by the
  /// presented view controller: keep it).
  func stage() -> (Window, NotingViewController, NotingViewController, NotingTransitions, Journal) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let journal = Journal()
    let window = Window()
    let presenter = NotingViewController("presenter", journal: journal)
    window.rootViewController = presenter
    let presented = NotingViewController("presented", journal: journal)
    presented.modalPresentationStyle = .custom
    let transitions = NotingTransitions(journal: journal)
    presented.transitioningDelegate = transitions
    return (window, presenter, presented, transitions, journal)
  }

  @Test(
    "presentation-controller-order (Apple's \"Creating Custom Presentations\"): presenting asks the delegate for the presentation controller, then the animator and interaction controller; presentationTransitionWillBegin (the coordinator answers), viewWillAppear, animateTransition; at completion presentationTransitionDidEnd(true), viewDidAppear, animationEnded, the completion. Dismissing: animator, interaction controller, dismissalTransitionWillBegin, viewWillDisappear, animateTransition … dismissalTransitionDidEnd(true), viewDidDisappear, animationEnded, the completion"
  )
  func animatedOrder() {
    let (window, presenter, presented, transitions, journal) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    presenter.present(presented, animated: true) { journal.note("present completion") }
    AnimationEngine.current.advance(to: 1)
    #expect(
      journal.entries == [
        "delegate.presentationController(forPresented:presenting:source:)",
        "delegate.animationController(forPresented:presenting:source:)",
        "delegate.interactionControllerForPresentation(using:)",
        "pc.presentationTransitionWillBegin (coordinator)", "presented.viewWillAppear", "animator.animateTransition",
        "pc.presentationTransitionDidEnd(true)", "presented.viewDidAppear", "animator.animationEnded(true)",
        "present completion",
      ])
    journal.entries = []
    presented.dismiss(animated: true) { journal.note("dismiss completion") }
    AnimationEngine.current.advance(to: 2)
    #expect(
      journal.entries == [
        "delegate.animationController(forDismissed:)", "delegate.interactionControllerForDismissal(using:)",
        "pc.dismissalTransitionWillBegin (coordinator)", "presented.viewWillDisappear", "animator.animateTransition",
        "pc.dismissalTransitionDidEnd(true)", "presented.viewDidDisappear", "animator.animationEnded(true)",
        "dismiss completion",
      ])
  }

  @Test(
    "presentation-controller-order without animation: the presentation controller is asked for and told the same, around the appearance callbacks, and no animator is asked for"
  )
  func unanimatedOrder() {
    let (window, presenter, presented, transitions, journal) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    presenter.present(presented, animated: false)
    presented.dismiss(animated: false)
    #expect(
      journal.entries == [
        "delegate.presentationController(forPresented:presenting:source:)", "pc.presentationTransitionWillBegin",
        "presented.viewWillAppear", "pc.presentationTransitionDidEnd(true)", "presented.viewDidAppear",
        "pc.dismissalTransitionWillBegin", "presented.viewWillDisappear", "pc.dismissalTransitionDidEnd(true)",
        "presented.viewDidDisappear",
      ])
  }

  @Test(
    "presented-view-frame: finalFrame(for:) of the presented view controller is frameOfPresentedViewInContainerView, the animators get presentedView (here a wrapper around the view controller's view) as view(forKey:), and without an animator the presented view is put at that frame, even outside the container (UIKit uses it as it is)"
  )
  func presentedFrame() throws {
    let (window, presenter, presented, transitions, _) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    let wrapper = View()
    transitions.configure = {
      $0.frame = Rect(x: 0, y: 284, width: 320, height: 284)
      $0.wrapper = wrapper
    }
    presenter.present(presented, animated: true)
    let animator = try #require(presented.transitionCoordinator?.animator as? NotingAnimator)
    #expect(animator.finalFrame == Rect(x: 0, y: 284, width: 320, height: 284))
    #expect(animator.toView === wrapper && animator.fromView == nil)
    #expect(
      presented.view.superview === wrapper && wrapper.superview === presented.presentationController?.containerView)
    AnimationEngine.current.advance(to: 1)
    presented.dismiss(animated: true)
    #expect((presented.transitionCoordinator?.animator as? NotingAnimator)?.fromView === wrapper)
    AnimationEngine.current.advance(to: 2)

    let (window2, presenter2, presented2, transitions2, _) = stage()
    defer { withExtendedLifetime((window2, transitions2)) {} }
    let outside = Rect(x: 40, y: 600, width: 200, height: 100)
    transitions2.configure = { $0.frame = outside }
    presenter2.present(presented2, animated: false)
    #expect(presented2.view.frame == outside)
    #expect(AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "presentation-controller-lifetime: the delegate's presentation controller is the presented view controller's presentationController while presented (a child of it answers with it too), the same one is told of the dismissal, and it is let go once the dismissal has completed; the delegate is asked only for .custom"
  )
  func lifetime() {
    let (window, presenter, _, transitions, journal) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    let child = ViewController()
    let nav = NavigationController(rootViewController: child)
    nav.modalPresentationStyle = .custom
    nav.transitioningDelegate = transitions
    presenter.present(nav, animated: true)
    AnimationEngine.current.advance(to: 1)
    weak var controller = transitions.controller
    #expect(
      controller != nil && nav.presentationController === controller && child.presentationController === controller)
    #expect(controller?.presentedViewController === nav && controller?.presentingViewController === presenter)
    nav.dismiss(animated: true)
    AnimationEngine.current.advance(to: 2)
    #expect(journal.entries.contains("pc.dismissalTransitionDidEnd(true)"))
    #expect(controller == nil)
    #expect(journal.entries.filter { $0.hasPrefix("delegate.presentationController") }.count == 1)

    let fullScreen = ViewController()
    fullScreen.modalPresentationStyle = .fullScreen
    fullScreen.transitioningDelegate = transitions
    journal.entries = []
    presenter.present(fullScreen, animated: false)
    #expect(!journal.entries.contains { $0.hasPrefix("delegate.presentationController") })
    #expect(fullScreen.presentationController?.shouldRemovePresentersView == true)
  }

  @Test(
    "presentation-controller-lifetime: read before the presentation, presentationController is the system's for the style, and the presentation uses it without asking the delegate (as UIKit, openradar 42996292)"
  )
  func readBeforePresenting() {
    let (window, presenter, presented, transitions, journal) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    let early = presented.presentationController
    #expect(early != nil && !(early is NotingPresentationController))
    presenter.present(presented, animated: false)
    #expect(presented.presentationController === early && early?.presentingViewController === presenter)
    #expect(!journal.entries.contains { $0.hasPrefix("delegate.presentationController") })
  }

  @Test(
    "container-layout: containerViewWillLayoutSubviews and containerViewDidLayoutSubviews run in the container's layout pass — before the first snapshot that shows it, again when it is told setNeedsLayout, not when nothing changed"
  )
  func containerLayout() throws {
    let (window, presenter, presented, transitions, journal) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    presenter.present(presented, animated: false)
    journal.entries = []
    _ = window.layer.presentationSnapshot()
    #expect(journal.entries == ["pc.containerViewWillLayoutSubviews", "pc.containerViewDidLayoutSubviews"])
    _ = window.layer.presentationSnapshot()
    #expect(journal.entries.count == 2)
    try #require(presented.presentationController?.containerView).setNeedsLayout()
    _ = window.layer.presentationSnapshot()
    #expect(journal.entries.count == 4)
  }

  @Test(
    "shouldRemovePresentersView: a .custom presentation whose controller answers true takes the presenter's view out of the window once it completes (the animator gets it as view(forKey: .from)) and puts it back at the dismissal"
  )
  func removesPresentersView() throws {
    let (window, presenter, presented, transitions, _) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    transitions.configure = { $0.removesPresenter = true }
    presenter.present(presented, animated: true)
    let animator = try #require(presented.transitionCoordinator?.animator as? NotingAnimator)
    #expect(animator.fromView === presenter.view)
    AnimationEngine.current.advance(to: 1)
    #expect(presenter.view.window == nil)
    presented.dismiss(animated: true)
    AnimationEngine.current.advance(to: 2)
    #expect(presenter.view.superview === window)
  }

  @Test(
    "shouldPresentInFullscreen: false presents in the current context, which without a view controller defining one is the root's: the container still covers the window"
  )
  func currentContextIsTheRoot() {
    final class InContext: PresentationController {
      override var shouldPresentInFullscreen: Bool { false }
    }
    final class Vendor: ViewControllerTransitioningDelegate {
      func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
      ) -> PresentationController? { InContext(presentedViewController: presented, presenting: presenting) }
    }
    let (window, presenter, presented, _, _) = stage()
    defer { withExtendedLifetime(window) {} }
    let vendor = Vendor()
    presented.transitioningDelegate = vendor
    presenter.present(presented, animated: false)
    #expect(presented.presentationController is InContext)
    #expect(presented.presentationController?.containerView?.frame == window.bounds)
    withExtendedLifetime(vendor) {}
  }

  @Test(
    "A cancelled interactive presentation tells the presentation controller presentationTransitionDidEnd(false), removes the container and lets the controller go"
  )
  func cancelledPresentation() {
    let (window, presenter, presented, transitions, journal) = stage()
    defer { withExtendedLifetime((window, transitions)) {} }
    let interaction = PercentDrivenInteractiveTransition()
    transitions.interaction = interaction
    presenter.present(presented, animated: true)
    weak var controller = transitions.controller
    interaction.update(0.3)
    interaction.cancel()
    AnimationEngine.current.advance(to: 1)
    #expect(journal.entries.contains("pc.presentationTransitionDidEnd(false)"))
    #expect(window.subviews.count == 1 && presenter.presentedViewController == nil && controller == nil)
  }
}
