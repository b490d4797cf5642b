import Foundation
import Animator
import Effects

/// A recipe resolved for rendering: the recipe (checked), its effect with the operation and
/// parameter values, the screens loaded, the background and the interaction. Made by
/// `RenderRecipe.settings()`.
package struct RenderSettings: Sendable {
  /// What was asked for, every field checked.
  public let recipe: RenderRecipe
  public let effect: Effect
  public let operation: TransitionOperation
  /// The effect's parameters: the recipe's, with `duration`, or the declared defaults.
  public let parameters: EffectParameters
  public let screens: ScreenPair
  /// Behind everything: the recipe's colour, else the scene's or black; nil renders a
  /// transparent background.
  public let background: Color?
  /// Drives the operation with a scripted gesture and this interaction controller.
  public let interaction: (kind: InteractionKind, gesture: TouchScript)?
  /// Drives the operation with a scripted gesture and UIKit's own recognizer (a sheet's swipe
  /// down, the back swipe, the zoom's drag: `Effect.system`); nil when `interaction` is set.
  public let systemGesture: TouchScript?

  /// The gesture that drives the run: the interaction's, else UIKit's own; nil when the operation
  /// is called.
  var gesture: TouchScript? { interaction?.gesture ?? systemGesture }

  /// Frames per second of the sampled timeline (`RecordingLimits.fps`).
  public var fps: Double { recipe.fps }
  /// Pixels per point (`RecordingLimits.scale`).
  public var scale: Double { recipe.scale }
  /// The system appearance (`Recorder.appearance`): light unless the recipe says dark.
  public var appearance: UserInterfaceStyle { recipe.appearance ?? .light }
  /// Plays the operation, then its reverse from the end state (a loopable docs GIF).
  public var bounce: Bool { recipe.bounce == true }
  /// With `bounce`: seconds the end state is held before the reverse starts (≥ 0).
  public var pause: Double { bounce ? recipe.holdSeconds : 0 }
  /// How fast the virtual clock runs against the recording (`Recorder.speed`); 1 unless asked.
  public var speed: Double { recipe.speed ?? 1 }
}

/// The catalog's transition, recorded as a user's is: its window and UIKit call
/// (`TransitionScript`) in a `Recorder`, which samples frame i at t = i / fps from t = 0
/// until the first sample at or after the moment the transition completed, which shows the
/// exact end state (nothing moves after completion). Frames are evenly spaced, so an encoder
/// needs only the frame rate: a transition of D seconds gives ⌈D × fps⌉ + 1 frames.
/// `motion`: the recording also samples every animated view densely (`Recording.motion`).
@MainActor
package func simulate(_ settings: RenderSettings, motion: Bool = false) throws -> Recording {
  let (recorder, script) = try prepare(settings)
  recorder.samplesMotion = motion
  do {
    return try recorder.record(
      script.actions(bounce: settings.bounce, pause: settings.pause, gesture: settings.gesture))
  } catch let error as RenderError where error.kind == .gestureStartedNothing {
    // The recorder's message speaks of the user's own recognizers; here they are the catalog's.
    guard let interaction = settings.interaction else { throw error }
    throw RenderError(
      "the gesture ended without starting the transition (does it begin where the interaction '\(interaction.kind.rawValue)' expects?)",
      kind: .gestureStartedNothing)
  }
}

/// The transition's presentation state at exactly `times` (ascending seconds; stills and
/// measurements), without waiting for the transition to complete.
@MainActor
package func snapshots(of settings: RenderSettings, at times: [Double]) throws -> [FrameSnapshot] {
  let (recorder, script) = try prepare(settings)
  guard case .perform(let start)? = script.actions(bounce: false, pause: 0, gesture: nil).first else { return [] }
  return try recorder.snapshots(of: start, at: times)
}

/// The catalog's window in a recorder, in the state before the operation, with the
/// interaction controller wired when the run is interactive.
@MainActor
func prepare(_ settings: RenderSettings) throws -> (Recorder, TransitionScript) {
  // The script makes views (a navigation bar) before the recorder exists: in the recorder's
  // world, so that they see its screen.
  let world = Recorder.makeWorld(size: settings.screens.size, scale: settings.scale, appearance: settings.appearance)
  world.run { Screen.main.safeAreaInsets = settings.screens.safeAreaInsets }
  let script = world.run {
    TransitionScript(
      effect: settings.effect, parameters: settings.parameters, operation: settings.operation, screens: settings.screens
    )
  }
  let recorder = try Recorder(
    root: script.root, size: script.size, scale: settings.scale, fps: settings.fps, background: settings.background,
    appearance: settings.appearance, world: world)
  recorder.window.displayCornerRadius = settings.screens.displayCornerRadius
  recorder.speed = settings.speed
  script.setUp()
  if let interaction = settings.interaction {
    do {
      try script.drive(with: interaction.kind, operation: settings.operation)
    } catch let error as InteractionError {
      throw RenderError(error.description, usage: true)
    }
  }
  return (recorder, script)
}
