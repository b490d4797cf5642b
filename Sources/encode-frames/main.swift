// encode-frames FOLDER_OR_FILES... -o OUT.gif|.apng|.webp [--fps N] [--loop forever|N]
//   [--hold-first S] [--hold-last S] [--lossless] [--quality Q] [--tolerance T] [--drop-frames]
// Reads PNG frames (a folder's *.png sorted by name, or files in order) and encodes them by
// the output's extension with `encodeFrameFiles`. Exit 64 for usage errors, 1 for failures.
#if canImport(Glibc)
import Glibc
#endif
import FrameEncoding

func fail(_ message: String, _ code: Int32) -> Never {
  let line = Array("encode-frames: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(code)
}

func seconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `encode-frames --png-bench FOLDER [LEVEL FILTER]`: times PNGWriter on every frame (best of 3 passes),
/// prints ms per frame and total bytes. For scripts/bench-encoders.
func pngBench(_ args: [String]) {
  do {
    let files = try listFrameFiles([args[0]])
    let images = try files.map { try PNGReader().read(file: $0) }
    var writer = PNGWriter()
    if args.count >= 3, let level = Int(args[1]) {
      let filters: [String: PNGWriter.Filter] = ["none": .none, "sub": .sub, "up": .up, "average": .average, "paeth": .paeth, "adaptive": .adaptive]
      writer = PNGWriter(compressionLevel: level, filter: filters[args[2]] ?? .sub)
    }
    var best = Double.infinity
    var bytes = 0
    for _ in 0..<3 {
      let t0 = seconds()
      bytes = 0
      for img in images { bytes += try writer.encode(img).count }
      best = min(best, seconds() - t0)
    }
    print("pngwriter level=\(writer.compressionLevel) filter=\(writer.filter) frames=\(images.count) ms_per_frame=\(best * 1000 / Double(images.count)) bytes=\(bytes)")
  } catch {
    fail("\(error)", 1)
  }
}

func run(_ arguments: [String]) {
  if arguments.first == "--png-bench", arguments.count >= 2 {
    pngBench(Array(arguments.dropFirst()))
    return
  }
  var inputs: [String] = []
  var output: String? = nil
  var options = EncodingOptions()
  var args = arguments
  func value(_ flag: String) -> String {
    guard !args.isEmpty else { fail("\(flag) needs a value", 64) }
    return args.removeFirst()
  }
  func number(_ flag: String) -> Double {
    let v = value(flag)
    guard let d = Double(v) else { fail("\(flag) expects a number, got '\(v)'", 64) }
    return d
  }
  while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "-o", "--output": output = value(a)
    case "--fps": options.fps = number(a)
    case "--hold-first": options.holdFirst = number(a)
    case "--hold-last": options.holdLast = number(a)
    case "--quality": options.quality = Int(number(a))
    case "--tolerance": options.gifTolerance = Int(number(a))
    case "--lossless": options.lossless = true
    case "--dither":
      let v = value(a)
      guard let d = GIFDither(rawValue: v) else { fail("--dither expects auto, none or ordered, got '\(v)'", 64) }
      options.dither = d
    case "--drop-frames": options.dropFramesToFit = true
    case "--loop":
      let v = value(a)
      if v == "forever" {
        options.loop = .forever
      } else if let n = Int(v), n >= 1 {
        options.loop = .plays(n)
      } else {
        fail("--loop expects 'forever' or a number of plays ≥ 1, got '\(v)'", 64)
      }
    case "-h", "--help":
      print(
        "usage: encode-frames FOLDER_OR_FILES... -o OUT.gif|.apng|.webp [--fps N] [--loop forever|N] [--hold-first S] [--hold-last S] [--lossless] [--quality 0-100] [--tolerance T] [--dither auto|none|ordered] [--drop-frames]"
      )
      exit(0)
    default:
      if a.hasPrefix("-") { fail("unknown option \(a); see --help", 64) }
      inputs.append(a)
    }
  }
  guard let output else { fail("missing -o OUTPUT (.gif, .apng or .webp)", 64) }
  guard !inputs.isEmpty else { fail("no input frames: give a folder of PNGs or PNG files", 64) }
  do {
    let files = try listFrameFiles(inputs)
    try encodeFrameFiles(files, to: output, options: options)
  } catch let e as EncodingError {
    switch e {
    case .invalidOption, .fpsTooHigh, .unsupportedFormat: fail(e.description, 64)
    default: fail(e.description, 1)
    }
  } catch {
    fail("\(error)", 1)
  }
}

run(Array(CommandLine.arguments.dropFirst()))
