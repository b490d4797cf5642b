import Pixels

/// An animation as a viewer shows it: every frame composited onto the screen, with its delay.
package struct DecodedAnimation: Sendable {
  public struct Frame: Sendable {
    /// The whole screen after this frame is drawn (straight RGBA; transparent is 0,0,0,0).
    public var image: RGBAImage
    /// How long it stays on screen, in seconds.
    public var duration: Double
    public init(image: RGBAImage, duration: Double) {
      self.image = image
      self.duration = duration
    }
  }
  public var width: Int
  public var height: Int
  public var frames: [Frame]
  /// Total plays (nil: forever).
  public var plays: Int?
  public init(width: Int, height: Int, frames: [Frame], plays: Int?) {
    self.width = width
    self.height = height
    self.frames = frames
    self.plays = plays
  }
  /// Seconds from the start at which frame `i` appears.
  public func start(of i: Int) -> Double { frames[..<i].reduce(0) { $0 + $1.duration } }
}

/// Reads a GIF89a stream as browsers show it (disposal 0–3, one transparent index, local and
/// global tables, NETSCAPE2.0 loop counts; interlaced frames deinterlaced). Throws
/// `EncodingError.gif` naming the frame and what is wrong: a file that does not decode is a
/// file nobody can watch.
package enum GIFDecoder {
  public static func decode(_ bytes: [UInt8]) throws -> DecodedAnimation {
    var reader = GIFBlockReader(bytes: bytes)
    let screen = try reader.header()
    var canvas = RGBAImage(width: screen.width, height: screen.height)!
    var frames: [DecodedAnimation.Frame] = []
    var control = GIFBlockReader.Control()
    var plays: Int? = 1
    while true {
      switch try reader.nextBlock() {
      case .trailer:
        guard !frames.isEmpty else { throw EncodingError.gif("no image in the file") }
        return DecodedAnimation(width: screen.width, height: screen.height, frames: frames, plays: plays)
      case .control(let c):
        control = c
      case .loop(let repeats):
        plays = repeats == 0 ? nil : repeats + 1
      case .image(let image):
        do {
          let before = canvas
          try draw(image, table: image.table ?? screen.table, transparent: control.transparent, on: &canvas)
          frames.append(.init(image: canvas, duration: Double(control.delay) / 100))
          if control.disposal == 2 { clear(image, on: &canvas) }
          if control.disposal == 3 { canvas = before }
        } catch EncodingError.gif(let problem) {
          throw EncodingError.gif("frame \(frames.count): \(problem)")
        }
        control = GIFBlockReader.Control()
      }
    }
  }

  /// Paints an image's decoded indices over the canvas (the transparent index leaves it).
  static func draw(_ image: GIFBlockReader.Image, table: [RGBA8]?, transparent: Int?, on canvas: inout RGBAImage) throws
  {
    guard let table else { throw EncodingError.gif("no color table") }
    guard image.x + image.width <= canvas.width, image.y + image.height <= canvas.height else {
      throw EncodingError.gif(
        "the image (\(image.width)x\(image.height) at \(image.x),\(image.y)) lies outside the \(canvas.width)x\(canvas.height) screen"
      )
    }
    let count = image.width * image.height
    let indices = try lzwDecode(image.data, minCodeSize: image.minCodeSize, count: count)
    guard indices.count == count else {
      throw EncodingError.gif("image data ends after \(indices.count) of \(count) pixels")
    }
    let rows = image.interlaced ? interlacedRows(image.height) : Array(0..<image.height)
    for (k, row) in rows.enumerated() {
      for col in 0..<image.width {
        let index = Int(indices[k * image.width + col])
        if index == transparent { continue }
        guard index < table.count else {
          throw EncodingError.gif("color index \(index) outside a table of \(table.count)")
        }
        let c = table[index]
        canvas[image.x + col, image.y + row] = RGBA8(c.r, c.g, c.b, 255)
      }
    }
  }

  /// Disposal 2: the image's rectangle back to the (transparent) background.
  static func clear(_ image: GIFBlockReader.Image, on canvas: inout RGBAImage) {
    for y in image.y..<(image.y + image.height) {
      for x in image.x..<(image.x + image.width) { canvas[x, y] = RGBA8(0, 0, 0, 0) }
    }
  }

  /// The screen row of each stored row of an interlaced image (passes 8/0, 8/4, 4/2, 2/1).
  static func interlacedRows(_ height: Int) -> [Int] {
    [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
  }
}

/// The blocks of a GIF stream, in order.
struct GIFBlockReader {
  let bytes: [UInt8]
  var position = 0

  struct Screen { var width: Int, height: Int, table: [RGBA8]? }
  struct Control { var disposal = 0, delay = 0; var transparent: Int? = nil }
  struct Image {
    var x: Int, y: Int, width: Int, height: Int
    var table: [RGBA8]?
    var interlaced: Bool
    var minCodeSize: Int
    /// The LZW data, sub-blocks joined.
    var data: [UInt8]
  }
  enum Block { case control(Control), loop(Int), image(Image), trailer }

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func byte() throws -> Int {
    guard position < bytes.count else { throw EncodingError.gif("the file ends early, at byte \(position)") }
    defer { position += 1 }
    return Int(bytes[position])
  }
  mutating func le16() throws -> Int { try byte() | (try byte()) << 8 }

  mutating func table(_ flags: Int) throws -> [RGBA8]? {
    guard flags & 0x80 != 0 else { return nil }
    return try (0..<(2 << (flags & 7))).map { _ in RGBA8(UInt8(try byte()), UInt8(try byte()), UInt8(try byte())) }
  }

  mutating func subBlocks() throws -> [UInt8] {
    var out: [UInt8] = []
    while true {
      let n = try byte()
      if n == 0 { return out }
      guard position + n <= bytes.count else {
        throw EncodingError.gif("a data sub-block runs past the end of the file")
      }
      out += bytes[position..<(position + n)]
      position += n
    }
  }

  mutating func header() throws -> Screen {
    guard bytes.count >= 13, bytes[0..<6].elementsEqual("GIF89a".utf8) || bytes[0..<6].elementsEqual("GIF87a".utf8)
    else {
      throw EncodingError.gif("no GIF87a/GIF89a header")
    }
    position = 6
    let width = try le16(), height = try le16(), flags = try byte()
    _ = try byte(); _ = try byte()
    guard width > 0, height > 0 else { throw EncodingError.gif("the screen is \(width)x\(height)") }
    return Screen(width: width, height: height, table: try table(flags))
  }

  mutating func nextBlock() throws -> Block {
    while true {
      switch try byte() {
      case 0x3B: return .trailer
      case 0x21: if let block = try extensionBlock() { return block }
      case 0x2C: return .image(try image())
      case let kind: throw EncodingError.gif("unknown block 0x\(String(kind, radix: 16)) at byte \(position - 1)")
      }
    }
  }

  /// A graphic control or NETSCAPE2.0 loop extension; nil for others (skipped).
  mutating func extensionBlock() throws -> Block? {
    let label = try byte()
    let body = try subBlocks()
    if label == 0xF9 {
      guard body.count == 4 else { throw EncodingError.gif("a graphic control extension of \(body.count) bytes") }
      let flags = Int(body[0])
      return .control(
        Control(
          disposal: flags >> 2 & 7, delay: Int(body[1]) | Int(body[2]) << 8,
          transparent: flags & 1 != 0 ? Int(body[3]) : nil))
    }
    if label == 0xFF, body.count == 14, body[0..<11].elementsEqual("NETSCAPE2.0".utf8), body[11] == 1 {
      return .loop(Int(body[12]) | Int(body[13]) << 8)
    }
    return nil
  }

  mutating func image() throws -> Image {
    let x = try le16(), y = try le16(), width = try le16(), height = try le16(), flags = try byte()
    let table = try self.table(flags)
    let minCodeSize = try byte()
    let data = try subBlocks()
    return Image(
      x: x, y: y, width: width, height: height, table: table, interlaced: flags & 0x40 != 0, minCodeSize: minCodeSize,
      data: data)
  }
}
