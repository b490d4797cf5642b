import Foundation
import Snapshot
import Testing

@testable import Text

/// The engine's layouts against pango-view's (an independent run of Pango on the system's own
/// fontconfig), and the label rules of docs/text.md.
@Suite("Text layout")
struct LayoutTests {
  let engine = TextEngine.shared
  let wide = Size(width: 1000, height: 200)

  @Test(
    "layout-with-pango: a line's height, width, glyphs and advances match pango-view's layout of the same font file and size",
    arguments: [
      (Font.systemFont(ofSize: 17), "Inter 17", "Jump over the lazy dog"),
      (Font.boldSystemFont(ofSize: 34), "Inter Display Bold 34", "Inbox"),
      (Font.systemFont(ofSize: 15, weight: .semibold), "Inter Semi-Bold 15", "Re: Quarterly figures, 3.5%"),
      (Font.systemFont(ofSize: 28, weight: .light), "Inter Display Light 28", "Settings"),
    ])
  func matchesPangoView(font: Font, description: String, text: String) throws {
    let expected = try pangoView(font: description, text: text)
    let layout = engine.layout(TextBlock(text, font: font), in: wide)
    let line = try #require(layout.lines.first)
    #expect(abs(line.frame.height - expected.height) < 1.0 / 1024)
    #expect(abs(line.frame.width - expected.width) < 1.0 / 1024)
    // The same font file: pango-view names it by its SHA-256.
    let run = try #require(expected.lines.first?.first)
    #expect(run.fontSHA256 == ShippedFonts.hashes["\(font.fontName).otf"])
    let glyphs = expected.lines.flatMap { $0.flatMap(\.glyphs) }
    #expect(layout.glyphs.map { glyphIndex($0.outline) } == glyphs.map(\.glyph))
    for i in 1..<layout.glyphs.count {
      let advance = layout.glyphs[i].origin.x - layout.glyphs[i - 1].origin.x
      #expect(abs(advance - glyphs[i - 1].advance) < 1.0 / 1024)
    }
  }

  @Test("layout-with-pango: lines wrap where pango-view wraps them at the same width")
  func wrapsLikePangoView() throws {
    let text = "Thanks for the notes from Tuesday. I have put the figures in the shared folder."
    let expected = try pangoView(font: "Inter 15", text: text, width: 200)
    let layout = engine.layout(
      TextBlock(text, font: .systemFont(ofSize: 15), numberOfLines: 0, lineBreakMode: .byWordWrapping),
      in: Size(width: 200, height: 1000))
    #expect(layout.lines.count == expected.lines.count)
    // Pango's empty glyph (a space swallowed at a line's end) draws nothing and is not kept.
    let drawn = expected.lines.flatMap { $0.flatMap { $0.glyphs.map(\.glyph) } }.filter {
      $0 != Int(TextEngine.emptyGlyph)
    }
    #expect(layout.glyphs.map { glyphIndex($0.outline) } == drawn)
  }

  @Test(
    "the-system-font: each weight draws its Inter face, the Text cut below 20 points and the Display cut from 20 up")
  func faces() {
    let styles = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
    for ((_, weight), style) in zip(Font.Weight.named, styles) {
      for (size, family) in [(19.5, "Inter"), (20.0, "InterDisplay")] {
        let layout = engine.layout(TextBlock("Ag", font: .systemFont(ofSize: size, weight: weight)), in: wide)
        #expect(layout.glyphs.map { fileName($0.outline) } == ["\(family)-\(style).otf", "\(family)-\(style).otf"])
      }
    }
    // Between named weights: the nearest one.
    #expect(Font.systemFont(ofSize: 17, weight: Font.Weight(rawValue: 0.27)).fontName == "Inter-SemiBold")
    #expect(Font.systemFont(ofSize: 17, weight: Font.Weight(rawValue: -5)).fontName == "Inter-Thin")
  }

