import CPango
import Foundation
import Snapshot

/// Lays text out with Pango (shaping by HarfBuzz) through a pangocairo context of our own:
/// our fontconfig configuration and font files only, outlines unhinted, metrics and glyph
/// positions unrounded (subpixel positioning), 72 dpi so that one Pango point is one point
/// (docs/text.md#layout-with-pango).
///
/// Thread-safe: every call takes one lock (Pango's objects are not shared across threads).
/// Deterministic: the same block in the same box gives the same layout in every process that
/// runs the same library versions and font files (`TextLibraries`, `ShippedFonts.hashes`).
public final class TextEngine: @unchecked Sendable {
  /// The engine every label uses.
  public static let shared = TextEngine()

  /// Text longer than this many characters is cut to it before layout, so that a huge string
  /// cannot make a layout take unbounded time.
  public static let maximumCharacters = 100_000

  /// Why text cannot be drawn (missing font packages), or nil. Layouts are then empty.
  public let problem: String?

  private let lock = NSLock()
  private let fontMap: UnsafeMutablePointer<PangoFontMap>?
  private let context: OpaquePointer?
  let glyphCache = GlyphCache()
  private var metricsCache: [Font: FontMetrics] = [:]
  /// Answers already worked out: a layout or a size is a pure function of its block and box,
  /// and Auto Layout asks for the same labels' sizes again in every frame of an animation.
  private var layouts = Memo<TextLayout>()
  private var sizes = Memo<Size>()

  private init() {
    if let missing = ShippedFonts.problem {
      (problem, fontMap, context) = (missing, nil, nil)
      return
    }
    guard let config = ShippedFonts.makeConfiguration(),
      let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
    else {
      (problem, fontMap, context) = ("fontconfig could not load the shipped fonts", nil, nil)
      return
    }
    pango_fc_font_map_set_config(tr_fc_font_map(map), config)
    FcConfigDestroy(config)  // the font map holds its own reference
    let context = pango_font_map_create_context(map)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_cairo_context_set_resolution(context, 72)
    pango_context_set_round_glyph_positions(context, 0)
    // Line breaking and fallback order never depend on the machine's locale.
    pango_context_set_language(context, pango_language_from_string("en-us"))
    (problem, fontMap, self.context) = (nil, map, context)
  }

  // MARK: Public calls

  /// The layout of `block` in a box of `box` points (a label's bounds size): lines wrap to the
  /// box's width and are limited by `numberOfLines` and by how many fit its height (at least
  /// one), the last one truncated as `lineBreakMode` says; the lines are aligned horizontally
  /// and centred vertically in the box (docs/text.md#label-layout).
  public func layout(_ block: TextBlock, in box: Size) -> TextLayout {
    lock.lock()
    defer { lock.unlock() }
    return layouts.value(for: block, box) { layOut(block, in: box) }
  }

  /// `layout(_:in:)` with the lock held.
  private func layOut(_ block: TextBlock, in box: Size) -> TextLayout {
    guard let context else { return empty(block, box) }
    let width = box.width.isFinite && box.width > 0 ? Double(box.width) : nil
    let height = box.height.isFinite && box.height > 0 ? Double(box.height) : nil
    let clipping = block.lineBreakMode == .byClipping
    let lines = lineLimit(block, height: height)
    // A label clipping one line lays it out unwrapped and cuts it at the box's edge.
    let wrapWidth = clipping && lines == 1 ? nil : width
    let layout = makeLayout(context, block, width: wrapWidth, lines: lines)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var shown = Self.lines(of: layout, limit: lines)
    let used = Self.usedSize(shown)
    let dx =
      wrapWidth == nil ? Self.alignmentOffset(block, text: layout, lineWidth: used.width, boxWidth: box.width) : 0
    let dy = (box.height - used.height) / 2 - (shown.first?.logical.minY ?? 0)
    for i in shown.indices {
      shown[i].logical = shown[i].logical.offsetBy(dx: dx, dy: dy)
      shown[i].baseline += dy
    }
    let (placed, pictures) = placeGlyphs(shown, size: block.font.pointSize)
    return TextLayout(
      text: block.text, fontName: block.font.description, color: block.color, glyphs: placed, images: pictures,
      box: box, lines: shown.map { TextLine(frame: $0.logical, baseline: $0.baseline) },
      clipsToBox: clipping || Self.inkLeaves(box, placed, pictures))
  }

