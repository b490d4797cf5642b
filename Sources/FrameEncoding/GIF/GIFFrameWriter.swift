/// The code streams of one frame's LZW segments, one slot per segment, each written by its
/// own thread through the pointer: writing into a shared Swift array from two threads would be
/// a data race on the array, even at distinct indices.
final class SegmentResults: @unchecked Sendable {
  let bits: UnsafeMutableBufferPointer<LZWEncoder.Bits?>
  init(_ n: Int) {
    bits = .allocate(capacity: n)
    bits.initialize(repeating: nil)
  }
  deinit {
    bits.deinitialize()
    bits.deallocate()
  }
}

/// The part of the screen one frame rewrites, and what happens to it afterwards.
struct FrameRegion {
  var x0: Int, y0: Int, x1: Int, y1: Int
  /// GIF disposal method: 1 (leave the frame on screen) or 2 (restore to background).
  var disposal: UInt8 = 1
  var rect: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }
  var width: Int { x1 - x0 + 1 }
  var height: Int { y1 - y0 + 1 }
  var count: Int { width * height }
}

/// The color table of one frame and how the frame's colors map into it.
struct FramePalette {
  /// Entries as 0xRRGGBB.
  var colors: [UInt32]
  /// Histogram slot → palette index.
  var mapped: [UInt8]
  /// The colors are the global table's (no local table is written).
  var isGlobal: Bool
  /// More colors than a table holds: the entries approximate them.
  var isQuantized: Bool
  /// The transparent index, or -1 when the frame needs none.
  var transparent: Int
  /// log2 of the table size written (entries padded to 2^sizeBits).
  var sizeBits: Int
  /// Squared RGB error the palette (and dithering) already costs, summed over the pixels.
  var quantizationSSE: Double
  var minCodeSize: Int { max(2, sizeBits) }
}

/// Raw views of the frame's buffers for the LZW step (valid only inside `withCodingBuffers`).
struct CodingBuffers {
  /// The frame's source, as it was added (not stabilized).
  let source: UnsafePointer<UInt32>
  let activity: UnsafePointer<UInt8>
  let canvas: UnsafeMutablePointer<UInt32>
  let slots: UnsafePointer<Int32>
  let indices: UnsafeMutablePointer<UInt8>
  let chosen: UnsafeMutablePointer<UInt8>
  /// The palette's entries as RGBA words (`canvasWords`).
  let words: UnsafePointer<UInt32>
}

/// One GIF frame: rectangle, palette, index mapping, LZW, container blocks, canvas update.
extension GIFEncoderCore {
  /// Per-channel "same on screen" test on two RGBA words whose alpha is 0 or 255.
  @inline(__always) static func same(_ a: UInt32, _ b: UInt32, _ tol: UInt32) -> Bool {
    if a == b { return true }
    if (a >> 24) != (b >> 24) || (a >> 24) == 0 { return (a >> 24) == 0 && (b >> 24) == 0 }
    if tol == 0 { return false }
    let dr = (a & 0xFF) &- (b & 0xFF), dg = ((a >> 8) & 0xFF) &- ((b >> 8) & 0xFF)
    let db = ((a >> 16) & 0xFF) &- ((b >> 16) & 0xFF)
    return (dr &+ tol) <= 2 * tol && (dg &+ tol) <= 2 * tol && (db &+ tol) <= 2 * tol
  }

