import Foundation
import FrameEncoding
import Pixels

/// Frames tiled in a grid, each with its time printed under it: one picture to review a
/// whole transition (and what `render verify` writes next to a difference).
package struct ContactSheet {
  /// Widest a tile may be, in pixels; larger frames are box-filtered down by whole factors.
  public var maximumTileWidth = 200
  public var columns: Int?
  public var background = RGBA8(28, 28, 30)
  public var ink = RGBA8(235, 235, 245)

  public init() {}

  /// Where each tile goes: the sheet's size and each tile's top-left corner, in pixels.
  public struct Layout: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var origins: [(x: Int, y: Int)]
    public static func == (a: Layout, b: Layout) -> Bool {
      a.width == b.width && a.height == b.height && a.origins.map { [$0.x, $0.y] } == b.origins.map { [$0.x, $0.y] }
    }
  }

  /// Most tiles in a row of the sheet: a sheet is written a row of tiles at a time, so this
  /// bounds its memory whatever the number of frames.
  public static let maximumColumns = 32

  /// How many times smaller than a frame `frameWidth` pixels wide a tile is (a whole factor).
  public func reduction(forFrameWidth frameWidth: Int) -> Int {
    max(1, Int((Double(frameWidth) / Double(maximumTileWidth)).rounded(.up)))
  }

  /// Tiles per row for `count` tiles: `columns`, or about square overall, at most
  /// `maximumColumns`.
  func columnCount(count: Int, tileWidth: Int, tileHeight: Int) -> Int {
    let square = Int((Double(count) * Double(tileHeight) / Double(tileWidth)).squareRoot().rounded(.up))
    return max(1, min(columns ?? min(count, max(1, square)), Self.maximumColumns))
  }

  /// The grid for `count` tiles of `tileWidth` × `tileHeight` pixels (`columnCount`); a gap
  /// around every tile and a label line under each.
  public func layout(count: Int, tileWidth: Int, tileHeight: Int) -> Layout {
    let grid = Grid(self, count: count, tileWidth: tileWidth, tileHeight: tileHeight)
    let origins = (0..<count).map { grid.origin(ofTile: $0) }
    return Layout(width: grid.width, height: grid.height, origins: origins)
  }

  static let gap = 8

  /// Labels at twice the font size when the tiles are wide enough for "12  0.533s".
  func labelScale(_ tileWidth: Int) -> Int { tileWidth >= 12 * 12 ? 2 : 1 }

  /// The sheet for `frames` with their times in seconds, in memory (`ContactSheetWriter`
  /// streams the same sheet to a file).
  public func render(_ frames: [(image: RGBAImage, time: Double)]) -> RGBAImage {
    guard let first = frames.first else { return RGBAImage(width: 1, height: 1, fill: background)! }
    let factor = reduction(forFrameWidth: first.image.width)
    let grid = Grid(
      self, count: frames.count, tileWidth: first.image.width / factor, tileHeight: first.image.height / factor)
    var sheet = RGBAImage(width: grid.width, height: grid.height, fill: background)!
    for row in 0..<grid.rows {
      let tiles = grid.tiles(inRow: row).map { i in
        (index: i, image: Self.downsample(frames[i].image, by: factor), time: frames[i].time)
      }
      let start = grid.bandRows(row).lowerBound * grid.width * 4
      let pixels = band(row, of: grid, tiles: tiles).pixels
      sheet.pixels.replaceSubrange(start..<(start + pixels.count), with: pixels)
    }
    return sheet
  }

  /// Row `row` of the grid's tiles as pixels: the gap above, the tiles (already reduced) and
  /// their labels, and below the last row the sheet's bottom gap.
  func band(_ row: Int, of grid: Grid, tiles: [(index: Int, image: RGBAImage, time: Double)]) -> RGBAImage {
    let rows = grid.bandRows(row)
    var band = RGBAImage(width: grid.width, height: rows.count, fill: background)!
    let scale = labelScale(grid.tileWidth)
    for tile in tiles {
      let (x0, y) = grid.origin(ofTile: tile.index)
      let y0 = y - rows.lowerBound
      band.blit(tile.image, at: x0, y0)
      let text =
        grid.tileWidth >= 11 * 6 * scale
        ? String(format: "%d  %.3fs", tile.index, tile.time) : String(format: "%.3fs", tile.time)
      BitmapFont.draw(text, into: &band, x: x0, y: y0 + grid.tileHeight + 4, scale: scale, color: ink)
    }
    return band
  }

  /// Where the tiles of a sheet go: `columns` per row, each row of tiles a band of the sheet.
  struct Grid {
    let count: Int, tileWidth: Int, tileHeight: Int, columns: Int
    let cellWidth: Int, cellHeight: Int

    init(_ sheet: ContactSheet, count: Int, tileWidth: Int, tileHeight: Int) {
      self.count = count
      self.tileWidth = tileWidth
      self.tileHeight = tileHeight
      columns = sheet.columnCount(count: count, tileWidth: tileWidth, tileHeight: tileHeight)
      cellWidth = tileWidth + gap
      cellHeight = tileHeight + 7 * sheet.labelScale(tileWidth) + 6 + gap
    }

    var rows: Int { max(1, (count + columns - 1) / columns) }
    var width: Int { columns * cellWidth + gap }
    var height: Int { rows * cellHeight + gap }

    func origin(ofTile i: Int) -> (x: Int, y: Int) {
      (gap + (i % columns) * cellWidth, gap + (i / columns) * cellHeight)
    }
    func tiles(inRow row: Int) -> Range<Int> { min(count, row * columns)..<min(count, (row + 1) * columns) }
    /// The sheet's pixel rows that band `row` covers (the last band takes the bottom gap too).
    func bandRows(_ row: Int) -> Range<Int> {
      row * cellHeight..<((row + 1) * cellHeight + (row == rows - 1 ? gap : 0))
    }
  }

  /// Box-filters by an integer factor (straight alpha, weighted by alpha).
  static func downsample(_ image: RGBAImage, by f: Int) -> RGBAImage {
    guard f > 1 else { return image }
    let w = image.width / f, h = image.height / f
    var out = RGBAImage(width: max(w, 1), height: max(h, 1))!
    image.pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        for y in 0..<h {
          for x in 0..<w {
            var r = 0, g = 0, b = 0, a = 0
            for dy in 0..<f {
              var i = ((y * f + dy) * image.width + x * f) * 4
              for _ in 0..<f {
                let alpha = Int(src[i + 3])
                r += Int(src[i]) * alpha
                g += Int(src[i + 1]) * alpha
                b += Int(src[i + 2]) * alpha
                a += alpha
                i += 4
              }
            }
            let o = (y * w + x) * 4
            if a > 0 {
              dst[o] = UInt8((r + a / 2) / a)
              dst[o + 1] = UInt8((g + a / 2) / a)
              dst[o + 2] = UInt8((b + a / 2) / a)
              dst[o + 3] = UInt8((a + f * f / 2) / (f * f))
            }
          }
        }
      }
    }
    return out
  }
}

