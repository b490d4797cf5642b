/// What lossy LZW may substitute: pixel p accepts palette index k when
///
/// - k is the transparent index and the pixel may stay as it is on screen (`keep`: it is
///   transparent in the frame, or, after the first frame, as it is on screen): no error; or
/// - the pixel is opaque, its tolerance (`tolerances[activity]`, see `VisualMasking`) is not 0,
///   and every channel of entry k (for the transparent index: of what is on screen) is within
///   that tolerance of the pixel's **source**; the cost is the squared RGB error.
///
/// A pixel whose tolerance is 0 (a flat one) therefore accepts only its own index. Errors are
/// always measured against the source, never against what the stable keep put in its place,
/// so a kept pixel coded again cannot drift from its source by more than its tolerance.
///
/// The substitutions of one segment may add at most `budget` of squared error in total, spread
/// evenly over the pixels (at pixel p at most budget × (p + 1) / count plus one pixel's worst
/// error, and never more than `budget`, has been spent), so every frame keeps its PSNR target.
///
/// Pixels are read straight from the source's and the screen's RGBA words (alpha 0 or 255)
/// and the activity bytes, all laid out like the frame (rows `stride` apart, each pointer at
/// the rectangle's first pixel); `keep` holds the rectangle's classification (`slots`, < 0
/// where the transparent index may code the pixel as it is). Pixel p of this target is
/// rectangle pixel `start + p` (rectangles are `rectWidth` wide). Only the few pixels the
/// search asks about are looked at.
struct LossyTarget {
  let frame: UnsafePointer<UInt32>
  let screen: UnsafePointer<UInt32>
  let activity: UnsafePointer<UInt8>
  let keep: UnsafePointer<Int32>
  let rectWidth: Int
  let stride: Int
  let start: Int
  /// The palette's entries as RGBA words, like the pixels (`GIFEncoderCore.canvasWords`).
  let entryWords: UnsafePointer<UInt32>
  let transparent: Int
  /// Per activity 0...255, the largest per-channel error a pixel may take (`VisualMasking.table`).
  let tolerances: UnsafePointer<Int32>
  let budget: Double

  /// What the search asks about one pixel. Read once per pixel, then asked of every candidate
  /// index.
  struct Subject {
    let frame: UInt32, screen: UInt32
    let keep: Bool
    /// 0 when the pixel accepts nothing but its own index.
    let tolerance: Int32
  }

  /// Pixel p's subject.
  @inline(__always) func subject(_ p: Int) -> Subject {
    let q = start &+ p
    let o = rectWidth == stride ? q : (q / rectWidth) &* stride &+ q % rectWidth
    let f = frame[o]
    return Subject(
      frame: f, screen: screen[o], keep: keep[q] < 0, tolerance: f >> 24 == 0 ? 0 : tolerances[Int(activity[o])])
  }

  /// Squared error of coding pixel p as k, or -1 when not allowed.
  @inline(__always) func cost(_ p: Int, _ k: UInt8) -> Int32 { cost(subject(p), k) }

  /// Squared error of coding the pixel of `x` as k, or -1 when not allowed.
  @inline(__always) func cost(_ x: Subject, _ k: UInt8) -> Int32 {
    let f = x.frame
    if f >> 24 == 0 { return Int(k) == transparent ? 0 : -1 }  // transparent: only as itself
    var c = entryWords[Int(k)]  // 0xAABBGGRR
    if Int(k) == transparent {
      if x.keep { return 0 }
      if x.screen >> 24 == 0 { return -1 }
      c = x.screen
    }
    if x.tolerance == 0 { return -1 }
    let dr = Int32(truncatingIfNeeded: f & 0xFF) - Int32(truncatingIfNeeded: c & 0xFF)
    let dg = Int32(truncatingIfNeeded: (f >> 8) & 0xFF) - Int32(truncatingIfNeeded: (c >> 8) & 0xFF)
    let db = Int32(truncatingIfNeeded: (f >> 16) & 0xFF) - Int32(truncatingIfNeeded: (c >> 16) & 0xFF)
    if max(abs(dr), abs(dg), abs(db)) > x.tolerance { return -1 }
    return dr * dr + dg * dg + db * db
  }
}
