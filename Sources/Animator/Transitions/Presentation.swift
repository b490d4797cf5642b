import Foundation

// Modal presentation (docs/uikit-transitions.md#modal-presentation): `present` and `dismiss`,
// run through the presented view controller's presentation controller, in UIKit's order
// (docs/uikit-transitions.md#presentation-controller).

extension ViewController {
  /// UIViewController.presentationController: the presentation controller managing this view
  /// controller (or the presented container it is a child of) while it is presented. Read
  /// before a presentation, it makes the system's for the current `modalPresentationStyle`,
  /// which that presentation then uses (the transitioning delegate is not asked then, as in
  /// UIKit); it is let go once the dismissal has completed.
  public var presentationController: PresentationController? {
    if let own = ownPresentationController { return own }
    var ancestor = parent
    while let container = ancestor {
      if container.presentingViewController != nil, let managing = container.ownPresentationController {
        return managing
      }
      ancestor = container.parent
    }
    let made = systemPresentationController()
    ownPresentationController = made
    return made
  }

  /// The system's presentation controller for this view controller's style.
  private func systemPresentationController() -> PresentationController {
    switch presentationStyleInEffect {
    case .fullScreen: return FullScreenPresentationController(presentedViewController: self, presenting: nil)
    case .pageSheet, .formSheet: return SheetPresentationController(presentedViewController: self, presenting: nil)
    case .currentContext, .overCurrentContext:
      return ContextPresentationController(presentedViewController: self, presenting: nil)
    case .custom, .overFullScreen, .automatic:
      return PresentationController(presentedViewController: self, presenting: nil)
    }
  }

  /// The presentation controller of a presentation of this view controller from `presenting`:
  /// one made before, else the transitioning delegate's for `.custom`, else the system's.
  private func presentationController(presenting: ViewController, source: ViewController) -> PresentationController {
    let controller =
      ownPresentationController
      ?? (modalPresentationStyle == .custom
        ? transitioningDelegate?.presentationController(forPresented: self, presenting: presenting, source: source)
        : nil)
      ?? systemPresentationController()
    controller.presentingViewController = presenting
    ownPresentationController = controller
    return controller
  }

  /// The system transition style this view controller's presentation runs when no animator is
  /// vended: `preferredTransition`'s, else `modalTransitionStyle`; nil for the zoom.
  var systemTransitionStyle: ModalTransitionStyle? {
    preferredTransition == nil ? modalTransitionStyle : preferredTransition?.style
  }

  /// The style a presentation of this view controller runs as: `.automatic` is a page sheet,
  /// or full screen for the system transitions that turn the whole screen (the zoom, the flip,
  /// the partial curl: docs/uikit-transitions.md#presentation-styles).
  var presentationStyleInEffect: ModalPresentationStyle {
    let wholeScreen =
      preferredTransition?.isZoom == true || [.flipHorizontal, .partialCurl].contains(systemTransitionStyle)
    return modalPresentationStyle == .automatic && wholeScreen ? .fullScreen : modalPresentationStyle.resolved
  }

  /// The system animator of this view controller's presentation (`forward`) or dismissal from
  /// `presenter`.
  func systemAnimator(forward: Bool, presenter: ViewController) -> ViewControllerAnimatedTransitioning {
    preferredTransition?.systemAnimator(forward: forward, source: presenter, zoomed: self)
      ?? modalTransitionStyle.systemAnimator(forward: forward)
  }

  /// Presents `vc` (UIKit's `present(_:animated:completion:)`) from this view controller's
  /// presentation context, through `vc`'s presentation controller, with the animator from
  /// `vc.transitioningDelegate`, or the system transition of `vc.preferredTransition` or
  /// `vc.modalTransitionStyle` when it vends none; not animated, the change is immediate.
  /// `completion` runs after `vc`'s `viewDidAppear`. Reported as an error, changing nothing:
  /// presenting from a view controller that is not in a window, that already presents one, that
  /// takes part in another transition or was presented with the partial curl; the partial curl
  /// with a style other than `.fullScreen`.
  public func present(_ vc: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
    let context = vc.modalPresentationStyle.isContextStyle ? definedPresentationContext : presentationContext
    context.startPresentation(of: vc, source: self, animated: animated, completion: completion)
  }