  /// The size `block` takes laid out within `fitting` (sizeThatFits): a width or height that
  /// is 0, negative or infinite sets no limit. Each side is rounded up to whole points.
  public func size(of block: TextBlock, fitting: Size) -> Size {
    lock.lock()
    defer { lock.unlock() }
    return sizes.value(for: block, fitting) { measure(block, fitting: fitting) }
  }

  /// `size(of:fitting:)` with the lock held.
  private func measure(_ block: TextBlock, fitting: Size) -> Size {
    guard let context, !block.text.isEmpty else { return .zero }
    let width = fitting.width.isFinite && fitting.width > 0 ? Double(fitting.width) : nil
    let height = fitting.height.isFinite && fitting.height > 0 ? Double(fitting.height) : nil
    let lines = lineLimit(block, height: height)
    let layout = makeLayout(
      context, block, width: block.lineBreakMode == .byClipping && lines == 1 ? nil : width, lines: lines)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var used = Self.usedSize(Self.lines(of: layout, limit: lines))
    if let width { used.width = min(used.width, width) }
    return Size(width: (used.width - 1e-9).rounded(.up), height: (used.height - 1e-9).rounded(.up))
  }

  /// The font's ascent and descent (both positive), in points.
  func metrics(of font: Font) -> FontMetrics {
    lock.lock()
    defer { lock.unlock() }
    return fontMetrics(font)
  }

  /// `metrics(of:)` with the lock held.
  private func fontMetrics(_ font: Font) -> FontMetrics {
    if let hit = metricsCache[font] { return hit }
    guard let context else { return FontMetrics(ascender: font.pointSize * 0.8, descent: font.pointSize * 0.2) }
    let description = Self.description(of: font)
    defer { pango_font_description_free(description) }
    let m = pango_context_get_metrics(context, description, pango_language_from_string("en-us"))
    defer { pango_font_metrics_unref(m) }
    let metrics = FontMetrics(
      ascender: Double(pango_font_metrics_get_ascent(m)) / Self.unit,
      descent: Double(pango_font_metrics_get_descent(m)) / Self.unit)
    metricsCache[font] = metrics
    return metrics
  }

  // MARK: Layout steps

  /// Pango units per point.
  static let unit = Double(PANGO_SCALE)

  private func empty(_ block: TextBlock, _ box: Size) -> TextLayout {
    TextLayout(
      text: block.text, fontName: block.font.description, color: block.color, glyphs: [], images: [], box: box,
      lines: [], clipsToBox: false)
  }

  /// How many lines may show: `numberOfLines` (0 = any number), and no more than fit in
  /// `height` whole (but at least one).
  private func lineLimit(_ block: TextBlock, height: Double?) -> Int {
    var limit = block.numberOfLines > 0 ? block.numberOfLines : Int.max
    if let height {
      let lineHeight = fontMetrics(block.font).lineHeight
      limit = min(limit, max(1, Int((height + 1e-6) / lineHeight)))
    }
    return limit
  }