  /// Writes frame `source` (flattened RGBA) shown for `delay` cs; `next` is the following frame.
  ///
  /// A held frame (the first, the last, and any shown for 1.5 frame intervals or more: what a
  /// viewer stares at) is coded clean: against the screen exactly and without lossy LZW, so
  /// it decodes exactly when its colors fit a table and carries no residue of earlier frames'
  /// approximations. One that must be quantized is coded whole, as if it were alone: its
  /// palette, hence every pixel, is then that of the frame encoded by itself
  /// (docs/gif-encoder.md#held-frames-are-clean).
  func emit(_ source: [UInt8], next: [UInt8]?, nextHasTransparency: Bool, delay: Int) throws {
    let first = framesWritten == 0
    let clean = first || next == nil || isHeld(delay: delay)
    measureActivity(source)
    if clean { restart(source) }
    let f = clean ? source : stabilized(source)
    var region = changedRegion(f, next: next, nextHasTransparency: nextHasTransparency, first: first)
    var (hasTransparent, laterParts) = (false, [LaterPart]())
    var classified = false
    if clean && !first {
      // The frame's own colours decide, not the changed region's: a region that fits a table
      // would be coded exactly while the frame alone is quantized, and the two would differ.
      let whole = FrameRegion(x0: 0, y0: 0, x1: width - 1, y1: height - 1, disposal: region.disposal)
      reserveScratch(whole.count)
      (hasTransparent, laterParts) = classifyRect(f, rect: whole.rect, first: true, tolerance: UInt32(keepTolerance))
      if histogram.count > (hasTransparent ? 255 : 256) { (region, classified) = (whole, true) }
    }
    if !classified {
      reserveScratch(region.count)
      (hasTransparent, laterParts) = classifyRect(f, rect: region.rect, first: first, tolerance: UInt32(keepTolerance))
    }
    var palette = choosePalette(first: first, hasTransparent: hasTransparent, region: region, laterParts: laterParts)
    let indexMap = IndexMap(
      mapped: palette.mapped, transparent: UInt8(max(0, palette.transparent)), laterParts: laterParts)
    let premapped = palette.isQuantized && options.dither != .none
    if premapped { palette.quantizationSSE += dither(f, region: region, palette: palette, indexMap: indexMap) }
    out.removeAll(keepingCapacity: true)
    if first { writeHeader() }
    writeFrameHeader(region: region, palette: palette, delay: delay)
    withCodingBuffers(source: source, palette: palette) { buffers in
      if tolerance > 0 && !clean {
        codeLossy(buffers, region: region, palette: palette, indexMap: indexMap, premapped: premapped)
      } else {
        codeExact(buffers, region: region, palette: palette, indexMap: indexMap, premapped: premapped)
      }
    }
    try sink.write(out)
    framesWritten += 1
  }

  /// Shown for at least 1.5 frame intervals (merged identical frames, holds).
  func isHeld(delay: Int) -> Bool { Double(delay) * options.fps >= 150 }

  /// The activity of every pixel of `source` (`VisualMasking`), into `activity`, in parts of
  /// rows on `threads` threads.
  func measureActivity(_ source: [UInt8]) {
    let (w, h) = (width, height)
    if activity.count != w * h { activity = [UInt8](repeating: 0, count: w * h) }
    let parts = min(h, partCount(w * h))
    source.withUnsafeBytes { sb in
      activity.withUnsafeMutableBufferPointer { ab in
        let fp = sb.bindMemory(to: UInt32.self).baseAddress!, ap = ab.baseAddress!
        runParts(parts, threads: threads) { i in
          VisualMasking.activity(fp, width: w, height: h, rows: partRange(i, of: parts, h), into: ap)
        }
      }
    }
  }

  /// From now on every screen pixel stands for `source` (see `stabilized`).
  func restart(_ source: [UInt8]) {
    codedFor = source.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
  }

  /// The bounding rectangle of what changed on screen (the whole screen for the first frame;
  /// 1x1 when nothing did), grown to cover the pixels the next frame makes transparent, which
  /// need disposal 2.
  func changedRegion(_ f: [UInt8], next: [UInt8]?, nextHasTransparency: Bool, first: Bool) -> FrameRegion {
    let w = width, h = height
    var region = FrameRegion(x0: 0, y0: 0, x1: w - 1, y1: h - 1)
    if !first {
      let rect = f.withUnsafeBytes { fb in
        canvas.withUnsafeBytes { cb in
          Self.changedRect(
            frame: fb.bindMemory(to: UInt32.self).baseAddress!, canvas: cb.bindMemory(to: UInt32.self).baseAddress!,
            width: w, height: h, tolerance: UInt32(keepTolerance))
        }
      }
      // Nothing changed: a 1x1 transparent frame.
      region =
        rect.map { FrameRegion(x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) } ?? FrameRegion(x0: 0, y0: 0, x1: 0, y1: 0)
    }
    if let next, nextHasTransparency, let cleared = Self.clearedRect(f, next: next, width: w, height: h) {
      region = FrameRegion(
        x0: min(region.x0, cleared.x0), y0: min(region.y0, cleared.y0), x1: max(region.x1, cleared.x1),
        y1: max(region.y1, cleared.y1), disposal: 2)
    }
    return region
  }

