import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// UISheetPresentationController: the system presentation controller of `.pageSheet`,
/// `.formSheet` and `.automatic` (docs/uikit-transitions.md#page-sheet). The presented view is a
/// card below the status bar with rounded top corners, resting at one of `detents`; at full
/// height the presenter is scaled back with rounded corners over black (a sheet presented from
/// a sheet stacks on it the same way), and what lies behind is dimmed. A downward drag on the
/// sheet dismisses it interactively (`SheetDragInteraction`) unless the presented view
/// controller is `isModalInPresentation`. In a regular-width container a form sheet is a
/// centred card instead.
///
/// Property changes apply at once; inside `animateChanges` they animate with the system's
/// timing, recorded like any animation.
@MainActor
open class SheetPresentationController: PresentationController {
  /// The heights the sheet may rest at (default `[.large()]`).
  public var detents: [Detent] = [.large()] { didSet { settle() } }
  /// The detent the sheet rests at; nil (the default) means the smallest of `detents`.
  public var selectedDetentIdentifier: Detent.Identifier? { didSet { settle() } }
  /// The largest detent that leaves what is behind the sheet undimmed; nil (the default) dims
  /// at every detent.
  public var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { settle() } }
  /// Whether a grabber shows at the top of the sheet (default false).
  public var prefersGrabberVisible = false { didSet { settle() } }
  /// The sheet's corner radius in points; nil (the default) is the system's,
  /// `SheetMetrics.cornerRadius`.
  public var preferredCornerRadius: CGFloat? { didSet { settle() } }

  /// Whether the presentation has ended and no dismissal runs: property changes move the sheet.
  private var atRest = false
  private var chrome: SheetChrome?
  private var reported: Set<String> = []
  /// The drag that dismisses the sheet while it is under way.
  var drag: SheetDragInteraction?

  /// Runs `changes` (to the detents, the selected detent, the grabber, the corner radius)
  /// and animates what they change with the system's timing.
  public func animateChanges(_ changes: () -> Void) {
    guard atRest else { return changes() }
    View.animate(
      withDuration: SheetMetrics.duration, usingSpringWithDamping: 1, initialSpringVelocity: 0, animations: changes)
  }

  /// The style this controller presents as: `.formSheet` or `.pageSheet`.
  var isFormSheet: Bool { presentedViewController?.modalPresentationStyle == .formSheet }

  /// A form sheet in a regular-width container: a centred card, the presenter left in place.
  private var isCentredCard: Bool { isFormSheet && (containerView?.bounds.width ?? 0) >= SheetMetrics.regularWidth }

  /// The sheet's frame at its selected detent: the container's width, its bottom on the
  /// container's; a form sheet in regular width is centred.
  open override var frameOfPresentedViewInContainerView: Rect {
    guard let container = containerView else { return .zero }
    let b = container.bounds
    if isCentredCard {
      let w = min(SheetMetrics.formSheetSize.width, b.width), h = min(SheetMetrics.formSheetSize.height, b.height)
      return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
    }
    let height = selectedValue + container.safeAreaInsets.bottom
    return Rect(x: b.minX, y: b.maxY - height, width: b.width, height: height)
  }

  /// The largest detent value: the full-height sheet's height within its safe area (points).
  var maximumDetentValue: Double {
    guard let container = containerView else { return 0 }
    let insets = container.safeAreaInsets
    return max(container.bounds.height - insets.top - SheetMetrics.topGap - insets.bottom, 0)
  }

  /// The active detents' values, each within 0...maximumDetentValue (a value outside is
  /// reported once and clamped).
  var resolvedDetents: [(identifier: Detent.Identifier, value: Double)] {
    let maximum = maximumDetentValue
    let context = SheetResolution(
      traits: containerView?.traitCollection ?? Screen.main.traitCollection, maximum: maximum)
    return detents.compactMap { detent -> (identifier: Detent.Identifier, value: Double)? in
      guard let resolved = detent.resolvedValue(in: context) else { return nil }
      let value = Double(resolved)
      guard value.isFinite, value >= 0, value <= maximum else {
        report(detent.identifier, value: value, maximum: maximum)
        return (detent.identifier, value.isFinite ? min(max(value, 0), maximum) : maximum)
      }
      return (detent.identifier, value)
    }
  }

  /// The selected detent's value: `selectedDetentIdentifier`'s when active, else the smallest.
  var selectedValue: Double {
    let active = resolvedDetents
    if let id = selectedDetentIdentifier, let chosen = active.first(where: { $0.identifier == id }) {
      return chosen.value
    }
    return active.map(\.value).min() ?? maximumDetentValue
  }

  /// Whether what lies behind the sheet is dimmed at the selected detent.
  var isDimmed: Bool {
    guard let undimmed = largestUndimmedDetentIdentifier else { return true }
    guard let limit = resolvedDetents.first(where: { $0.identifier == undimmed })?.value else { return true }
    return selectedValue > limit
  }

  /// Whether the sheet covers the presenter at full height, so that the presenter is scaled back.
  var coversPresenter: Bool { !isCentredCard && selectedValue >= maximumDetentValue }

  private func report(_ identifier: Detent.Identifier, value: Double, maximum: Double) {
    guard reported.insert(identifier.rawValue).inserted else { return }
    AnimationEngine.current.report(
      "the sheet detent \(identifier.rawValue) of \(presentedViewController?.debugName ?? "a sheet") resolves to \(value) pt, outside 0...\(maximum) (maximumDetentValue): it rests at \(value > maximum || !value.isFinite ? "full height" : "0")"
    )
  }

  // MARK: The presentation's calls

  open override func presentationTransitionWillBegin() {
    guard let container = containerView, let presented = presentedView, let presenter = presentingViewController
    else { return }
    let chrome = SheetChrome(
      container: container, sheet: presented, presenter: presenter.view, scalesPresenter: !isCentredCard)
    self.chrome = chrome
    chrome.prepare()
    restyle()
    let state = chromeState
    animateAlongside { chrome.apply(state) }
  }

  open override func presentationTransitionDidEnd(_ completed: Bool) {
    guard completed else {
      chrome?.remove()
      chrome = nil
      return
    }
    atRest = true
    if let presented = presentedView { drag = SheetDragInteraction(sheet: self, view: presented) }
  }

  open override func dismissalTransitionWillBegin() {
    atRest = false
    guard let chrome else { return }
    animateAlongside { chrome.apply(.uncovered) }
  }

  open override func dismissalTransitionDidEnd(_ completed: Bool) {
    guard completed else {
      // The alongside block left the model uncovered: the sheet stays, so its chrome does.
      chrome?.apply(chromeState)
      atRest = true
      return
    }
    drag?.detach()
    drag = nil
    chrome?.remove()
    chrome = nil
  }

  // MARK: State

  /// The chrome at the selected detent.
  private var chromeState: SheetChrome.State {
    SheetChrome.State(
      covered: coversPresenter,
      dimming: isDimmed ? (isCentredCard ? SheetMetrics.formSheetDimming : SheetMetrics.dimming) : 0
    )
  }

  /// Applies the current properties to the sheet at rest (animated inside `animateChanges`).
  private func settle() {
    guard atRest, let presented = presentedView else { return }
    restyle()
    presented.frame = frameOfPresentedViewInContainerView
    chrome?.apply(chromeState)
  }

  /// The sheet's corners and grabber.
  private func restyle() {
    chrome?.style(
      cornerRadius: preferredCornerRadius ?? SheetMetrics.cornerRadius, allCorners: isCentredCard,
      grabber: prefersGrabberVisible)
  }

  /// Runs `changes` alongside the running transition, or at once without one.
  private func animateAlongside(_ changes: @escaping () -> Void) {
    let coordinator = presentedViewController?.transitionCoordinator
    if coordinator?.animate(alongsideTransition: { _ in changes() }) != true { changes() }
  }
}

extension ViewController {
  /// UIViewController.sheetPresentationController: the sheet presentation controller of a
  /// view controller whose `modalPresentationStyle` is `.pageSheet`, `.formSheet` or
  /// `.automatic`; nil for the other styles. Configure it before presenting.
  public var sheetPresentationController: SheetPresentationController? {
    presentationController as? SheetPresentationController
  }
}
