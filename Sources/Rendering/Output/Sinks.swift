import FrameEncoding
import Foundation
import Pixels

/// Writes `0000.png`, `0001.png`, … into a folder staged beside the destination and swapped
/// in whole at commit (`StagedFolder`): readers never see old and new frames mixed, and a
/// folder holding files render did not write is never replaced (`PNGSequence.checkReplaceable`).
package final class PNGSequenceSink: FrameSink {
  private let staged: StagedFolder

  /// Frames for the folder `staged` (see `PNGSequence.stage(_:in:)`).
  public init(_ staged: StagedFolder) { self.staged = staged }

  public func add(_ frame: RenderedFrame) throws {
    let bytes = try PNGWriter().encode(frame.image)
    let path = staged.temporaryPath + "/" + PNGSequence.name(frame.index)
    do {
      try writeNewFile(bytes, to: path)
    } catch {
      throw RenderError("cannot write '\(staged.path)': \(error)")
    }
  }

  public func finish(endTime: Double) throws {}
}

/// The rules of a PNG-sequence folder.
package enum PNGSequence {
  /// Frame `index`'s file name: `0000.png`, `0001.png`, … (more digits past 9999).
  public static func name(_ index: Int) -> String { String(format: "%04d.png", index) }

  /// Whether `name` is one render writes in a sequence folder: digits, then `.png`.
  static func isFrameName(_ name: String) -> Bool {
    name.hasSuffix(".png") && name.count > 4 && name.dropLast(4).allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Throws unless the folder at `path` holds only frames render writes (or nothing): a folder
  /// with anything else in it (notes, the user's own images) is never replaced.
  public static func checkReplaceable(_ path: String) throws {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let foreign = names.filter { !isFrameName($0) }.sorted()
    guard foreign.isEmpty else {
      let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
      throw RenderError(
        "cannot write frames into '\(path)': it holds files render did not write (\(shown)); name a new or empty folder, or one of render's frames only"
      )
    }
  }

  /// The staged folder for a sequence at `path`, in `outputs`.
  public static func stage(_ path: String, in outputs: StagedOutputs) throws -> StagedFolder {
    try outputs.folder(path, replaceable: checkReplaceable)
  }
}

/// Writes `bytes` to a new file at `path` (which must not exist), whole or not at all.
func writeNewFile(_ bytes: [UInt8], to path: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
  if fd < 0 { throw EncodingError.io(String(cString: strerror(errno))) }
  let file = FileSink(descriptor: fd, path: path)
  do {
    try file.write(bytes)
    try file.close()
  } catch {
    unlink(path)
    throw error
  }
}

/// Streams frames into a contact sheet PNG (`ContactSheetWriter`) as they arrive.
package final class ContactSheetSink: FrameSink {
  private let sink: ByteSink
  private let count: Int
  public var sheet = ContactSheet()
  private var writer: ContactSheetWriter?

  /// A sheet of `count` frames into `sink`. `maximumTileWidth`: widest tile in pixels (larger
  /// frames are reduced by whole factors); `Int.max` keeps every frame at full size, as a
  /// reference sheet does.
  public init(count: Int, sink: ByteSink, maximumTileWidth: Int = ContactSheet().maximumTileWidth) {
    self.sink = sink
    self.count = count
    sheet.maximumTileWidth = maximumTileWidth
  }

  public func add(_ frame: RenderedFrame) throws {
    if writer == nil {
      writer = try ContactSheetWriter(
        sheet: sheet, count: count, frameWidth: frame.image.width, frameHeight: frame.image.height, sink: sink)
    }
    try writer!.add(frame.image, time: frame.time)
  }

  public func finish(endTime: Double) throws {
    guard let writer else { throw RenderError("the contact sheet got no frames") }
    try writer.finish()
  }
}

/// Feeds frames to an animation encoder (GIF, APNG, WebP) as they arrive.
package final class EncoderSink: FrameSink {
  public var encoder: AnyAnimationEncoder
  public init(_ encoder: AnyAnimationEncoder) { self.encoder = encoder }
  public func add(_ frame: RenderedFrame) throws { try encoder.add(frame.image) }
  public func finish(endTime: Double) throws { try encoder.finish() }
}

/// Keeps every frame in memory (what verification and the gallery need whole).
package final class KeepFramesSink: FrameSink {
  package private(set) var frames: [RenderedFrame] = []
  package init() {}
  package func add(_ frame: RenderedFrame) throws { frames.append(frame) }
  package func finish(endTime: Double) throws {}
}
