#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of the canvas one `ANMF` codes.
struct WebPSubframe {
  var x = 0, y = 0, width = 0, height = 0
  /// Blended over the canvas: every pixel is opaque (coded) or fully transparent (the canvas
  /// shows through). Otherwise the rectangle replaces the canvas.
  var blend = false
}

/// Frame differencing for animated WebP: which blocks of a frame are coded again, and the
/// pixels of the sub-frame that codes them.
///
/// Per pixel it remembers the source the canvas shows a coding of (`codedFor`), and a block
/// is coded again as soon as some pixel's source has moved from it by more than `tolerance`
/// in a channel. The decision never compares a frame with the previous one, so no change is
/// too slow to be coded: every pixel on the canvas is a coding of a source within
/// `tolerance` of its current one, and lossy error cannot pile up over frames.
///
/// Lossy blocks are 16 × 16 on a grid anchored at the canvas's origin, a VP8 macroblock each
/// (sub-frames start on the grid, so a block coded again is coded in macroblocks of its own);
/// lossless blocks are single pixels, and a rectangle then starts one pixel early where
/// `ANMF`'s even offsets need it.
final class WebPDifferencing {
  let width: Int, height: Int
  /// Block side in pixels: 16 lossy, 1 lossless.
  let block: Int
  let lossless: Bool
  /// The largest change of a channel that leaves a block as it is coded (`tolerance(_:)`).
  let tolerance: Int
  private let blocksAcross: Int, blocksDown: Int
  /// Per pixel (straight RGBA), the source that the canvas shows a coding of; zeros before
  /// the first frame.
  private(set) var codedFor: [UInt8]
  /// Per block, whether the frame being coded codes it again.
  private var changed: [Bool]
  /// Per block left transparent in a blended lossy sub-frame, the RGBA word coded under it.
  private var fill: [UInt32]
  /// The latest sub-frame's pixels (straight RGBA, rows of its width), reused.
  private(set) var pixels: [UInt8] = []

  init(width: Int, height: Int, options: EncodingOptions) {
    self.width = width
    self.height = height
    lossless = options.lossless
    tolerance = Self.tolerance(options)
    block = options.lossless ? 1 : 16
    blocksAcross = (width + block - 1) / block
    blocksDown = (height + block - 1) / block
    codedFor = [UInt8](repeating: 0, count: width * height * 4)
    changed = [Bool](repeating: false, count: blocksAcross * blocksDown)
    fill = [UInt32](repeating: 0, count: lossless ? 0 : blocksAcross * blocksDown)
  }

  /// The whole frame, replacing the canvas (the first frame, and held frames coded clean);
  /// its pixels are `source` itself.
  func whole(_ source: [UInt8]) -> WebPSubframe {
    codedFor = source
    return WebPSubframe(x: 0, y: 0, width: width, height: height, blend: false)
  }

  /// The rectangle around the blocks of `source` that changed, its pixels left in `pixels`.
  /// When every pixel of those blocks is opaque, the other blocks are transparent and the
  /// sub-frame is blended; else it holds the rectangle's source and replaces the canvas.
  /// When no block changed, the first block is coded again (a frame must code something).
  func changes(_ source: [UInt8]) -> WebPSubframe {
    source.withUnsafeBytes { s in
      let src = s.bindMemory(to: UInt32.self)
      markChangedBlocks(src)
      var r = changedRectangle()
      r.blend = changedPixelsAreOpaque(src, in: r)
      if r.blend && !lossless { averageUnchangedBlocks(src, in: r) }
      copyPixels(src, into: r)
      return r
    }
  }

  /// Per channel, how far a pixel's source may move from what it was coded for before its
  /// block is coded again: 0 lossless and at quality 100, 1 from quality 50, 2 below. A
  /// level or two is far below a lossy coding's own error (about 4.5 levels RMS at 80, 9 at
  /// 20) and spares re-coding regions that barely change: at 80, 1 saves 29 % of
  /// partial-curl's bytes and 11 % of crossfade's. Measured worst frames below the same frame
  /// coded alone: 0.74 dB with 1 at 70, 0.70 dB with 2 at 40, 0.97 dB with 3 at 40
  /// (docs/encoders.md#webp-differencing).
  static func tolerance(_ options: EncodingOptions) -> Int {
    options.lossless || options.quality >= 100 ? 0 : options.quality >= 50 ? 1 : 2
  }

  private func index(_ bx: Int, _ by: Int) -> Int { by * blocksAcross + bx }

  /// The blocks `bx0...bx1` that hold some of the columns `x0..<x1`.
  private func blockRange(_ x0: Int, _ x1: Int) -> ClosedRange<Int> { (x0 / block)...((x1 - 1) / block) }

  /// The columns of block `bx` within `x0..<x1`.
  private func columns(ofBlock bx: Int, within x0: Int, _ x1: Int) -> Range<Int> {
    max(x0, bx * block)..<min(x1, (bx + 1) * block)
  }

