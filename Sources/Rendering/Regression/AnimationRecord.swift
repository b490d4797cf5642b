import FrameEncoding
import Foundation
import Pixels

/// The GIF written together with a manifest (`render -o cube.gif --hashes cube.json`) and the
/// encoding it was written with, so `render verify` can decode the file and check that it shows
/// the frames as the encoder promises (`GIFCheck`), not only that the frames render the same.
package struct AnimationRecord: Codable, Sendable, Equatable {
  /// The file, relative to the manifest's folder.
  public var file: String
  /// The quality the file was encoded at (the fitted one under `--max-size`).
  public var quality: Int
  public var lossless: Bool
  /// `GIFDither`'s raw value.
  public var dither: String
  /// Plays in all; nil loops forever.
  public var plays: Int?
  /// Extra seconds on the first and on the last frame.
  public var holdFirst: Double
  public var holdLast: Double
  /// `--tolerance` as given; nil derives it from the quality.
  public var tolerance: Int?

  /// The record of `options` (its `fps` is the recording's, kept by the manifest) for `file`.
  public init(file: String, options: EncodingOptions) {
    self.file = file
    quality = options.quality
    lossless = options.lossless
    dither = options.dither.rawValue
    if case .plays(let n) = options.loop { plays = n }
    holdFirst = options.holdFirst
    holdLast = options.holdLast
    tolerance = options.gifTolerance
  }

  /// The options the file was encoded with, at `fps`; a hand-edited record that names no
  /// known dithering or an out-of-range value is an error naming the field.
  public func options(fps: Double) throws -> EncodingOptions {
    var options = EncodingOptions()
    options.fps = fps
    options.quality = quality
    options.lossless = lossless
    do {
      options.dither = try GIFDither(named: dither)
    } catch {
      throw RenderError("animation.dither: \(error)")
    }
    options.loop = plays.map { .plays($0) } ?? .forever
    options.holdFirst = holdFirst
    options.holdLast = holdLast
    options.gifTolerance = tolerance
    do {
      try options.validate()
    } catch {
      throw RenderError("animation: \(error)")
    }
    return options
  }

  /// Why the file beside `manifestPath` does not show `frames` as its options promise (it is
  /// missing, does not decode, its timing or loop differ, or a frame falls outside its budget),
  /// or nil when it does. Only GIF files are decoded here (our own decoder); other formats are
  /// a problem naming what is supported.
  public func problem(besideManifest manifestPath: String, frames: [RGBAImage], fps: Double) throws -> String? {
    let path = URL(fileURLWithPath: manifestPath).deletingLastPathComponent().appendingPathComponent(file).path
    guard URL(fileURLWithPath: file).pathExtension.lowercased() == "gif" else {
      return "\(file): render verify decodes GIF files only"
    }
    return Self.gifProblem(path, frames: frames, options: try options(fps: fps)).map { "\(file): \($0)" }
  }

  /// Why the GIF at `path` does not show `frames` as `options` promise (`GIFCheck`), in one
  /// line (the first three problems), or nil.
  package static func gifProblem(_ path: String, frames: [RGBAImage], options: EncodingOptions) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return "cannot be read" }
    do {
      let problems = GIFCheck.problems(try GIFDecoder.decode([UInt8](data)), sources: frames, options: options)
      return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "")
    } catch {
      return "does not decode (\(error))"
    }
  }
}
