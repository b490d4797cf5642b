import Snapshot
import CCairo
import Pixels

/// Premultiplied ARGB32 pixels (Cairo's native-endian word: `a << 24 | r << 16 | g << 8 | b`)
/// with a chain of 2×2 box-filtered mip levels for minification.
///
/// Immutable after `init`, so one chain may be read from any number of threads. The memory is
/// owned by the chain and freed when the last reference goes.
final class MipChain: @unchecked Sendable {
  struct Level {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
  }
  let levels: [Level]
  var base: Level { levels[0] }

  /// Takes ownership of `base` (allocated with `UnsafeMutablePointer.allocate`, `width * height`
  /// words) and builds the levels down to 1×1 when `mipmapped`, else keeps the base only.
  init(adopting base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, mipmapped: Bool) {
    var levels = [Level(width: width, height: height, pixels: base)]
    if mipmapped {
      while let last = levels.last, last.width > 1 || last.height > 1 {
        levels.append(MipChain.downsample(last))
      }
    }
    self.levels = levels
  }

  /// Copies a Cairo ARGB32 image surface (already flushed).
  convenience init(copying surface: OpaquePointer, mipmapped: Bool) {
    let w = Int(cairo_image_surface_get_width(surface))
    let h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let src = cairo_image_surface_get_data(surface)!
    let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
    for y in 0..<h {
      (dst + y * w).withMemoryRebound(to: UInt8.self, capacity: w * 4) { row in
        row.update(from: src + y * stride, count: w * 4)
      }
    }
    self.init(adopting: dst, width: w, height: h, mipmapped: mipmapped)
  }

  /// Premultiplies a straight RGBA8 image: `c' = (c·a + 127) / 255`.
  convenience init(image: RGBAImage, mipmapped: Bool) {
    let n = image.width * image.height
    let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
    image.pixels.withUnsafeBufferPointer { src in
      for i in 0..<n {
        let r = UInt32(src[4 * i]), g = UInt32(src[4 * i + 1]), b = UInt32(src[4 * i + 2])
        let a = UInt32(src[4 * i + 3])
        if a == 255 {
          dst[i] = 0xff00_0000 | r << 16 | g << 8 | b
        } else {
          let pr = (r * a + 127) / 255, pg = (g * a + 127) / 255, pb = (b * a + 127) / 255
          dst[i] = a << 24 | pr << 16 | pg << 8 | pb
        }
      }
    }
    self.init(adopting: dst, width: image.width, height: image.height, mipmapped: mipmapped)
  }

  deinit {
    for level in levels { level.pixels.deallocate() }
  }

  var byteCount: Int { levels.reduce(0) { $0 + $1.width * $1.height * 4 } }

  /// A Cairo surface viewing level 0 (no copy). The chain must outlive the surface.
  func makeBaseSurface() -> OpaquePointer {
    let b = base
    return b.pixels.withMemoryRebound(to: UInt8.self, capacity: b.width * b.height * 4) {
      cairo_image_surface_create_for_data($0, CAIRO_FORMAT_ARGB32, Int32(b.width), Int32(b.height), Int32(b.width * 4))
    }
  }

  /// Half size (rounded down, at least 1), each texel the mean of its 2×2 (or 2×1) parents;
  /// an odd last row or column is folded into its neighbour's average by clamping.
  private static func downsample(_ s: Level) -> Level {
    let w = max(1, s.width / 2), h = max(1, s.height / 2)
    let out = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
    let src = s.pixels
    for y in 0..<h {
      let y0 = min(2 * y, s.height - 1), y1 = min(2 * y + 1, s.height - 1)
      for x in 0..<w {
        let x0 = min(2 * x, s.width - 1), x1 = min(2 * x + 1, s.width - 1)
        let p0 = src[y0 * s.width + x0], p1 = src[y0 * s.width + x1]
        let p2 = src[y1 * s.width + x0], p3 = src[y1 * s.width + x1]
        // Sum each byte lane separately, 2 lanes at a time in 16-bit halves.
        let m: UInt32 = 0x00ff_00ff, round: UInt32 = 0x0002_0002
        var lo: UInt32 = (p0 & m) + (p1 & m)
        lo = lo + (p2 & m) + (p3 & m) + round
        var hi: UInt32 = ((p0 >> 8) & m) + ((p1 >> 8) & m)
        hi = hi + ((p2 >> 8) & m) + ((p3 >> 8) & m) + round
        out[y * w + x] = ((lo >> 2) & 0x00ff_00ff) | (((hi >> 2) & 0x00ff_00ff) << 8)
      }
    }
    return Level(width: w, height: h, pixels: out)
  }
}

/// Premultiplied, mipmapped textures keyed by the identity of what they were made from — a
/// `Bitmap`, a crop of a `FrozenLayerTree` at a resolution, or a `TextLayout` at a
/// resolution — shared by every render call of
/// one `Compositor` (and its copies). Lock-protected; a strong reference to each source is kept
/// so that its identity cannot be reused while cached. Bounded by `byteBudget`: the oldest
/// entries are dropped first.
final class ContentCache: Sendable {
  private enum Key: Hashable {
    case bitmap(ObjectIdentifier)
    case tree(ObjectIdentifier, Rect, pixelsPerPoint: Double)
    case text(ObjectIdentifier, pixelsPerPoint: Double)
  }
  private struct Entry {
    /// Held so that the identity in the key cannot be reused while cached.
    let source: any AnyObject & Sendable
    let chain: MipChain
  }
  private struct State {
    var entries: [Key: Entry] = [:]
    var order: [Key] = []
    var bytes = 0
  }
  private let state = Locked(State())
  let byteBudget: Int

  init(byteBudget: Int = 512 << 20) { self.byteBudget = byteBudget }

  /// The texture of a picture.
  func chain(for bitmap: Bitmap) -> MipChain {
    chain(.bitmap(ObjectIdentifier(bitmap)), source: bitmap) { MipChain(image: bitmap.image, mipmapped: true) }
  }

  /// A captured subtree's crop `rect` rasterized at `pixelsPerPoint`, built once by `build`
  /// and shared by every frame that shows it.
  func chain(for tree: FrozenLayerTree, rect: Rect, pixelsPerPoint: Double, build: () -> MipChain) -> MipChain {
    chain(.tree(ObjectIdentifier(tree), rect, pixelsPerPoint: pixelsPerPoint), source: tree, build: build)
  }

  /// A text layout rasterized at `pixelsPerPoint`, built once by `build`.
  func chain(for layout: TextLayout, pixelsPerPoint: Double, build: () -> MipChain) -> MipChain {
    chain(.text(ObjectIdentifier(layout), pixelsPerPoint: pixelsPerPoint), source: layout, build: build)
  }

  private func chain(_ key: Key, source: any AnyObject & Sendable, build: () -> MipChain) -> MipChain {
    if let hit = state.withLock({ $0.entries[key]?.chain }) { return hit }
    // Built outside the lock; if another thread won the race, its (identical) chain is used.
    let built = build()
    return state.withLock { s in
      if let existing = s.entries[key] { return existing.chain }
      s.entries[key] = Entry(source: source, chain: built)
      s.order.append(key)
      s.bytes += built.byteCount
      while s.bytes > byteBudget, s.order.count > 1 {
        let old = s.order.removeFirst()
        if let e = s.entries.removeValue(forKey: old) { s.bytes -= e.chain.byteCount }
      }
      return built
    }
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
