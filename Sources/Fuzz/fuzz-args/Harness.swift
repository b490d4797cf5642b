import FuzzDriver
import RenderCLI

/// Bytes → an argument list → `RenderCLI.run(…, dryRun: true)`: every option is parsed and the
/// recipe validated (effect, operation, parameters, scene and screenshot files), then the
/// command stops before rendering or writing. Each byte picks a token from a vocabulary of
/// real flags and tricky values, or (≥ 0xC0) starts a raw argument of the following bytes up
/// to a 0 byte. The exit status must be 0, 1 or 64, and a failure must say `Error:`.
let vocabulary: [String] = [
  "cube", "fade", "push", "flip", "zoom", "nonexistent", "list", "-v", "--help", "--version",
  "--push", "--pop", "--present", "--dismiss", "--tab", "-o", "out.gif", "out.apng", "out.webp",
  "out.png", "out/", "-", "/nonexistent/x.gif", "x.bmp", "--size", "375x667", "0x0", "4097x10",
  "1x1", "nanxinf", "1e308x2", "--fps", "30", "0", "-1", "121", "1e400", "nan", "--scale", "2", "4",
  "--loop", "forever", "65536", "--hold", "--quality", "101", "--lossless", "--dither", "ordered", "--hash", "--hashes",
  "--threads", "9999999999999999999999", "--param", "angle=90", "=", "x=", "--background",
  "#FF000080", "#GGG", "--transparent", "--bounce", "--interactive", "--cancel", "--interaction",
  "edge-pan", "pinch", "--gesture", "/dev/null", "--scene", "--from", "--to", "/etc/passwd",
  "--fps=60", "--size=", "-q", "--perf", "--", "-x", "",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var reader = ByteReader(fuzzBytes(data, size))
  var arguments: [String] = []
  while !reader.isAtEnd && arguments.count < 16 {
    let b = reader.byte()
    if b >= 0xC0 {
      var raw: [UInt8] = []
      while !reader.isAtEnd && raw.count < 64 {
        let c = reader.byte()
        if c == 0 { break }
        raw.append(c)
      }
      arguments.append(String(decoding: raw, as: UTF8.self))
    } else {
      arguments.append(vocabulary[Int(b) % vocabulary.count])
    }
  }
  MainActor.assumeIsolated {
    let streams = CapturedStreams()
    let status = RenderCLI.run(arguments, streams: streams, dryRun: true)
    precondition([0, 1, 64].contains(status), "unexpected exit status \(status) for \(arguments)")
    if status != 0 {
      precondition(streams.stderr.hasPrefix("Error: "), "failure without an error message for \(arguments)")
    }
  }
  return 0
}

@main enum Main {
  static func main() { FuzzDriver.run(fuzzArguments) }
}
