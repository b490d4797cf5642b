import Animator
import Effects
import Foundation
import Text

/// Everything that determines a render's pixels, as plain values: what the command line asks
/// for and what a hash manifest records so that `render verify` can render it again.
public struct RenderRecipe: Codable, Sendable, Equatable {
  public var effect: String
  public var operation: String?
  /// `--param` values as given.
  public var parameters: [String: String] = [:]
  /// Screen size in points; nil = the scene's or 375×667.
  public var size: [Double]?
  public var scale: Double = 1
  public var fps: Double = 30
  /// Play the operation, then its reverse.
  public var bounce: Bool? = nil
  /// `--duration`: the transition's length in seconds (`RecordingLimits.transitionDurations`),
  /// which the built-in effects take as their `duration` parameter; nil = the effect's own.
  public var duration: Double? = nil
  /// `--speed`: how fast the virtual clock runs against the recording (0 < speed ≤ 1: 0.25 is
  /// four times slower, with four times the frames); nil = 1.
  public var speed: Double? = nil
  /// `--hold`: seconds each end state stays on screen. With `bounce`, the pause at the
  /// turnaround (frames of the recording) and the first frame's hold, the last frame being the
  /// first again; otherwise the first and the last frames' holds (encoding only). nil:
  /// `defaultBounceHold` with `bounce`, else 0.
  public var hold: Double? = nil
  /// Drive the operation with a scripted gesture (pop, dismiss or tab).
  public var interactive: Bool? = nil
  /// With `interactive`: the default gesture is released early and the transition cancels.
  public var cancel: Bool? = nil
  /// The interaction controller (edge-pan, horizontal-swipe, vertical-swipe, pinch); nil picks
  /// the natural one for the operation.
  public var interaction: String? = nil
  /// A gesture file (see `GestureFile`) instead of the default gesture.
  public var gesture: String? = nil
  /// `#RRGGBBAA` or a system colour's name; nil = the scene's background or black.
  public var background: String?
  /// `--appearance`: `light` or `dark`, the system appearance; nil = light.
  public var appearance: String? = nil
  /// A scene file, or two screenshots; paths as given (relative to the working folder, or to
  /// the manifest's folder when read from a manifest).
  public var scene: String?
  public var from: String?
  public var to: String?
  /// A device preset (`Device.named`): its screen size, status bar, safe area and display
  /// corners; nil = the scene's device, or a screen of `size` with square corners.
  public var device: String? = nil

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

  /// Resolves and validates: the effect exists, supports the operation, its parameters are
  /// valid, the size, scale and frame rate are in range (`RecordingLimits`), the screens load.
  /// Everything a manifest can hold is checked here, so a hand-edited one fails with a message.
  @MainActor
  public func settings(relativeTo folder: URL? = nil) throws -> RenderSettings {
    let effect = try resolvedEffect()
    let operation = try resolvedOperation(of: effect)
    try RecordingLimits.check(speed: speed ?? 1, transitionDuration: duration)
    try checkHold()
    let parameters = try resolvedParameters(of: effect)
    let pointSize = try checkedSize()
    try RecordingLimits.check(scale: scale, fps: fps)
    if let problem = TextEngine.shared.problem { throw RenderError(problem) }
    let device = try resolvedDevice()
    let (screens, sceneBackground) = try loadScreens(size: pointSize, device: device, relativeTo: folder)
    let background = try resolvedBackground(default: sceneBackground)
    let appearance = try resolvedAppearance()
    let systemGesture = try resolvedSystemGesture(
      of: effect, operation: operation, screen: screens.size, relativeTo: folder)
    let interaction =
      systemGesture == nil ? try resolvedInteraction(for: operation, screen: screens.size, relativeTo: folder) : nil
    if (interaction != nil || systemGesture != nil) && bounce == true {
      throw RenderError("--bounce cannot be combined with --interactive", usage: true)
    }
    var settings = RenderSettings(effect: effect, operation: operation, screens: screens)
    settings.interaction = interaction
    settings.systemGesture = systemGesture
    settings.parameters = parameters
    settings.fps = fps
    settings.bounce = bounce ?? false
    settings.pause = bounce == true ? holdSeconds : 0
    settings.speed = speed ?? 1
    settings.scale = scale
    settings.background = background.alpha == 0 ? nil : background
    settings.appearance = appearance
    return settings
  }

  private func resolvedEffect() throws -> Effect {
    guard let effect = EffectCatalog.effect(named: effect) else {
      let names = EffectCatalog.all.map(\.name).joined(separator: ", ")
      throw RenderError("Unknown effect '\(self.effect)'; the effects are: \(names)", usage: true)
    }
    return effect
  }