extension RGBAImage {
  /// The `width` × `height` pixels whose top-left is (x, y), which must lie inside.
  package func crop(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
    var out = RGBAImage(width: width, height: height)!
    pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        for row in 0..<height {
          let from = ((y + row) * self.width + x) * 4
          dst.baseAddress!.advanced(by: row * width * 4).update(
            from: src.baseAddress!.advanced(by: from), count: width * 4)
        }
      }
    }
    return out
  }

  /// Composites `tile` (straight alpha, source-over) with its top-left at (x, y), clipped.
  package mutating func blit(_ tile: RGBAImage, at x0: Int, _ y0: Int) {
    for y in 0..<tile.height where y0 + y >= 0 && y0 + y < height {
      for x in 0..<tile.width where x0 + x >= 0 && x0 + x < width {
        let s = tile[x, y]
        if s.a == 255 {
          self[x0 + x, y0 + y] = s
        } else if s.a > 0 {
          let d = self[x0 + x, y0 + y]
          let a = Int(s.a)
          func mix(_ sc: UInt8, _ dc: UInt8) -> UInt8 { UInt8((Int(sc) * a + Int(dc) * (255 - a) + 127) / 255) }
          self[x0 + x, y0 + y] = RGBA8(
            mix(s.r, d.r), mix(s.g, d.g), mix(s.b, d.b), UInt8(min(255, a + Int(d.a) * (255 - a) / 255)))
        }
      }
    }
  }
}