  /// `present` from the presentation context; `source` is the view controller `present` was
  /// called on.
  private func startPresentation(
    of vc: ViewController, source: ViewController, animated: Bool, completion: (() -> Void)?
  ) {
    guard let window = windowPresenting(vc) else { return }
    let controller = vc.presentationController(presenting: self, source: source)
    let vended =
      animated ? vc.transitioningDelegate?.animationController(forPresented: vc, presenting: self, source: source) : nil
    let curls = animated && vended == nil && vc.systemTransitionStyle == .partialCurl
    if curls && vc.presentationStyleInEffect != .fullScreen {
      vc.ownPresentationController = nil
      AnimationEngine.current.report(
        "present(_:animated:) of \(vc.debugName): the partial curl needs modalPresentationStyle .fullScreen, not \(vc.modalPresentationStyle.spelled) (UIKit raises)"
      )
      return
    }
    let interaction = vended.flatMap { vc.transitioningDelegate?.interactionControllerForPresentation(using: $0) }
    let stage = PresentationStage(presenter: self, presented: vc, controller: controller, window: window)
    vc.presentedWithPartialCurl = curls
    guard animated else {
      showPresented(stage, completion: completion)
      return
    }
    let animator = vended ?? vc.systemAnimator(forward: true, presenter: self)
    let context = TransitionContext(
      containerView: stage.container, from: self, to: vc, fromView: stage.presenterLeaves ? stage.presenterView : nil,
      toView: stage.presentedView,
      frames: [
        ObjectIdentifier(self): (stage.presenterView.frame, stage.presenterLeaves ? .zero : stage.presenterView.frame),
        ObjectIdentifier(vc): (.zero, controller.frameOfPresentedViewInContainerView),
      ],
      style: vc.presentationStyleInEffect, animated: true, interactive: interaction != nil, animator: animator
    ) { [weak self] completed in
      // Weak, not unowned: a presenter released mid-transition must not crash the completion.
      if completed {
        if stage.presenterLeaves { stage.presenterView.removeFromSuperview() }
      } else {
        self?.unpresent(stage)
      }
      controller.presentationTransitionDidEnd(completed)
      if completed {
        ZoomDragInteraction.install(on: vc)
        vc.viewDidAppear(true)
        if stage.presenterLeaves { self?.viewDidDisappear(true) }
      } else {
        controller.containerView = nil
        vc.ownPresentationController = nil
      }
      completion.map(AnimationEngine.current.async)
    }
    // After the context exists, so `transitionCoordinator` answers in these callbacks.
    controller.presentationTransitionWillBegin()
    vc.viewWillAppear(true)
    if stage.presenterLeaves { viewWillDisappear(true) }
    context.start(interaction: interaction)
  }

  /// The window `vc` can be presented in, or nil after reporting why UIKit would refuse: this
  /// view controller already presents one, is not in a window, takes part in a transition or
  /// was presented with the partial curl.
  private func windowPresenting(_ vc: ViewController) -> Window? {
    let engine = AnimationEngine.current
    if let presented = presentedViewController {
      engine.report(
        "present(_:animated:) of \(vc.debugName) on \(debugName), which is already presenting \(presented.debugName) (UIKit refuses it)"
      )
      return nil
    }
    guard let window = view.window else {
      engine.report("present(_:animated:) on \(debugName), whose view is not in a window")
      return nil
    }
    if let running = transitionCoordinator {
      engine.report(
        "present(_:animated:) of \(vc.debugName) on \(debugName) while \(running.transitionName) is still running (UIKit refuses it); present from the first transition's completion"
      )
      return nil
    }
    if presentedWithPartialCurl {
      engine.report(
        "present(_:animated:) on \(debugName), which was presented with the partial curl: UIKit keeps it from presenting"
      )
      return nil
    }
    return window
  }

  /// A presentation without animation: the presentation controller's calls and the appearance
  /// callbacks in UIKit's order, the presented view at `frameOfPresentedViewInContainerView`.
  private func showPresented(_ stage: PresentationStage, completion: (() -> Void)?) {
    let controller = stage.controller, vc = stage.presented
    controller.presentationTransitionWillBegin()
    vc.viewWillAppear(false)
    if stage.presenterLeaves { viewWillDisappear(false) }
    stage.presentedView.frame = controller.frameOfPresentedViewInContainerView
    if !stage.presentedView.isDescendant(of: stage.container) { stage.container.addSubview(stage.presentedView) }
    if stage.presenterLeaves { stage.presenterView.removeFromSuperview() }
    controller.presentationTransitionDidEnd(true)
    ZoomDragInteraction.install(on: vc)
    vc.viewDidAppear(false)
    if stage.presenterLeaves { viewDidDisappear(false) }
    completion.map(AnimationEngine.current.async)
  }

  /// Undoes a presentation that did not complete (cancelled) or has been dismissed: the views
  /// leave, the presenter's view goes home, the container goes, the links are cut.
  private func unpresent(_ stage: PresentationStage) {
    stage.presentedView.removeFromSuperview()
    stage.presented.view.removeFromSuperview()
    restorePresenter(of: stage.presented)
    stage.container.removeFromSuperview()
    stage.presented.presentationContainer = nil
    stage.presented.presentingViewController = nil
    stage.presented.presentedWithPartialCurl = false
    presentedViewController = nil
  }

