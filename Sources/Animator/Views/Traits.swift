import Foundation

// The appearance of the view world (docs/colors.md#appearance-is-inherited): the screen's (the
// recording's), overridden by a window, a view controller or a view for everything below it.
// A frame's snapshot resolves every dynamic colour with the appearance of the view that holds
// it (Layer.presentationSnapshot), so nothing after the snapshot knows of appearances.

extension TraitCollection {
  /// UITraitCollection.current: the traits dynamic colours resolve with when no view is given,
  /// as `Color.cgColor` does. While a frame's snapshot lays out and draws a view (its
  /// `layoutSubviews`, `display(_:)` and `traitCollectionDidChange(_:)`) it is that view's
  /// traits, as in UIKit; elsewhere the screen's, the recording's appearance, unless set.
  @MainActor public static var current: TraitCollection {
    get { explicitCurrent ?? Screen.main.traitCollection }
    set { explicitCurrent = newValue }
  }

  /// What `current` was set to, nil when it follows the screen.
  @MainActor private static var explicitCurrent: TraitCollection?

  /// UITraitCollection.performAsCurrent: runs `actions` with these traits as `current`, then
  /// puts back what it was.
  @MainActor public func performAsCurrent<Result>(_ actions: () throws -> Result) rethrows -> Result {
    let saved = Self.explicitCurrent
    Self.explicitCurrent = self
    defer { Self.explicitCurrent = saved }
    return try actions()
  }
}

extension Color {
  /// UIColor.cgColor: the plain colour of `TraitCollection.current`. A dynamic colour is
  /// resolved now, as UIKit resolves it: set on a layer, it no longer follows the appearance.
  @MainActor public var cgColor: Color { resolvedColor(with: .current) }
}

extension View {
  /// UIView.traitCollection: the effective traits, those of the nearest override among this
  /// view, its superviews up to the root view of a view controller, then that view
  /// controller's (docs/colors.md#appearance-is-inherited).
  public var traitCollection: TraitCollection { TraitCollection(userInterfaceStyle: effectiveStyle) }

  /// The appearance this view shows.
  var effectiveStyle: UserInterfaceStyle {
    style(inheriting: superview?.effectiveStyle ?? Screen.main.traitCollection.userInterfaceStyle)
  }

  /// The appearance this view shows when its superview shows `inherited`: its own override,
  /// else its view controller's appearance for a root view (which does not take its
  /// superview's), else `inherited`.
  func style(inheriting inherited: @autoclosure () -> UserInterfaceStyle) -> UserInterfaceStyle {
    if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
    if let owner = owningViewController { return owner.effectiveStyle }
    return inherited()
  }

  /// Notes the appearance a frame's snapshot draws this view in (with it as `current`) and,
  /// when it differs from the last frame's, tells the view before it is laid out and drawn.
  func noteStyle(_ style: UserInterfaceStyle) {
    guard style != drawnStyle else { return }
    let previous = drawnStyle.map(TraitCollection.init(userInterfaceStyle:))
    drawnStyle = style
    effectiveAppearanceDidChange()
    traitCollectionDidChange(previous)
  }
}

extension ViewController {
  /// UIViewController.traitCollection: the effective traits, those of the nearest override
  /// among this view controller, its parents, the view controller that presented it, then the
  /// window it is the root of (docs/colors.md#appearance-is-inherited).
  public var traitCollection: TraitCollection { TraitCollection(userInterfaceStyle: effectiveStyle) }

  /// The appearance this view controller's views show.
  var effectiveStyle: UserInterfaceStyle {
    if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
    if let parent { return parent.effectiveStyle }
    if let presentingViewController { return presentingViewController.effectiveStyle }
    if let rootOf { return rootOf.effectiveStyle }
    return viewIfLoaded?.superview?.effectiveStyle ?? Screen.main.traitCollection.userInterfaceStyle
  }
}