  /// The bounding box of the pixels opaque in `f` and transparent in `next`, or nil.
  static func clearedRect(_ f: [UInt8], next: [UInt8], width w: Int, height h: Int) -> (
    x0: Int, y0: Int, x1: Int, y1: Int
  )? {
    var x0 = w, y0 = h, x1 = -1, y1 = -1
    f.withUnsafeBytes { fb in
      next.withUnsafeBytes { nb in
        let fp = fb.bindMemory(to: UInt32.self), np = nb.bindMemory(to: UInt32.self)
        for y in 0..<h {
          let row = y * w
          for x in 0..<w where np[row + x] >> 24 == 0 && fp[row + x] >> 24 != 0 {
            if y0 == h { y0 = y }
            y1 = y
            x0 = min(x0, x); x1 = max(x1, x)
          }
        }
      }
    }
    return y1 < 0 ? nil : (x0, y0, x1, y1)
  }

  /// Grows the per-pixel scratch buffers to `n` pixels.
  func reserveScratch(_ n: Int) {
    guard slotOf.count < n else { return }
    slotOf = [Int32](repeating: 0, count: n)
    indices = [UInt8](repeating: 0, count: n)
    chosen = [UInt8](repeating: 0, count: n)
  }

  /// The frame's color table: the global one when it holds every color (the first frame's
  /// exact colors become it when they fit), else the exact colors, else a quantized palette
  /// with as few colors as the error budget allows (quantization may take `paletteShare` of it)
  /// and the colors of flat pixels close (`addFlatColors`).
  func choosePalette(first: Bool, hasTransparent: Bool, region: FrameRegion, laterParts: [LaterPart]) -> FramePalette {
    let colors = histogram.colors
    var palette = FramePalette(
      colors: colors, mapped: (0..<colors.count).map { UInt8(truncatingIfNeeded: $0) }, isGlobal: false,
      isQuantized: false, transparent: -1, sizeBits: 1, quantizationSSE: 0)
    if first && colors.count <= 255 {
      global = colors
      globalLookup.reset(maxDistinct: 256)
      for c in colors { globalLookup.insert(c) }
      palette.isGlobal = true
    } else if let g = global, colors.count <= g.count, colors.allSatisfy({ globalLookup.find($0) != nil }) {
      palette.colors = g
      palette.mapped = colors.map { UInt8(globalLookup.find($0)!) }
      palette.isGlobal = true
    } else if colors.count > (hasTransparent ? 255 : 256) {
      palette.isQuantized = true
      palette.colors = Quantizer.palette(
        colors: colors, counts: histogram.counts, maxColors: hasTransparent ? 255 : 256,
        stopSSE: paletteShare * errorBudget, threads: threads)
      palette.mapped = nearestIndices(colors, in: palette.colors)
      if addFlatColors(
        &palette.colors, mapped: palette.mapped, maxColors: hasTransparent ? 255 : 256, region: region,
        laterParts: laterParts)
      {
        palette.mapped = nearestIndices(colors, in: palette.colors)
      }
      palette.quantizationSSE = quantizationError(colors, counts: histogram.counts, palette: palette)
    }
    // The global table always keeps a free entry for the transparent index.
    if hasTransparent || palette.isGlobal { palette.transparent = palette.colors.count }
    let entries = palette.colors.count + (palette.transparent >= 0 ? 1 : 0)
    while (1 << palette.sizeBits) < entries { palette.sizeBits += 1 }
    return palette
  }

  /// The palette index of every histogram color: its nearest entry, looked up exactly. (One
  /// lookup per 5-5-5-bit cell is about twice as fast on photo-like frames, but on the photo
  /// bench at quality 80 it gave 0.37 dB less, 4% more flicker and 0.7% more bytes.) At least
  /// `minPartColors` colors are looked up in one part per thread, each with its own
  /// `NearestColor`: the answer for a color does not depend on who asks.
  func nearestIndices(
    _ colors: [UInt32], in palette: [UInt32], minPartColors: Int = Quantizer.partMinPoints
  ) -> [UInt8] {
    let n = colors.count
    let parts = n >= minPartColors ? threads : 1
    return [UInt8](unsafeUninitializedCapacity: n) { out, initialized in
      colors.withUnsafeBufferPointer { colors in
        runParts(parts, threads: threads) { part in
          let near = NearestColor(palette: palette)
          for i in partRange(part, of: parts, n) {
            let c = colors[i]
            out[i] = UInt8(near.nearest(r: Int(c >> 16), g: Int((c >> 8) & 0xFF), b: Int(c & 0xFF)))
          }
        }
      }
      initialized = n
    }
  }

