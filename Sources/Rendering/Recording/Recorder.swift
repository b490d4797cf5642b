import Foundation
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
/// A recorder owns its world: a virtual clock of its own (with the animations, timers and
/// transitions on it) and a screen of its size, scale and appearance. Making one makes its
/// world current, without touching any other recorder's, so the set-up you write right after
/// it (non-animated pushes and presentations, an animation in `viewDidLoad`) lands on its
/// clock, and `Screen.main` is its screen; `record` and `snapshots` run in its world and give
/// the world that was current back when they return or throw. Recorders made one after another,
/// or in tests that run in parallel, each give the frames they give alone. Set-up after an
/// `await` may run after another recorder was made: keep it before the first `await`
/// (docs/uikit-transitions.md#recorder-owns-its-world, #recorders-in-parallel-tests).
///
/// Misuse is a one-line `RenderError` whose `kind` names the case, never a hang: an animator
/// that never calls `completeTransition` (at `timeLimit`), a second `completeTransition`, an
/// action that starts nothing, a transition started during another.
@MainActor
public final class Recorder {
  /// The clock and screen of this recorder, current from its creation.
  private let world: World
  /// The window the root view controller's view is in; its size is the screen's.
  public let window: Window
  /// Frames per second of the recording (`RecordingLimits.fps`).
  public let fps: Double
  /// Pixels per point of the rendered frames (`RecordingLimits.scale`).
  public let scale: Double
  /// Behind everything (iOS windows are black); nil leaves uncovered pixels transparent.
  public var background: Color?
  /// The system appearance the recording shows (Settings › Display & Brightness): what the
  /// window, its view controllers and views inherit unless they override it, and so the value
  /// every dynamic colour (`.systemBackground`, `.label`, …) takes
  /// (docs/colors.md#appearance-is-inherited). `.unspecified` shows as light.
  public var appearance: UserInterfaceStyle {
    didSet { world.screen.traitCollection = TraitCollection(userInterfaceStyle: appearance) }
  }
  /// Whether frames show the fingers of a scripted gesture (a translucent dot per touch).
  public var showsTouches = true
  /// Seconds of virtual time a recording may last before it is reported as never ending.
  public var timeLimit = Recorder.defaultTimeLimit
  /// `timeLimit` unless changed: 120 s, far past any transition, short enough to end a run
  /// that never completes.
  nonisolated public static let defaultTimeLimit = 120.0
  /// How fast the virtual clock runs against the recording, more than 0 and at most 1
  /// (`RecordingLimits.speed`, checked when recording): 0.25 plays everything four times slower — animations,
  /// springs, timers and scripted gestures alike (the Simulator's Slow Animations) — and
  /// samples the slowed clock, so the same motion gets four times the frames. Frame i shows
  /// the world at i × speed / fps.
  public var speed = 1.0
  /// Seconds each transition of the recording lasts on it (`RecordingLimits.transitionDuration`);
  /// nil leaves each at its animator's own. From the frame a transition starts on until it
  /// completes, the clock runs at the animator's `transitionDuration(using:)` ÷ this (× `speed`),
  /// so an animator that animates over its own duration, as UIKit animators do, plays at this
  /// length without a change (the built-in effects take it as their duration instead).
  public var transitionDuration: Double?
  /// Whether the recording also samples every animated view's position, scale, rotation and
  /// alpha densely between frames (`Recording.motion`, for `MotionCurves`).
  package var samplesMotion = false

  /// What starts one part of a recording.
  public enum Action {
    /// Code that starts a transition or animation: a push, a presentation, a tab change…
    case perform(() throws -> Void)
    /// Touches delivered to the window's gesture recognizers (window points, seconds from the
    /// start of this action), hit-tested as UIKit does.
    case gesture(TouchScript)
    /// Holds the window as it is for this many seconds of the recording (≥ 0, rounded to whole
    /// frames) once what the previous action started has completed: the pause at an end state.
    case wait(Double)
  }

