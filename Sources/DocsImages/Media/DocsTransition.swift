import Foundation
import Rendering

/// A transition of yours, declared for your documentation's media: its name (the files'
/// stem), the alt text of its picture, the screen it plays on, and how to record it. The
/// media tool records it again for each picture it makes (the light and dark animations, the
/// stills, the motion curves), each time in a fresh stage:
///
///     DocsTransition("details-push", alt: "The home screen pushes the details screen") { stage in
///       let home = HomeViewController()
///       let nav = NavigationController(rootViewController: home)
///       return try stage.recorder(root: nav).record { home.showDetails() }
///     }
///
/// `record` builds the window as your app does, makes its recorder with
/// `stage.recorder(root:)` (which gives it the stage's appearance, scale and frame rate) and
/// returns what that recorder recorded. The animations hold their first and last frame `hold`
/// seconds, so every loop shows where the transition starts and where it ends.
public struct DocsTransition: Sendable {
  /// The files' stem: `name.webp`, `name-dark.gif`, `name@2x.png`, … (letters, digits, `-`,
  /// `_` and `.`; unique within a set).
  public let name: String
  /// The picture's alt text: what the animation shows, for a reader who cannot see it.
  public let alt: String
  /// The screen in points (`RecordingLimits.side` a side).
  public let size: Size
  /// The animations' width in pixels (their height follows the screen's shape).
  public let width: Int
  /// Seconds the first and the last frame are held, 0 to 60.
  public let hold: Double
  /// Records the transition in `stage`.
  public let record: @MainActor @Sendable (_ stage: DocsStage) throws -> Recording

  /// A transition named `name` (the files' stem), described by `alt`, on a screen of `size`
  /// points, recorded by `record` and drawn `width` pixels wide, its ends held `hold` seconds.
  public init(
    _ name: String, alt: String, size: Size = RecordingLimits.defaultSize, width: Int = 300, hold: Double = 0.5,
    record: @escaping @MainActor @Sendable (_ stage: DocsStage) throws -> Recording
  ) {
    self.name = name
    self.alt = alt
    self.size = size
    self.width = width
    self.hold = hold
    self.record = record
  }

  /// Refuses, naming the rule, a name that cannot name files and a width, screen or hold out of
  /// their ranges (`RecordingLimits`: the width makes the scale).
  package func check() throws {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    if name.isEmpty || name.hasPrefix(".") || !name.allSatisfy(allowed.contains) {
      throw RenderError("'\(name)' cannot name files: use letters, digits, '-', '_' and '.' (not first)", usage: true)
    }
    try RecordingLimits.check(size: size)
    try RecordingLimits.scale.check(Double(width) / size.width)
    try RecordingLimits.hold.check(hold)
  }
}

/// Where a declared transition is recorded: a fresh world of the transition's screen, in one
/// appearance, at the scale and frame rate of the picture being made.
@MainActor
public final class DocsStage {
  /// The system appearance of this recording (light or dark): the recorder takes it, and
  /// every dynamic colour shows it.
  public let appearance: UserInterfaceStyle
  let world: World
  let size: Size
  let scale: Double
  let fps: Double
  /// Sample motion for the curves.
  var samplesMotion = false
  /// Catches stills while recording.
  var stills: StillCatcher?
  private(set) var recorder: Recorder?

  init(appearance: UserInterfaceStyle, size: Size, scale: Double, fps: Double) {
    self.appearance = appearance
    self.size = size
    self.scale = scale
    self.fps = fps
    world = Recorder.makeWorld(size: size, scale: scale, appearance: appearance)
    // Views the declaration makes before its recorder are made in the stage's world.
    world.makeCurrent()
  }

  /// The recorder of this stage holding `root`: the transition's screen size, the stage's
  /// appearance, scale and frame rate, `background` behind everything (iOS windows are black).
  /// Make one per recording and return what it records.
  public func recorder(root: ViewController, background: Color? = .black) throws -> Recorder {
    let recorder = try Recorder(
      root: root, size: size, scale: scale, fps: fps, background: background, appearance: appearance, world: world)
    recorder.samplesMotion = samplesMotion
    stills?.background = background
    recorder.observer = stills
    self.recorder = recorder
    return recorder
  }
}

extension DocsTransition {
  /// This declaration as a media set records it in `style`.
  @MainActor
  package func source(style: MediaStyle) -> any MediaSource { DeclaredSource(transition: self, style: style) }
}

/// A declared transition as the media set records it.
@MainActor
struct DeclaredSource: MediaSource {
  let transition: DocsTransition
  let style: MediaStyle

  var name: String { transition.name }
  var alt: String { transition.alt }
  var title: String { transition.name }
  var recipe: RenderRecipe? { nil }
  var holds: (first: Double, last: Double) { (transition.hold, transition.hold) }

  func animation(in appearance: UserInterfaceStyle, scale factor: Double) throws -> Recording {
    try record(
      DocsStage(
        appearance: appearance, size: transition.size, scale: scale(transition.width) * factor, fps: style.fps))
  }

  func motion() throws -> (curves: MotionCurves, completion: Double) {
    let stage = DocsStage(appearance: .light, size: transition.size, scale: scale(transition.width), fps: style.fps)
    stage.samplesMotion = true
    let recording = try record(stage)
    guard let curves = recording.motion, let end = recording.completions.first ?? recording.frames.last?.time else {
      throw RenderError("the recording has no motion to plot")
    }
    return (curves, end)
  }

  func stills(in appearance: UserInterfaceStyle, atProgress progress: [Double], completion: Double) throws -> (
    stills: [Still], scale: Double
  ) {
    let scale = scale(Int(style.stillWidth))
    let stills = try catchStills(atProgress: progress, completion: completion) { catcher in
      let stage = DocsStage(appearance: appearance, size: transition.size, scale: scale, fps: style.fps)
      stage.stills = catcher
      _ = try record(stage)
    }
    return (stills, scale)
  }

  private func scale(_ width: Int) -> Double { Double(width) / transition.size.width }

  /// The declaration's recording in `stage`, which must come from the stage's recorder.
  private func record(_ stage: DocsStage) throws -> Recording {
    let recording = try stage.world.run { try transition.record(stage) }
    guard stage.recorder != nil, recording.scale == stage.scale, recording.fps == stage.fps else {
      throw RenderError(
        "record it with the stage's recorder (stage.recorder(root:)), which gives it the media's appearance, scale and frame rate"
      )
    }
    return recording
  }
}
