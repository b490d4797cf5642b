/// The distinct opaque colors of a frame region with their pixel counts: an open-addressing
/// hash of 0xRRGGBB keys, reused across frames (cleared, never reallocated unless it must grow).
///
/// Contract: `insert` returns a slot number in 0..<count that stays valid until `reset`;
/// `colors[slot]`, `counts[slot]` describe it and `mapped[slot]` is free for the caller (the
/// palette index chosen for that color). Slots are numbered in first-seen order, so everything
/// built from them is deterministic.
final class ColorHistogram {
  private(set) var bits = 0
  private var keys: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)  // color | 1 << 24, 0 = empty
  private var slots: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
  private(set) var colors: [UInt32] = []
  private(set) var counts: [UInt32] = []
  var mapped: [UInt8] = []
  var count: Int { colors.count }

  deinit {
    keys.deallocate()
    slots.deallocate()
  }

  /// Empties the histogram, sized for up to `maxDistinct` colors.
  func reset(maxDistinct: Int) {
    var b = 10
    while (1 << b) < maxDistinct * 2 { b += 1 }
    if b != bits {
      keys.deallocate()
      slots.deallocate()
      bits = b
      keys = .allocate(capacity: 1 << b)
      slots = .allocate(capacity: 1 << b)
    }
    keys.update(repeating: 0, count: 1 << bits)
    colors.removeAll(keepingCapacity: true)
    counts.removeAll(keepingCapacity: true)
  }

  /// The slot of `rgb` (0xRRGGBB), counting one more pixel of it.
  @inline(__always) func insert(_ rgb: UInt32) -> Int32 {
    let key = rgb | 0x100_0000
    let mask = (1 << bits) - 1
    var h = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - bits)) & mask
    while true {
      let k = keys[h]
      if k == key {
        let s = slots[h]
        counts[Int(s)] &+= 1
        return s
      }
      if k == 0 {
        keys[h] = key
        let s = Int32(colors.count)
        slots[h] = s
        colors.append(rgb)
        counts.append(1)
        return s
      }
      h = (h + 1) & mask
    }
  }

  /// The slot of `rgb` if present.
  @inline(__always) func find(_ rgb: UInt32) -> Int32? {
    let key = rgb | 0x100_0000
    let mask = (1 << bits) - 1
    var h = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - bits)) & mask
    while true {
      let k = keys[h]
      if k == key { return slots[h] }
      if k == 0 { return nil }
      h = (h + 1) & mask
    }
  }
}
