import Animator

/// Records what your own view controllers do: a window holding `root` (built from your
/// `ViewController` subclasses, containers and delegates, exactly as in UIKit), and an action
/// in UIKit's own words — `pushViewController(_:animated:)`, `present(_:animated:completion:)`,
/// `dismiss`, `selectedIndex`, … — or a scripted gesture delivered to your gesture
/// recognizers. The virtual clock runs from the action until every transition and animation
/// has completed, and the window is sampled at each frame time.
///
///     let nav = NavigationController(rootViewController: InboxViewController())
///     let recording = try Recorder(root: nav, size: Size(width: 390, height: 844))
///       .record { nav.pushViewController(MessageViewController(), animated: true) }
///     try recording.write(to: "push.gif")
///
/// A recorder starts a fresh virtual clock (whatever an earlier one left pending is dropped)
/// and sets `Screen.main` to its size and scale; set your window up (non-animated pushes and
/// presentations) before `record`. Misuse is a one-line `RenderError`, never a hang: an
/// animator that never calls `completeTransition` (at `timeLimit`), a second
/// `completeTransition`, an action that starts nothing, a transition started during another.
@MainActor
public final class Recorder {
  /// The window the root view controller's view is in; its size is the screen's.
  public let window: Window
  /// Frames per second of the recording (> 0, at most `RecordingLimits.maximumFPS`).
  public let fps: Double
  /// Pixels per point of the rendered frames (> 0, at most `RecordingLimits.maximumScale`).
  public let scale: Double
  /// Behind everything (iOS windows are black); nil leaves uncovered pixels transparent.
  public var background: Color?
  /// Whether frames show the fingers of a scripted gesture (a translucent dot per touch).
  public var showsTouches = true
  /// Seconds of virtual time a recording may last before it is reported as never ending.
  public var timeLimit = 120.0

  /// What starts one part of a recording.
  public enum Action {
    /// Code that starts a transition or animation: a push, a presentation, a tab change…
    case perform(() throws -> Void)
    /// Touches delivered to the window's gesture recognizers (window points, seconds from the
    /// start of this action), hit-tested as UIKit does.
    case gesture(TouchScript)
  }

  /// A window of `size` points holding `root`'s view, rendered at `scale` pixels per point and
  /// sampled `fps` times a second. Sizes, scales and rates out of range (`RecordingLimits`) are
  /// errors naming the range.
  public init(root: ViewController, size: Size = RecordingLimits.defaultSize, scale: Double = 2, fps: Double = 30, background: Color? = .black) throws {
    try RecordingLimits.check(size: size)
    try RecordingLimits.check(scale: scale, fps: fps)
    AnimationEngine.reset()
    Screen.main.bounds = Rect(origin: .zero, size: size)
    Screen.main.scale = scale
    window = Window(frame: Screen.main.bounds)
    self.fps = fps
    self.scale = scale
    self.background = background
    window.rootViewController = root
  }

  /// Records `action` (UIKit calls that start a transition or an animation) from the moment
  /// it runs until everything it started has completed.
  public func record(_ action: () throws -> Void) throws -> Recording {
    try withoutActuallyEscaping(action) { try record([.perform($0)]) }
  }

  /// Records a scripted gesture delivered to the window's recognizers, until it has ended and
  /// everything it started has completed.
  public func record(gesture: TouchScript) throws -> Recording {
    try record([.gesture(gesture)])
  }

  /// Records `actions` one after the other: each starts at the frame where everything the
  /// previous one started has completed (a push, then its pop: a loopable GIF).
  public func record(_ actions: [Action]) throws -> Recording {
    guard let first = actions.first else { throw RenderError("nothing to record: give the recorder an action") }
    // Nothing of a finished or failed recording stays on the clock.
    defer { AnimationEngine.reset() }
    let engine = AnimationEngine.current
    engine.settle()
    var next = actions.dropFirst()
    var step = try begin(first)
    var frames: [FrameSnapshot] = []
    for i in 0... {
      let t = Double(i) / fps
      try checkLimits(at: t, frames: frames.count)
      engine.advance(to: max(t, engine.now))
      if let problem = engine.diagnostics.first { throw RenderError(problem) }
      frames.append(window.snapshot(background: background, touches: showsTouches ? step.touches : []))
      guard isSettled else { continue }
      try step.checkSomethingStarted()
      guard let action = next.popFirst() else { break }
      step = try begin(action)
    }
    return Recording(frames: frames, fps: fps, scale: scale)
  }

  /// The window at exactly `times` (seconds from the action; stills and measurements), without
  /// waiting for what the action started to complete.
  public func snapshots(of action: () throws -> Void, at times: [Double]) throws -> [FrameSnapshot] {
    defer { AnimationEngine.reset() }
    let engine = AnimationEngine.current
    engine.settle()
    try action()
    var frames: [FrameSnapshot] = []
    for t in times.sorted() {
      engine.advance(to: max(t, engine.now))
      if let problem = engine.diagnostics.first { throw RenderError(problem) }
      frames.append(window.snapshot(background: background))
    }
    return frames
  }

  /// No transition waits for `completeTransition` and nothing is scheduled.
  private var isSettled: Bool {
    let engine = AnimationEngine.current
    return engine.pendingTransitionProblems.isEmpty && engine.isIdle
  }

  /// Past the time limit, or more frames than a job may render: the one-line reason.
  private func checkLimits(at t: Double, frames: Int) throws {
    if t > timeLimit {
      let engine = AnimationEngine.current
      let why = engine.pendingTransitionProblems.first ?? "animations were still running (a repeating animation never ends)"
      throw RenderError("\(why) within \(RecordingLimits.number(timeLimit)) s of virtual time")
    }
    if frames >= JobLimits.maximumFrames {
      throw RenderError("the recording needs more than \(JobLimits.maximumFrames) frames; the limit is \(JobLimits.maximumFrames) (frame count limit: lower the fps or raise it with TRANSITIONRENDER_MAX_FRAMES=N)")
    }
  }

  /// Runs `action` and remembers what had started before it.
  private func begin(_ action: Action) throws -> Step {
    let engine = AnimationEngine.current
    var step = Step(action: action, transitions: engine.startedTransitions, animations: engine.startedAnimations)
    switch action {
    case .perform(let body): try body()
    case .gesture(let script):
      // The script's times count from this action; the clock may be past 0 (a second action).
      let player = TouchPlayer(script: script.delayed(by: engine.now), window: window)
      player.start()
      step.player = player
    }
    return step
  }

  /// One action of a recording, as it runs.
  @MainActor
  private struct Step {
    let action: Action
    /// What had started on the engine before the action.
    let transitions: Int
    let animations: Int
    var player: TouchPlayer?

    /// The fingers of a gesture, at the engine's current time.
    var touches: [Point] { player?.currentTouches ?? [] }

    /// An action after which nothing started is an error, not an empty recording.
    func checkSomethingStarted() throws {
      let engine = AnimationEngine.current
      guard engine.startedTransitions == transitions, engine.startedAnimations == animations else { return }
      switch action {
      case .perform:
        throw RenderError("the action started no transition or animation, so nothing happened to record (a push, pop, present or dismiss animates only with animated: true; a tab switch only when the tab bar controller's delegate vends an animator)")
      case .gesture:
        throw RenderError("the gesture ended without starting a transition or animation (does it begin on a view whose gesture recognizer starts one?)")
      }
    }
  }
}
