import Compositor
import Foundation
import Rendering
import FrameEncoding
import Pixels

/// Stills side by side on a transparent strip, each labelled under it with its progress and
/// time ("50%  0.250s", in the contact sheet's pixel font, so a strip's pixels are the same on
/// every machine), optionally inside the phone outline (`DeviceFrame`).
package struct FilmStrip {
  /// Draw the rounded phone outline around each still.
  public var framed = false
  /// Label color: a mid grey that reads on light and dark pages alike.
  public var ink = RGBA8(142, 142, 147)
  static let gap = 16

  public init(framed: Bool = false) { self.framed = framed }

  /// "50%  0.250s": the progress in percent (one decimal when it is not whole) and the time.
  public static func label(progress: Double, time: Double) -> String {
    let percent = progress * 100
    let p = abs(percent - percent.rounded()) < 1e-9 ? String(Int(percent.rounded())) : String(format: "%.1f", percent)
    return "\(p)%  " + String(format: "%.3fs", time)
  }

  /// One still: its image (in the outline when `framed`) with its label under it, centred;
  /// in twice the font size on stills wide enough, on two lines (progress, time) where one
  /// line is too wide.
  public func tile(_ image: RGBAImage, progress: Double, time: Double) -> RGBAImage {
    let picture = framed ? DeviceFrame.framing(image) : image
    let text = Self.label(progress: progress, time: time)
    func width(_ s: String, _ scale: Int) -> Int { s.count * 6 * scale - scale }
    // The same size on every still of a strip: chosen for the widest usual label.
    let scale = width("100%  0.000s", 2) + 12 <= picture.width ? 2 : 1
    let lines = width(text, scale) <= picture.width ? [text] : text.components(separatedBy: "  ")
    let lineHeight = 7 * scale + 3
    var out = RGBAImage(width: picture.width, height: picture.height + lines.count * lineHeight + 5)!
    out.blit(picture, at: 0, 0)
    for (i, line) in lines.enumerated() {
      BitmapFont.draw(
        line, into: &out, x: max(0, (picture.width - width(line, scale)) / 2), y: picture.height + 6 + i * lineHeight,
        scale: scale, color: ink)
    }
    return out
  }

  /// The tiles in one row, `gap` pixels apart.
  public func strip(_ tiles: [RGBAImage]) -> RGBAImage {
    let width = tiles.reduce(0) { $0 + $1.width } + Self.gap * max(0, tiles.count - 1)
    let height = tiles.map(\.height).max() ?? 1
    var out = RGBAImage(width: max(width, 1), height: height)!
    var x = 0
    for tile in tiles {
      out.blit(tile, at: x, 0)
      x += tile.width + Self.gap
    }
    return out
  }

  /// The stills composited at `scale` by a render job on `threads` threads (`RenderJob`:
  /// its limits, its pixels), each labelled (and framed).
  public func tiles(_ stills: [Still], scale: Double, threads: Int) throws -> [RGBAImage] {
    // Stills are no timeline: the frame rate only times the job's frames, which nothing encodes.
    let pictures = try Recording(frames: stills.map(\.snapshot), fps: 1, scale: scale).renderedFrames(threads: threads)
    return zip(stills, pictures).map { still, picture in
      tile(picture.image, progress: still.progress, time: still.time)
    }
  }

  /// The strip of `stills` at `scale` as PNG bytes.
  public func png(_ stills: [Still], scale: Double, threads: Int) throws -> [UInt8] {
    try PNGWriter(compressionLevel: 9).encode(strip(tiles(stills, scale: scale, threads: threads)))
  }

  /// The name of a still's file in a folder: its progress to three decimals, so the files sort
  /// in order ("still-0.250.png").
  public static func fileName(progress: Double) -> String { String(format: "still-%.3f.png", progress) }

  /// Renders `stills` at `scale` on `threads` threads and writes one strip (`.png`) or, for a
  /// folder, one file per still; each file is written under a temporary name and renamed when
  /// complete.
  public func write(_ stills: [Still], scale: Double, threads: Int, to path: String, folder: Bool) throws {
    let tiles = try self.tiles(stills, scale: scale, threads: threads)
    let writer = PNGWriter(compressionLevel: 9)
    guard folder else {
      try writeAtomically(try writer.encode(strip(tiles)), to: path)
      return
    }
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      } catch {
        throw RenderError("cannot write '\(path)': its parent folder is missing or not writable")
      }
    } else if !isFolder.boolValue {
      throw RenderError(
        "cannot write '\(path)': a path without an extension is a folder of stills, and this one exists as a file")
    }
    for (still, tile) in zip(stills, tiles) {
      try writeAtomically(
        try writer.encode(tile), to: (path as NSString).appendingPathComponent(Self.fileName(progress: still.progress)))
    }
  }
}
