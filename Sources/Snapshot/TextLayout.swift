import Foundation
/// Text laid out for drawing (docs/text.md#text-is-resolved-into-the-snapshot): what a label's
/// layer shows, resolved down to glyph outlines and color-glyph pictures at positions in the
/// layer's bounds space (points, origin at the bounds' top-left corner, +y down). The
/// compositor draws it without any font machinery: outlines as vector paths, pictures through
/// the texture path.
///
/// Immutable and shared by reference: a label's layout is made once and every frame's snapshot
/// holds the same object, so the compositor can cache what it derives from it (the raster of
/// a tilted label) by identity.
public final class TextLayout: Sendable, Equatable, CustomStringConvertible {
  /// The characters laid out (before truncation), for snapshot and draw-list text.
  public let text: String
  /// The font's name and size, e.g. `Inter-SemiBold 17`, for snapshot and draw-list text.
  public let fontName: String
  /// Every outline glyph is filled with this color (straight alpha).
  public let color: Color
  /// Outline glyphs in visual order.
  public let glyphs: [PlacedGlyph]
  /// Color glyphs (emoji) as pictures.
  public let images: [PlacedImage]
  /// The box the text was laid out in (the label's bounds size), in points.
  public let box: Size
  /// The lines drawn, top to bottom.
  public let lines: [TextLine]
  /// True when drawing is clipped to the box: some ink lies outside it (a label's backing
  /// store is its bounds, so UIKit never shows that part) or the line break mode clips.
  public let clipsToBox: Bool
  /// A box holding all the ink (each outline's control-point box, each picture), in the
  /// layout's coordinates; zero when nothing is drawn.
  public let inkBounds: Rect

  /// A layout as the text engine makes it, positions in points in the box's coordinates;
  /// `inkBounds` is computed from `glyphs` and `images`.
  public init(
    text: String, fontName: String, color: Color, glyphs: [PlacedGlyph], images: [PlacedImage], box: Size,
    lines: [TextLine], clipsToBox: Bool
  ) {
    self.text = text
    self.fontName = fontName
    self.color = color
    self.glyphs = glyphs
    self.images = images
    self.box = box
    self.lines = lines
    self.clipsToBox = clipsToBox
    inkBounds = Self.inkBounds(glyphs: glyphs, images: images)
  }

  /// The union of the glyphs' outline boxes (scaled and placed) and the pictures' rectangles.
  public static func inkBounds(glyphs: [PlacedGlyph], images: [PlacedImage]) -> Rect {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    func add(_ r: Rect) {
      (x0, y0, x1, y1) = (min(x0, r.minX), min(y0, r.minY), max(x1, r.maxX), max(y1, r.maxY))
    }
    for g in glyphs where !g.outline.bounds.isEmpty {
      let b = g.outline.bounds
      add(
        Rect(
          x: g.origin.x + b.minX * g.size, y: g.origin.y + b.minY * g.size, width: b.width * g.size,
          height: b.height * g.size))
    }
    for p in images { add(p.rect) }
    return x0.isFinite ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
  }

  /// Equal when drawn alike: same glyphs at the same places, same pictures, color, box, clip.
  public static func == (a: TextLayout, b: TextLayout) -> Bool {
    a === b
      || (a.color == b.color && a.box == b.box && a.clipsToBox == b.clipsToBox && a.glyphs == b.glyphs
        && a.images == b.images && a.lines == b.lines)
  }

  /// `"Inbox" Inter-Bold 34, 1 line`, the text shortened to 40 characters.
  public var description: String {
    let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
    let quoted = shown.replacingOccurrences(of: "\n", with: "\\n")
    return "\"\(quoted)\" \(fontName), \(lines.count) line\(lines.count == 1 ? "" : "s")"
  }
}

/// One line of a layout: its logical box (the line's full height, ascent to descent of its
/// fonts, and the width of its advances) and its baseline, in the layout's coordinates.
public struct TextLine: Sendable, Equatable {
  /// The logical box, points: ascent to descent of the line's fonts, its advances wide.
  public var frame: Rect
  /// The baseline's y, points, in the layout's coordinates (not relative to `frame`).
  public var baseline: Double
  /// A line with its logical box and baseline, both in the layout's coordinates.
  public init(frame: Rect, baseline: Double) {
    self.frame = frame
    self.baseline = baseline
  }
}

/// An outline glyph placed in a layout: the outline scaled by `size` (points per em) with its
/// origin (the pen position on the baseline) at `origin`.
public struct PlacedGlyph: Sendable, Equatable {
  /// The glyph's shape in em units.
  public var outline: GlyphOutline
  /// The pen position on the baseline, points, in the layout's coordinates.
  public var origin: Point
  /// Points per em: the font size the outline is scaled by.
  public var size: Double
  /// The outline scaled by `size` with its origin at `origin`.
  public init(outline: GlyphOutline, origin: Point, size: Double) {
    self.outline = outline
    self.origin = origin
    self.size = size
  }
}

/// A glyph's outline in em units (1 = the font size), origin on the baseline at the pen
/// position, +y down, filled with the nonzero winding rule. Shared by every occurrence of the
/// glyph.
public final class GlyphOutline: Sendable, Equatable {
  /// The path in em units, +y down, from the pen position on the baseline.
  public let elements: [PathElement]
  /// The font file's name and the glyph index, e.g. `Inter-Regular.otf#197`.
  public let name: String
  /// The box of every point of the path, control points included (it holds the ink); zero
  /// for an empty outline.
  public let bounds: Rect
  /// An outline and its name; outlines with the same `name` compare equal, so a name must
  /// identify one shape (a font file and glyph index).
  public init(elements: [PathElement], name: String) {
    self.elements = elements
    self.name = name
    var points: [Point] = []
    for e in elements {
      switch e {
      case .move(let p), .line(let p): points.append(p)
      case .curve(let a, let b, let c): points += [a, b, c]
      case .close: break
      }
    }
    let xs = points.map(\.x), ys = points.map(\.y)
    bounds =
      points.isEmpty
      ? .zero : Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }
  public static func == (a: GlyphOutline, b: GlyphOutline) -> Bool { a === b || a.name == b.name }
}

/// One step of a path.
public enum PathElement: Sendable, Equatable {
  /// Starts a new subpath at the point.
  case move(Point)
  /// A straight segment to the point.
  case line(Point)
  /// A cubic Bézier curve through two control points to the last point.
  case curve(Point, Point, Point)
  /// Closes the subpath with a straight segment back to its start.
  case close
}

/// A color glyph's picture stretched over `rect` (points, in the layout's coordinates).
public struct PlacedImage: Sendable, Equatable {
  /// The glyph's picture (an emoji from the color font's bitmap strike).
  public var bitmap: Bitmap
  /// Where the picture is stretched, points, in the layout's coordinates.
  public var rect: Rect
  /// `bitmap` stretched over `rect`.
  public init(bitmap: Bitmap, rect: Rect) {
    self.bitmap = bitmap
    self.rect = rect
  }
}
