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
  /// A device preset (`Device.named`): its screen size, status bar, safe area and display
  /// corners; nil = the scene's device, or a screen of `size` with square corners.
  public var device: String? = nil

  public init(effect: String) { self.effect = effect }

  /// Resolves and validates: the effect exists, supports the operation, its parameters are
  /// valid, the screens load.
  @MainActor
  public func settings(relativeTo folder: URL? = nil) throws -> RenderSettings {
    guard let effect = EffectCatalog.effect(named: effect) else {
      let names = EffectCatalog.all.map(\.name).joined(separator: ", ")
      throw RenderError("Unknown effect '\(self.effect)'; the effects are: \(names)", usage: true)
    }
    let operation: TransitionOperation
    if let name = self.operation {
      guard let op = TransitionOperation(rawValue: name) else {
        throw RenderError("Unknown operation '\(name)'; the operations are push, pop, present, dismiss, tab", usage: true)
      }
      operation = op
    } else {
      operation = effect.defaultOperation
    }
    guard effect.operations.contains(operation) else {
      let ops = effect.operations.map { "--" + $0.rawValue }.joined(separator: ", ")
      throw RenderError("The effect '\(effect.name)' does not support --\(operation.rawValue); it supports \(ops)", usage: true)
    }
    if bounce == true && !effect.operations.contains(operation.reverse) {
      throw RenderError("--bounce plays --\(operation.rawValue) and then --\(operation.reverse.rawValue), which '\(effect.name)' does not support", usage: true)
    }
    let parameters: EffectParameters
    do {
      parameters = try EffectParameters(self.parameters, declared: effect.parameters, effect: effect.name)
    } catch let error as EffectParameterError {
      throw RenderError(error.description, usage: true)
    }
    func resolve(_ path: String) -> String {
      guard let folder, !path.hasPrefix("/") else { return path }
      return folder.appendingPathComponent(path).path
    }
    let pointSize = size.map { Size(width: $0[0], height: $0[1]) }
    if let problem = TextEngine.shared.problem { throw RenderError(problem) }
    let device = try self.device.map { name in
      guard let d = Device.named(name) else {
        throw RenderError("Unknown device '\(name)'; the devices are \(Device.names) (see 'render list --devices')", usage: true)
      }
      return d
    }
    var background = Color.black
    var screens: ScreenPair
    if let scene {
      let file = try SceneFile.load(path: resolve(scene))
      screens = file.screens(device: device)
      background = file.background ?? .clear
    } else if let from, let to {
      let size = device?.points ?? pointSize ?? Size(width: 375, height: 667)
      screens = try SceneFile.screenshots(from: resolve(from), to: resolve(to), size: size).screens(device: nil)
      screens.displayCornerRadius = device?.cornerRadius ?? 0
    } else {
      screens = DemoScreens.pair(device: device ?? .generic(size: pointSize ?? Size(width: 375, height: 667)))
    }
    if let text = self.background {
      guard let c = Color(hexString: text) else { throw RenderError("Invalid background '\(text)': expected #RRGGBB or #RRGGBBAA", usage: true) }
      background = c
    }
    var interactionSetting: (InteractionKind, TouchScript)?
    if interactive == true || gesture != nil || interaction != nil {
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
      let script = try gesture.map { try GestureFile.load(path: resolve($0)) }
        ?? kind.defaultGesture(screen: screens.size, finishing: cancel != true)
      interactionSetting = (kind, script)
    } else if cancel == true {
      throw RenderError("--cancel goes with --interactive", usage: true)
    }
    if interactionSetting != nil && bounce == true { throw RenderError("--bounce cannot be combined with --interactive", usage: true) }

    var settings = RenderSettings(effect: effect, operation: operation, screens: screens)
    settings.interaction = interactionSetting
    settings.parameters = parameters
    settings.fps = fps
    settings.bounce = bounce ?? false
    settings.scale = scale
    settings.background = background.alpha == 0 ? nil : background
    return settings
  }
}

extension Color {
  /// Parses `#RRGGBB` or `#RRGGBBAA`.
  public init?(hexString text: String) {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.count == 6 || digits.count == 8, let v = UInt64(digits, radix: 16) else { return nil }
    if digits.count == 6 { self.init(hex: UInt32(v)) } else { self.init(hex: UInt32(v >> 8), alpha: Double(v & 0xff) / 255) }
  }

  /// `#RRGGBBAA`, each channel rounded to 8 bits.
  public var hexString: String {
    let c = [red, green, blue, alpha].map { String(format: "%02X", Int(($0 * 255).rounded())) }
    return "#" + c.joined()
  }
}
