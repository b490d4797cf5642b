import Foundation

/// The system's back swipe (UINavigationController.interactivePopGestureRecognizer,
/// docs/uikit-transitions.md#back-swipe): an edge pan from the left edge of the navigation
/// controller's view pops the top view controller with the standard interactive pop, the
/// screen following the finger `deadZone` points behind it. On release the pop finishes when
/// the finger, projected `projection` seconds ahead at its velocity, has passed half the width,
/// else it cancels; the rest takes `releaseDuration`, easing out.
///
/// It starts only when the navigation controller's delegate vends no animator for the pop (a
/// custom animator brings its own gestures, as on iOS), when there is something to pop and no
/// transition runs.
@MainActor
final class BackSwipeInteraction: SystemDragInteraction {
  /// Finger travel before the screen moves, in points.
  static let deadZone = 12.0
  /// How far ahead the release projects the finger, in seconds.
  static let projection = 0.12
  /// The share of the width the projected finger must pass to pop.
  static let commitShare = 0.5
  /// The time the rest takes after release, either way, in seconds.
  static let releaseDuration = 0.22

  let recognizer = ScreenEdgePanGestureRecognizer()
  private weak var navigation: NavigationController?

  init(navigation: NavigationController) {
    self.navigation = navigation
    super.init(releaseDuration: Self.releaseDuration)
    recognizer.edges = .left
    recognizer.addTarget(self, action: BackSwipeInteraction.handle)
  }

  override var startsAtTouchDown: Bool { true }

  /// Pops when there is something to pop and no transition runs; the delegate vending an
  /// animator stops it (`NavigationController`'s run).
  override func start(_ pan: PanGestureRecognizer) -> Bool {
    guard let navigation, navigation.viewControllers.count > 1, !navigation.isTransitioning else { return false }
    navigation.pendingSystemInteraction = self
    defer { navigation.pendingSystemInteraction = nil }
    navigation.popViewController(animated: true)
    return navigation.transitionCoordinator?.interaction === self
  }

  override func shouldFinish(_ pan: PanGestureRecognizer, progress: Double) -> Bool {
    Self.shouldPop(progress: progress, velocity: pan.velocity(in: nil).x, width: width)
  }

  /// The release rule: pop when the finger's position plus `projection` seconds of its
  /// velocity (points a second, rightward) passes `commitShare` of the width.
  static func shouldPop(progress p: Double, velocity v: Double, width: Double) -> Bool {
    (p * width + deadZone + projection * v) > commitShare * width
  }

  private var width: Double { navigation.map { $0.view.bounds.width } ?? Screen.main.bounds.width }

  /// The screen's travel (the finger's less the dead zone) over the width, in 0...1.
  override func progress(_ pan: PanGestureRecognizer) -> Double {
    guard width > 0 else { return 0 }
    return min(max((pan.translation(in: nil).x - Self.deadZone) / width, 0), 1)
  }
}
