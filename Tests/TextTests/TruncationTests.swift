import Foundation
import Snapshot
import Testing

@testable import Text

/// Truncation, line limits and sizes (docs/text.md#truncation, #label-layout, #long-text,
/// #label-size-that-fits).
@Suite("Text truncation and sizes")
struct TruncationTests {
  let engine = TextEngine.shared
  let font = Font.systemFont(ofSize: 17)
  let sentence = "The quick brown fox jumps over the lazy dog and keeps on running far away"

  func block(_ mode: LineBreakMode, lines: Int = 1) -> TextBlock {
    TextBlock(sentence, font: font, numberOfLines: lines, lineBreakMode: mode)
  }

  @Test(
    "truncation: tail truncation ends the only line with … inside the width; head starts it; middle puts it between")
  func ellipses() throws {
    let box = Size(width: 150, height: 40)
    let dots = ellipsis(font)
    let tail = engine.layout(block(.byTruncatingTail), in: box)
    #expect(tail.lines.count == 1)
    #expect(tail.glyphs.last?.outline == dots)
    #expect(try #require(tail.lines.first).frame.maxX <= 150 + 1e-9)
    let head = engine.layout(block(.byTruncatingHead), in: box)
    #expect(head.glyphs.first?.outline == dots)
    let middle = engine.layout(block(.byTruncatingMiddle), in: box)
    let at = try #require(middle.glyphs.firstIndex { $0.outline == dots })
    #expect(at > 0 && at < middle.glyphs.count - 1)
    // What fits is not truncated.
    let short = engine.layout(TextBlock("Fox", font: font), in: box)
    #expect(!short.glyphs.contains { $0.outline == dots })
  }

  @Test("truncation: with numberOfLines 2 the text wraps at words and the second line ends with …")
  func twoLines() throws {
    let layout = engine.layout(block(.byTruncatingTail, lines: 2), in: Size(width: 150, height: 200))
    #expect(layout.lines.count == 2)
    #expect(layout.glyphs.last?.outline == ellipsis(font))
    // Wrapping modes cut after the last line instead, without an ellipsis.
    let wrapped = engine.layout(block(.byWordWrapping, lines: 2), in: Size(width: 150, height: 200))
    #expect(wrapped.lines.count == 2)
    #expect(!wrapped.glyphs.contains { $0.outline == ellipsis(font) })
  }

  @Test("label-layout: numberOfLines 0 shows every line that fits the box's height, and at least one")
  func linesThatFit() {
    let three = font.lineHeight * 3.5
    let layout = engine.layout(block(.byTruncatingTail, lines: 0), in: Size(width: 120, height: three))
    #expect(layout.lines.count == 3)
    let tiny = engine.layout(block(.byTruncatingTail, lines: 0), in: Size(width: 120, height: 2))
    #expect(tiny.lines.count == 1)
    // Paragraphs count together: three one-line paragraphs in a two-line label show two.
    let paragraphs = engine.layout(
      TextBlock("one\ntwo\nthree", font: font, numberOfLines: 2), in: Size(width: 300, height: 300))
    #expect(paragraphs.lines.count == 2)
  }

  @Test("truncation: clipping lays one line out unwrapped and clips it to the box")
  func clipping() throws {
    let layout = engine.layout(block(.byClipping), in: Size(width: 150, height: 40))
    #expect(layout.lines.count == 1)
    #expect(try #require(layout.lines.first).frame.width > 150)
    #expect(layout.clipsToBox)
    #expect(!engine.layout(TextBlock("Fox", font: font), in: Size(width: 150, height: 40)).clipsToBox)
  }

  @Test("long-text: a 10,000-character label lays out truncated to its line; text beyond 100,000 characters is cut")
  func longText() throws {
    let long = String(repeating: "lorem ipsum dolor ", count: 556)
    #expect(long.count > 10_000)
    let one = engine.layout(TextBlock(long, font: font), in: Size(width: 300, height: 30))
    #expect(one.lines.count == 1)
    #expect(one.glyphs.last?.outline == ellipsis(font))
    let many = engine.layout(TextBlock(long, font: font, numberOfLines: 0), in: Size(width: 300, height: 200))
    #expect(many.lines.count == Int(200 / font.lineHeight))
    let huge = String(repeating: "x", count: 250_000)
    #expect(TextEngine.prepared(huge).count == TextEngine.maximumCharacters)
    #expect(TextEngine.prepared("a\0b") == "a\u{FFFD}b")
  }

  @Test("label-size-that-fits: the size is the widest line and the lines' height, rounded up to whole points")
  func sizeThatFits() throws {
    let one = engine.size(of: TextBlock("Inbox", font: .boldSystemFont(ofSize: 34)), fitting: .zero)
    let line = try #require(
      engine.layout(TextBlock("Inbox", font: .boldSystemFont(ofSize: 34)), in: Size(width: 1000, height: 100)).lines
        .first)
    #expect(one == Size(width: line.frame.width.rounded(.up), height: line.frame.height.rounded(.up)))
    // A width limit wraps (numberOfLines 0) and the width never exceeds it.
    let wrapped = engine.size(of: block(.byWordWrapping, lines: 0), fitting: Size(width: 150, height: 0))
    #expect(wrapped.width <= 150)
    let lines = engine.layout(block(.byWordWrapping, lines: 0), in: Size(width: 150, height: 10_000)).lines.count
    #expect(lines > 2)
    #expect(Double(wrapped.height) == (Double(lines) * font.lineHeight - 1e-9).rounded(.up))
    #expect(engine.size(of: TextBlock("", font: font), fitting: .zero) == .zero)
    // No line limit and no height: nothing is truncated, whatever the mode.
    let unlimited = engine.size(of: block(.byTruncatingTail, lines: 0), fitting: Size(width: 150, height: 0))
    #expect(unlimited == wrapped)
  }

  @Test(
    "remembered-layouts: an answer asked again is its own block's and box's, also once the engine has forgotten and re-made it"
  )
  func rememberedLayouts() throws {
    let wrapping = block(.byWordWrapping, lines: 0)
    let wide = engine.size(of: wrapping, fitting: Size(width: 200, height: 0))
    let narrow = engine.size(of: wrapping, fitting: Size(width: 90, height: 0))
    #expect(narrow.height > wide.height)
    #expect(engine.size(of: wrapping, fitting: Size(width: 200, height: 0)) == wide)
    var tinted = TextBlock("Fox", font: font, color: .black)
    let blackText = engine.layout(tinted, in: Size(width: 100, height: 30))
    tinted.color = .white
    #expect(blackText.color == .black)
    #expect(engine.layout(tinted, in: Size(width: 100, height: 30)).color == .white)
    let bold = engine.size(of: TextBlock("Fox", font: .boldSystemFont(ofSize: 34)), fitting: .zero)
    #expect(bold.height > engine.size(of: TextBlock("Fox", font: font), fitting: .zero).height)
    // More distinct questions than the engine holds: it forgets everything at least once.
    for i in 0...4096 { _ = engine.size(of: TextBlock("w\(i)", font: font), fitting: .zero) }
    #expect(engine.size(of: wrapping, fitting: Size(width: 200, height: 0)) == wide)
    #expect(engine.size(of: wrapping, fitting: Size(width: 90, height: 0)) == narrow)
  }
}