  /// The named operation (or the effect's default), which the effect supports, in both
  /// directions when bouncing.
  private func resolvedOperation(of effect: Effect) throws -> TransitionOperation {
    var operation = effect.defaultOperation
    if let name = self.operation {
      guard let op = TransitionOperation(rawValue: name) else {
        throw RenderError(
          "Unknown operation '\(name)'; the operations are push, pop, present, dismiss, tab", usage: true)
      }
      operation = op
    }
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

  /// A hold is a finite number of seconds, 0 or more, at most `RecordingLimits.maximumHold`.
  private func checkHold() throws {
    guard let hold else { return }
    guard hold.isFinite, hold >= 0, hold <= RecordingLimits.maximumHold else {
      throw RenderError(
        "hold \(RecordingLimits.number(hold)) is out of range: an end state is held 0 to \(RecordingLimits.number(RecordingLimits.maximumHold)) seconds",
        usage: true)
    }
  }

  /// `size` as two sides within `RecordingLimits.sides`, or nil.
  private func checkedSize() throws -> Size? {
    guard let size else { return nil }
    guard size.count == 2 else {
      throw RenderError("size must be [width, height] in points, got \(size.count) number(s)", usage: true)
    }
    let point = Size(width: size[0], height: size[1])
    try RecordingLimits.check(size: point)
    return point
  }

  /// The named device preset, or nil.
  private func resolvedDevice() throws -> Device? {
    guard let name = device else { return nil }
    guard let d = Device.named(name) else {
      throw RenderError(
        "Unknown device '\(name)'; the devices are \(Device.names) (see 'render list --devices')", usage: true)
    }
    return d
  }

  /// The scene file, the two screenshots or the demo screens, on the device when there is one,
  /// and the background they ask for.
  @MainActor
  private func loadScreens(size: Size?, device: Device?, relativeTo folder: URL?) throws -> (ScreenPair, Color) {
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
    return (DemoScreens.pair(device: device ?? .generic(size: screenSize)), .black)
  }

  private func resolvedBackground(default fallback: Color) throws -> Color {
    guard let text = background else { return fallback }
    guard let color = Color(parsing: text) else {
      throw RenderError(
        "Invalid background '\(text)': expected #RRGGBB, #RRGGBBAA, black, white, clear or a system color name (systemBackground)",
        usage: true)
    }
    return color
  }

  /// The named appearance; light when none is named.
  private func resolvedAppearance() throws -> UserInterfaceStyle {
    guard let name = appearance else { return .light }
    guard let style = UserInterfaceStyle(name: name), style != .unspecified else {
      throw RenderError("Unknown appearance '\(name)'; the appearances are light, dark", usage: true)
    }
    return style
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
    guard interactive == true || gesture != nil || interaction != nil else {
      if cancel == true { throw RenderError("--cancel goes with --interactive", usage: true) }
      return nil
    }
    let kind: InteractionKind
    if let name = interaction {
      guard let k = InteractionKind(rawValue: name) else {
        throw RenderError(
          "Unknown interaction '\(name)'; the interactions are \(InteractionKind.allCases.map(\.rawValue).joined(separator: ", "))",
          usage: true)
      }
      kind = k
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

/// What a recording may ask for: checked by recipes (the command line, manifests) and by the
/// `Recorder` alike, each refusal naming the accepted range.
public enum RecordingLimits {
  /// Points a side of the screen.
  public static let sides: ClosedRange<Double> = 1...4096
  /// Frames per second: at least `minimumFPS`, at most this.
  public static let maximumFPS = 120.0
  /// The fewest frames per second: slower sampling would step past a whole transition (and
  /// `Recorder.timeLimit`) between two frames; stills are `--stills`' job.
  public static let minimumFPS = 1.0
  /// Pixels per point: more than 0, at most this (the command line takes 1, 2 or 3; the gallery
  /// renders README-sized frames at fractional scales).
  public static let maximumScale = 3.0
  /// The screen when none is given: an iPhone 8's 375 × 667 points.
  public static let defaultSize = Size(width: 375, height: 667)
  /// Seconds a transition may be asked to last (`--duration`, `Recorder.transitionDuration`):
  /// the built-in effects' range.
  public static let transitionDurations = Effect.durations
  /// Longest hold of an end state, in seconds (`--hold`).
  public static let maximumHold = 60.0

  public static func check(size: Size) throws {
    guard sides.contains(size.width), sides.contains(size.height) else {
      throw RenderError(
        "size \(number(size.width))x\(number(size.height)) is out of range: each side must be 1 to 4096 points",
        usage: true)
    }
  }

  public static func check(scale: Double, fps: Double) throws {
    guard scale.isFinite, scale > 0, scale <= maximumScale else {
      throw RenderError(
        "scale \(number(scale)) is out of range: pixels per point must be more than 0 and at most \(number(maximumScale))",
        usage: true)
    }
    guard fps.isFinite, fps >= minimumFPS, fps <= maximumFPS else {
      throw RenderError(
        "fps \(number(fps)) is out of range: frames per second must be \(number(minimumFPS)) to \(number(maximumFPS))",
        usage: true)
    }
  }

  /// `speed` more than 0 and at most 1, and `transitionDuration`, when given, in
  /// `transitionDurations`.
  public static func check(speed: Double, transitionDuration: Double?) throws {
    guard speed.isFinite, speed > 0, speed <= 1 else {
      throw RenderError(
        "speed \(number(speed)) is out of range: the clock runs at more than 0 and at most 1 times its speed (0.25 is four times slower)",
        usage: true)
    }
    if let d = transitionDuration, !(d.isFinite && transitionDurations.contains(d)) {
      throw RenderError(
        "duration \(number(d)) is out of range: a transition lasts \(number(transitionDurations.lowerBound)) to \(number(transitionDurations.upperBound)) seconds",
        usage: true)
    }
  }

  static func number(_ v: Double) -> String {
    v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}
