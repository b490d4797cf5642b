import Foundation
import Snapshot
import CCairo
import Pixels

/// Premultiplied ARGB32 pixels (Cairo's native-endian word: `a << 24 | r << 16 | g << 8 | b`)
/// with a chain of 2×2 box-filtered mip levels for minification.
///
/// Every level is stored with a border of one texel on each side repeating its edge texels
/// (the PAD extension), so a bilinear footprint at any clamped coordinate reads inside the
/// storage without a per-texel bounds check. Immutable after `init`, so one chain may be read
/// from any number of threads; the memory is owned by the chain and freed with it.
final class MipChain: @unchecked Sendable {
  struct Level {
    let width: Int
    let height: Int
    /// Texels from one row to the next (`width + 2`).
    let stride: Int
    /// Texel (0, 0); texels (−1…width, −1…height) are readable.
    let pixels: UnsafeMutablePointer<UInt32>
    /// The allocation (the border's top-left texel).
    let storage: UnsafeMutablePointer<UInt32>

    /// An uninitialized level with its border, and four zero texels past the bottom border (so
    /// that four consecutive texels from any border texel can be loaded at once).
    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      stride = width + 2
      storage = UnsafeMutablePointer<UInt32>.allocate(capacity: (width + 2) * (height + 2) + 4)
      (storage + (width + 2) * (height + 2)).initialize(repeating: 0, count: 4)
      pixels = storage + stride + 1
    }

    /// This level with rows and columns swapped, border included: texel (x, y) here is texel
    /// (y, x) there, so that a column of this level is one run of memory.
    func transposed() -> Level {
      let t = Level(width: height, height: width)
      for x in -1...width {
        let column = t.pixels + x * t.stride
        var p = pixels + x - stride
        for y in -1...height {
          column[y] = p.pointee
          p += stride
        }
      }
      return t
    }

    /// Copies the edge texels into the border (after the interior is written).
    func fillBorder() {
      for y in 0..<height {
        let row = pixels + y * stride
        row[-1] = row[0]
        row[width] = row[width - 1]
      }
      (storage).update(from: storage + stride, count: stride)
      (pixels + height * stride - 1).update(from: pixels + (height - 1) * stride - 1, count: stride)
    }
  }
  let levels: [Level]
  var base: Level { levels[0] }
  /// `levels` as `MipSampler` reads them.
  let views: [MipSampler.LevelView]
  /// `levels` transposed (`Level.transposed`), made on first use (`ColumnMapper` reads down
  /// columns; row-major storage would cost a cache line and a page walk per texel).
  private let transposedLevels = Locked<[Level]?>(nil)

  /// The levels with rows and columns swapped, made once and then shared.
  var columnMajor: [Level] {
    transposedLevels.withLock { t in
      if let t { return t }
      let made = levels.map { $0.transposed() }
      t = made
      return made
    }
  }

  /// A chain whose level 0 is `width × height` texels written row by row by `fill(y, row)`, and
  /// its levels down to 1×1 when `mipmapped`, else the base only.
  init(width: Int, height: Int, mipmapped: Bool, fill: (Int, UnsafeMutablePointer<UInt32>) -> Void) {
    let base = Level(width: width, height: height)
    for y in 0..<height { fill(y, base.pixels + y * base.stride) }
    base.fillBorder()
    var levels = [base]
    if mipmapped {
      while let last = levels.last, last.width > 1 || last.height > 1 {
        levels.append(MipChain.downsample(last))
      }
    }
    self.levels = levels
    views = MipSampler.views(of: levels)
  }

  /// Copies a Cairo ARGB32 image surface (already flushed).
  convenience init(copying surface: OpaquePointer, mipmapped: Bool) {
    let w = Int(cairo_image_surface_get_width(surface))
    let h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let src = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    self.init(width: w, height: h, mipmapped: mipmapped) { y, row in
      row.update(from: (src + y * stride).assumingMemoryBound(to: UInt32.self), count: w)
    }
  }

  /// Premultiplies a straight RGBA8 image: `c' = (c·a + 127) / 255`.
  convenience init(image: RGBAImage, mipmapped: Bool) {
    let w = image.width
    self.init(width: w, height: image.height, mipmapped: mipmapped) { y, row in
      image.pixels.withUnsafeBufferPointer { all in
        let src = all.baseAddress! + 4 * w * y
        for x in 0..<w {
          let r = UInt32(src[4 * x]), g = UInt32(src[4 * x + 1]), b = UInt32(src[4 * x + 2])
          let a = UInt32(src[4 * x + 3])
          if a == 255 {
            row[x] = 0xff00_0000 | r << 16 | g << 8 | b
          } else {
            let pr = (r * a + 127) / 255, pg = (g * a + 127) / 255, pb = (b * a + 127) / 255
            row[x] = a << 24 | pr << 16 | pg << 8 | pb
          }
        }
      }
    }
  }

  deinit {
    for level in levels { level.storage.deallocate() }
    for level in transposedLevels.withLock({ $0 ?? [] }) { level.storage.deallocate() }
  }

  /// Bytes of texels held: the levels, and their column-major copy once it is made.
  var byteCount: Int {
    let copies = transposedLevels.withLock { $0 ?? [] }
    return (levels + copies).reduce(0) { $0 + $1.stride * ($1.height + 2) * 4 }
  }

  /// A Cairo surface viewing level 0 (no copy). The chain must outlive the surface.
  func makeBaseSurface() -> OpaquePointer {
    let b = base
    return b.pixels.withMemoryRebound(to: UInt8.self, capacity: b.stride * b.height * 4) {
      cairo_image_surface_create_for_data($0, CAIRO_FORMAT_ARGB32, Int32(b.width), Int32(b.height), Int32(b.stride * 4))
    }
  }

  /// Half size (rounded down, at least 1), each texel the mean of its 2×2 (or 2×1) parents;
  /// an odd last row or column is folded into its neighbour's average by clamping.
  private static func downsample(_ s: Level) -> Level {
    let w = max(1, s.width / 2), h = max(1, s.height / 2)
    let out = Level(width: w, height: h)
    let src = s.pixels
    for y in 0..<h {
      let r0 = src + min(2 * y, s.height - 1) * s.stride, r1 = src + min(2 * y + 1, s.height - 1) * s.stride
      let row = out.pixels + y * out.stride
      for x in 0..<w {
        let x0 = min(2 * x, s.width - 1), x1 = min(2 * x + 1, s.width - 1)
        let p0 = r0[x0], p1 = r0[x1], p2 = r1[x0], p3 = r1[x1]
        // Sum each byte lane separately, 2 lanes at a time in 16-bit halves.
        let m: UInt32 = 0x00ff_00ff, round: UInt32 = 0x0002_0002
        var lo: UInt32 = (p0 & m) + (p1 & m)
        lo = lo + (p2 & m) + (p3 & m) + round
        var hi: UInt32 = ((p0 >> 8) & m) + ((p1 >> 8) & m)
        hi = hi + ((p2 >> 8) & m) + ((p3 >> 8) & m) + round
        row[x] = ((lo >> 2) & 0x00ff_00ff) | (((hi >> 2) & 0x00ff_00ff) << 8)
      }
    }
    out.fillBorder()
    return out
  }
}

