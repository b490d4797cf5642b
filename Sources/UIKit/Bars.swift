// UIKit's navigation bar, toolbar, their items and the tab bar's items
// (docs/uikit-names.md#bars-uikit, docs/uikit-bars.md).

/// UINavigationBar.
public typealias UINavigationBar = NavigationBar
/// UINavigationItem (`LargeTitleDisplayMode`, `BackButtonDisplayMode` nested as in UIKit).
public typealias UINavigationItem = NavigationItem
/// UIBarButtonItem (`Style`, `SystemItem` nested as in UIKit).
public typealias UIBarButtonItem = BarButtonItem
/// UIToolbar.
public typealias UIToolbar = Toolbar
