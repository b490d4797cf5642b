import Foundation
/// The screen the scene is rendered for (UIScreen): its size in points. View controllers'
/// views start with this frame. Each `Recorder` has its own, of the size it records at.
@MainActor
public final class Screen {
  /// UIScreen.main: the current world's screen. From a recorder's creation and during its
  /// `record` and `snapshots`, the recording's (its size, scale and appearance); outside every
  /// recorder, the ambient one (docs/uikit-transitions.md#recorder-owns-its-world).
  public static var main: Screen { World.current.screen }
  /// Bounds in points, origin zero (default 375 × 667).
  public var bounds = Rect(x: 0, y: 0, width: 375, height: 667)
  /// Pixels per point of the frames being rendered (default 1).
  public var scale = 1.0
  /// UIScreen.traitCollection: the system appearance, what every window inherits (the
  /// `Recorder` sets its `appearance` here). Default light.
  public var traitCollection = TraitCollection(userInterfaceStyle: .light)
  /// The part of the screen the status bar, the sensor housing and the home indicator leave
  /// clear, as insets from the bounds (default none): every window's safe area
  /// (docs/layout.md#safe-area; docs/devices.md has each device's).
  public var safeAreaInsets = EdgeInsets.zero
  init() {}
}

/// The window: root of the view tree and of every snapshot. Its background shows where no
/// view covers it (iOS windows are black).
@MainActor
public final class Window: View {
  /// The view controller whose view fills the window (set to the window's bounds and added); the
  /// previous one's view is removed. nil leaves the window empty.
  public var rootViewController: ViewController? {
    didSet {
      oldValue?.view.removeFromSuperview()
      if oldValue?.rootOf === self { oldValue?.rootOf = nil }
      rootViewController?.rootOf = self
      if let vc = rootViewController {
        vc.view.frame = bounds
        addSubview(vc.view)
      }
    }
  }

  /// The display's corner radius in points (UIScreen's): outside the rounded corners a frame
  /// shows its background (docs/devices.md#display-corners). 0 (the default) keeps square
  /// corners.
  public var displayCornerRadius: Double = 0

  /// A window named "window", by default the size of the main screen.
  public override init(frame: Rect = Screen.main.bounds) {
    super.init(frame: frame)
    name = "window"
  }

  /// The presentation state of the whole window at the engine's current time; a dynamic
  /// `background` shows the window's appearance.
  public func snapshot(background: Color?, touches: [Point] = []) -> FrameSnapshot {
    // UIKit's layout pass runs before the frame is drawn (docs/layout.md#the-layout-cycle).
    layoutIfNeeded()
    return FrameSnapshot(
      time: AnimationEngine.current.now, size: bounds.size,
      background: background?.resolvedColor(with: traitCollection),
      root: layer.presentationSnapshot(), touches: touches, displayCornerRadius: displayCornerRadius)
  }
}
