import Foundation
import Rendering

/// Something docs media are made of: a transition the media set can record again and again,
/// in either appearance (the gallery's effects, a user's declared transitions).
@MainActor
package protocol MediaSource {
  /// The files' stem (`name.webp`, `name-dark.gif`, `name@2x.png`, …): letters, digits, `-`, `_`, `.`.
  var name: String { get }
  /// What a reader who cannot see the animation is told (the `<img>`'s alt text).
  var alt: String { get }
  /// The motion curves' heading.
  var title: String { get }
  /// What, besides the frames, decides the pictures (the gallery's recipe); nil when only the
  /// frames do.
  var recipe: RenderRecipe? { get }
  /// Seconds the first and the last frame of the animation are held.
  var holds: (first: Double, last: Double) { get }
  /// The animation the WebP and the GIF play, in `appearance`, at `scale` times the source's
  /// own pixels per point (the GIF fallback may be smaller: `MediaStyle.gifScale`).
  func animation(in appearance: UserInterfaceStyle, scale: Double) throws -> Recording
  /// One play's motion, sampled densely, and when its first transition completed (in seconds
  /// of the recording; the stills are timed by it).
  func motion() throws -> (curves: MotionCurves, completion: Double)
  /// Stills at `progress` (0 the start, 1 the end) of the first transition, which completes at
  /// `completion`, in `appearance`, and the pixels per point to composite them at.
  func stills(in appearance: UserInterfaceStyle, atProgress progress: [Double], completion: Double) throws -> (
    stills: [Still], scale: Double
  )
}

/// The two appearances every transition's media come in, and how their files are named.
package enum MediaAppearance: String, Codable, CaseIterable, Sendable {
  case light, dark

  /// The system appearance a recording takes.
  public var style: UserInterfaceStyle { self == .light ? .light : .dark }

  /// `name.webp` and `name-dark.webp`, `name.gif` and `name-dark.gif`.
  public func animation(_ name: String, _ format: OutputFormat) -> String {
    "\(name)\(self == .dark ? "-dark" : "").\(format.rawValue)"
  }

  /// The filmstrip under DocC's names for a 2x image and its dark variant: `name@2x.png`,
  /// `name~dark@2x.png` (`![alt](name)` in a DocC article picks the one the reader's
  /// appearance asks for).
  public func stills(_ name: String) -> String { "\(name)\(self == .dark ? "~dark" : "")@2x.png" }
}
