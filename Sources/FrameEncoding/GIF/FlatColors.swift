/// Flat colors in a quantized palette: a color that fills an even area of the source (a flat
/// pixel, `VisualMasking`) is kept within `flatColorLimit` of its entry, so the palette never
/// puts on an even background the error lossy LZW is kept from putting there.
///
/// Median cut and k-means weigh colors by pixel count, so a large flat area gets an entry of
/// its own; but a small one (a badge, a tinted row, a fading card's few hundred pixels) can
/// share an entry with a much more frequent neighbor and decode visibly off (17 levels on
/// the crossfade's first frame at quality 40). Such colors are added as entries of their own
/// while the table has room, most flat pixels first.
extension GIFEncoderCore {
  /// The largest per-channel error left on a color of a flat pixel: the speckle threshold.
  static let flatColorLimit: Int32 = 6

  /// Per histogram slot whose `far` flag is set, how many of the rectangle's pixels of that
  /// color are flat (0 for the others). Each part of the classification is counted on its own,
  /// on `threads` threads, and the counts added up (the same sums in any order).
  func flatCounts(of far: [Bool], region: FrameRegion, laterParts: [LaterPart]) -> [UInt32] {
    let colors = histogram.count
    // Each part of the classification numbers its own slots: their slots in the histogram.
    let parts: [(start: Int, slots: [Int32])] =
      [(0, Array(0..<Int32(colors)))] + laterParts.map { ($0.start, $0.slots) }
    let counts = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: parts.count * colors)
    counts.initialize(repeating: 0)
    defer { counts.deallocate() }
    slotOf.withUnsafeBufferPointer { slots in
      activity.withUnsafeBufferPointer { activity in
        runParts(parts.count, threads: threads) { k in
          let end = k + 1 < parts.count ? parts[k + 1].start : region.count
          Self.countFlat(
            slots: slots.baseAddress!, activity: activity.baseAddress!, width: width, region: region,
            range: parts[k].start..<end, slotsInHistogram: parts[k].slots, far: far,
            into: counts.baseAddress! + k * colors)
        }
      }
    }
    return (0..<colors).map { s in (0..<parts.count).reduce(0) { $0 + counts[$1 * colors + s] } }
  }

  /// `flatCounts` over the rectangle pixels `range`, whose slots are numbered as in
  /// `slotsInHistogram` (part slot → histogram slot).
  private static func countFlat(
    slots: UnsafePointer<Int32>, activity: UnsafePointer<UInt8>, width w: Int, region: FrameRegion,
    range: Range<Int>, slotsInHistogram: [Int32], far: [Bool], into counts: UnsafeMutablePointer<UInt32>
  ) {
    let rw = region.width
    let local = slotsInHistogram.map { far[Int($0)] }
    var p = range.lowerBound
    var last: Int32 = -1, lastFar = false  // runs of one color decide once
    while p < range.upperBound {
      // The part of one rectangle row in the range.
      let y = p / rw, x = p - y * rw, run = min(rw - x, range.upperBound - p)
      let a = activity + (region.y0 + y) * w + region.x0 + x, s = slots + p
      var i = 0
      while i < run {
        // Four pixels of a run of a color that is not far at once (flat areas are long runs
        // of exact colors), else one.
        if !lastFar && i + 4 <= run {
          let four = UnsafeRawPointer(s + i)
          let pair = UInt64(UInt32(bitPattern: last)) &* 0x1_0000_0001
          if four.loadUnaligned(as: UInt64.self) == pair
            && four.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == pair
          {
            i += 4
            continue
          }
        }
        let slot = s[i]
        if slot != last {
          last = slot
          lastFar = slot >= 0 && local[Int(slot)]
        }
        if lastFar && a[i] == 0 { counts[Int(slotsInHistogram[Int(slot)])] += 1 }
        i += 1
      }
      p += run
    }
  }

  /// Adds to `palette` (at most `maxColors` entries in all) each color of the histogram with
  /// flat pixels in `region` whose nearest entry (`mapped`, or one added here) is more than
  /// `flatColorLimit` off in some channel, most flat pixels first (ties: the first color).
  /// Returns whether it added any.
  func addFlatColors(
    _ palette: inout [UInt32], mapped: [UInt8], maxColors: Int, region: FrameRegion, laterParts: [LaterPart]
  ) -> Bool {
    guard palette.count < maxColors else { return false }
    let colors = histogram.colors
    let far = colors.indices.map { Self.distance(colors[$0], palette[Int(mapped[$0])]) > Self.flatColorLimit }
    guard far.contains(true) else { return false }
    let flat = flatCounts(of: far, region: region, laterParts: laterParts)
    let candidates = colors.indices.filter { flat[$0] > 0 }.sorted {
      flat[$0] > flat[$1] || (flat[$0] == flat[$1] && $0 < $1)
    }
    let original = palette.count
    for s in candidates where palette.count < maxColors {
      let c = colors[s]
      if palette[original...].allSatisfy({ Self.distance($0, c) > Self.flatColorLimit }) { palette.append(c) }
    }
    return palette.count > original
  }

  /// The largest channel difference of two 0xRRGGBB colors.
  static func distance(_ a: UInt32, _ b: UInt32) -> Int32 {
    max(
      abs(Int32(a >> 16) - Int32(b >> 16)), abs(Int32((a >> 8) & 0xFF) - Int32((b >> 8) & 0xFF)),
      abs(Int32(a & 0xFF) - Int32(b & 0xFF)))
  }
}
