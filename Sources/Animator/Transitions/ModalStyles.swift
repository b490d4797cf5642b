import Foundation

/// UIModalPresentationStyle, with UIKit's raw values. What each style does today is
/// docs/uikit-transitions.md#presentation-styles: `.fullScreen`, `.overFullScreen` and `.custom`
/// are rendered as on iOS; the sheet and context styles are not rendered yet, and presenting with
/// one is reported as an error naming the style, never drawn as another.
public enum ModalPresentationStyle: Int, Sendable, CaseIterable {
  /// The presenter's view leaves the window once the presentation completes; during a
  /// dismissal the animator must insert it (the `.to` view) below the presented view.
  case fullScreen = 0
  /// The iOS 13 page sheet (not rendered yet).
  case pageSheet = 1
  /// The centred form sheet (not rendered yet).
  case formSheet = 2
  /// Over the view controller that defines the presentation context (not rendered yet).
  case currentContext = 3
  /// The presentation controller comes from the transitioning delegate; the presenter's view
  /// stays in the window under the container unless it says otherwise
  /// (`shouldRemovePresentersView`).
  case custom = 4
  /// Like `.fullScreen`, but the presenter's view stays: `view(forKey: .from)` is nil when
  /// presenting and `view(forKey: .to)` is nil when dismissing.
  case overFullScreen = 5
  /// Over the presentation context, its view staying (not rendered yet).
  case overCurrentContext = 6
  /// What the system picks: a page sheet for a plain view controller since iOS 13 (not rendered
  /// yet).
  case automatic = -2

  /// Whether presentations in this style are rendered as on iOS.
  var isRendered: Bool { [.fullScreen, .custom, .overFullScreen].contains(self) }

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
  /// it is presented or pushed (`preferredTransition`). The zoom is not rendered yet.
  public final class Transition: Sendable {
    /// The system transition style this transition runs.
    public let style: ModalTransitionStyle

    init(_ style: ModalTransitionStyle) { self.style = style }

    /// The new view slides up from the bottom of the screen.
    public static var coverVertical: Transition { Transition(.coverVertical) }
    /// The current view fades out while the new view fades in.
    public static var crossDissolve: Transition { Transition(.crossDissolve) }
    /// The current view flips horizontally to reveal the new view.
    public static var flipHorizontal: Transition { Transition(.flipHorizontal) }
    /// One corner of the current view curls up, revealing the new view underneath.
    public static var partialCurl: Transition { Transition(.partialCurl) }
  }
}