  /// Squared RGB error of coding each color as its palette entry, weighted by pixel counts.
  func quantizationError(_ colors: [UInt32], counts: [UInt32], palette: FramePalette) -> Double {
    var sse = 0.0
    for s in 0..<colors.count {
      let a = colors[s], b = palette.colors[Int(palette.mapped[s])]
      let dr = Int(a >> 16) - Int(b >> 16), dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
      let db = Int(a & 0xFF) - Int(b & 0xFF)
      sse += Double(dr * dr + dg * dg + db * db) * Double(counts[s])
    }
    return sse
  }

  /// Ordered dithering of a quantized frame: the indices are mapped here, before the LZW
  /// segments (which then keep them), and dithered. Returns the error it adds (counted as the
  /// palette's).
  func dither(_ f: [UInt8], region: FrameRegion, palette: FramePalette, indexMap: IndexMap) -> Double {
    f.withUnsafeBytes { fb in
      slotOf.withUnsafeBufferPointer { slots in
        indices.withUnsafeMutableBufferPointer { idx in
          activity.withUnsafeBufferPointer { activity in
            indexMap.map(slots: slots.baseAddress!, range: 0..<region.count, into: idx.baseAddress!)
            return OrderedDither.apply(
              mode: options.dither, frame: fb.bindMemory(to: UInt32.self).baseAddress!, width: width,
              rect: region.rect, slots: slots.baseAddress!, indices: idx.baseAddress!, palette: palette.colors,
              activity: activity.baseAddress!)
          }
        }
      }
    }
  }

  /// Graphic control extension, image descriptor and local color table.
  func writeFrameHeader(region: FrameRegion, palette: FramePalette, delay: Int) {
    out.append(contentsOf: [0x21, 0xF9, 0x04, region.disposal << 2 | (palette.transparent >= 0 ? 1 : 0)])
    appendLE16(min(delay, 65535))
    out.append(UInt8(truncatingIfNeeded: max(0, palette.transparent)))
    out.append(0)
    out.append(0x2C)
    appendLE16(region.x0); appendLE16(region.y0); appendLE16(region.width); appendLE16(region.height)
    if palette.isGlobal {
      out.append(0)
    } else {
      out.append(0x80 | UInt8(palette.sizeBits - 1))
      appendTable(palette.colors, sizeBits: palette.sizeBits)
    }
  }

  /// Runs `body` with raw views of the source, its activity, the canvas and the scratch buffers.
  func withCodingBuffers(source: [UInt8], palette: FramePalette, _ body: (CodingBuffers) -> Void) {
    let words = Self.canvasWords(palette.colors)
    source.withUnsafeBytes { sb in
      activity.withUnsafeBufferPointer { ab in
        words.withUnsafeBufferPointer { wp in
          slotOf.withUnsafeBufferPointer { slots in
            indices.withUnsafeMutableBufferPointer { idx in
              chosen.withUnsafeMutableBufferPointer { ch in
                canvas.withUnsafeMutableBytes { cb in
                  body(
                    CodingBuffers(
                      source: sb.bindMemory(to: UInt32.self).baseAddress!, activity: ab.baseAddress!,
                      canvas: cb.bindMemory(to: UInt32.self).baseAddress!,
                      slots: slots.baseAddress!, indices: idx.baseAddress!, chosen: ch.baseAddress!,
                      words: wp.baseAddress!))
                }
              }
            }
          }
        }
      }
    }
  }

  /// Plain LZW of the region's indices, then the canvas shows them; large regions as segments,
  /// as `codeLossy` codes them.
  func codeExact(_ b: CodingBuffers, region: FrameRegion, palette: FramePalette, indexMap: IndexMap, premapped: Bool) {
    codeSegments(b, region: region, palette: palette) { range, encoder, leadingClear, last in
      if !premapped { indexMap.map(slots: b.slots, range: range, into: b.indices) }
      (b.chosen + range.lowerBound).update(from: b.indices + range.lowerBound, count: range.count)
      return encoder.encodeBits(
        UnsafeBufferPointer(start: b.indices + range.lowerBound, count: range.count), minCodeSize: palette.minCodeSize,
        chosen: nil, lossy: nil, leadingClear: leadingClear, last: last)
    }
  }

