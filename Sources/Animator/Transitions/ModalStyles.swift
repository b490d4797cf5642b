import Foundation

/// UIModalPresentationStyle, with UIKit's raw values; what each style does is
/// docs/uikit-transitions.md#presentation-styles.
public enum ModalPresentationStyle: Int, Sendable, CaseIterable {
  /// The presenter's view leaves the window once the presentation completes; during a
  /// dismissal the animator must insert it (the `.to` view) below the presented view.
  case fullScreen = 0
  /// The iOS 13 page sheet: a card below the status bar, the presenter scaled back behind it
  /// (`SheetPresentationController`).
  case pageSheet = 1
  /// A centred card in a regular-width container; a page sheet in a compact one.
  case formSheet = 2
  /// Over the view controller that defines the presentation context, whose view leaves once
  /// the presentation completes.
  case currentContext = 3
  /// The presentation controller comes from the transitioning delegate; the presenter's view
  /// stays in the window under the container unless it says otherwise
  /// (`shouldRemovePresentersView`).
  case custom = 4
  /// Like `.fullScreen`, but the presenter's view stays: `view(forKey: .from)` is nil when
  /// presenting and `view(forKey: .to)` is nil when dismissing.
  case overFullScreen = 5
  /// Over the view controller that defines the presentation context, its view staying.
  case overCurrentContext = 6
  /// What the system picks: a page sheet for a plain view controller since iOS 13 (the
  /// default).
  case automatic = -2

  /// The style a presentation runs as: `.automatic` is `.pageSheet`.
  public var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

  /// Whether the style presents over the presentation context rather than the whole screen.
  var isContextStyle: Bool { self == .currentContext || self == .overCurrentContext }

  /// ".pageSheet": the style as Swift code names it, for messages.
  var spelled: String {
    switch self {
    case .fullScreen: return ".fullScreen"
    case .pageSheet: return ".pageSheet"
    case .formSheet: return ".formSheet"
    case .currentContext: return ".currentContext"
    case .custom: return ".custom"
    case .overFullScreen: return ".overFullScreen"
    case .overCurrentContext: return ".overCurrentContext"
    case .automatic: return ".automatic"
    }
  }
}

/// UIModalTransitionStyle: the system transition a presentation runs when the transitioning
/// delegate vends no animator (docs/uikit-transitions.md#which-animator-runs).
public enum ModalTransitionStyle: Int, Sendable, CaseIterable {
  /// Slides up from the bottom, back down on dismissal (the default).
  case coverVertical = 0
  /// A horizontal 3D flip, right to left; left to right on dismissal.
  case flipHorizontal = 1
  /// The old screen fades out while the new one fades in.
  case crossDissolve = 2
  /// A corner of the presenter's page curls up and stays curled; full-screen presentations only.
  case partialCurl = 3

  /// The system animator of this style (docs/effects.md#what-ios-does), for a presentation or a
  /// push (`forward`) or for a dismissal or a pop.
  @MainActor
  public func systemAnimator(forward: Bool) -> ViewControllerAnimatedTransitioning {
    switch self {
    case .coverVertical: return CoverVerticalAnimator(presenting: forward)
    case .flipHorizontal: return FlipHorizontalAnimator(presenting: forward)
    case .crossDissolve: return CrossDissolveAnimator(presenting: forward)
    case .partialCurl: return PartialCurlAnimator(presenting: forward)
    }
  }
}

extension ViewController {
  /// UIViewController.Transition (iOS 18): the system transition a view controller prefers when
  /// it is presented or pushed (`preferredTransition`): one of the four modal transition styles
  /// or the zoom from a source view (docs/uikit-transitions.md#zoom).
  @MainActor
  public final class Transition {
    enum Kind {
      case style(ModalTransitionStyle)
      case zoom(ZoomOptions?, (ZoomSourceViewProviderContext) -> View?)
    }
    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// The system transition style this transition runs; nil for the zoom.
    public var style: ModalTransitionStyle? {
      if case .style(let style) = kind { return style }
      return nil
    }

    /// The new view slides up from the bottom of the screen.
    public static var coverVertical: Transition { Transition(.style(.coverVertical)) }
    /// The current view fades out while the new view fades in.
    public static var crossDissolve: Transition { Transition(.style(.crossDissolve)) }
    /// The current view flips horizontally to reveal the new view.
    public static var flipHorizontal: Transition { Transition(.style(.flipHorizontal)) }
    /// One corner of the current view curls up, revealing the new view underneath.
    public static var partialCurl: Transition { Transition(.style(.partialCurl)) }
    /// The zoom: the new view grows from the view `sourceViewProvider` returns (asked when the
    /// transition starts, both ways) and shrinks back into it; a drag down on it dismisses or
    /// pops interactively.
    public static func zoom(
      options: ZoomOptions? = nil, sourceViewProvider: @escaping (ZoomSourceViewProviderContext) -> View?
    ) -> Transition {
      Transition(.zoom(options, sourceViewProvider))
    }

    /// The animator of this transition: `forward` for a presentation or push; `source` is the
    /// view controller the zoom starts from, `zoomed` the one that zooms.
    func systemAnimator(forward: Bool, source: ViewController, zoomed: ViewController)
      -> ViewControllerAnimatedTransitioning
    {
      switch kind {
      case .style(let style): return style.systemAnimator(forward: forward)
      case .zoom(let options, let provider):
        let context = ZoomSourceViewProviderContext(source: source, zoomed: zoomed)
        return ZoomAnimator(zooming: forward, dimmingColor: options?.dimmingColor) { _ in provider(context) }
      }
    }

    /// Whether this is the zoom.
    var isZoom: Bool {
      if case .zoom = kind { return true }
      return false
    }

    /// UIViewController.Transition.ZoomOptions.
    @MainActor
    public final class ZoomOptions {
      /// The colour over the covered screen at the end of the zoom; nil is the system's
      /// (`ZoomAnimator.dimming` of black).
      public var dimmingColor: Color?
      /// Options with the system's dimming (`dimmingColor` nil).
      public init() {}
    }

    /// UIViewController.Transition.ZoomSourceViewProviderContext: what the source view provider
    /// is given.
    @MainActor
    public final class ZoomSourceViewProviderContext {
      /// The view controller the zoom starts from (the presenter, or the one below in the
      /// navigation stack).
      public private(set) weak var sourceViewController: ViewController!
      /// The view controller that zooms (presented or pushed).
      public private(set) weak var zoomedViewController: ViewController!
      init(source: ViewController, zoomed: ViewController) {
        sourceViewController = source
        zoomedViewController = zoomed
      }
    }
  }
}