  @Test("dynamic-type-sizes: preferredFont(forTextStyle:) has iOS's sizes at the default setting, headline semibold")
  func dynamicType() {
    let table: [(Font.TextStyle, Double)] = [
      (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17), (.callout, 16),
      (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
    ]
    for (style, size) in table {
      let font = Font.preferredFont(forTextStyle: style)
      #expect(font.pointSize == size)
      #expect(font.weight == (style == .headline ? .semibold : .regular))
    }
  }

  @Test(
    "only-the-fonts-we-ship: every glyph of any script comes from a shipped file; what they lack is Inter's .notdef")
  func onlyShippedFonts() {
    let names = Set(ShippedFonts.files.map(\.name))
    // Hebrew, Arabic, Devanagari and CJK are installed on this machine in other fonts
    // (DejaVu, say); none may be used.
    for text in ["שלום עולם", "مرحبا", "नमस्ते", "你好世界", "Mixed שלום and 😀"] {
      let layout = engine.layout(TextBlock(text), in: wide)
      for g in layout.glyphs { #expect(names.contains(fileName(g.outline)), "\(text): \(g.outline.name)") }
      for p in layout.images { #expect(p.bitmap.label.hasPrefix("NotoColorEmoji.ttf#")) }
    }
    let hebrew = engine.layout(TextBlock("שלום"), in: wide)
    #expect(hebrew.glyphs.map(\.outline.name) == Array(repeating: "Inter-Regular.otf#0", count: 4))
  }

  @Test("emoji: an emoji is a color picture from Noto Color Emoji, a text-sized square on the baseline")
  func emoji() throws {
    let layout = engine.layout(TextBlock("😀", font: .systemFont(ofSize: 17)), in: wide)
    #expect(layout.glyphs.isEmpty)
    let picture = try #require(layout.images.first)
    // The strike's pixels, scaled to the text: the bitmap's aspect ratio, about an em tall.
    let bitmap = picture.bitmap.image
    #expect(bitmap.width > 100 && bitmap.height > 100)
    let aspect = picture.rect.width / picture.rect.height
    #expect(abs(aspect - Double(bitmap.width) / Double(bitmap.height)) < 0.01)
    #expect(picture.rect.height > 17 * 0.9 && picture.rect.height < 17 * 1.4)
    let line = try #require(layout.lines.first)
    // On the line: within its box, give or take the strike's own rounding (a few hundredths
    // of a point).
    #expect(picture.rect.minY >= line.frame.minY - 0.1 && picture.rect.maxY <= line.frame.maxY + 0.1)
    // Sequences are one picture each: a family (ZWJ), a flag (regional indicators), a skin tone.
    for sequence in ["👩‍👩‍👧", "🇸🇪", "👍🏽"] {
      let one = engine.layout(TextBlock(sequence), in: wide)
      #expect(one.images.count == 1 && one.glyphs.isEmpty, "\(sequence)")
    }
  }

  @Test("label-layout: lines are centred vertically in the box and placed by the alignment")
  func placement() throws {
    let box = Size(width: 300, height: 100)
    let font = Font.systemFont(ofSize: 17)
    let left = try #require(engine.layout(TextBlock("Hello", font: font, alignment: .left), in: box).lines.first)
    #expect(abs(left.frame.midY - 50) < 1e-9)
    #expect(abs(left.frame.minX) < 1e-9)
    let right = try #require(engine.layout(TextBlock("Hello", font: font, alignment: .right), in: box).lines.first)
    #expect(abs(right.frame.maxX - 300) < 1e-9)
    let center = try #require(engine.layout(TextBlock("Hello", font: font, alignment: .center), in: box).lines.first)
    #expect(abs(center.frame.midX - 150) < 1.0 / 1024)  // to Pango's unit
    let two = engine.layout(TextBlock("Hello\nWorld", font: font, numberOfLines: 0), in: box)
    #expect(two.lines.count == 2)
    #expect(abs((two.lines[0].frame.minY + two.lines[1].frame.maxY) / 2 - 50) < 1e-9)
    #expect(abs(two.lines[0].frame.height - font.lineHeight) < 1e-9)
  }

  @Test(
    "right-to-left: natural alignment puts a right-to-left paragraph on the right; left and right are the box's sides")
  func rightToLeft() throws {
    let box = Size(width: 300, height: 40)
    let natural = engine.layout(TextBlock("שלום עולם"), in: box)
    #expect(abs(try #require(natural.lines.first).frame.maxX - 300) < 1e-9)
    let left = engine.layout(TextBlock("שלום עולם", alignment: .left), in: box)
    #expect(abs(try #require(left.lines.first).frame.minX) < 1e-9)
    let right = engine.layout(TextBlock("Hello", alignment: .right), in: box)
    #expect(abs(try #require(right.lines.first).frame.maxX - 300) < 1e-9)
  }
}
