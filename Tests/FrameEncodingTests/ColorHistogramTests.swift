import Testing
@testable import FrameEncoding

@Suite("Color histogram")
struct ColorHistogramTests {
  /// `n` pseudo-random colors (repeats possible), each seen `1 + i % 3` times in a row.
  static func sequence(_ n: Int, seed: UInt64) -> [UInt32] {
    var state = seed, out: [UInt32] = []
    for i in 0..<n {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let c = UInt32(truncatingIfNeeded: state >> 40)
      for _ in 0...(i % 3) { out.append(c) }
    }
    return out
  }

  /// What a histogram must hold after `pixels`: colors in first-seen order, with counts.
  static func expected(_ pixels: [UInt32]) -> (colors: [UInt32], counts: [UInt32]) {
    var order: [UInt32] = [], counts: [UInt32: UInt32] = [:]
    for c in pixels {
      if counts[c] == nil { order.append(c) }
      counts[c, default: 0] += 1
    }
    return (order, order.map { counts[$0]! })
  }

  @Test(
    "Slots number colors in first-seen order and keep their counts while the table doubles four times, and after resets (of a full and of a nearly empty table)"
  )
  func slotsSurviveGrowthAndReset() {
    let histogram = ColorHistogram()
    // 20,000 colors grow the table from 4,096 entries to 65,536 (four doublings); 4,000 then leave a big table
    // nearly empty (cleared entry by entry at the next reset); 5,000 reuse it.
    var earlier = Set<UInt32>()
    for (n, seed) in [(20000, 1), (4000, 2), (5000, 3), (10, 4)] as [(Int, UInt64)] {
      let pixels = Self.sequence(n, seed: seed)
      histogram.reset(maxDistinct: pixels.count)
      var ins = histogram.inserter()
      var slots: [Int32] = []
      for c in pixels { slots.append(ins.insert(c)) }
      histogram.commit(ins)
      let (colors, counts) = Self.expected(pixels)
      #expect(histogram.colors == colors, "\(n) colors")
      #expect(histogram.counts == counts, "\(n) colors")
      let index = Dictionary(uniqueKeysWithValues: colors.enumerated().map { ($1, Int32($0)) })
      #expect(slots == pixels.map { index[$0]! }, "\(n) colors")
      #expect(colors.enumerated().allSatisfy { histogram.find($1) == Int32($0) }, "\(n) colors")
      // Nothing of an earlier round is left behind.
      let current = Set(colors)
      #expect(earlier.subtracting(current).allSatisfy { histogram.find($0) == nil }, "\(n) colors")
      earlier.formUnion(current)
    }
  }
}
