// png-bench FOLDER [LEVEL FILTER]: times PNGWriter on every PNG of FOLDER (best of 3 passes) and
// prints ms per frame and the bytes of all frames, for scripts/bench-encoders to set beside
// Cairo's writer on the same frames. LEVEL is zlib's 0...9; FILTER none, sub, up, average, paeth
// or adaptive. A figure, not a test.
#if canImport(Glibc)
  import Glibc
#endif
import FrameEncoding

func fail(_ message: String, _ code: Int32) -> Never {
  let line = Array("png-bench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(code)
}

func seconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The writer the arguments name: the default one, or LEVEL and FILTER.
func writer(_ args: ArraySlice<String>) -> PNGWriter {
  guard args.count >= 2 else { return PNGWriter() }
  let filters: [String: PNGWriter.Filter] = [
    "none": .none, "sub": .sub, "up": .up, "average": .average, "paeth": .paeth, "adaptive": .adaptive,
  ]
  let levelText = args[args.startIndex], filterText = args[args.startIndex + 1]
  guard let level = Int(levelText), (0...9).contains(level) else { fail("LEVEL must be 0...9, got '\(levelText)'", 64) }
  guard let filter = filters[filterText] else {
    fail("unknown FILTER '\(filterText)'; use \(filters.keys.sorted().joined(separator: ", "))", 64)
  }
  return PNGWriter(compressionLevel: level, filter: filter)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let folder = arguments.first, !folder.hasPrefix("-") else { fail("usage: png-bench FOLDER [LEVEL FILTER]", 64) }
let pngWriter = writer(arguments.dropFirst())
do {
  let images = try listFrameFiles([folder]).map { try PNGReader().read(file: $0) }
  var best = Double.infinity
  var bytes = 0
  for _ in 0..<3 {
    let start = seconds()
    bytes = 0
    for image in images { bytes += try pngWriter.encode(image).count }
    best = min(best, seconds() - start)
  }
  print(
    "pngwriter level=\(pngWriter.compressionLevel) filter=\(pngWriter.filter) frames=\(images.count) ms_per_frame=\(best * 1000 / Double(images.count)) bytes=\(bytes)"
  )
} catch {
  fail("\(error)", 1)
}
