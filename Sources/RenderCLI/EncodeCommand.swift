import Foundation
import Rendering

/// `render encode FRAMES... -o out.gif --fps N`: encodes an existing PNG sequence (a folder's
/// *.png sorted by name, or files in order) with our encoders, as gifski does.
enum EncodeCommand {
  @MainActor
  static func run(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.encode)
      return 0
    }
    guard let output = try args.outputOption("-o", "--output") else {
      throw UsageError("Missing expected option '-o <file>'")
    }
    var options = EncodingOptions()
    if let text = try args.option("--fps") { options.fps = try Parse.number(text, option: "--fps") }
    if let text = try args.option("--loop") { options.loop = try Parse.loop(text) }
    try readHolds(&args, into: &options)
    var flags = Parse.EncodingFlags()
    if let text = try args.option("--quality") {
      options.quality = try Parse.wholeNumber(text, option: "--quality")
      flags.quality = true
    }
    if let text = try args.option("--dither") {
      options.dither = try Parse.named(text, GIFDither.init(named:))
      flags.dither = true
    }
    if let text = try args.option("--tolerance") {
      options.gifTolerance = try Parse.wholeNumber(text, option: "--tolerance")
      flags.tolerance = true
    }
    options.lossless = args.flag("--lossless")
    flags.lossless = options.lossless
    options.dropFramesToFit = args.flag("--drop-frames")
    let maxBytes = try args.option("--max-size").map(Parse.byteCount)
    let quiet = args.flag("-q", "--quiet")
    let threads = try args.threads()
    let inputs = try args.positionals()
    guard !inputs.isEmpty else {
      throw UsageError("Missing expected argument '<frames>' (a folder of PNG files, or PNG files)")
    }
    guard let format = try RenderCommand.usageErrors({ try OutputKind(path: output, command: .encode) }).animationFormat
    else { preconditionFailure("OutputKind.table gives render encode animations only") }
    try flags.check(for: format)
    do {
      try options.check(for: format, fitting: maxBytes != nil)
    } catch let error as EncodingError {
      throw UsageError("\(error)")
    }
    try checkWritableFile(output)
    do {
      let files = try listFrameFiles(inputs)
      let summary = try encodeFrameFiles(
        files, to: output, format: format, options: options, threads: threads, maxBytes: maxBytes
      ) {
        quality, bytes in
        if !quiet, let maxBytes {
          streams.err("quality \(quality): \(bytes) bytes\(bytes <= maxBytes ? "" : " (over \(maxBytes))")\n")
        }
      }
      if !quiet {
        let fitted = summary.fittedQuality.map { " at quality \($0)" } ?? ""
        streams.err(
          "encoded \(summary.frames) frames (\(summary.width)x\(summary.height)) -> \(output), \(summary.bytes) bytes\(fitted)\n"
        )
      }
    } catch let error as EncodingError {
      throw RenderError("\(error)")
    }
    return 0
  }

  /// `--hold S` holds both ends; `--hold-first S` and `--hold-last S` each one, over `--hold`.
  private static func readHolds(_ args: inout ArgumentList, into options: inout EncodingOptions) throws {
    if let text = try args.option("--hold") {
      options.holdFirst = try Parse.number(text, option: "--hold")
      options.holdLast = options.holdFirst
    }
    if let text = try args.option("--hold-first") {
      options.holdFirst = try Parse.number(text, option: "--hold-first")
    }
    if let text = try args.option("--hold-last") {
      options.holdLast = try Parse.number(text, option: "--hold-last")
    }
  }
}
