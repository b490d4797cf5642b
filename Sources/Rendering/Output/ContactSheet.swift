import Pixels

/// Frames tiled in a grid, each with its time printed under it: one picture to review a
/// whole transition (and what `render verify` writes next to a difference).
public struct ContactSheet {
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

  /// How many times smaller than a frame `frameWidth` pixels wide a tile is (a whole factor).
  public func reduction(forFrameWidth frameWidth: Int) -> Int {
    max(1, Int((Double(frameWidth) / Double(maximumTileWidth)).rounded(.up)))
  }

  /// The grid for `count` tiles of `tileWidth` × `tileHeight` pixels: `columns`, or about
  /// square overall; a gap around every tile and a label line under each.
  public func layout(count: Int, tileWidth: Int, tileHeight: Int) -> Layout {
    let cols = max(
      1,
      columns
        ?? min(count, max(1, Int((Double(count) * Double(tileHeight) / Double(tileWidth)).squareRoot().rounded(.up)))))
    let rows = (count + cols - 1) / cols
    let label = 7 * labelScale(tileWidth) + 6
    let cellW = tileWidth + Self.gap, cellH = tileHeight + label + Self.gap
    let origins = (0..<count).map { (x: Self.gap + ($0 % cols) * cellW, y: Self.gap + ($0 / cols) * cellH) }
    return Layout(width: cols * cellW + Self.gap, height: max(rows, 1) * cellH + Self.gap, origins: origins)
  }

  static let gap = 8

  /// Labels at twice the font size when the tiles are wide enough for "12  0.533s".
  func labelScale(_ tileWidth: Int) -> Int { tileWidth >= 12 * 12 ? 2 : 1 }

  /// The sheet for `frames` with their times in seconds.
  public func render(_ frames: [(image: RGBAImage, time: Double)]) -> RGBAImage {
    guard let first = frames.first else { return RGBAImage(width: 1, height: 1, fill: background)! }
    let factor = reduction(forFrameWidth: first.image.width)
    let tileW = first.image.width / factor, tileH = first.image.height / factor
    let layout = layout(count: frames.count, tileWidth: tileW, tileHeight: tileH)
    let labelScale = labelScale(tileW)
    var sheet = RGBAImage(width: layout.width, height: layout.height, fill: background)!
    for (i, frame) in frames.enumerated() {
      let (x0, y0) = layout.origins[i]
      sheet.blit(Self.downsample(frame.image, by: factor), at: x0, y0)
      let text =
        tileW >= 11 * 6 * labelScale ? String(format: "%d  %.3fs", i, frame.time) : String(format: "%.3fs", frame.time)
      BitmapFont.draw(text, into: &sheet, x: x0, y: y0 + tileH + 4, scale: labelScale, color: ink)
    }
    return sheet
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
  func crop(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
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
  mutating func blit(_ tile: RGBAImage, at x0: Int, _ y0: Int) {
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

/// A 5×7 pixel font for labels (digits, a few letters and signs): no font files, so labels
/// look the same on every machine.
enum BitmapFont {
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
  ]

  /// Draws `text` with its top-left at (x, y); unknown characters draw as blanks.
  static func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int, color: RGBA8) {
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
