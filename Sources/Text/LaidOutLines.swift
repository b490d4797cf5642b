import Foundation
import CPango
import Snapshot

/// One line of a Pango layout, in points: its logical box and baseline in the layout's
/// coordinates, and the Pango line (valid while the layout lives) whose runs hold its glyphs.
struct LaidOutLine {
  let line: UnsafeMutablePointer<PangoLayoutLine>
  var logical: Rect
  var baseline: Double
}

extension TextEngine {
  /// Pango's glyph for a zero-width character that draws nothing.
  static let emptyGlyph: UInt32 = 0x0FFF_FFFF
  /// Set on the glyph of a character no font has (Pango's "unknown glyph").
  static let unknownGlyphFlag: UInt32 = 0x1000_0000

  /// The first `limit` lines of a layout, top to bottom.
  static func lines(of layout: OpaquePointer, limit: Int) -> [LaidOutLine] {
    guard let iter = pango_layout_get_iter(layout) else { return [] }
    defer { pango_layout_iter_free(iter) }
    var out: [LaidOutLine] = []
    repeat {
      guard out.count < limit, let line = pango_layout_iter_get_line_readonly(iter) else { break }
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      out.append(
        LaidOutLine(line: line, logical: rect(logical), baseline: Double(pango_layout_iter_get_baseline(iter)) / unit))
    } while pango_layout_iter_next_line(iter) != 0
    return out
  }

  /// The widest line's width and the lines' total height.
  static func usedSize(_ lines: [LaidOutLine]) -> Size {
    guard let first = lines.first, let last = lines.last else { return .zero }
    return Size(width: lines.map(\.logical.width).max() ?? 0, height: last.logical.maxY - first.logical.minY)
  }

  static func rect(_ r: PangoRectangle) -> Rect {
    Rect(x: Double(r.x) / unit, y: Double(r.y) / unit, width: Double(r.width) / unit, height: Double(r.height) / unit)
  }

  /// Every glyph of the lines, each run from where the previous one ended (runs are in visual
  /// order), as outlines or color pictures at `size` points per em. The lock must be held.
  func placeGlyphs(_ lines: [LaidOutLine], size: Double) -> ([PlacedGlyph], [PlacedImage]) {
    var outlines: [PlacedGlyph] = []
    var pictures: [PlacedImage] = []
    for line in lines {
      var x = line.logical.minX
      var node = line.line.pointee.runs
      while let n = node {
        defer { node = n.pointee.next }
        guard let run = n.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
          let item = run.item?.pointee, let font = item.analysis.font, let string = run.glyphs?.pointee
        else { continue }
        x += Double(run.start_x_offset) / Self.unit
        let y = line.baseline - Double(run.y_offset) / Self.unit
        for i in 0..<Int(string.num_glyphs) {
          let info = string.glyphs[i]
          let origin = Point(
            x: x + Double(info.geometry.x_offset) / Self.unit, y: y + Double(info.geometry.y_offset) / Self.unit)
          x += Double(info.geometry.width) / Self.unit
          guard info.glyph != Self.emptyGlyph else { continue }
          let glyph = info.glyph & Self.unknownGlyphFlag != 0 ? 0 : info.glyph
          switch glyphCache.shape(of: glyph, in: font) {
          case .outline(let outline)?: outlines.append(PlacedGlyph(outline: outline, origin: origin, size: size))
          case .picture(let bitmap, let em)?:
            let rect = Rect(
              x: origin.x + em.minX * size, y: origin.y + em.minY * size, width: em.width * size,
              height: em.height * size)
            pictures.append(PlacedImage(bitmap: bitmap, rect: rect))
          case nil: continue
          }
        }
        x += Double(run.end_x_offset) / Self.unit
      }
    }
    return (outlines, pictures)
  }
}
