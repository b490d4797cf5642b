/// Temporal stability: a pixel whose *source* did not change keeps exactly what is on screen.
///
/// Why: the frame-differencing test compares the new source with the decoded screen. A pixel
/// that was quantized (photos, gradients) never equals its source, so a static region inside
/// the changed rectangle used to be quantized again with the new frame's palette and lossy
/// choices: the same source pixel decoded to another color, its error changed and the region
/// flickered. Here every screen pixel remembers the source it was coded for (`codedFor`);
/// when the new source is that source, the pixel is handed to the rest of the encoder as the
/// screen color itself, so it is left transparent and decodes to the same value as before.
///
/// Except on a flat pixel (activity 0, see `VisualMasking`) whose screen is more than
/// `flatKeepLimit` off: its error was accepted while the pixel had contrast around it (an
/// edge that has since moved away), and on an even background it would now show as a speckle,
/// so it is coded again.
///
/// Invariant kept between frames: where the screen is opaque, `canvas[p]` is an accepted
/// rendering of `codedFor[p]` (exact, quantized, or a lossy substitution that was within the
/// frame's budget). A screen pixel cleared by disposal 2 is transparent and is never kept for
/// an opaque source, so disposal needs no bookkeeping here.
extension GIFEncoderCore {
  /// The largest per-channel error a flat pixel keeps from an earlier frame: the speckle
  /// figure's threshold (docs/gif-encoder.md#visual-masking).
  static let flatKeepLimit: UInt32 = 6

  /// The frame as the encoder should code it: `f` where the source changed, the screen where
  /// it still is the source the screen was coded for. Updates `codedFor` to `f`. Reads the
  /// frame's `activity`.
  func stabilized(_ f: [UInt8]) -> [UInt8] {
    let n = f.count / 4
    guard codedFor.count == n, canvas.count == f.count, activity.count == n else {
      // First frame (or first after a size change, which the encoder refuses anyway).
      codedFor = f.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
      return f
    }
    // In parts, on `threads` threads: each pixel is decided on its own, so the split cannot
    // change the result. Each part also writes its pixels of the result, so the copy of the
    // frame is shared out too.
    let parts = partCount(n)
    let substituted = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts)
    defer { substituted.deallocate() }
    let out = [UInt8](unsafeUninitializedCapacity: f.count) { ob, initialized in
      f.withUnsafeBytes { fb in
        canvas.withUnsafeBytes { cb in
          activity.withUnsafeBufferPointer { ab in
            codedFor.withUnsafeMutableBufferPointer { coded in
              let op = UnsafeMutableRawPointer(ob.baseAddress!).bindMemory(to: UInt32.self, capacity: n)
              let fp = fb.bindMemory(to: UInt32.self).baseAddress!, cp = cb.bindMemory(to: UInt32.self).baseAddress!
              let kp = coded.baseAddress!, ap = ab.baseAddress!
              runParts(parts, threads: threads) { i in
                substituted[i] = Self.keepStable(
                  fp, into: op, screen: cp, codedFor: kp, activity: ap, range: partRange(i, of: parts, n))
              }
            }
          }
        }
      }
      initialized = f.count
    }
    // No copy kept when nothing was substituted (moving content).
    return substituted.reduce(0, +) == 0 ? f : out
  }

  /// Whether the screen word `c` may stand for the unchanged opaque source `s`: both opaque,
  /// not already equal, and, on a flat pixel, within `flatKeepLimit`.
  @inline(__always) static func keeps(_ s: UInt32, screen c: UInt32, flat: Bool) -> Bool {
    guard s != c, s >> 24 != 0, c >> 24 != 0 else { return false }
    return !flat || maxChannelDifference(s, c) <= flatKeepLimit
  }

  /// The largest per-channel difference of two RGBA words' colors.
  @inline(__always) static func maxChannelDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var d: UInt32 = 0
    for shift: UInt32 in [0, 8, 16] {
      let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
      d = max(d, x > y ? x - y : y - x)
    }
    return d
  }

  /// The pass of `stabilized` over the pixels `range`, eight at a time: a source that is what
  /// its screen pixel was coded for and `keeps` it becomes the screen color in `op`, the others
  /// are copied as they are; `codedFor` becomes the source everywhere (a kept source is what
  /// its pixel was coded for). Branch-free but where a kept pixel is flat. Returns how many
  /// pixels were substituted.
  static func keepStable(
    _ fp: UnsafePointer<UInt32>, into op: UnsafeMutablePointer<UInt32>, screen cp: UnsafePointer<UInt32>,
    codedFor coded: UnsafeMutablePointer<UInt32>, activity ap: UnsafePointer<UInt8>, range: Range<Int>
  ) -> Int {
    typealias Eight = SIMD8<UInt32>
    var counts = Eight.zero
    var p = range.lowerBound
    let alpha = Eight(repeating: 0xFF00_0000)
    while p &+ 8 <= range.upperBound {
      let s = UnsafeRawPointer(fp + p).loadUnaligned(as: Eight.self)
      let c = UnsafeRawPointer(cp + p).loadUnaligned(as: Eight.self)
      let k = UnsafeRawPointer(coded + p).loadUnaligned(as: Eight.self)
      var kept = s .== k .& s .!= c .& (s & alpha) .!= .zero .& (c & alpha) .!= .zero
      let flat = Eight(truncatingIfNeeded: UnsafeRawPointer(ap + p).loadUnaligned(as: SIMD8<UInt8>.self)) .== .zero
      if any(kept .& flat) {
        for i in 0..<8 where kept[i] && flat[i] { kept[i] = keeps(s[i], screen: c[i], flat: true) }
      }
      UnsafeMutableRawPointer(op + p).storeBytes(of: s.replacing(with: c, where: kept), as: Eight.self)
      UnsafeMutableRawPointer(coded + p).storeBytes(of: s, as: Eight.self)
      counts &+= Eight.zero.replacing(with: 1, where: kept)
      p &+= 8
    }
    var substituted = Int(counts.wrappedSum())
    while p < range.upperBound {
      let s = fp[p], c = cp[p]
      let kept = s == coded[p] && keeps(s, screen: c, flat: ap[p] == 0)
      op[p] = kept ? c : s
      coded[p] = s
      if kept { substituted += 1 }
      p += 1
    }
    return substituted
  }
}
