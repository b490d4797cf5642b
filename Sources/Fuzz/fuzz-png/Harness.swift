import FrameEncoding
import FuzzDriver
import Pixels

/// PNG bytes → `PNGReader.decode` (libpng through CPNG). Corrupt input must throw
/// `EncodingError`, never trap; the pixel limit must be respected. What decodes is written
/// back with `PNGWriter` and read again: the pixels must survive unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  let limit = 1 << 20
  do {
    let image = try PNGReader(maxPixels: limit).decode(bytes)
    precondition(image.width * image.height <= limit, "maxPixels not enforced")
    precondition(image.pixels.count == image.width * image.height * 4)
    let again = try PNGReader(maxPixels: limit).decode(try PNGWriter().encode(image))
    precondition(again == image, "PNG write/read round trip changed the pixels")
  } catch is EncodingError {
  } catch {
    preconditionFailure("PNGReader threw something other than EncodingError: \(error)")
  }
  return 0
}

@main enum Main {
  static func main() { FuzzDriver.run(fuzzPNG) }
}
