import Foundation
import Rendering

/// `render EFFECT … --json`: a render's summary (docs/json.md#render).
struct RenderJSON: Encodable {
  var effect: String
  var operation: String
  /// Frames rendered, at `fps` a second; pixels per point and the frames' size in pixels.
  var frames: Int
  var fps: Double
  var scale: Double
  var width: Int
  var height: Int
  /// Seconds from the first frame to the end of the last (without holds).
  var seconds: Double
  /// Every file or folder written, with its bytes (a folder's: its files').
  var outputs: [Output]
  /// The lossy quality the animation was written at (with `--max-size`, the one that fitted).
  var quality: Int?
  /// `--max-size`: each quality tried and the bytes it gave, in order.
  var sizeTries: [SizeTry]?
  /// `--hash`: each frame's SHA-256, in order.
  var hashes: [String]?
  var timings: Timings

  struct Output: Encodable {
    var path: String
    /// "gif", "apng", "webp", "contactSheet", "pngSequence", "manifest" or "referenceSheet".
    var kind: String
    var bytes: Int
  }

  struct SizeTry: Encodable {
    var quality: Int
    var bytes: Int
  }

  /// Wall-clock seconds: recording, compositing (on all threads), the part of it encoding
  /// waited for, encoding and writing, and the whole command.
  struct Timings: Encodable {
    var animate: Double
    var composite: Double
    var compositeWaited: Double
    var encode: Double
    var total: Double
  }

  /// The summary of `recording` rendered from `settings` as `request` asked: the quality
  /// written (`fittedQuality` under a size limit, which heard `tries`), the frames' hashes if
  /// asked for.
  init(
    _ settings: RenderSettings, _ recording: Recording, request: RenderCommand.Request, fittedQuality: Int?,
    tries: [SizeTry], hashes: [String]?, timings: Timings
  ) {
    effect = settings.effect.name
    operation = settings.operation.rawValue
    (frames, fps, scale) = (recording.frames.count, recording.fps, recording.scale)
    (width, height, seconds) = (recording.pixelWidth, recording.pixelHeight, recording.duration)
    outputs = Self.outputs(of: request)
    let lossy = request.output?.animationFormat.map { $0 != .apng && !request.encoding.options.lossless } ?? false
    quality = lossy ? fittedQuality ?? request.encoding.options.quality : nil
    sizeTries = request.encoding.maxBytes == nil ? nil : tries
    self.hashes = hashes
    self.timings = timings
  }

  /// The files `request` wrote: its output, and a manifest with its sheet.
  static func outputs(of request: RenderCommand.Request) -> [Output] {
    var outputs: [Output] = []
    switch request.output {
    case .animation(let path, let format)?:
      outputs.append(Output(path: path, kind: format.rawValue, bytes: bytes(path)))
    case .contactSheet(let path)?: outputs.append(Output(path: path, kind: "contactSheet", bytes: bytes(path)))
    case .pngSequence(let path)?: outputs.append(Output(path: path, kind: "pngSequence", bytes: bytes(path)))
    case .standardOutput?, nil: break
    }
    if let manifest = request.hashesPath {
      let sheet = SnapshotReference.sheet(forManifest: manifest)
      outputs += [
        Output(path: manifest, kind: "manifest", bytes: bytes(manifest)),
        Output(path: sheet, kind: "referenceSheet", bytes: bytes(sheet)),
      ]
    }
    return outputs
  }

  /// A file's size, or the sum of a folder's files'.
  static func bytes(_ path: String) -> Int {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: path)).map { $0.map { path + "/" + $0 } } ?? [path]
    return names.reduce(0) { $0 + ((try? manager.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
  }
}