  /// A window of `size` points holding `root`'s view, rendered at `scale` pixels per point and
  /// sampled `fps` times a second, in the `appearance` (light or dark) of the system. Sizes,
  /// scales and rates out of range (`RecordingLimits`) are errors naming the range.
  public convenience init(
    root: ViewController, size: Size = RecordingLimits.defaultSize, scale: Double = 2, fps: Double = 30,
    background: Color? = .black, appearance: UserInterfaceStyle = .light
  ) throws {
    try self.init(
      root: root, size: size, scale: scale, fps: fps, background: background, appearance: appearance,
      world: Recorder.makeWorld(size: size, scale: scale, appearance: appearance))
  }

  /// A recorder in `world`, made by `makeWorld` with the same size, scale and appearance (views
  /// of `root` made before the recorder were made in it).
  package init(
    root: ViewController, size: Size, scale: Double, fps: Double, background: Color?, appearance: UserInterfaceStyle,
    world: World
  ) throws {
    try RecordingLimits.check(size: size)
    try RecordingLimits.scale.check(scale)
    try RecordingLimits.fps.check(fps)
    self.world = world
    // Before the root's view is made, so that its viewDidLoad already runs in this world.
    world.makeCurrent()
    self.appearance = appearance
    window = Window(frame: world.screen.bounds)
    self.fps = fps
    self.scale = scale
    self.background = background
    window.rootViewController = root
  }

  /// A world at time 0 whose screen is `size` points, `scale` pixels per point, in `appearance`.
  package static func makeWorld(size: Size, scale: Double, appearance: UserInterfaceStyle) -> World {
    let world = World()
    world.screen.bounds = Rect(origin: .zero, size: size)
    world.screen.scale = scale
    world.screen.traitCollection = TraitCollection(userInterfaceStyle: appearance)
    return world
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
    let motion = samplesMotion ? MotionSampler() : nil
    var recording = try record(actions, observer: motion)
    recording.motion = motion?.curves(completions: recording.completions, frameTimes: recording.frames.map(\.time))
    return recording
  }

  /// Records `actions` in this recorder's world; `observer` also sees the window between frames.
  func record(_ actions: [Action], observer: WindowObserver?) throws -> Recording {
    guard let first = actions.first else {
      throw RenderError("nothing to record: give the recorder an action", kind: .nothingToRecord)
    }
    try RecordingLimits.speed.check(speed)
    if let transitionDuration { try RecordingLimits.transitionDuration.check(transitionDuration) }
    return try world.run { try record(first, then: actions.dropFirst(), observer: observer) }
  }

  /// The recording loop: frame i at recording time i / fps shows the world at the clock's
  /// time for it (`RecordingClock`).
  private func record(_ first: Action, then next: ArraySlice<Action>, observer: WindowObserver?) throws -> Recording {
    // Nothing of a finished or failed recording stays on the clock.
    defer { world.resetEngine() }
    world.engine.settle()
    // The window has been on screen: laid out before the user's action, as in UIKit
    // (docs/layout.md#the-layout-cycle).
    window.layoutIfNeeded()
    var clock = RecordingClock(fps: fps, rate: speed)
    var next = next
    var step = try begin(first, atFrame: 0)
    var frames: [FrameSnapshot] = []
    var completions: [Double] = []
    for i in 0... {
      clock.setRate(rate(), fromFrame: i)
      let t = Double(i) / fps
      try checkLimits(at: clock.world(atFrame: i), frames: frames.count)
      if i > 0, let observer {
        for between in observer.times(after: Double(i - 1) / fps, before: t) {
          try advance(to: clock.world(at: between), clock, &completions)
          observer.observe(window, at: between, frame: nil)
        }
      }
      try advance(to: clock.world(atFrame: i), clock, &completions)
      var frame = window.snapshot(background: background, touches: showsTouches ? step.touches : [])
      frame.time = t
      frames.append(frame)
      observer?.observe(window, at: t, frame: i)
      guard try startDue(&step, &next, atFrame: i) else { break }
    }
    return Recording(frames: frames, fps: fps, scale: scale, speed: speed, completions: completions)
  }

  /// Starts the next actions whose turn has come at frame `i` (what the last one started has
  /// completed, its wait is over); false when there is none left: the recording is over.
  private func startDue(_ step: inout Step, _ next: inout ArraySlice<Action>, atFrame i: Int) throws -> Bool {
    while isSettled, i >= step.endFrame {
      try step.checkSomethingStarted(on: world.engine)
      guard let action = next.popFirst() else { return false }
      step = try begin(action, atFrame: i)
    }
    return true
  }

