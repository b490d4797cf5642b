import Dispatch

/// The LZW segments of one frame, coded on any threads (each closure touches only its own
/// range of the frame's buffers).
final class SegmentJob: @unchecked Sendable {
  var run: [(() -> LZWEncoder.Bits)?]
  /// One slot per segment, written by its worker through the pointer: writing into a shared
  /// Swift array from two threads would be a data race on the array, even at distinct indices.
  let results: UnsafeMutableBufferPointer<LZWEncoder.Bits?>
  init(_ n: Int) {
    run = Array(repeating: nil, count: n)
    results = .allocate(capacity: n)
    results.initialize(repeating: nil)
  }
  deinit {
    results.deinitialize()
    results.deallocate()
  }
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

  /// Writes frame `f` (flattened RGBA) shown for `delay` cs; `next` is the following frame.
  func emit(_ source: [UInt8], next: [UInt8]?, nextHasTransparency: Bool, delay: Int) throws {
    let f = stabilized(source)
    let w = width, h = height
    let first = framesWritten == 0
    let tol = UInt32(keepTolerance)
    // 1. Changed rectangle.
    var x0 = w, y0 = h, x1 = -1, y1 = -1
    if first {
      x0 = 0; y0 = 0; x1 = w - 1; y1 = h - 1
    } else {
      let rect = f.withUnsafeBytes { fb in
        canvas.withUnsafeBytes { cb in
          Self.changedRect(
            frame: fb.bindMemory(to: UInt32.self).baseAddress!, canvas: cb.bindMemory(to: UInt32.self).baseAddress!,
            width: w, height: h, tolerance: tol)
        }
      }
      if let rect { x0 = rect.x0; y0 = rect.y0; x1 = rect.x1; y1 = rect.y1 }
      if y1 < 0 { x0 = 0; y0 = 0; x1 = 0; y1 = 0 }  // nothing changed: a 1x1 transparent frame
    }
    // 2. Disposal: clear to background when the next frame makes opaque pixels transparent.
    var disposal: UInt8 = 1
    if let next, nextHasTransparency {
      var cx0 = w, cy0 = h, cx1 = -1, cy1 = -1
      f.withUnsafeBytes { fb in
        next.withUnsafeBytes { nb in
          let fp = fb.bindMemory(to: UInt32.self), np = nb.bindMemory(to: UInt32.self)
          for y in 0..<h {
            let row = y * w
            for x in 0..<w where np[row + x] >> 24 == 0 && fp[row + x] >> 24 != 0 {
              if cy0 == h { cy0 = y }
              cy1 = y
              cx0 = min(cx0, x); cx1 = max(cx1, x)
            }
          }
        }
      }
      if cy1 >= 0 {
        disposal = 2
        x0 = min(x0, cx0); y0 = min(y0, cy0); x1 = max(x1, cx1); y1 = max(y1, cy1)
      }
    }
    let rw = x1 - x0 + 1, rh = y1 - y0 + 1, n = rw * rh
    // 3. Classify pixels, count colors.
    if slotOf.count < n {
      slotOf = [Int32](repeating: 0, count: n)
      indices = [UInt8](repeating: 0, count: n)
      chosen = [UInt8](repeating: 0, count: n)
    }
    let (hasTransparent, secondPart) = classifyRect(f, rect: (x0, y0, x1, y1), first: first, tolerance: tol)
    let hist = histogram
    // 4. Palette.
    var palette: [UInt32]
    var useGlobal = false
    var quantized = false
    let colorCount = hist.count
    let histColors = hist.colors
    var mapped = [UInt8](repeating: 0, count: colorCount)
    if first && colorCount <= 255 {
      global = histColors
      globalLookup.reset(maxDistinct: 256)
      for c in histColors { globalLookup.insert(c) }
      useGlobal = true
      for s in 0..<colorCount { mapped[s] = UInt8(s) }
    } else if let g = global, colorCount <= g.count,
      histColors.allSatisfy({ globalLookup.find($0) != nil })
    {
      useGlobal = true
      for s in 0..<colorCount { mapped[s] = UInt8(globalLookup.find(histColors[s])!) }
    }
    if useGlobal {
      palette = global!
    } else if colorCount <= (hasTransparent ? 255 : 256) {
      palette = histColors
      for s in 0..<colorCount { mapped[s] = UInt8(s) }
    } else {
      quantized = true
      // As few colors as the error budget allows: quantization may take half of it.
      palette = Quantizer.palette(
        colors: histColors, counts: hist.counts, maxColors: hasTransparent ? 255 : 256,
        stopSSE: paletteShare * errorBudget)
      let near = NearestColor(palette: palette)
      if colorCount > 32768 && options.effectiveGIFPhotoTolerance >= 8 {
        // Photo-like frames: one lookup per 5-5-5-bit cell (at the cell's pixel-weighted
        // mean), as the quantizer pooled them; 5x fewer searches, decisions off by at most a
        // cell near Voronoi borders. Only while lossy LZW may move a pixel by a cell's width
        // (8 levels) anyway: above quality ~88 every color is looked up exactly (photo bench
        // at quality 100: mean absolute error 2.67 -> 2.55, flicker 3.61 -> 3.44; 2.5x the time).
        let counts = hist.counts
        var sr = [Int](repeating: 0, count: 32768), sg = sr, sb = sr, sw = sr
        var cellOf = [Int32](repeating: 0, count: colorCount)
        for s in 0..<colorCount {
          let c = histColors[s], w = Int(counts[s])
          let r = Int(c >> 16), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
          let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
          cellOf[s] = Int32(cell)
          sr[cell] += r * w; sg[cell] += g * w; sb[cell] += b * w; sw[cell] += w
        }
        var cellIndex = [Int16](repeating: -1, count: 32768)
        for s in 0..<colorCount {
          let cell = Int(cellOf[s])
          if cellIndex[cell] < 0 {
            let w = sw[cell]
            cellIndex[cell] = Int16(near.nearest(r: (sr[cell] + w / 2) / w, g: (sg[cell] + w / 2) / w, b: (sb[cell] + w / 2) / w))
          }
          mapped[s] = UInt8(cellIndex[cell])
        }
      } else {
        for s in 0..<colorCount {
          let c = histColors[s]
          mapped[s] = UInt8(near.nearest(r: Int(c >> 16), g: Int((c >> 8) & 0xFF), b: Int(c & 0xFF)))
        }
      }
    }
    // The global table always keeps a free entry for the transparent index.
    let transparent = (hasTransparent || useGlobal) ? palette.count : -1
    let entries = palette.count + (transparent >= 0 ? 1 : 0)
    var sizeBits = 1
    while (1 << sizeBits) < entries { sizeBits += 1 }
    let minCodeSize = max(2, sizeBits)
    // Squared error the palette already costs (it counts against the lossy budget).
    var quantSSE = 0.0
    if palette.count < colorCount || !useGlobal && palette != histColors {
      let counts = hist.counts
      for s in 0..<colorCount {
        let a = histColors[s], b = palette[Int(mapped[s])]
        let dr = Int(a >> 16) - Int(b >> 16), dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        quantSSE += Double(dr * dr + dg * dg + db * db) * Double(counts[s])
      }
    }
    // 5. Indices (mapped with the LZW segments, each its own range).
    let trans = UInt8(truncatingIfNeeded: max(0, transparent))
    let indexMap = IndexMap(mapped: mapped, transparent: trans, secondPart: secondPart)
    // 5b. Ordered dithering where wanted (quantized frames only): the indices are mapped here,
    // before the segments (which then keep them), and dithered; its error counts as the
    // palette's.
    let premapped = quantized && options.dither != .none
    if premapped {
      quantSSE += f.withUnsafeBytes { fb in
        slotOf.withUnsafeBufferPointer { slots in
          indices.withUnsafeMutableBufferPointer { idx in
            indexMap.map(slots: slots.baseAddress!, range: 0..<n, into: idx.baseAddress!)
            return OrderedDither.apply(
              mode: options.dither, frame: fb.bindMemory(to: UInt32.self).baseAddress!, width: w,
              rect: (x0, y0, x1, y1), slots: slots.baseAddress!, indices: idx.baseAddress!, palette: palette)
          }
        }
      }
    }
    // 6. Container: header on the first frame.
    out.removeAll(keepingCapacity: true)
    if first { writeHeader() }
    out.append(contentsOf: [0x21, 0xF9, 0x04, disposal << 2 | (transparent >= 0 ? 1 : 0)])
    appendLE16(min(delay, 65535))
    out.append(trans)
    out.append(0)
    out.append(0x2C)
    appendLE16(x0); appendLE16(y0); appendLE16(rw); appendLE16(rh)
    if useGlobal {
      out.append(0)
    } else {
      out.append(0x80 | UInt8(sizeBits - 1))
      appendTable(palette, sizeBits: sizeBits)
    }
    // 7. LZW (lossy when a tolerance is set), then the canvas shows what was coded.
    let lossy = tolerance > 0
    let words = Self.canvasWords(palette)
    let rect = (x0, y0, x1, y1)
    f.withUnsafeBytes { fb in
    palette.withUnsafeBufferPointer { pal in
      indices.withUnsafeMutableBufferPointer { idx in
        chosen.withUnsafeMutableBufferPointer { ch in
             slotOf.withUnsafeBufferPointer { slots in
              canvas.withUnsafeMutableBytes { cb in
               words.withUnsafeBufferPointer { wp in
              let slotBase = slots.baseAddress!, canvasBase = cb.bindMemory(to: UInt32.self).baseAddress!
              let wordBase = wp.baseAddress!
              if lossy {
                let budget = max(0, max(errorBudget, relativeBudget * quantSSE) - quantSSE)
                // Large rectangles: two halves, each from an empty table with its share of
                // the budget, coded at the same time. The split never depends on the thread
                // count, so neither do the bytes.
                let parts = n >= segmentMinPixels ? 2 : 1
                let job = SegmentJob(parts)
                // The rectangle's first pixel in the frame and on screen.
                let origin = y0 * w + x0
                let frameBase = fb.bindMemory(to: UInt32.self).baseAddress! + origin
                let screenBase = UnsafePointer(canvasBase) + origin
                let keepTolerance = UInt32(self.keepTolerance)
                let palBase = pal.baseAddress!, chBase = ch.baseAddress!, idxBase = idx.baseAddress!
                // Photo-like frames (the relative budget is the larger) get the tighter
                // per-pixel tolerance: see `EncodingOptions.gifTolerance`.
                let tol = Int32(relativeBudget * quantSSE > errorBudget ? photoTolerance : tolerance)
                for i in 0..<parts {
                  let lo = n * i / parts, hi = n * (i + 1) / parts
                  let share = budget * Double(hi - lo) / Double(n)
                  // Each segment maps its indices, codes them and paints what it coded.
                  job.run[i] = { [lzw = self.segmentEncoders[i]] in
                    if !premapped { indexMap.map(slots: slotBase, range: lo..<hi, into: idxBase) }
                    let ctx = LossyTarget(
                      frame: frameBase, screen: screenBase, rectWidth: rw, stride: w, start: lo,
                      keepSame: !first, keepTolerance: keepTolerance, palette: palBase,
                      transparent: transparent, tolerance: tol, budget: share)
                    let bits = lzw.encodeBits(
                      UnsafeBufferPointer(start: idxBase + lo, count: hi - lo), minCodeSize: minCodeSize,
                      chosen: chBase + lo, lossy: ctx, leadingClear: i == 0, last: i == parts - 1)
                    Self.paint(
                      canvas: canvasBase, width: w, rect: rect, chosen: chBase, range: lo..<hi, words: wordBase,
                      transparent: transparent, disposal: disposal)
                    return bits
                  }
                }
                if parts > 1 && parallelSegments {
                  DispatchQueue.concurrentPerform(iterations: parts) { i in job.results[i] = job.run[i]!() }
                } else {
                  for i in 0..<parts { job.results[i] = job.run[i]!() }
                }
                LZWEncoder.appendBlocks(minCodeSize: minCodeSize, job.results.map { $0! }, into: &out)
              } else {
                if !premapped { indexMap.map(slots: slotBase, range: 0..<n, into: idx.baseAddress!) }
                lzw.encode(UnsafeBufferPointer(rebasing: idx[0..<n]), minCodeSize: minCodeSize, into: &out)
                ch.baseAddress!.update(from: idx.baseAddress!, count: n)
                Self.paint(
                  canvas: canvasBase, width: w, rect: rect, chosen: ch.baseAddress!, range: 0..<n, words: wordBase,
                  transparent: transparent, disposal: disposal)
              }
               }
              }
             }
        }
      }
    }
    }
    try sink.write(out)
    framesWritten += 1
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