/// A 5×7 pixel font for labels (digits, lowercase letters and a few signs): no font files, so
/// labels look the same on every machine.
package enum BitmapFont {
  static let glyphs: [Character: [UInt8]] = [
    "0": [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E], "1": [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
    "2": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F], "3": [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
    "4": [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02], "5": [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
    "6": [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E], "7": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
    "8": [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E], "9": [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
    ".": [0, 0, 0, 0, 0, 0x0C, 0x0C], "s": [0, 0, 0x0E, 0x10, 0x0E, 0x01, 0x1E],
    "-": [0, 0, 0, 0x1F, 0, 0, 0], ":": [0, 0x0C, 0x0C, 0, 0x0C, 0x0C, 0],
    "#": [0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A], "x": [0, 0, 0x11, 0x0A, 0x04, 0x0A, 0x11],
    "%": [0x19, 0x1A, 0x02, 0x04, 0x08, 0x0B, 0x13], " ": [0, 0, 0, 0, 0, 0, 0],
    "a": [0, 0, 0x0E, 0x01, 0x0F, 0x11, 0x0F], "b": [0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x1E],
    "c": [0, 0, 0x0E, 0x10, 0x10, 0x11, 0x0E], "d": [0x01, 0x01, 0x0D, 0x13, 0x11, 0x11, 0x0F],
    "e": [0, 0, 0x0E, 0x11, 0x1F, 0x10, 0x0E], "f": [0x06, 0x09, 0x08, 0x1C, 0x08, 0x08, 0x08],
    "g": [0, 0x0F, 0x11, 0x11, 0x0F, 0x01, 0x0E], "h": [0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11],
    "i": [0x04, 0, 0x0C, 0x04, 0x04, 0x04, 0x0E], "j": [0x02, 0, 0x06, 0x02, 0x02, 0x12, 0x0C],
    "k": [0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12], "l": [0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
    "m": [0, 0, 0x1A, 0x15, 0x15, 0x11, 0x11], "n": [0, 0, 0x16, 0x19, 0x11, 0x11, 0x11],
    "o": [0, 0, 0x0E, 0x11, 0x11, 0x11, 0x0E], "p": [0, 0, 0x1E, 0x11, 0x1E, 0x10, 0x10],
    "q": [0, 0, 0x0D, 0x13, 0x0F, 0x01, 0x01], "r": [0, 0, 0x16, 0x19, 0x10, 0x10, 0x10],
    "t": [0x08, 0x08, 0x1C, 0x08, 0x08, 0x09, 0x06], "u": [0, 0, 0x11, 0x11, 0x11, 0x13, 0x0D],
    "v": [0, 0, 0x11, 0x11, 0x11, 0x0A, 0x04], "w": [0, 0, 0x11, 0x11, 0x15, 0x15, 0x0A],
    "y": [0, 0, 0x11, 0x11, 0x0F, 0x01, 0x0E], "z": [0, 0, 0x1F, 0x02, 0x04, 0x08, 0x1F],
  ]

  /// Draws `text` with its top-left at (x, y); unknown characters draw as blanks.
  package static func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int, color: RGBA8) {
    var cx = x
    for ch in text {
      let rows = glyphs[ch] ?? glyphs[" "]!
      for (ry, bits) in rows.enumerated() {
        for rx in 0..<5 where bits & (0x10 >> UInt8(rx)) != 0 {
          for sy in 0..<scale {
            for sx in 0..<scale {
              let px = cx + rx * scale + sx, py = y + ry * scale + sy
              if px >= 0 && px < image.width && py >= 0 && py < image.height { image[px, py] = color }
            }
          }
        }
      }
      cx += 6 * scale
    }
  }
}

/// Writes a contact sheet as a PNG while its frames arrive: each row of tiles is encoded once
/// it is complete, so memory holds one row of reduced tiles, not the sheet.
package final class ContactSheetWriter {
  private let sheet: ContactSheet
  private let grid: ContactSheet.Grid
  private let factor: Int
  private let png: PNGStreamWriter
  private var pending: [(index: Int, image: RGBAImage, time: Double)] = []
  private var added = 0
  private var row = 0

  /// A sheet of `count` frames of `frameWidth` × `frameHeight` pixels into `sink`.
  public init(sheet: ContactSheet, count: Int, frameWidth: Int, frameHeight: Int, sink: ByteSink) throws {
    self.sheet = sheet
    factor = sheet.reduction(forFrameWidth: frameWidth)
    grid = ContactSheet.Grid(
      sheet, count: count, tileWidth: frameWidth / factor, tileHeight: frameHeight / factor)
    png = try PNGStreamWriter(
      width: grid.width, height: grid.height, opaque: sheet.background.a == 255, sink: sink)
  }

  /// The next frame, shown `time` seconds into the animation.
  public func add(_ image: RGBAImage, time: Double) throws {
    guard added < grid.count else { throw RenderError("the contact sheet was made for \(grid.count) frames") }
    pending.append((added, ContactSheet.downsample(image, by: factor), time))
    added += 1
    if pending.count == grid.tiles(inRow: row).count { try writeRow() }
  }

  /// Writes the last rows; every frame must have been added.
  public func finish() throws {
    guard added == grid.count else {
      throw RenderError("the contact sheet got \(added) of its \(grid.count) frames")
    }
    while row < grid.rows { try writeRow() }
    try png.finish()
  }

  private func writeRow() throws {
    try png.add(sheet.band(row, of: grid, tiles: pending))
    pending.removeAll()
    row += 1
  }
}
