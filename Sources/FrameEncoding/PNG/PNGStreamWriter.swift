import CPNG
import Pixels

/// Writes one PNG a band of rows at a time into a sink, so an image too large to hold whole (a
/// contact sheet of every frame of a long render) costs the memory of one band.
///
/// Contract: `add` takes the next rows, top to bottom; `finish` requires exactly `height` rows
/// in all. The output decodes to exactly the rows given (alpha dropped when `opaque`: every alpha
/// must then be 255). zlib's stream with the Sub filter on every row, so the bytes differ from
/// `PNGWriter`'s for the same pixels.
package final class PNGStreamWriter {
  public let width: Int
  public let height: Int
  private let sink: ByteSink
  private var stream: OpaquePointer?

  /// Starts the PNG (its signature and header go to `sink` now). `compressionLevel`: zlib's 0...9.
  public init(width: Int, height: Int, opaque: Bool, compressionLevel: Int = 6, sink: ByteSink) throws {
    self.width = width
    self.height = height
    self.sink = sink
    var err = [CChar](repeating: 0, count: 256)
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw EncodingError.png("cannot write a \(width)x\(height) PNG")
    }
    stream = try drained { out in
      cpng_stream_begin(UInt32(width), UInt32(height), opaque ? 3 : 4, Int32(compressionLevel), &out, &err, err.count)
    }
    if stream == nil { throw EncodingError.png(cMessage(err)) }
  }

  deinit { cpng_stream_free(stream) }

  /// The next rows: `band` must be `width` pixels wide.
  public func add(_ band: RGBAImage) throws {
    guard let stream else { throw EncodingError.alreadyFinished }
    guard band.width == width else {
      throw EncodingError.frameSizeMismatch(expected: (width, band.height), got: (band.width, band.height))
    }
    var err = [CChar](repeating: 0, count: 256)
    let status = try drained { out in
      band.pixels.withUnsafeBufferPointer {
        cpng_stream_rows(stream, $0.baseAddress, width * 4, UInt32(band.height), &out, &err, err.count)
      }
    }
    if status != 0 { throw EncodingError.png(cMessage(err)) }
  }

  /// Ends the image; every row must have been added.
  public func finish() throws {
    guard let stream else { throw EncodingError.alreadyFinished }
    var err = [CChar](repeating: 0, count: 256)
    let status = try drained { out in cpng_stream_end(stream, &out, &err, err.count) }
    if status != 0 { throw EncodingError.png(cMessage(err)) }
    cpng_stream_free(stream)
    self.stream = nil
  }

  /// Runs a C call that appends to a buffer, then writes what it appended to the sink.
  private func drained<T>(_ call: (inout cpng_buffer) -> T) throws -> T {
    var out = cpng_buffer(data: nil, length: 0, capacity: 0)
    defer { cpng_free(&out) }
    let result = call(&out)
    if out.length > 0 { try sink.write(UnsafeRawBufferPointer(start: out.data, count: out.length)) }
    return result
  }
}
