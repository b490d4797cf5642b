// Interim PNG writer, replaced by the PNG module when it lands.
import CPNG
import Pixels

public struct InterimPNGError: Error, CustomStringConvertible { public let description: String }

public func interimEncodePNG(_ image: RGBAImage) throws -> [UInt8] {
  var buffer = cpng_buffer(data: nil, length: 0, capacity: 0)
  defer { cpng_free(&buffer) }
  var err = [CChar](repeating: 0, count: 256)
  let rc = image.pixels.withUnsafeBufferPointer { p in
    cpng_encode_rgba(p.baseAddress, UInt32(image.width), UInt32(image.height), image.isOpaque ? 1 : 0, 1, 0, &buffer, &err, err.count)
  }
  guard rc == 0 else { throw InterimPNGError(description: String(cString: err)) }
  return Array(UnsafeBufferPointer(start: buffer.data, count: buffer.length))
}
