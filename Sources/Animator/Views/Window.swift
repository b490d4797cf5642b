/// The screen the scene is rendered for: its size in points. View controllers' views start
/// with this frame.
@MainActor
public enum Screen {
  /// Bounds of the main screen in points (origin zero).
  public static var bounds = Rect(x: 0, y: 0, width: 375, height: 667)
}

/// The window: root of the view tree and of every snapshot. Its background shows where no
/// view covers it (iOS windows are black).
@MainActor
public final class Window: View {
  public var rootViewController: ViewController? {
    didSet {
      oldValue?.view.removeFromSuperview()
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

  public override init(frame: Rect = Screen.bounds) {
    super.init(frame: frame)
    name = "window"
  }

  /// The presentation state of the whole window at the engine's current time.
  public func snapshot(background: Color?, touches: [Point] = []) -> FrameSnapshot {
    FrameSnapshot(
      time: AnimationEngine.current.now, size: bounds.size, background: background,
      root: layer.presentation(), touches: touches, displayCornerRadius: displayCornerRadius)
  }
}