  /// Dismisses the view controller this one presented (or this one, if it was presented),
  /// through its presentation controller, with the animator from its `transitioningDelegate`
  /// or the system transition it was presented with. Dismissing while the presentation still
  /// runs is reported as an error and changes nothing.
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    guard let stage = dismissalStage() else { return }
    let controller = stage.controller, presented = stage.presented, presenter = stage.presenter
    let finish = {
      presenter.unpresent(stage)
      controller.dismissalTransitionDidEnd(true)
      controller.containerView = nil
      presented.ownPresentationController = nil
      presented.viewDidDisappear(animated)
      if stage.presenterLeaves { presenter.viewDidAppear(animated) }
    }
    let vended = animated ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
    guard animated else {
      controller.dismissalTransitionWillBegin()
      presented.viewWillDisappear(false)
      if stage.presenterLeaves { presenter.viewWillAppear(false) }
      finish()
      completion.map(AnimationEngine.current.async)
      return
    }
    let animator = vended ?? presented.systemAnimator(forward: false, presenter: presenter)
    // A system interaction (a sheet's swipe down) drives the dismissal when the delegate has none.
    let interaction =
      vended.flatMap { presented.transitioningDelegate?.interactionControllerForDismissal(using: $0) }
      ?? presented.pendingSystemInteraction
    let context = TransitionContext(
      containerView: stage.container, from: presented, to: presenter, fromView: stage.presentedView,
      toView: stage.presenterLeaves ? stage.presenterView : nil,
      frames: [
        ObjectIdentifier(presented): (controller.frameOfPresentedViewInContainerView, .zero),
        ObjectIdentifier(presenter): (.zero, stage.container.bounds),
      ],
      style: presented.presentationStyleInEffect, animated: true, interactive: interaction != nil,
      animator: animator
    ) { completed in
      if completed {
        finish()
      } else {
        if stage.presenterLeaves { stage.presenterView.removeFromSuperview() }
        controller.dismissalTransitionDidEnd(false)
      }
      completion.map(AnimationEngine.current.async)
    }
    controller.dismissalTransitionWillBegin()
    presented.viewWillDisappear(true)
    if stage.presenterLeaves { presenter.viewWillAppear(true) }
    context.start(interaction: interaction)
  }

  /// What a dismissal from this view controller works on, or nil after reporting why there is
  /// nothing to dismiss now.
  private func dismissalStage() -> PresentationStage? {
    let presented: ViewController
    if let p = presentedViewController {
      presented = p
    } else if presentingViewController != nil {
      presented = self
    } else {
      AnimationEngine.current.report("dismiss(animated:) on \(debugName), which neither presents nor was presented")
      return nil
    }
    guard let presenter = presented.presentingViewController, let container = presented.presentationContainer,
      let controller = presented.ownPresentationController
    else { return nil }
    if let running = presented.transitionCoordinator {
      AnimationEngine.current.report(
        "dismiss(animated:) of \(presented.debugName) while \(running.transitionName) is still running; dismiss from the first transition's completion"
      )
      return nil
    }
    return PresentationStage(presenter: presenter, presented: presented, controller: controller, container: container)
  }

  /// Puts the presenter's view back where it was before a presentation took it out of the window.
  func restorePresenter(of presented: ViewController) {
    guard let home = presented.presenterHome, let superview = home.superview else { return }
    superview.insertSubview(view, at: home.index)
    view.frame = superview.bounds
    presented.presenterHome = nil
  }
}

/// One presentation's participants and views, from its start until its dismissal completes.
@MainActor
struct PresentationStage {
  let presenter: ViewController
  let presented: ViewController
  let controller: PresentationController
  let container: View
  /// The presenter's view, and whether it leaves the window while presented
  /// (`shouldRemovePresentersView`).
  let presenterView: View
  let presenterLeaves: Bool
  /// What the animators get as the presented view (`presentedView`).
  let presentedView: View

  /// A presentation starting now: its container over `window`, the links between the view
  /// controllers made, and a presenter whose view leaves moved into the container.
  init(presenter: ViewController, presented: ViewController, controller: PresentationController, window: Window) {
    // A context presentation covers the presenter's view where it is; the others the window.
    let inContext = !controller.shouldPresentInFullscreen && presenter.view.superview != nil
    let container = PresentationContainerView(
      frame: inContext ? presenter.view.frame : window.bounds, presentationController: controller)
    if inContext, let host = presenter.view.superview {
      host.insertSubview(container, aboveSubview: presenter.view)
    } else {
      window.addSubview(container)
    }
    controller.containerView = container
    presented.presentingViewController = presenter
    presenter.presentedViewController = presented
    presented.presentationContainer = container
    self.init(presenter: presenter, presented: presented, controller: controller, container: container)
    if presenterLeaves, let home = presenterView.superview {
      presented.presenterHome = ViewController.PresenterHome(
        superview: home, index: home.subviews.firstIndex { $0 === presenterView } ?? 0)
      container.addSubview(presenterView)
    }
  }

  /// A presentation under way.
  init(presenter: ViewController, presented: ViewController, controller: PresentationController, container: View) {
    self.presenter = presenter
    self.presented = presented
    self.controller = controller
    self.container = container
    presenterView = presenter.view
    presenterLeaves = controller.shouldRemovePresentersView
    presentedView = controller.presentedView ?? presented.view
  }
}
