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

public func interimDecodePNG(_ bytes: [UInt8], maxPixels: Int) throws -> RGBAImage {
  var pixels: UnsafeMutablePointer<UInt8>?
  var w: UInt32 = 0, h: UInt32 = 0
  var err = [CChar](repeating: 0, count: 256)
  let rc = bytes.withUnsafeBufferPointer { p in
    cpng_decode_rgba(p.baseAddress, p.count, UInt64(maxPixels), &pixels, &w, &h, &err, err.count)
  }
  guard rc == 0, let pixels else { throw InterimPNGError(description: String(cString: err)) }
  defer { cpng_free_pixels(pixels) }
  return RGBAImage(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4)))!
}