/// Premultiplied, mipmapped textures keyed by the identity of what they were made from — a
/// `Bitmap`, a crop of a `FrozenLayerTree` at a resolution, or a `TextLayout` at a resolution —
/// shared by every render call of one `Compositor` (and its copies), within `byteBudget`
/// (column-major copies included); and the coverage masks of text drawn as vectors.
final class ContentCache: Sendable {
  private enum Key: Hashable {
    case bitmap(ObjectIdentifier)
    case tree(ObjectIdentifier, Rect, pixelsPerPoint: Double)
    case text(ObjectIdentifier, pixelsPerPoint: Double)
  }
  private let chains: BoundedCache<Key, MipChain>
  /// Coverage masks of text drawn as vectors.
  let textMasks = TextMaskCache()

  init(byteBudget: Int = 512 << 20) { chains = BoundedCache(byteBudget: byteBudget) { $0.byteCount } }

  /// The texture of a picture.
  func chain(for bitmap: Bitmap) -> MipChain {
    chains.value(for: .bitmap(ObjectIdentifier(bitmap)), source: bitmap) {
      MipChain(image: bitmap.image, mipmapped: true)
    }
  }

  /// A captured subtree's crop `rect` rasterized at `pixelsPerPoint`, built once by `build`
  /// and shared by every frame that shows it.
  func chain(for tree: FrozenLayerTree, rect: Rect, pixelsPerPoint: Double, build: () -> MipChain) -> MipChain {
    chains.value(for: .tree(ObjectIdentifier(tree), rect, pixelsPerPoint: pixelsPerPoint), source: tree, make: build)
  }

  /// A text layout rasterized at `pixelsPerPoint`, built once by `build`.
  func chain(for layout: TextLayout, pixelsPerPoint: Double, build: () -> MipChain) -> MipChain {
    chains.value(for: .text(ObjectIdentifier(layout), pixelsPerPoint: pixelsPerPoint), source: layout, make: build)
  }
}

/// Reusable pixel buffers for frame surfaces, so that consecutive frames do not pay the
/// kernel's cost of fresh zeroed pages (mmap + page faults + munmap of 4 MB per frame at
/// 750×1334). Lock-protected; a buffer is owned by exactly one render call between `take`
/// and `give`. At most `limit` idle buffers are kept.
final class BufferPool: Sendable {
  private struct Buffer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let bytes: Int
  }
  private let idle = Locked<[Buffer]>([])
  let limit: Int

  init(limit: Int = 8) { self.limit = limit }

  /// A buffer of at least `bytes` bytes (contents undefined).
  func take(bytes: Int) -> (pointer: UnsafeMutableRawPointer, capacity: Int) {
    if let b = idle.withLock({ list -> Buffer? in
      guard let i = list.firstIndex(where: { $0.bytes >= bytes && $0.bytes <= bytes * 2 }) else { return nil }
      return list.remove(at: i)
    }) {
      return (b.pointer, b.bytes)
    }
    return (UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64), bytes)
  }

  func give(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
    let dropped = idle.withLock { list -> Buffer? in
      list.append(Buffer(pointer: pointer, bytes: capacity))
      return list.count > limit ? list.removeFirst() : nil
    }
    dropped?.pointer.deallocate()
  }

  deinit {
    for b in idle.withLock({ $0 }) { b.pointer.deallocate() }
  }
}
