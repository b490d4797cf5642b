/// A frame or picture as straight (non-premultiplied) RGBA, 8 bits per channel, row-major,
/// no padding: `pixels.count == width * height * 4`.
///
/// This is the one pixel type that crosses module seams: the compositor produces it, the
/// encoders consume it, scenes load pictures into it. Its bytes are exactly what a frame's
/// pixel hash is computed over.
public struct RGBAImage: Sendable, Equatable {
  /// Width in pixels, at least 1.
  public let width: Int
  /// Height in pixels, at least 1.
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A for each pixel, rows top to bottom.
  public var pixels: [UInt8]

  /// An image filled with one straight-alpha color; nil when a side is not positive.
  public init?(width: Int, height: Int, fill: RGBA8 = RGBA8(0, 0, 0, 0)) {
    guard width > 0, height > 0 else { return nil }
    let (count, overflow) = width.multipliedReportingOverflow(by: height * 4)
    guard !overflow else { return nil }
    self.width = width
    self.height = height
    if fill == RGBA8(0, 0, 0, 0) {
      pixels = [UInt8](repeating: 0, count: count)
    } else {
      var row = [UInt8]()
      row.reserveCapacity(count)
      for _ in 0..<(width * height) { row += [fill.r, fill.g, fill.b, fill.a] }
      pixels = row
    }
  }

  /// Wraps existing bytes; nil unless `pixels.count == width * height * 4` and both sides are positive.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y` (both zero-based, must be in range).
  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      let i = (y * width + x) * 4
      return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
    set {
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }

  /// True when every pixel is fully opaque.
  public var isOpaque: Bool {
    pixels.withUnsafeBytes { raw in
      // Whole pixels as words, AND-ed a block at a time (vectorizes; stops at the first
      // block with a translucent pixel). The alpha byte is the high byte on little-endian.
      let words = raw.bindMemory(to: UInt32.self)
      var start = 0
      while start < words.count {
        let end = min(words.count, start + 1024)
        var all: UInt32 = 0xFFFF_FFFF
        for i in start..<end { all &= words[i] }
        if UInt32(littleEndian: all) >> 24 != 255 { return false }
        start = end
      }
      return true
    }
  }
}

/// One straight-alpha RGBA pixel, 8 bits per channel.
public struct RGBA8: Sendable, Hashable {
  /// Red, green, blue, 0…255, not multiplied by alpha.
  public var r: UInt8, g: UInt8, b: UInt8
  /// Opacity, 0 (transparent) … 255 (opaque).
  public var a: UInt8
  /// The pixel (`r`, `g`, `b`, `a`); opaque unless `a` says otherwise.
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }
}
