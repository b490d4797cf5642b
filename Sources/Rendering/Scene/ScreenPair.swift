import Animator
import Foundation

/// The two screens of a transition: the first screen of the app, and the one a forward
/// operation (push, present, tab) leads to; a backward operation goes from the second back to
/// the first.
package struct ScreenPair: Sendable {
  public var size: Size
  /// What the screens are made of: views (a scene file, screenshots) or an app's view
  /// controllers (the built-in demo).
  public var screens: Screens
  /// The display's corner radius in points: outside the rounded corners the frame shows its
  /// background (or is transparent). 0 = square corners.
  public var displayCornerRadius = 0.0
  /// The screen's safe area (status bar, home indicator), in points: where UIKit's own chrome
  /// (a sheet's top, the navigation and tab bars) is placed. None by default.
  public var safeAreaInsets = EdgeInsets.zero

  /// The two ways screens are given.
  public enum Screens: Sendable {
    /// Two views, placed by the catalog in the container the operation needs (their own bars
    /// drawn by them).
    case views(ScreenViews)
    /// The view controllers of an app for each operation, as the app builds them.
    case app(@MainActor @Sendable (TransitionOperation) -> AppScreens)
  }

  /// The screens when they are views, nil for an app.
  public var views: ScreenViews? {
    guard case .views(let views) = screens else { return nil }
    return views
  }

  /// Screens given as views.
  public init(size: Size, views: ScreenViews) {
    self.size = size
    self.screens = .views(views)
  }

  /// Screens given as an app's view controllers.
  public init(size: Size, app: @escaping @MainActor @Sendable (TransitionOperation) -> AppScreens) {
    self.size = size
    self.screens = .app(app)
  }

  /// The built-in demo app (a mail inbox, a message, settings) on a screen of `size` points.
  @MainActor
  public static func demo(size: Size) -> ScreenPair { DemoApp.pair(device: .generic(size: size)) }
}

/// Two screens as views: `from` is the first, `to` the one a forward operation leads to.
package struct ScreenViews: Sendable {
  public var from: @MainActor @Sendable () -> View
  public var to: @MainActor @Sendable () -> View
  /// The screens as a navigation controller shows them, or nil to push and pop whole screens.
  public var navigation: NavigationScreens?

  public init(
    from: @escaping @MainActor @Sendable () -> View, to: @escaping @MainActor @Sendable () -> View,
    navigation: NavigationScreens? = nil
  ) {
    self.from = from
    self.to = to
    self.navigation = navigation
  }
}

/// An app's view controllers for one operation, built as the app builds them.
@MainActor
package struct AppScreens {
  /// The window's root view controller.
  public let root: ViewController
  /// The screen shown before a forward operation: the root for a presentation, the top of
  /// `navigation` for a push, the selected tab of `tabs` for a tab switch.
  public let first: ViewController
  /// What the forward operation pushes, presents or selects.
  public let second: ViewController
  /// The navigation controller a push or pop runs in.
  public let navigation: NavigationController?
  /// The tab bar controller a tab switch runs in.
  public let tabs: TabBarController?
  /// The device's status bar over a full-screen container (in place while its screens move).
  public let statusBar: (@MainActor () -> View)?

  public init(
    root: ViewController, first: ViewController, second: ViewController, navigation: NavigationController? = nil,
    tabs: TabBarController? = nil, statusBar: (@MainActor () -> View)? = nil
  ) {
    self.root = root
    self.first = first
    self.second = second
    self.navigation = navigation
    self.tabs = tabs
    self.statusBar = statusBar
  }
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
}
