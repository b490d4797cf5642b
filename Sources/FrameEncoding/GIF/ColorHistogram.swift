/// The distinct opaque colors of a frame region with their pixel counts: an open-addressing
/// hash of 0xRRGGBB keys, reused across frames (cleared, never reallocated unless it must grow).
///
/// Contract: `Inserter.insert` returns a slot number in 0..<count that stays valid until
/// `reset`; `colors[slot]`, `counts[slot]` describe it. Slots are numbered in first-seen
/// order, so everything built from them is deterministic. Hot loops use an `Inserter` (plain
/// pointers and a local count, no class property access per pixel), then `commit` it.
final class ColorHistogram {
  private(set) var bits = 0
  private(set) var capacity = 0
  private(set) var keys: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)  // color | 1 << 24, 0 = empty
  private(set) var slots: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
  private(set) var colorStore: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
  private(set) var countStore: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
  private(set) var count = 0

  deinit {
    keys.deallocate(); slots.deallocate(); colorStore.deallocate(); countStore.deallocate()
  }

  var colors: [UInt32] { Array(UnsafeBufferPointer(start: colorStore, count: count)) }
  var counts: [UInt32] { Array(UnsafeBufferPointer(start: countStore, count: count)) }

  /// Empties the histogram, sized for up to `maxDistinct` colors.
  func reset(maxDistinct: Int) {
    var b = 10
    while (1 << b) < maxDistinct * 2 { b += 1 }
    if b != bits {
      keys.deallocate(); slots.deallocate(); colorStore.deallocate(); countStore.deallocate()
      bits = b
      capacity = 1 << (b - 1)
      keys = .allocate(capacity: 1 << b)
      slots = .allocate(capacity: 1 << b)
      colorStore = .allocate(capacity: capacity)
      countStore = .allocate(capacity: capacity)
      keys.initialize(repeating: 0, count: 1 << b)
      count = 0
    }
    if count * 16 < (1 << bits) {
      // Few colors in a big table (flat frames): clear just their keys, not megabytes.
      let mask = (1 << bits) - 1
      for i in 0..<count {
        let key = colorStore[i] | 0x100_0000
        var h = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - bits)) & mask
        while keys[h] != key { h = (h + 1) & mask }
        keys[h] = 0
      }
    } else {
      keys.update(repeating: 0, count: 1 << bits)
    }
    count = 0
  }

  struct Inserter {
    let keys: UnsafeMutablePointer<UInt32>, slots: UnsafeMutablePointer<Int32>
    let colors: UnsafeMutablePointer<UInt32>, counts: UnsafeMutablePointer<UInt32>
    let bits: Int, capacity: Int
    var count: Int

    /// The slot of `rgb` (0xRRGGBB), counting one more pixel of it. At most `capacity`
    /// distinct colors (the `maxDistinct` given to `reset`).
    @inline(__always) mutating func insert(_ rgb: UInt32) -> Int32 {
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
          let s = Int32(count)
          slots[h] = s
          colors[count] = rgb
          counts[count] = 1
          count += 1
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

  func inserter() -> Inserter {
    Inserter(
      keys: keys, slots: slots, colors: colorStore, counts: countStore, bits: bits, capacity: capacity, count: count)
  }

  func commit(_ inserter: Inserter) { count = inserter.count }

  /// Inserts one color (slow path, outside hot loops).
  @discardableResult func insert(_ rgb: UInt32) -> Int32 {
    var i = inserter()
    let s = i.insert(rgb)
    commit(i)
    return s
  }

  func find(_ rgb: UInt32) -> Int32? { inserter().find(rgb) }
}
