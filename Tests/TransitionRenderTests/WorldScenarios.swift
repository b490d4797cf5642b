import TransitionRender

// Three recordings that each depend on their own recorder's world, split where a test can put
// another recorder between the set-up and the recording: the fading badge needs the animation
// its viewDidLoad started (the clock), the sheet reads `Screen.main.bounds` in its animator and
// shows dynamic colours (the screen's size and appearance), the cube is seed 001's push.

/// A screen with a blue badge that fades out linearly over 1.2 s from the moment its view is
/// loaded: an animation started in viewDidLoad, pending before `record`.
final class FadingBadgeViewController: ViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = red
    let badge = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    badge.backgroundColor = blue
    view.addSubview(badge)
    View.animate(withDuration: 1.2, delay: 0, options: .curveLinear, animations: { badge.alpha = 0 })
  }
}

/// A recorder made and set up, and the action it records.
@MainActor
struct WorldScenario {
  let recorder: Recorder
  let action: () -> Void
  /// What the window holds weakly (delegates), kept alive until the recording is made.
  let delegates: [AnyObject]

  /// The frames' SHA-256 hashes.
  func record() throws -> [String] {
    try withExtendedLifetime(delegates) { try recorder.record(action).frameHashes(threads: 1) }
  }

  /// The fading badge's screen in a navigation controller (60 × 90 pt at 1 px/pt, light), and
  /// a 0.5 s slide push over it: 1.2 s of frames, the fade's.
  static func fadingBadge() throws -> WorldScenario {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
    let nav = NavigationController(rootViewController: FadingBadgeViewController())
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: Size(width: 60, height: 90), scale: 1, fps: 10)
    return WorldScenario(
      recorder: recorder, action: { nav.pushViewController(ColorViewController("next", green), animated: true) },
      delegates: [transitions])
  }

  /// A detail screen of `.systemBackground` pushed without animation, then seed 004's top-down
  /// sheet of `.systemIndigo` presented over it (40 × 70 pt at 2 px/pt, dark).
  static func topDownSheet() throws -> WorldScenario {
    let nav = NavigationController(rootViewController: ColorViewController("list", green))
    let recorder = try Recorder(root: nav, size: Size(width: 40, height: 70), scale: 2, fps: 10, appearance: .dark)
    let detail = ColorViewController("detail", .systemBackground)
    nav.pushViewController(detail, animated: false)
    let transitions = TopDownTransitions()
    let sheet = ColorViewController("sheet", .systemIndigo)
    sheet.modalPresentationStyle = .fullScreen
    sheet.transitioningDelegate = transitions
    return WorldScenario(
      recorder: recorder, action: { detail.present(sheet, animated: true) }, delegates: [transitions])
  }

  /// Seed 001's cube push between two patterned screens (120 × 160 pt at 0.5 px/pt).
  static func cube() throws -> WorldScenario {
    let transitions = FixedTransitions(CustomNavigationAnimationController())
    let nav = NavigationController(rootViewController: PatternViewController("items", Color(hex: 0xFF9500)))
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: Size(width: 120, height: 160), scale: 0.5, fps: 10)
    return WorldScenario(
      recorder: recorder,
      action: { nav.pushViewController(PatternViewController("detail", Color(hex: 0x34C759)), animated: true) },
      delegates: [transitions])
  }
}
