import Animator
import Effects
import Foundation
import Text

/// Everything that determines a render's pixels, as typed values: what the command line asks
/// for, a gallery entry, and what a hash manifest records so that `render verify` can render it
/// again (its JSON: names for the operation, interaction, appearance, device and colour,
/// `[width, height]` for the size). `settings()` checks every field once against the rule that
/// owns it (`RecordingLimits`, the effect's parameter declarations) and resolves the files.
package struct RenderRecipe: Codable, Sendable, Equatable {
  /// The effect's name in `EffectCatalog` (checked by `settings()`).
  public var effect: String
  /// The operation; nil = the effect's default (its first).
  public var operation: TransitionOperation?
  /// `--param` values as given, checked against the effect's declarations by `settings()`.
  public var parameters: [String: String] = [:]
  /// Screen size in points (`RecordingLimits.side`); nil = the device's, the scene's or
  /// `RecordingLimits.defaultSize`.
  public var size: Size?
  /// Pixels per point (`RecordingLimits.scale`).
  public var scale: Double = 1
  /// Frames per second (`RecordingLimits.fps`).
  public var fps: Double = 30
  /// Play the operation, then its reverse; nil = no.
  public var bounce: Bool? = nil
  /// `--duration`: the transition's length in seconds (`RecordingLimits.transitionDuration`),
  /// which the built-in effects take as their `duration` parameter; nil = the effect's own.
  public var duration: Double? = nil
  /// `--speed`: how fast the virtual clock runs against the recording (`RecordingLimits.speed`:
  /// 0.25 is four times slower, with four times the frames); nil = 1.
  public var speed: Double? = nil
  /// `--hold`: seconds each end state stays on screen (`RecordingLimits.hold`). With `bounce`,
  /// the pause at the turnaround (frames of the recording) and the first frame's hold, the last
  /// frame being the first again; otherwise the first and the last frames' holds (encoding
  /// only). nil: `defaultBounceHold` with `bounce`, else 0.
  public var hold: Double? = nil
  /// Drive the operation with a scripted gesture (pop, dismiss or tab); nil = no.
  public var interactive: Bool? = nil
  /// With `interactive`: the default gesture is released early and the transition cancels.
  public var cancel: Bool? = nil
  /// The interaction controller; nil picks the natural one for the operation.
  public var interaction: InteractionKind? = nil
  /// A gesture file (see `GestureFile`) instead of the default gesture.
  public var gesture: String? = nil
  /// Behind the screens; nil = the scene's background or black.
  public var background: RecipeColor? = nil
  /// The system appearance; nil = light.
  public var appearance: UserInterfaceStyle? = nil
  /// A scene file, or two screenshots; paths as given (relative to the working folder, or to
  /// the manifest's folder when read from a manifest).
  public var scene: String? = nil
  public var from: String? = nil
  public var to: String? = nil
  /// A device preset: its screen size, status bar, safe area and display corners; nil = the
  /// scene's device, or a screen of `size` with square corners.
  public var device: Device? = nil

  public init(effect: String) { self.effect = effect }

  /// The hold of a bounce when none is given: half a second at each end state, long enough to
  /// read the screen before it moves again (about two glances) and short next to the
  /// transitions themselves (0.2 to 1 s), so a loop stays mostly motion
  /// (docs/encoders.md#bounce-holds).
  public static let defaultBounceHold = 0.5

  /// Seconds each end state is held (`hold`, or its default), rounded to whole frame intervals:
  /// every later frame then starts on the frame rate's grid, which players and tools that
  /// re-time an animation at its frame rate (ffmpeg) expect; off the grid, two frames can land
  /// on one tick (docs/encoders.md#bounce-holds).
  public var holdSeconds: Double {
    let seconds = hold ?? (bounce == true ? Self.defaultBounceHold : 0)
    guard fps > 0, fps.isFinite else { return seconds }
    return (seconds * fps).rounded() / fps
  }

  /// The encoder's holds: a bounce holds its first frame (its last is the same picture, shown
  /// next at the loop); a one-way run holds both ends.
  public var encodingHolds: (first: Double, last: Double) {
    bounce == true ? (holdSeconds, 0) : (holdSeconds, holdSeconds)
  }

  /// Checks every field once (`checkValues`), then resolves the effect, its operation and
  /// parameters, the screens (scene file, screenshots or the demo) and the interaction. A
  /// hand-edited manifest fails with the message of the rule it breaks.
  @MainActor
  public func settings(relativeTo folder: URL? = nil) throws -> RenderSettings {
    try checkValues()
    let effect = try resolvedEffect()
    let operation = try resolvedOperation(of: effect)
    let parameters = try resolvedParameters(of: effect)
    if let problem = TextEngine.shared.problem { throw RenderError(problem) }
    let (screens, sceneBackground) = try loadScreens(relativeTo: folder)
    let systemGesture = try resolvedSystemGesture(
      of: effect, operation: operation, screen: screens.size, relativeTo: folder)
    let interaction =
      systemGesture == nil ? try resolvedInteraction(for: operation, screen: screens.size, relativeTo: folder) : nil
    let background = background?.color ?? sceneBackground
    return RenderSettings(
      recipe: self, effect: effect, operation: operation, parameters: parameters, screens: screens,
      background: background.alpha == 0 ? nil : background, interaction: interaction, systemGesture: systemGesture)
  }

  /// Each number within the range that owns it (`RecordingLimits.check(_:)`), and no two
  /// fields that contradict each other.
  public func checkValues() throws {
    try RecordingLimits.check(self)
    func refuse(_ message: String) throws { throw RenderError(message, usage: true) }
    if scene != nil && (from != nil || to != nil) { try refuse("Use either --scene or --from/--to, not both") }
    if (from == nil) != (to == nil) { try refuse("--from and --to go together: give both screenshots") }
    if size != nil && scene != nil {
      try refuse("--size cannot be combined with --scene; the scene file sets the size")
    }
    if size != nil && device != nil {
      try refuse("--size cannot be combined with --device; the device sets the size")
    }
    let drivesGesture = interactive == true || gesture != nil || interaction != nil
    if drivesGesture && bounce == true { try refuse("--bounce cannot be combined with --interactive") }
    // An effect that is UIKit's own gesture (the back swipe) is always driven by it.
    let isGesture = EffectCatalog.effect(named: effect)?.system?.isGesture == true
    if cancel == true && !drivesGesture && !isGesture { try refuse("--cancel goes with --interactive") }
  }

  private func resolvedEffect() throws -> Effect {
    guard let effect = EffectCatalog.effect(named: effect) else {
      let names = EffectCatalog.all.map(\.name).joined(separator: ", ")
      throw RenderError("Unknown effect '\(self.effect)'; the effects are: \(names)", usage: true)
    }
    return effect
  }

  /// The operation (or the effect's default), which the effect supports, in both directions
  /// when bouncing.
  private func resolvedOperation(of effect: Effect) throws -> TransitionOperation {
    let operation = self.operation ?? effect.defaultOperation
    guard effect.operations.contains(operation) else {
      let ops = effect.operations.map { "--" + $0.rawValue }.joined(separator: ", ")
      throw RenderError(
        "The effect '\(effect.name)' does not support --\(operation.rawValue); it supports \(ops)", usage: true)
    }
    if bounce == true && !effect.operations.contains(operation.reverse) {
      throw RenderError(
        "--bounce plays --\(operation.rawValue) and then --\(operation.reverse.rawValue), which '\(effect.name)' does not support",
        usage: true)
    }
    return operation
  }

  /// The `--param` values, with `duration` the effect's `duration` parameter (both given
  /// must agree).
  private func resolvedParameters(of effect: Effect) throws -> EffectParameters {
    var given = parameters
    if let duration {
      if let text = given["duration"], Double(text) != duration {
        throw RenderError(
          "--duration \(RecordingLimits.number(duration)) and --param duration=\(text) disagree; give one", usage: true)
      }
      given["duration"] = String(duration)
    }
    do {
      return try EffectParameters(given, declared: effect.parameters, effect: effect.name)
    } catch let error as EffectParameterError {
      throw RenderError(error.description, usage: true)
    }
  }

  /// The scene file, the two screenshots or the demo screens, on the device when there is one,
  /// and the background they ask for.
  @MainActor
  private func loadScreens(relativeTo folder: URL?) throws -> (ScreenPair, Color) {
    if let scene {
      let file = try SceneFile.load(path: resolve(scene, relativeTo: folder))
      return (file.screens(device: device), file.background ?? .clear)
    }
    let screenSize = device?.points ?? size ?? RecordingLimits.defaultSize
    if let from, let to {
      let file = try SceneFile.screenshots(
        from: resolve(from, relativeTo: folder), to: resolve(to, relativeTo: folder), size: screenSize)
      var screens = file.screens(device: nil)
      screens.displayCornerRadius = device?.cornerRadius ?? 0
      return (screens, .black)
    }
    return (DemoApp.pair(device: device ?? .generic(size: screenSize)), .black)
  }

  /// UIKit's own gesture for an effect that shows it (docs/effects.md#uikits-own), or nil:
  /// always for a gesture effect (the back swipe), and for the others' backward operation when
  /// the run is interactive and names no interaction. A gesture file replaces the default.
  private func resolvedSystemGesture(
    of effect: Effect, operation: TransitionOperation, screen: Size, relativeTo folder: URL?
  ) throws -> TouchScript? {
    guard let system = effect.system, let make = system.gesture, !operation.isForward, interaction == nil,
      system.isGesture || interactive == true || gesture != nil
    else { return nil }
    return try gesture.map { try GestureFile.load(path: resolve($0, relativeTo: folder)) }
      ?? make(screen, cancel != true)
  }

  /// The interaction controller and gesture of an interactive run, or nil.
  private func resolvedInteraction(for operation: TransitionOperation, screen: Size, relativeTo folder: URL?) throws
    -> (InteractionKind, TouchScript)?
  {
    guard interactive == true || gesture != nil || interaction != nil else { return nil }
    let kind: InteractionKind
    if let interaction {
      kind = interaction
    } else {
      switch operation {
      case .pop: kind = .edgePan
      case .dismiss: kind = .verticalSwipe
      case .tab: kind = .horizontalSwipe
      case .push, .present:
        throw RenderError(
          "--interactive drives pop, dismiss or tab; a gesture cannot start a \(operation.rawValue)", usage: true)
      }
    }
    guard kind.operations.contains(operation) else {
      throw RenderError(
        "the interaction '\(kind.rawValue)' cannot drive a \(operation.rawValue); it drives \(kind.operations.map(\.rawValue).joined(separator: ", "))",
        usage: true)
    }
    let script =
      try gesture.map { try GestureFile.load(path: resolve($0, relativeTo: folder)) }
      ?? kind.defaultGesture(screen: screen, finishing: cancel != true)
    return (kind, script)
  }

  /// A relative path from a manifest is relative to the manifest's folder.
  private func resolve(_ path: String, relativeTo folder: URL?) -> String {
    guard let folder, !path.hasPrefix("/") else { return path }
    return folder.appendingPathComponent(path).path
  }
}