  /// Moves the clock to `world` (never back), reporting misuse, and notes the recording time of
  /// each `completeTransition` on the way.
  private func advance(to time: Double, _ clock: RecordingClock, _ completions: inout [Double]) throws {
    let engine = world.engine
    let completed = engine.completedTransitions
    // Completions and timers are the user's code: a recorder they make is current only until
    // they return.
    world.run { engine.advance(to: max(time, engine.now)) }
    if let problem = engine.diagnostics.first { throw RenderError(problem, kind: .misuse) }
    if engine.completedTransitions > completed, let at = engine.lastTransitionCompletion {
      completions.append(
        contentsOf: Array(repeating: clock.recordingTime(ofWorld: at), count: engine.completedTransitions - completed))
    }
  }

  /// Virtual seconds per recording second from now: `speed`, times the running transition's
  /// own duration over `transitionDuration` when one is asked for.
  private func rate() -> Double {
    guard let wanted = transitionDuration, let own = world.engine.durationOfRunningTransition, own > 0 else {
      return speed
    }
    return speed * own / wanted
  }

  /// The window at exactly `times` (seconds from the action; stills and measurements), without
  /// waiting for what the action started to complete.
  public func snapshots(of action: () throws -> Void, at times: [Double]) throws -> [FrameSnapshot] {
    try world.run {
      defer { world.resetEngine() }
      let engine = world.engine
      engine.settle()
      window.layoutIfNeeded()
      try world.run(action)
      var frames: [FrameSnapshot] = []
      for t in times.sorted() {
        world.run { engine.advance(to: max(t, engine.now)) }
        if let problem = engine.diagnostics.first { throw RenderError(problem, kind: .misuse) }
        frames.append(window.snapshot(background: background))
      }
      return frames
    }
  }

  /// No transition waits for `completeTransition` and nothing is scheduled.
  private var isSettled: Bool {
    let engine = world.engine
    return engine.pendingTransitionProblems.isEmpty && engine.isIdle
  }

  /// Past the time limit, or more frames than a job may render: the one-line reason.
  private func checkLimits(at t: Double, frames: Int) throws {
    if t > timeLimit {
      let why =
        world.engine.pendingTransitionProblems.first
        ?? "animations were still running (a repeating animation never ends)"
      throw RenderError("\(why) within \(RecordingLimits.number(timeLimit)) s of virtual time", kind: .timeLimitReached)
    }
    try JobLimits.checkFrameCount(frames + 1)
  }

  /// Runs `action` (at frame `frame`) and remembers what had started before it.
  private func begin(_ action: Action, atFrame frame: Int) throws -> Step {
    let engine = world.engine
    var step = Step(action: action, transitions: engine.startedTransitions, animations: engine.startedAnimations)
    switch action {
    // The action is the user's code: a recorder it makes is current only until it returns.
    case .perform(let body): try world.run(body)
    case .wait(let seconds):
      guard seconds.isFinite, seconds >= 0 else {
        throw RenderError("a wait must be 0 seconds or more, got \(seconds)", usage: true)
      }
      step.endFrame = frame + Int((seconds * fps).rounded())
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
    /// The first frame the next action may start on (after a wait).
    var endFrame = 0

    /// The fingers of a gesture, at the engine's current time.
    var touches: [Point] { player?.currentTouches ?? [] }

    /// An action after which nothing started on `engine` is an error, not an empty recording.
    func checkSomethingStarted(on engine: AnimationEngine) throws {
      guard engine.startedTransitions == transitions, engine.startedAnimations == animations else { return }
      switch action {
      case .wait: return
      case .perform:
        throw RenderError(
          "the action started no transition or animation, so nothing happened to record (a push, pop, present or dismiss animates only with animated: true; a tab switch only when the tab bar controller's delegate vends an animator)",
          kind: .actionStartedNothing)
      case .gesture:
        throw RenderError(
          "the gesture ended without starting a transition or animation (does it begin on a view whose gesture recognizer starts one?)",
          kind: .gestureStartedNothing)
      }
    }
  }
}
