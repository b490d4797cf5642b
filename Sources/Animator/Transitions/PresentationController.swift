import Foundation

/// UIPresentationController: manages one presentation from its start until the dismissal has
/// completed (docs/uikit-transitions.md#presentation-controller). For `.custom` the
/// transitioning delegate vends it (`presentationController(forPresented:presenting:source:)`);
/// every other style gets the system's. Subclass it to place the presented view
/// (`frameOfPresentedViewInContainerView`) and to add views of your own (a dimming view) in
/// `presentationTransitionWillBegin`, animated through the presented view controller's
/// `transitionCoordinator`.
///
/// It holds its view controllers weakly: the presented view controller owns it
/// (`presentationController`) and the presenter owns the presented view controller.
@MainActor
open class PresentationController {
  /// The view controller being presented.
  public private(set) weak var presentedViewController: ViewController!
  /// The view controller the presentation starts from (the presentation context); nil until the
  /// presentation starts when made before it.
  public internal(set) weak var presentingViewController: ViewController!
  /// The view the presentation happens in: set when the presentation starts, nil before and
  /// once the dismissal has completed. Add views of your own to it.
  public internal(set) weak var containerView: View?

  /// The designated initializer (UIKit's `init(presentedViewController:presenting:)`).
  public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
    self.presentedViewController = presentedViewController
    self.presentingViewController = presentingViewController
  }

  /// The view the animators receive as the presented one (`view(forKey:)`): the presented view
  /// controller's view, or an ancestor of it that this controller puts it in.
  open var presentedView: View? { presentedViewController?.view }

  /// Where the presented view is at the end of the presentation, in the container's
  /// coordinates (points): what the transition context's `finalFrame(for:)` reports for the
  /// presented view controller, and the frame it gets when no animator places it. Default: the
  /// container's bounds (`.zero` before there is a container). UIKit uses the value as it is,
  /// also when it lies outside the container.
  open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

  /// Called in the container's layout pass, before its subviews are laid out: before the first
  /// frame that shows the container and whenever its size changes or it is told
  /// `setNeedsLayout()`.
  open func containerViewWillLayoutSubviews() {}
  /// Called in the container's layout pass, after its subviews are laid out.
  open func containerViewDidLayoutSubviews() {}

  /// The presentation is about to start: the transition coordinator answers; add your views
  /// to the container and animate them alongside.
  open func presentationTransitionWillBegin() {}
  /// The presentation has ended: `completed` is false when it was cancelled (remove your views
  /// then).
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  /// The dismissal is about to start.
  open func dismissalTransitionWillBegin() {}
  /// The dismissal has ended: `completed` is false when it was cancelled (the presentation
  /// stays); remove your views when it is true.
  open func dismissalTransitionDidEnd(_ completed: Bool) {}

  /// Whether the presenter's view leaves the window once the presentation completes (and is
  /// given to the animators as `view(forKey:)`). Default false; the full-screen presentation's
  /// is true.
  open var shouldRemovePresentersView: Bool { false }
  /// Whether the presentation covers the whole screen (true, the default) or only the current
  /// context.
  open var shouldPresentInFullscreen: Bool { true }

  /// The style the presented view controller is presented as (`.automatic` resolved: a page
  /// sheet, full screen for the zoom).
  public var presentationStyle: ModalPresentationStyle {
    presentedViewController?.presentationStyleInEffect ?? .custom
  }
}

/// The presentation controller of `.currentContext` and `.overCurrentContext`: the container
/// covers the presentation context's view; `.currentContext` takes that view out once the
/// presentation completes.
@MainActor
final class ContextPresentationController: PresentationController {
  override var shouldRemovePresentersView: Bool { presentationStyle == .currentContext }
  override var shouldPresentInFullscreen: Bool { false }
}

/// The presentation controller of `.fullScreen`: the presenter's view leaves the window.
@MainActor
final class FullScreenPresentationController: PresentationController {
  override var shouldRemovePresentersView: Bool { true }
}

/// The view a presentation happens in: its layout pass tells the presentation controller, as
/// UIKit's container does (`containerViewWillLayoutSubviews` before the subviews are laid out,
/// `containerViewDidLayoutSubviews` after).
@MainActor
final class PresentationContainerView: View {
  weak var presentationController: PresentationController?

  init(frame: Rect, presentationController: PresentationController) {
    self.presentationController = presentationController
    super.init(frame: frame)
    name = "container"
    setNeedsLayout()
  }

  override func layoutSubviews() {
    presentationController?.containerViewWillLayoutSubviews()
    super.layoutSubviews()
    presentationController?.containerViewDidLayoutSubviews()
  }
}
