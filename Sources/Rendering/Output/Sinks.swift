import FrameEncoding
import Foundation
import Pixels

/// Writes `0000.png`, `0001.png`, … into a folder. Frames go to a temporary folder beside it
/// first; the folder's previous frames are replaced only when every new frame is written.
public final class PNGSequenceSink: FrameSink {
  let folder: URL
  let staging: URL
  private var written = 0

  public init(folder path: String) throws {
    folder = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    let parent = folder.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw RenderError("cannot write '\(path)': the folder '\(parent.path)' does not exist")
    }
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
      throw RenderError(
        "cannot write '\(path)': a path without an extension is a PNG-sequence folder, and this one exists as a file; name a .gif, .apng, .webp or .png, or a folder"
      )
    }
    staging = parent.appendingPathComponent(
      ".\(folder.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp", isDirectory: true)
    do {
      try? FileManager.default.removeItem(at: staging)
      try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
    } catch {
      throw RenderError("cannot write '\(path)': permission denied or read-only folder")
    }
    TemporaryFiles.shared.register(staging.path)
  }

  static func name(_ index: Int) -> String { String(format: "%04d.png", index) }

  public func add(_ frame: RenderedFrame) throws {
    let bytes = try PNGWriter().encode(frame.image)
    let url = staging.appendingPathComponent(Self.name(frame.index))
    guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) else {
      throw RenderError("cannot write '\(url.path)'")
    }
    written += 1
  }

  public func finish(endTime: Double) throws {
    let fm = FileManager.default
    if !fm.fileExists(atPath: folder.path) {
      try fm.moveItem(at: staging, to: folder)
    } else {
      // Replace only the frames: other files in the folder are the user's.
      let old = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in old where name.count == 8 && name.hasSuffix(".png") && Int(name.prefix(4)) != nil {
        try fm.removeItem(at: folder.appendingPathComponent(name))
      }
      for i in 0..<written {
        try fm.moveItem(
          at: staging.appendingPathComponent(Self.name(i)), to: folder.appendingPathComponent(Self.name(i)))
      }
      try? fm.removeItem(at: staging)
    }
    TemporaryFiles.shared.unregister(staging.path)
  }

  /// Removes the staging folder after a failure.
  public func discard() {
    try? FileManager.default.removeItem(at: staging)
    TemporaryFiles.shared.unregister(staging.path)
  }
}

/// Collects frames (reduced to tiles as they arrive) and writes a contact sheet PNG at the end.
public final class ContactSheetSink: FrameSink {
  let path: String
  public var sheet = ContactSheet()
  private var tiles: [(image: RGBAImage, time: Double)] = []
  private var factor: Int?

  /// `maximumTileWidth`: widest tile in pixels (larger frames are reduced by whole factors);
  /// `Int.max` keeps every frame at full size, as a reference sheet does.
  public init(path: String, maximumTileWidth: Int = ContactSheet().maximumTileWidth) {
    self.path = path
    sheet.maximumTileWidth = maximumTileWidth
  }

  public func add(_ frame: RenderedFrame) throws {
    // Keep only the reduced tile: memory stays small for long animations.
    let f = factor ?? max(1, Int((Double(frame.image.width) / Double(sheet.maximumTileWidth)).rounded(.up)))
    factor = f
    tiles.append((ContactSheet.downsample(frame.image, by: f), frame.time))
  }

  public func finish(endTime: Double) throws {
    let image = sheet.render(tiles)
    try writeAtomically(try PNGWriter().encode(image), to: path)
  }
}

/// Feeds frames to an animation encoder (GIF, APNG, WebP) as they arrive.
public final class EncoderSink: FrameSink {
  public var encoder: AnyAnimationEncoder
  public init(_ encoder: AnyAnimationEncoder) { self.encoder = encoder }
  public func add(_ frame: RenderedFrame) throws { try encoder.add(frame.image) }
  public func finish(endTime: Double) throws { try encoder.finish() }
}

/// Keeps every frame in memory (what verification and the gallery need whole).
final class KeepFramesSink: FrameSink {
  private(set) var frames: [RenderedFrame] = []
  func add(_ frame: RenderedFrame) throws { frames.append(frame) }
  func finish(endTime: Double) throws {}
}
