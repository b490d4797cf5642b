import Animator
import Foundation

/// The two screens of a transition: `from` is the first screen of the app, `to` the one a
/// forward operation (push, present, tab) leads to; a backward operation goes from `to` back
/// to `from`.
package struct ScreenPair: Sendable {
  public var size: Size
  public var from: @MainActor @Sendable () -> View
  public var to: @MainActor @Sendable () -> View

  /// The screens as a navigation controller shows them, or nil to push and pop whole screens.
  public var navigation: NavigationScreens?
  /// The display's corner radius in points: outside the rounded corners the frame shows its
  /// background (or is transparent). 0 = square corners.
  public var displayCornerRadius = 0.0
  /// The screen's safe area (status bar, home indicator), in points: where UIKit's own chrome
  /// (a sheet's top) is placed. None by default.
  public var safeAreaInsets = EdgeInsets.zero

  public init(
    size: Size, from: @escaping @MainActor @Sendable () -> View, to: @escaping @MainActor @Sendable () -> View,
    navigation: NavigationScreens? = nil
  ) {
    self.size = size
    self.from = from
    self.to = to
    self.navigation = navigation
  }

  /// Screens that a navigation controller shows split (`navigation`) and that move whole
  /// elsewhere: each whole screen is its content with the bar and its own items over it.
  public init(size: Size, navigation: NavigationScreens) {
    self.init(
      size: size, from: { navigation.whole(navigation.from, items: navigation.fromItems) },
      to: { navigation.whole(navigation.to, items: navigation.toItems) }, navigation: navigation)
  }

  /// The built-in demo app (a mail inbox, then a message) on a screen of `size` points, with a
  /// navigation bar that stays in place during a push or pop.
  @MainActor
  public static func demo(size: Size) -> ScreenPair { DemoScreens.pair(device: .generic(size: size)) }
}

/// Screens split as UINavigationController shows them: the navigation bar and status bar are
/// not part of the moving views. During a push or pop the content moves (the effect's
/// animation) under a bar that stays in place, while the two screens' bar items cross-fade
/// alongside the transition (so an interactive pop fades them with the finger).
/// Presentations and tab switches use the whole screens.
package struct NavigationScreens: Sendable {
  public var from: @MainActor @Sendable () -> View
  public var to: @MainActor @Sendable () -> View
  /// The bar itself, at the top of the screen.
  public var barBackground: @MainActor @Sendable () -> View
  /// Each screen's bar items (title, buttons), laid out in screen coordinates over the bar.
  public var fromItems: @MainActor @Sendable () -> View
  public var toItems: @MainActor @Sendable () -> View

  public init(
    from: @escaping @MainActor @Sendable () -> View, to: @escaping @MainActor @Sendable () -> View,
    barBackground: @escaping @MainActor @Sendable () -> View,
    fromItems: @escaping @MainActor @Sendable () -> View, toItems: @escaping @MainActor @Sendable () -> View
  ) {
    self.from = from
    self.to = to
    self.barBackground = barBackground
    self.fromItems = fromItems
    self.toItems = toItems
  }

  /// `content` with the bar and `items` over it: the screen as it looks when it moves whole.
  @MainActor
  func whole(_ content: () -> View, items: () -> View) -> View {
    let screen = content()
    screen.addSubview(barBackground())
    screen.addSubview(items())
    return screen
  }
}
