import Animator
import Effects

/// What to render: an effect, an operation, the screens, and the frame timing.
public struct RenderSettings: Sendable {
  public var effect: Effect
  /// Validated `--param` values (defaults when none were given).
  public var parameters: EffectParameters
  public var operation: TransitionOperation
  public var screens: ScreenPair
  /// Frames per second of the sampled timeline (> 0).
  public var fps: Double = 30
  /// Pixels per point: 1, 2 or 3.
  public var scale: Double = 1
  /// Behind everything; nil renders a transparent background.
  public var background: Color? = .black
  /// Plays the operation, then its reverse from the end state (a loopable docs GIF).
  public var bounce = false
  /// Drives the operation with a scripted gesture and this interaction controller.
  public var interaction: (kind: InteractionKind, gesture: TouchScript)?

  public init(effect: Effect, operation: TransitionOperation, screens: ScreenPair) {
    self.effect = effect
    self.parameters = EffectParameters(defaultsOf: effect.parameters)
    self.operation = operation
    self.screens = screens
  }
}

/// A failure while running a transition or rendering it.
public struct RenderError: Error, CustomStringConvertible, Equatable {
  public let description: String
  /// True when the request itself was wrong (unknown effect, bad parameter): exit status 64.
  public let isUsageError: Bool
  public init(_ description: String, usage: Bool = false) {
    self.description = description
    self.isUsageError = usage
  }
}

/// The longest virtual time a transition may take before it is reported as never completing.
let maximumTransitionSeconds = 120.0

/// Runs the transition on the virtual clock and samples it: frame i at t = i / fps from t = 0
/// until the first sample at or after the moment the transition completed, which shows the
/// exact end state (nothing moves after completion). Frames are evenly spaced, so an encoder
/// needs only the frame rate: a transition of D seconds gives ⌈D × fps⌉ + 1 frames.
@MainActor
public func simulate(_ settings: RenderSettings) throws -> Recording {
  Recording(frames: try sample(settings, at: nil), fps: settings.fps, scale: settings.scale)
}

/// The transition's presentation state at exactly `times` (ascending seconds; stills and
/// measurements), without waiting for the transition to complete.
@MainActor
public func snapshots(of settings: RenderSettings, at times: [Double]) throws -> [FrameSnapshot] {
  try sample(settings, at: times)
}

@MainActor
private func sample(_ settings: RenderSettings, at times: [Double]?) throws -> [FrameSnapshot] {
  let engine = AnimationEngine.reset()
  // The job's world (window, controllers, whatever is still pending when sampling stops at
  // `times`) is of no use once its frames are taken: let it go.
  defer { AnimationEngine.reset() }
  var script = TransitionScript(effect: settings.effect, parameters: settings.parameters, operation: settings.operation, screens: settings.screens)
  if let interaction = settings.interaction {
    do {
      try script.drive(with: interaction.kind, operation: settings.operation, gesture: interaction.gesture)
    } catch let error as InteractionError {
      throw RenderError(error.description, usage: true)
    }
  }
  engine.settle()
  script.begin()
  var frames: [FrameSnapshot] = []
  if let times {
    for t in times.sorted() {
      engine.advance(to: max(t, engine.now))
      if let problem = engine.diagnostics.first { throw RenderError(problem) }
      frames.append(script.window.snapshot(background: settings.background, touches: script.touches))
    }
    return frames
  }
  var i = 0
  while true {
    let t = Double(i) / settings.fps
    if t > maximumTransitionSeconds {
      let problems = engine.pendingTransitionProblems
      throw RenderError((problems.first ?? "the transition did not end") + " within \(Int(maximumTransitionSeconds)) s of virtual time")
    }
    engine.advance(to: t)
    if let problem = engine.diagnostics.first { throw RenderError(problem) }
    frames.append(script.window.snapshot(background: settings.background, touches: script.touches))
    if settings.interaction != nil, engine.completedTransitions == 0, engine.isIdle, t > 0 {
      throw RenderError("the gesture ended without starting the transition (does it begin where the interaction '\(settings.interaction!.kind.rawValue)' expects?)")
    }
    if engine.pendingTransitionProblems.isEmpty, engine.lastTransitionCompletion != nil, engine.isIdle {
      let wanted = settings.bounce ? 2 : 1
      if engine.completedTransitions >= wanted { return frames }
      // The end state of the first half is the first frame of the second.
      script.beginReverse()
    }
    i += 1
  }
}
