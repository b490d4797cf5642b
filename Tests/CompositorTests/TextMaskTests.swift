import Animator
import AnimatorTestSupport
import CCairo
import Foundation
import Snapshot
import Testing

@testable import Compositor

/// Text drawn through cached coverage masks (docs/text.md#vectors-under-affine-transforms):
/// the same pixels as filling the glyphs' path in place, wherever the text lands.
@MainActor
@Suite("Compositor: text masks", .resetEngineAfterEachTest)
struct TextMaskTests {
  /// The layout of a two-line label in Inter at 17 pt.
  func layout() throws -> TextLayout {
    let l = Label(frame: Rect(x: 0, y: 0, width: 160, height: 60))
    l.text = "Jumpy fjords, quietly waving: Åsa & Zoë"
    l.font = .systemFont(ofSize: 17, weight: .regular)
    l.numberOfLines = 2
    guard case .text(let layout) = l.layer.presentationSnapshot().contents else {
      throw Failure("the label has no text contents")
    }
    return layout
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
  }

  /// A 400 × 200 white picture with what `draw` paints.
  func pixels(_ draw: (OpaquePointer) -> Void) -> [UInt8] { painted(400, 200, background: (1, 1, 1), draw).pixels }

  /// The largest channel difference between two pictures' bytes, and how many pixels differ.
  func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, count: Int) {
    var worst = 0, count = 0
    for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
      let d = (0..<4).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()!
      worst = max(worst, d)
      if d > 0 { count += 1 }
    }
    return (worst, count)
  }

  /// The pixels (RGBA byte quadruples) that differ between two pictures.
  func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { difference(a, b).count }

  /// The pixels with any ink on a white picture.
  func inked(_ a: [UInt8]) -> Int {
    stride(from: 0, to: a.count, by: 4).filter { a[$0] != 255 || a[$0 + 1] != 255 || a[$0 + 2] != 255 }.count
  }

  @Test(
    "vectors-under-affine-transforms: text through its cached mask is within one level of its path filled in place, wherever it lands",
    arguments: [
      (2.0, 0.0, 10.0, 20.0, 1.0), (2.0, 0.0, 10.3, 20.71, 0.9), (2.0, 0.0, -3.49, 7.125, 1.0),
      (1.0, 0.0, 101.9, 33.5, 0.6), (1.7, 0.5, 40.25, -5.6, 1.0),
    ])
  func maskEqualsPath(scale: Double, angle: Double, tx: Double, ty: Double, alpha: Double) throws {
    let layout = try layout()
    let (c, s) = (cos(angle) * scale, sin(angle) * scale)
    let toDevice = Homography(affine: c, s, -s, c, tx, ty)
    let color = Color(red: 0.1, green: 0.3, blue: 0.8, alpha: alpha)
    let item = GlyphItem(layer: "label", layout: layout, toDevice: toDevice, color: color)
    let cache = ContentCache()
    var list = DrawList()
    list.items = [.glyphs(item), .glyphs(item)]
    let viaMask = pixels { Painter(cr: $0, scale: scale, cache: cache).paint(list) }
    let inPlace = pixels { cr in
      GlyphPainter.fill(cr, layout, toDevice: toDevice, color: color)
      GlyphPainter.fill(cr, layout, toDevice: toDevice, color: color)
    }
    let inked = inked(inPlace)
    #expect(inked > 1000)
    let d = difference(viaMask, inPlace)
    #expect(d.max <= 1, "\(d.count) of \(inked) inked pixels differ, by up to \(d.max) levels")
    // One mask made, then reused for the second item.
    #expect(cache.textMasks.count == 1)
  }

  @Test(
    "vectors-under-affine-transforms: text under a clip, a box with edges between pixel boundaries or a rotated square, is cut as filling its path in place cuts it",
    arguments: [false, true])
  func clipped(rotated: Bool) throws {
    let layout = try layout()
    let toDevice = Homography(affine: 2, 0, 0, 2, 10.3, 20.6)
    let color = Color(red: 0, green: 0, blue: 0, alpha: 1)
    let clip =
      rotated
      ? [Point(x: 100, y: -60), Point(x: 230, y: 70), Point(x: 100, y: 200), Point(x: -30, y: 70)]
      : [Point(x: 0, y: 0), Point(x: 101.5, y: 0), Point(x: 101.5, y: 47.3), Point(x: 0, y: 47.3)]
    var list = DrawList()
    list.items = [
      .beginClip(layer: "cell", polygon: clip),
      .glyphs(GlyphItem(layer: "label", layout: layout, toDevice: toDevice, color: color)), .endClip,
    ]
    let painted = pixels { Painter(cr: $0, scale: 2, cache: ContentCache()).paint(list) }
    let inPlace = pixels { cr in
      Painter.setPath(cr, [clip])
      cairo_clip(cr)
      GlyphPainter.fill(cr, layout, toDevice: toDevice, color: color)
    }
    // The clip cuts through ink.
    let unclipped = pixels { GlyphPainter.fill($0, layout, toDevice: toDevice, color: color) }
    #expect(differing(unclipped, inPlace) > 100)
    let d = difference(painted, inPlace)
    #expect(d.max <= 1, "\(d.count) pixels differ, by up to \(d.max) levels")
  }
}
