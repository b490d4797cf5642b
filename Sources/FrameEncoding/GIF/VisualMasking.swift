/// Visual masking for lossy GIF coding: how much error each pixel can hide.
///
/// A viewer forgives error on edges and texture, where the picture itself changes from pixel
/// to pixel, and sees it on an even background: a stray grey pixel on white is a speckle, the
/// same error beside a letter's stroke is not seen. So every pixel gets a tolerance from its
/// **activity**, the contrast of its source neighbourhood: the largest, over the channels, of
/// the range of values in its 3 × 3 neighbourhood (neighbours outside the frame left out).
/// Activity 0 is exactly a flat pixel (its neighbourhood is one colour): it gets no lossy
/// error at all. A smooth gradient (activity of a level or two) gets about its own step, so
/// lossy LZW cannot move the edges of its palette bands into wavy streaks; edges and texture
/// get the frame's whole tolerance, and the strongest edges half as much again.
/// (docs/gif-encoder.md#visual-masking)
enum VisualMasking {
  /// The tolerance of each activity 0...255 for a frame whose lossy tolerance is `tolerance`:
  /// 0 for a flat pixel, the activity itself up to `tolerance`, then `tolerance`, and from
  /// activity 4 × `tolerance` on (strong edges: text, outlines) 1.5 × `tolerance`, at most 64.
  static func table(tolerance: Int) -> [Int32] {
    (0..<256).map { a in
      if tolerance <= 0 || a == 0 { return 0 }
      if a >= 4 * tolerance { return Int32(min(64, tolerance * 3 / 2)) }
      return Int32(min(a, tolerance))
    }
  }

  /// Writes the activity of every pixel of rows `rows` of the `width × height` frame `frame`
  /// (RGBA words) into `activity` (one byte a pixel, row-major, the whole frame's layout).
  /// Rows are independent: any split of the frame's rows gives the same bytes.
  static func activity(
    _ frame: UnsafePointer<UInt32>, width w: Int, height h: Int, rows: Range<Int>,
    into activity: UnsafeMutablePointer<UInt8>
  ) {
    guard w > 0, !rows.isEmpty else { return }
    // Per row, each byte's largest and smallest value among the pixel and its left and right
    // neighbours; three such rows (above, this, below) give the 3 × 3 range.
    let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 6 * w)
    defer { scratch.deallocate() }
    func hmax(_ k: Int) -> UnsafeMutablePointer<UInt32> { scratch + (k % 3) * w }
    func hmin(_ k: Int) -> UnsafeMutablePointer<UInt32> { scratch + (3 + k % 3) * w }
    func fill(_ y: Int) {
      horizontalRange(frame + y * w, count: w, max: hmax(y), min: hmin(y))
    }
    let first = max(0, rows.lowerBound - 1)
    for y in first..<min(h, rows.lowerBound + 1) { fill(y) }
    for y in rows {
      if y + 1 < h { fill(y + 1) }
      let above = max(0, y - 1), below = min(h - 1, y + 1)
      verticalRange(
        max: (hmax(above), hmax(y), hmax(below)), min: (hmin(above), hmin(y), hmin(below)), count: w,
        into: activity + y * w)
    }
  }

  typealias Bytes = SIMD16<UInt8>

  @inline(__always) private static func load(_ p: UnsafePointer<UInt8>) -> Bytes {
    UnsafeRawPointer(p).loadUnaligned(as: Bytes.self)
  }

  @inline(__always) private static func store(_ v: Bytes, _ p: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: Bytes.self)
  }

  // Lane-wise max and min written out: the standard library's generic pointwiseMax and
  // pointwiseMin are not inlined here, and a call per vector cost more than the pass itself.
  @inline(__always) private static func vmax(_ a: Bytes, _ b: Bytes) -> Bytes { a.replacing(with: b, where: b .> a) }
  @inline(__always) private static func vmin(_ a: Bytes, _ b: Bytes) -> Bytes { a.replacing(with: b, where: b .< a) }

  /// Each byte's largest and smallest value over a pixel and its neighbours in the row, 16
  /// bytes (four pixels) at a time.
  @inline(__always)
  private static func horizontalRange(
    _ row: UnsafePointer<UInt32>, count w: Int, max hi: UnsafeMutablePointer<UInt32>,
    min lo: UnsafeMutablePointer<UInt32>
  ) {
    let src = UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self)
    let mx = UnsafeMutableRawPointer(hi).assumingMemoryBound(to: UInt8.self)
    let mn = UnsafeMutableRawPointer(lo).assumingMemoryBound(to: UInt8.self)
    let n = 4 * w
    // Byte i's neighbours are bytes i − 4 and i + 4, where they exist.
    @inline(__always) func one(_ i: Int) {
      var a = src[i], b = src[i]
      if i >= 4 { a = Swift.max(a, src[i - 4]); b = Swift.min(b, src[i - 4]) }
      if i + 4 < n { a = Swift.max(a, src[i + 4]); b = Swift.min(b, src[i + 4]) }
      mx[i] = a
      mn[i] = b
    }
    var i = 0
    while i < Swift.min(4, n) { one(i); i += 1 }
    while i + 16 + 4 <= n {
      let l = load(src + i - 4), c = load(src + i), r = load(src + i + 4)
      store(vmax(vmax(l, c), r), mx + i)
      store(vmin(vmin(l, c), r), mn + i)
      i += 16
    }
    while i < n { one(i); i += 1 }
  }

  /// The 3 × 3 range from three rows' horizontal ranges: per pixel, the largest byte of
  /// (max − min) over the three rows, 16 bytes (four pixels) at a time.
  @inline(__always)
  private static func verticalRange(
    max hi: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>),
    min lo: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>),
    count w: Int, into out: UnsafeMutablePointer<UInt8>
  ) {
    func bytes(_ p: UnsafeMutablePointer<UInt32>) -> UnsafePointer<UInt8> {
      UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
    }
    let a0 = bytes(hi.0), a1 = bytes(hi.1), a2 = bytes(hi.2)
    let b0 = bytes(lo.0), b1 = bytes(lo.1), b2 = bytes(lo.2)
    @inline(__always) func largestByte(_ v: SIMD4<UInt32>) -> SIMD4<UInt32> {
      let m = SIMD4<UInt32>(repeating: 0xFF)
      @inline(__always) func mx(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
        a.replacing(with: b, where: b .> a)
      }
      return mx(mx(v & m, (v &>> 8) & m), mx((v &>> 16) & m, v &>> 24))
    }
    var x = 0
    while x + 4 <= w {
      let i = 4 * x
      let top = vmax(vmax(load(a0 + i), load(a1 + i)), load(a2 + i))
      let bottom = vmin(vmin(load(b0 + i), load(b1 + i)), load(b2 + i))
      let m = largestByte(unsafeBitCast(top &- bottom, to: SIMD4<UInt32>.self))
      for k in 0..<4 { out[x + k] = UInt8(truncatingIfNeeded: m[k]) }
      x += 4
    }
    while x < w {
      var r: UInt8 = 0
      for c in 0..<4 {
        let i = 4 * x + c
        r = Swift.max(r, Swift.max(a0[i], Swift.max(a1[i], a2[i])) &- Swift.min(b0[i], Swift.min(b1[i], b2[i])))
      }
      out[x] = r
      x += 1
    }
  }
}
