import Animator
import Effects
import Foundation

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
  /// Drive the operation with a scripted gesture (pop, dismiss or tab).
  public var interactive: Bool? = nil
  /// With `interactive`: the default gesture is released early and the transition cancels.
  public var cancel: Bool? = nil
  /// The interaction controller (edge-pan, horizontal-swipe, vertical-swipe, pinch); nil picks
  /// the natural one for the operation.
  public var interaction: String? = nil
  /// A gesture file (see `GestureFile`) instead of the default gesture.
  public var gesture: String? = nil
  /// `#RRGGBBAA`; nil = the scene's background or black.
  public var background: String?
  /// A scene file, or two screenshots; paths as given (relative to the working folder, or to
  /// the manifest's folder when read from a manifest).
  public var scene: String?
  public var from: String?
  public var to: String?

  public init(effect: String) { self.effect = effect }

  /// Resolves and validates: the effect exists, supports the operation, its parameters are
  /// valid, the size, scale and frame rate are in range (`RecordingLimits`), the screens load.
  /// Everything a manifest can hold is checked here, so a hand-edited one fails with a message.
  @MainActor
  public func settings(relativeTo folder: URL? = nil) throws -> RenderSettings {
    let effect = try resolvedEffect()
    let operation = try resolvedOperation(of: effect)
    let parameters = try resolvedParameters(of: effect)
    let pointSize = try checkedSize()
    try RecordingLimits.check(scale: scale, fps: fps)
    let (screens, sceneBackground) = try loadScreens(size: pointSize, relativeTo: folder)
    let background = try resolvedBackground(default: sceneBackground)
    let interaction = try resolvedInteraction(for: operation, screen: screens.size, relativeTo: folder)
    if interaction != nil && bounce == true { throw RenderError("--bounce cannot be combined with --interactive", usage: true) }
    var settings = RenderSettings(effect: effect, operation: operation, screens: screens)
    settings.interaction = interaction
    settings.parameters = parameters
    settings.fps = fps
    settings.bounce = bounce ?? false
    settings.scale = scale
    settings.background = background.alpha == 0 ? nil : background
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
        throw RenderError("Unknown operation '\(name)'; the operations are push, pop, present, dismiss, tab", usage: true)
      }
      operation = op
    }
    guard effect.operations.contains(operation) else {
      let ops = effect.operations.map { "--" + $0.rawValue }.joined(separator: ", ")
      throw RenderError("The effect '\(effect.name)' does not support --\(operation.rawValue); it supports \(ops)", usage: true)
    }
    if bounce == true && !effect.operations.contains(operation.reverse) {
      throw RenderError("--bounce plays --\(operation.rawValue) and then --\(operation.reverse.rawValue), which '\(effect.name)' does not support", usage: true)
    }
    return operation
  }

  private func resolvedParameters(of effect: Effect) throws -> EffectParameters {
    do {
      return try EffectParameters(parameters, declared: effect.parameters, effect: effect.name)
    } catch let error as EffectParameterError {
      throw RenderError(error.description, usage: true)
    }
  }

  /// `size` as two sides within `RecordingLimits.sides`, or nil.
  private func checkedSize() throws -> Size? {
    guard let size else { return nil }
    guard size.count == 2 else { throw RenderError("size must be [width, height] in points, got \(size.count) number(s)", usage: true) }
    let point = Size(width: size[0], height: size[1])
    try RecordingLimits.check(size: point)
    return point
  }

  /// The scene file, the two screenshots or the demo screens, and the background they ask for.
  @MainActor
  private func loadScreens(size: Size?, relativeTo folder: URL?) throws -> (ScreenPair, Color) {
    if let scene {
      let file = try SceneFile.load(path: resolve(scene, relativeTo: folder))
      return (file.screens, file.background ?? .clear)
    }
    let screenSize = size ?? RecordingLimits.defaultSize
    if let from, let to {
      return (try SceneFile.screenshots(from: resolve(from, relativeTo: folder), to: resolve(to, relativeTo: folder), size: screenSize).screens, .black)
    }
    return (.demo(size: screenSize), .black)
  }

  private func resolvedBackground(default fallback: Color) throws -> Color {
    guard let text = background else { return fallback }
    guard let color = Color(parsing: text) else {
      throw RenderError("Invalid background '\(text)': expected #RRGGBB, #RRGGBBAA, black, white or clear", usage: true)
    }
    return color
  }

  /// The interaction controller and gesture of an interactive run, or nil.
  private func resolvedInteraction(for operation: TransitionOperation, screen: Size, relativeTo folder: URL?) throws -> (InteractionKind, TouchScript)? {
    guard interactive == true || gesture != nil || interaction != nil else {
      if cancel == true { throw RenderError("--cancel goes with --interactive", usage: true) }
      return nil
    }
    let kind: InteractionKind
    if let name = interaction {
      guard let k = InteractionKind(rawValue: name) else {
        throw RenderError("Unknown interaction '\(name)'; the interactions are \(InteractionKind.allCases.map(\.rawValue).joined(separator: ", "))", usage: true)
      }
      kind = k
    } else {
      switch operation {
      case .pop: kind = .edgePan
      case .dismiss: kind = .verticalSwipe
      case .tab: kind = .horizontalSwipe
      case .push, .present:
        throw RenderError("--interactive drives pop, dismiss or tab; a gesture cannot start a \(operation.rawValue)", usage: true)
      }
    }
    guard kind.operations.contains(operation) else {
      throw RenderError("the interaction '\(kind.rawValue)' cannot drive a \(operation.rawValue); it drives \(kind.operations.map(\.rawValue).joined(separator: ", "))", usage: true)
    }
    let script = try gesture.map { try GestureFile.load(path: resolve($0, relativeTo: folder)) }
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
  /// Frames per second: more than 0, at most this.
  public static let maximumFPS = 120.0
  /// Pixels per point: more than 0, at most this (the command line takes 1, 2 or 3; the gallery
  /// renders README-sized frames at fractional scales).
  public static let maximumScale = 3.0
  /// The screen when none is given: an iPhone 8's 375 × 667 points.
  public static let defaultSize = Size(width: 375, height: 667)

  public static func check(size: Size) throws {
    guard sides.contains(size.width), sides.contains(size.height) else {
      throw RenderError("size \(number(size.width))x\(number(size.height)) is out of range: each side must be 1 to 4096 points", usage: true)
    }
  }

  public static func check(scale: Double, fps: Double) throws {
    guard scale.isFinite, scale > 0, scale <= maximumScale else {
      throw RenderError("scale \(number(scale)) is out of range: pixels per point must be more than 0 and at most \(number(maximumScale))", usage: true)
    }
    guard fps.isFinite, fps > 0, fps <= maximumFPS else {
      throw RenderError("fps \(number(fps)) is out of range: frames per second must be more than 0 and at most \(number(maximumFPS))", usage: true)
    }
  }

  static func number(_ v: Double) -> String { v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