  /// Codes the region as LZW segments (`partCount`) on `threads` threads: `code(range, encoder,
  /// leadingClear, last)` codes a segment's pixels `range` with the segment's own encoder and
  /// leaves the indices it coded in `chosen`; each segment's pixels are then painted. The
  /// segments' bits are joined in order into the frame's LZW data.
  func codeSegments(
    _ b: CodingBuffers, region: FrameRegion, palette: FramePalette,
    _ code: (Range<Int>, LZWEncoder, Bool, Bool) -> LZWEncoder.Bits
  ) {
    let n = region.count
    let parts = partCount(n)
    while segmentEncoders.count < parts { segmentEncoders.append(segmentEncoders.isEmpty ? lzw : LZWEncoder()) }
    let results = SegmentResults(parts)
    let (w, encoders) = (width, segmentEncoders)
    runParts(parts, threads: threads) { i in
      let range = partRange(i, of: parts, n)
      results.bits[i] = code(range, encoders[i], i == 0, i == parts - 1)
      Self.paint(
        canvas: b.canvas, width: w, rect: region.rect, chosen: b.chosen, range: range, words: b.words,
        transparent: palette.transparent, disposal: region.disposal)
    }
    LZWEncoder.appendBlocks(minCodeSize: palette.minCodeSize, results.bits.map { $0! }, into: &out)
  }

  /// Lossy LZW of the region within what the palette left of the error budget, then the
  /// canvas shows what was coded. Large regions are coded as segments (`codeSegments`), each
  /// from an empty table with its share of the budget; the split never depends on the thread
  /// count, so neither do the bytes.
  func codeLossy(_ b: CodingBuffers, region: FrameRegion, palette: FramePalette, indexMap: IndexMap, premapped: Bool) {
    let n = region.count, sse = palette.quantizationSSE
    let budget = max(0, max(errorBudget, relativeBudget * sse) - sse)
    let origin = region.y0 * width + region.x0
    // Photo-like frames (the relative budget is the larger) get the tighter per-pixel
    // tolerance: see `EncodingOptions.gifTolerance`. Each pixel gets its share by its activity.
    let tol = relativeBudget * sse > errorBudget ? photoTolerance : tolerance
    let tolerances = VisualMasking.table(tolerance: tol)
    let (w, rw) = (width, region.width)
    tolerances.withUnsafeBufferPointer { tolerances in
      codeSegments(b, region: region, palette: palette) { range, encoder, leadingClear, last in
        if !premapped { indexMap.map(slots: b.slots, range: range, into: b.indices) }
        let target = LossyTarget(
          frame: b.source + origin, screen: UnsafePointer(b.canvas) + origin, activity: b.activity + origin,
          keep: b.slots, rectWidth: rw, stride: w, start: range.lowerBound, entryWords: b.words,
          transparent: palette.transparent, tolerances: tolerances.baseAddress!,
          budget: budget * Double(range.count) / Double(n))
        return encoder.encodeBits(
          UnsafeBufferPointer(start: b.indices + range.lowerBound, count: range.count),
          minCodeSize: palette.minCodeSize,
          chosen: b.chosen + range.lowerBound, lossy: target, leadingClear: leadingClear, last: last)
      }
    }
  }

  private func appendLE16(_ v: Int) {
    out.append(UInt8(v & 0xFF))
    out.append(UInt8((v >> 8) & 0xFF))
  }

  private func appendTable(_ palette: [UInt32], sizeBits: Int) {
    for c in palette {
      out.append(UInt8(c >> 16)); out.append(UInt8((c >> 8) & 0xFF)); out.append(UInt8(c & 0xFF))
    }
    for _ in palette.count..<(1 << sizeBits) { out.append(contentsOf: [0, 0, 0]) }
  }

  private func writeHeader() {
    out.append(contentsOf: Array("GIF89a".utf8))
    appendLE16(width); appendLE16(height)
    if let g = global {
      var bits = 1
      while (1 << bits) < g.count + 1 { bits += 1 }
      out.append(0x80 | 0x70 | UInt8(bits - 1))
      out.append(UInt8(g.count))  // background = the transparent entry
      out.append(0)
      appendTable(g, sizeBits: bits)
    } else {
      out.append(0x70)
      out.append(0)
      out.append(0)
    }
    switch options.loop {
    case .plays(1):
      break
    case .forever, .plays:
      var repeats = 0
      if case .plays(let n) = options.loop { repeats = n - 1 }
      out.append(contentsOf: [0x21, 0xFF, 0x0B])
      out.append(contentsOf: Array("NETSCAPE2.0".utf8))
      out.append(contentsOf: [0x03, 0x01])
      appendLE16(repeats)
      out.append(0)
    }
  }
}
