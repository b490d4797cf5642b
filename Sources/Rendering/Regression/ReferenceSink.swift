import Compositor
import FrameEncoding
import Foundation
import Pixels

/// A render's frames made into a reference as they arrive (`render --hashes`, the snapshot
/// assertions): the sheet that keeps the pixels is streamed to its sink a row of tiles at a
/// time, each frame's hash is kept, and `stage` writes the manifest at the end. Memory holds
/// one row of tiles, whatever the number of frames.
package final class ReferenceSink: FrameSink {
  private let sheet: ContactSheetSink?
  private let count: Int
  private var frames: [HashManifest.Frame] = []
  private var width = 0, height = 0

  /// A reference of `count` frames; `sheet`: where the sheet's PNG goes, nil for hashes only.
  public init(count: Int, sheet: ByteSink?) throws {
    self.count = count
    self.sheet = sheet.map { ContactSheetSink(count: count, sink: $0, maximumTileWidth: .max) }
  }

  public func add(_ frame: RenderedFrame) throws {
    if frames.isEmpty { (width, height) = (frame.image.width, frame.image.height) }
    try sheet?.add(frame)
    frames.append(
      HashManifest.Frame(time: (frame.time * 1e6).rounded() / 1e6, sha256: SHA256.hex(frame.image.pixels), tile: nil))
  }

  public func finish(endTime: Double) throws { try sheet?.finish(endTime: endTime) }

  /// Stages the manifest of the frames received (of a recording at `fps` and `scale`) at
  /// `reference.manifestPath` in `staging`, with each frame's tile in the sheet.
  public func stage(_ reference: SnapshotReference, fps: Double, scale: Double, in staging: StagedOutputs) throws {
    var hashes = frames
    if let sheet {
      let layout = sheet.sheet.layout(count: count, tileWidth: width, tileHeight: height)
      for i in hashes.indices { hashes[i].tile = [layout.origins[i].x, layout.origins[i].y, width, height] }
    }
    var manifest =
      reference.recipe.map {
        HashManifest(renderer: reference.renderer, recipe: $0, width: width, height: height, frames: hashes)
      }
      ?? HashManifest(
        renderer: reference.renderer, fps: fps, scale: scale, width: width, height: height, frames: hashes)
    manifest.animation = reference.animation
    try staging.file(reference.manifestPath).sink.write(try manifest.encoded())
  }
}
