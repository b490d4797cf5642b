/// Temporal stability: a pixel whose *source* did not change keeps exactly what is on screen.
///
/// Why: the frame-differencing test compares the new source with the decoded screen. A pixel
/// that was quantized (photos, gradients) never equals its source, so a static region inside
/// the changed rectangle used to be quantized again with the new frame's palette and lossy
/// choices: the same source pixel decoded to another color, its error changed and the region
/// flickered. Here every screen pixel remembers the source it was coded for (`codedFor`);
/// when the new source matches that (within `stableTolerance` per channel), the pixel is
/// handed to the rest of the encoder as the screen color itself, so it is left transparent
/// and decodes to the same value as before (its error changes by at most the tolerance).
///
/// Invariant kept between frames: where the screen is opaque, `canvas[p]` is an accepted
/// rendering of `codedFor[p]` (exact, quantized, or a lossy substitution that was within the
/// frame's budget). A screen pixel cleared by disposal 2 is transparent and is never kept for
/// an opaque source, so disposal needs no bookkeeping here.
extension GIFEncoderCore {
  /// The frame as the encoder should code it: `f` where the source changed, the screen where
  /// it still matches the source the screen was coded for. Updates `codedFor` for the pixels
  /// that will be coded (or are already equal on screen) from `f`.
  func stabilized(_ f: [UInt8]) -> [UInt8] {
    let n = f.count / 4
    guard codedFor.count == n, canvas.count == f.count else {
      // First frame (or first after a size change, which the encoder refuses anyway).
      codedFor = f.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
      return f
    }
    let tol = UInt32(stableTolerance)
    // Two halves on two threads for a large frame, as for the LZW segments: each pixel is
    // decided on its own, so the split cannot change the result. Each half also writes its
    // pixels of the result, so the copy of the frame is shared out too.
    let parts = n >= segmentMinPixels ? 2 : 1
    let substituted = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts)
    defer { substituted.deallocate() }
    let out = [UInt8](unsafeUninitializedCapacity: f.count) { ob, initialized in
      f.withUnsafeBytes { fb in
        canvas.withUnsafeBytes { cb in
          codedFor.withUnsafeMutableBufferPointer { coded in
            let op = UnsafeMutableRawPointer(ob.baseAddress!).bindMemory(to: UInt32.self, capacity: n)
            let fp = fb.bindMemory(to: UInt32.self).baseAddress!, cp = cb.bindMemory(to: UInt32.self).baseAddress!
            let kp = coded.baseAddress!
            runParts(parts, parallel: parallelSegments) { i in
              substituted[i] = Self.keepStable(
                fp, into: op, screen: cp, codedFor: kp, range: n * i / parts..<n * (i + 1) / parts, tolerance: tol)
            }
          }
        }
      }
      initialized = f.count
    }
    // No copy kept when nothing was substituted (moving content).
    return substituted.reduce(0, +) == 0 ? f : out
  }

  /// The pass of `stabilized` over the pixels `range`: sources still matching what their
  /// screen pixel was coded for become the screen color in `op`; the others are copied to `op`
  /// as they are and remembered as what the screen will now be coded for. Returns how many
  /// pixels were substituted.
  static func keepStable(
    _ fp: UnsafePointer<UInt32>, into op: UnsafeMutablePointer<UInt32>, screen cp: UnsafePointer<UInt32>,
    codedFor coded: UnsafeMutablePointer<UInt32>, range: Range<Int>, tolerance tol: UInt32
  ) -> Int {
    var substituted = 0, start = range.lowerBound
    if tol == 0 { (start, substituted) = keepStableExact(fp, into: op, screen: cp, codedFor: coded, range: range) }
    for p in start..<range.upperBound {
      let s = fp[p], c = cp[p]
      // Equal on screen already: nothing to decide, the screen now stands for `s`.
      if s == c {
        coded[p] = s
        op[p] = s
      } else if s >> 24 != 0 && c >> 24 != 0 && same(s, coded[p], tol) {
        // Only opaque over opaque: a screen pixel cleared by disposal 2 (transparent) no
        // longer renders what it was coded for, so it is coded again.
        op[p] = c
        substituted += 1
      } else {
        coded[p] = s
        op[p] = s
      }
    }
    return substituted
  }

  /// `keepStable` without tolerance, eight pixels at a time, over the longest prefix of `range`
  /// that is a multiple of eight; returns where it stopped and how many it substituted. With
  /// tolerance 0 a kept source equals what its pixel was coded for, so `codedFor` becomes the
  /// source everywhere, and the choice is branch-free: the screen where the source is opaque
  /// over opaque, unchanged since it was coded and not already on screen, else the source.
  static func keepStableExact(
    _ fp: UnsafePointer<UInt32>, into op: UnsafeMutablePointer<UInt32>, screen cp: UnsafePointer<UInt32>,
    codedFor coded: UnsafeMutablePointer<UInt32>, range: Range<Int>
  ) -> (end: Int, substituted: Int) {
    typealias Eight = SIMD8<UInt32>
    var counts = Eight.zero
    var p = range.lowerBound
    while p &+ 8 <= range.upperBound {
      let s = UnsafeRawPointer(fp + p).loadUnaligned(as: Eight.self)
      let c = UnsafeRawPointer(cp + p).loadUnaligned(as: Eight.self)
      let k = UnsafeRawPointer(coded + p).loadUnaligned(as: Eight.self)
      let alpha = Eight(repeating: 0xFF00_0000)
      let kept = s .== k .& s .!= c .& (s & alpha) .!= .zero .& (c & alpha) .!= .zero
      UnsafeMutableRawPointer(op + p).storeBytes(of: s.replacing(with: c, where: kept), as: Eight.self)
      UnsafeMutableRawPointer(coded + p).storeBytes(of: s, as: Eight.self)
      counts &+= Eight.zero.replacing(with: 1, where: kept)
      p &+= 8
    }
    return (p, Int(counts.wrappedSum()))
  }
}
