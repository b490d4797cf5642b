/// The distinct opaque colors of a frame region with their pixel counts: an open-addressing
/// hash of 0xRRGGBB keys, reused across frames (cleared, never reallocated unless it must grow).
///
/// Contract: `Inserter.insert` returns a slot number in 0..<count that stays valid until
/// `reset`; `colors[slot]`, `counts[slot]` describe it. Slots are numbered in first-seen
/// order, so everything built from them is deterministic (the table's size is not). Hot loops
/// use an `Inserter` (plain pointers and a local count, no class property access per pixel),
/// then `commit` it.
///
/// The table holds twice the colors seen so far, not twice the most a region could have: a
/// frame's few thousand colors then probe a table that stays in cache, where one sized for a
/// million pixels would miss on every probe. It doubles (rehashed from the color list) when
/// half full.
final class ColorHistogram {
  private static let initialBits = 12
  private(set) var bits = initialBits
  /// Per table entry: key (color | 1 << 24, 0 = empty) << 32 | slot.
  private(set) var table: UnsafeMutablePointer<UInt64>
  /// Slot → color and count, room for `capacity` colors.
  private(set) var colorStore: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
  private(set) var countStore: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
  private(set) var capacity = 0
  private(set) var count = 0

  init() {
    table = .allocate(capacity: 1 << bits)
    table.initialize(repeating: 0, count: 1 << bits)
  }

  deinit {
    table.deallocate(); colorStore.deallocate(); countStore.deallocate()
  }

  var colors: [UInt32] { Array(UnsafeBufferPointer(start: colorStore, count: count)) }
  var counts: [UInt32] { Array(UnsafeBufferPointer(start: countStore, count: count)) }

  /// Empties the histogram, with room for up to `maxDistinct` colors.
  func reset(maxDistinct: Int) {
    if count * 16 < (1 << bits) {
      // Few colors in a big table (flat frames after a busy one): clear just their entries.
      // (Entries cleared before are empty now: search past them for the key itself.)
      let mask = (1 << bits) - 1
      for i in 0..<count {
        let key = Self.key(colorStore[i])
        var h = Self.home(colorStore[i], bits: bits)
        while table[h] & 0xFFFF_FFFF_0000_0000 != key { h = (h + 1) & mask }
        table[h] = 0
      }
    } else {
      table.update(repeating: 0, count: 1 << bits)
    }
    count = 0
    if maxDistinct > capacity {
      colorStore.deallocate(); countStore.deallocate()
      capacity = max(maxDistinct, 1 << (Self.initialBits - 1))
      colorStore = .allocate(capacity: capacity)
      countStore = .allocate(capacity: capacity)
    }
  }

  @inline(__always) static func key(_ rgb: UInt32) -> UInt64 { UInt64(rgb | 0x100_0000) << 32 }

  @inline(__always) static func home(_ rgb: UInt32, bits: Int) -> Int {
    Int(truncatingIfNeeded: ((rgb | 0x100_0000) &* 0x9E37_79B1) >> UInt32(32 - bits))
  }

  /// The index of `rgb`'s entry, or of the empty entry where it belongs.
  @inline(__always) static func entryIndex(of rgb: UInt32, in table: UnsafeMutablePointer<UInt64>, bits: Int) -> Int {
    let key = Self.key(rgb), mask = (1 << bits) - 1
    var h = home(rgb, bits: bits)
    while true {
      let e = table[h]
      if e & 0xFFFF_FFFF_0000_0000 == key || e == 0 { return h }
      h = (h + 1) & mask
    }
  }

  struct Inserter {
    var table: UnsafeMutablePointer<UInt64>
    var bits: Int
    let colors: UnsafeMutablePointer<UInt32>, counts: UnsafeMutablePointer<UInt32>
    let capacity: Int
    var count: Int

    /// The slot of `rgb` (0xRRGGBB), counting one more pixel of it. At most `capacity`
    /// distinct colors (the `maxDistinct` given to `reset`).
    @inline(__always) mutating func insert(_ rgb: UInt32) -> Int32 {
      let h = ColorHistogram.entryIndex(of: rgb, in: table, bits: bits)
      let e = table[h]
      if e != 0 {
        let s = Int32(truncatingIfNeeded: e)
        counts[Int(s)] &+= 1
        return s
      }
      let s = Int32(count)
      table[h] = ColorHistogram.key(rgb) | UInt64(UInt32(bitPattern: s))
      colors[count] = rgb
      counts[count] = 1
      count += 1
      if count * 2 > 1 << bits { grow() }
      return s
    }

    /// The slot of `rgb` if present.
    @inline(__always) func find(_ rgb: UInt32) -> Int32? {
      let e = table[ColorHistogram.entryIndex(of: rgb, in: table, bits: bits)]
      return e == 0 ? nil : Int32(truncatingIfNeeded: e)
    }

    /// Doubles the table, entering the colors again by slot.
    @inline(never) private mutating func grow() {
      let old = table
      bits += 1
      table = .allocate(capacity: 1 << bits)
      table.initialize(repeating: 0, count: 1 << bits)
      for s in 0..<count {
        let rgb = colors[s]
        table[ColorHistogram.entryIndex(of: rgb, in: table, bits: bits)] = ColorHistogram.key(rgb) | UInt64(s)
      }
      old.deallocate()
    }
  }

  /// An inserter over the histogram; nothing else may touch the histogram until it is
  /// committed (it may move the table).
  func inserter() -> Inserter {
    Inserter(table: table, bits: bits, colors: colorStore, counts: countStore, capacity: capacity, count: count)
  }

  func commit(_ inserter: Inserter) {
    table = inserter.table
    bits = inserter.bits
    count = inserter.count
  }

  /// Inserts one color (slow path, outside hot loops).
  @discardableResult func insert(_ rgb: UInt32) -> Int32 {
    var i = inserter()
    let s = i.insert(rgb)
    commit(i)
    return s
  }

  func find(_ rgb: UInt32) -> Int32? { inserter().find(rgb) }
}