  private func markChangedBlocks(_ src: UnsafeBufferPointer<UInt32>) {
    for k in changed.indices { changed[k] = false }
    codedFor.withUnsafeBytes { c in
      let old = c.bindMemory(to: UInt32.self)
      for y in 0..<height {
        let row = y * width, by = y / block
        for bx in 0..<blocksAcross where !changed[index(bx, by)] {
          for x in columns(ofBlock: bx, within: 0, width) where moved(src[row + x], from: old[row + x]) {
            changed[index(bx, by)] = true
            break
          }
        }
      }
    }
  }

  /// Whether a channel of `pixel` differs from `coded` by more than the tolerance.
  @inline(__always) private func moved(_ pixel: UInt32, from coded: UInt32) -> Bool {
    guard pixel != coded else { return false }
    for shift in stride(from: UInt32(0), to: 32, by: 8)
    where abs(Int((pixel >> shift) & 0xFF) - Int((coded >> shift) & 0xFF)) > tolerance {
      return true
    }
    return false
  }

  /// The bounding rectangle of the changed blocks, its corner moved to even coordinates.
  private func changedRectangle() -> WebPSubframe {
    var x0 = blocksAcross, y0 = blocksDown, x1 = -1, y1 = -1
    for by in 0..<blocksDown {
      for bx in 0..<blocksAcross where changed[index(bx, by)] {
        x0 = min(x0, bx); x1 = max(x1, bx)
        y0 = min(y0, by); y1 = max(y1, by)
      }
    }
    if x1 < 0 {
      changed[0] = true
      (x0, y0, x1, y1) = (0, 0, 0, 0)
    }
    let left = (x0 * block) & ~1, top = (y0 * block) & ~1
    return WebPSubframe(
      x: left, y: top, width: min(width, (x1 + 1) * block) - left, height: min(height, (y1 + 1) * block) - top)
  }

  private func changedPixelsAreOpaque(_ src: UnsafeBufferPointer<UInt32>, in r: WebPSubframe) -> Bool {
    for y in r.y..<(r.y + r.height) {
      let row = y * width, by = y / block
      for bx in blockRange(r.x, r.x + r.width) where changed[index(bx, by)] {
        for x in columns(ofBlock: bx, within: r.x, r.x + r.width) where src[row + x] >> 24 != 0xFF { return false }
      }
    }
    return true
  }

  /// The colour coded under each unchanged block of a blended lossy sub-frame: the mean of
  /// its source, opaque pixels' colour with alpha 0. A flat block is nearly free to code, and
  /// at its own mean it disturbs its changed neighbours far less than black does (they are
  /// predicted, filtered and put in quantizer segments together): on `cube --speed 0.25`,
  /// the worst frame 1.58 dB below the same frame coded alone with black, 0.36 dB with means,
  /// and 1.1 % fewer bytes.
  private func averageUnchangedBlocks(_ src: UnsafeBufferPointer<UInt32>, in r: WebPSubframe) {
    for by in blockRange(r.y, r.y + r.height) {
      for bx in blockRange(r.x, r.x + r.width) where !changed[index(bx, by)] {
        var red = 0, green = 0, blue = 0, count = 0
        for y in columns(ofBlock: by, within: 0, height) {
          for x in columns(ofBlock: bx, within: 0, width) {
            let p = src[y * width + x]
            red += Int(p & 0xFF); green += Int((p >> 8) & 0xFF); blue += Int((p >> 16) & 0xFF)
            count += 1
          }
        }
        fill[index(bx, by)] = UInt32(red / count) | UInt32(green / count) << 8 | UInt32(blue / count) << 16
      }
    }
  }

  /// Fills `pixels` for `r` and records in `codedFor` what the canvas now shows a coding of:
  /// blended, the changed blocks' source, and elsewhere the block's fill (lossy) or
  /// transparent black (lossless: what VP8L codes smallest, 4 % under the source's colour);
  /// replacing, the whole rectangle's source.
  private func copyPixels(_ src: UnsafeBufferPointer<UInt32>, into r: WebPSubframe) {
    let count = r.width * r.height
    if pixels.count != count * 4 {
      pixels.removeAll(keepingCapacity: true)
      pixels.append(contentsOf: repeatElement(0, count: count * 4))
    }
    pixels.withUnsafeMutableBytes { p in
      codedFor.withUnsafeMutableBytes { c in
        let out = p.bindMemory(to: UInt32.self), coded = c.bindMemory(to: UInt32.self)
        for y in 0..<r.height {
          let row = (r.y + y) * width, by = (r.y + y) / block, to = y * r.width - r.x
          for bx in blockRange(r.x, r.x + r.width) {
            let keep = r.blend && !changed[index(bx, by)]
            for x in columns(ofBlock: bx, within: r.x, r.x + r.width) {
              out[to + x] = keep ? (lossless ? 0 : fill[index(bx, by)]) : src[row + x]
              if !keep { coded[row + x] = src[row + x] }
            }
          }
        }
      }
    }
  }
}