  private static func description(of font: Font) -> OpaquePointer {
    let d = pango_font_description_new()!
    pango_font_description_set_family(d, font.familyName)
    pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(font.cssWeight)))
    pango_font_description_set_style(d, PANGO_STYLE_NORMAL)
    pango_font_description_set_absolute_size(d, font.pointSize * unit)
    return d
  }

  /// A Pango layout of the block: wrapped at `width` (nil = unwrapped), with Pango's own
  /// ellipsization on the last of `lines` lines for the truncating modes.
  private func makeLayout(_ context: OpaquePointer, _ block: TextBlock, width: Double?, lines: Int) -> OpaquePointer {
    let layout = pango_layout_new(context)!
    let text = Self.prepared(block.text)
    text.withCString { pango_layout_set_text(layout, $0, Int32(strlen($0))) }
    let description = Self.description(of: block.font)
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_auto_dir(layout, 1)
    let rtl = text.withCString { tr_base_dir($0) } == PANGO_DIRECTION_RTL
    pango_layout_set_alignment(layout, Self.pangoAlignment(block.alignment, rightToLeft: rtl))
    pango_layout_set_justify(layout, block.alignment == .justified ? 1 : 0)
    guard let width else { return layout }
    pango_layout_set_width(layout, Int32(min(width * Self.unit, Double(Int32.max))))
    pango_layout_set_wrap(layout, block.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
    var ellipsis: PangoEllipsizeMode
    switch block.lineBreakMode {
    case .byTruncatingHead: ellipsis = PANGO_ELLIPSIZE_START
    case .byTruncatingMiddle: ellipsis = PANGO_ELLIPSIZE_MIDDLE
    case .byTruncatingTail: ellipsis = PANGO_ELLIPSIZE_END
    case .byWordWrapping, .byCharWrapping, .byClipping: ellipsis = PANGO_ELLIPSIZE_NONE
    }
    // With no limit on the lines nothing is cut (and Pango, without a height, would ellipsize
    // every paragraph to one line).
    if lines == Int.max { ellipsis = PANGO_ELLIPSIZE_NONE }
    pango_layout_set_ellipsize(layout, ellipsis)
    if ellipsis != PANGO_ELLIPSIZE_NONE && lines < Int.max {
      // A positive height limits the whole layout (all paragraphs) to the lines that fit in
      // it; half a line more than `lines` lines admits exactly `lines`.
      let lineHeight = fontMetrics(block.font).lineHeight
      pango_layout_set_height(layout, Int32(min((Double(lines) + 0.5) * lineHeight * Self.unit, Double(Int32.max))))
    }
    return layout
  }

  /// True when a glyph's outline box or a picture reaches outside the box.
  static func inkLeaves(_ box: Size, _ glyphs: [PlacedGlyph], _ pictures: [PlacedImage]) -> Bool {
    let ink = TextLayout.inkBounds(glyphs: glyphs, images: pictures)
    let e = 1e-9
    return !ink.isEmpty && (ink.minX < -e || ink.minY < -e || ink.maxX > box.width + e || ink.maxY > box.height + e)
  }

  /// The text as Pango takes it: at most `maximumCharacters`, NUL characters replaced.
  static func prepared(_ text: String) -> String {
    let cut = text.count > maximumCharacters ? String(text.prefix(maximumCharacters)) : text
    return cut.contains("\0") ? cut.replacingOccurrences(of: "\0", with: "\u{FFFD}") : cut
  }

  /// UIKit's left and right are sides of the box; Pango swaps them in a right-to-left
  /// paragraph (auto direction), so they are swapped back there. Natural is Pango's left.
  static func pangoAlignment(_ alignment: TextAlignment, rightToLeft: Bool) -> PangoAlignment {
    switch alignment {
    case .left: return rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
    case .right: return rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
    case .center: return PANGO_ALIGN_CENTER
    case .justified, .natural: return PANGO_ALIGN_LEFT
    }
  }

  /// The horizontal offset of an unwrapped line in a box: where its alignment puts it.
  static func alignmentOffset(_ block: TextBlock, text layout: OpaquePointer, lineWidth: Double, boxWidth: Double)
    -> Double
  {
    guard boxWidth.isFinite, boxWidth > 0 else { return 0 }
    let rtl = pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL
    switch block.alignment {
    case .left: return 0
    case .right: return boxWidth - lineWidth
    case .center: return (boxWidth - lineWidth) / 2
    case .justified, .natural: return rtl ? boxWidth - lineWidth : 0
    }
  }
}

/// Results by (block, box), forgotten all at once when `capacity` are held, so that memory
/// stays bounded whatever a recording lays out.
private struct Memo<Value> {
  struct Key: Hashable {
    var block: TextBlock
    var width: Double, height: Double
  }
  static var capacity: Int { 4096 }
  private var values: [Key: Value] = [:]

  mutating func value(for block: TextBlock, _ box: Size, _ make: () -> Value) -> Value {
    let key = Key(block: block, width: Double(box.width), height: Double(box.height))
    if let hit = values[key] { return hit }
    let value = make()
    if values.count >= Self.capacity { values.removeAll(keepingCapacity: true) }
    values[key] = value
    return value
  }
}

/// A font's vertical metrics in points.
struct FontMetrics: Sendable {
  /// Baseline to the top of the line box.
  var ascender: Double
  /// Baseline to the bottom of the line box (positive).
  var descent: Double
  var lineHeight: Double { ascender + descent }
}
