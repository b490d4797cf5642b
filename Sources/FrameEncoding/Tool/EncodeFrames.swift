#if canImport(Glibc)
  import Glibc
#endif
import Pixels

/// The PNG files an encode command reads: a folder's `*.png` (sorted by name, bytewise) or
/// the files as given, in order. Throws `EncodingError.io` naming a missing path or an empty folder.
package func listFrameFiles(_ inputs: [String]) throws -> [String] {
  var files: [String] = []
  for input in inputs {
    var st = stat()
    guard stat(input, &st) == 0 else { throw EncodingError.io("\(input): no such file or folder") }
    if (st.st_mode & S_IFMT) == S_IFDIR {
      guard let dir = opendir(input) else { throw EncodingError.io("cannot open folder \(input)") }
      var names: [String] = []
      while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
          $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name.lowercased().hasSuffix(".png") && !name.hasPrefix(".") { names.append(name) }
      }
      closedir(dir)
      guard !names.isEmpty else { throw EncodingError.io("\(input): no .png files in this folder") }
      let base = input.hasSuffix("/") ? input : input + "/"
      files += names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { base + $0 }
    } else {
      files.append(input)
    }
  }
  return files
}

/// What `encodeFrameFiles` did.
package struct EncodeSummary: Sendable {
  public var frames: Int
  public var width: Int
  public var height: Int
  public var bytes: Int
  public var format: OutputFormat
  /// The quality used, when a size limit chose it (nil: the options' own).
  public var fittedQuality: Int? = nil
}

/// Reads PNG frames (with `PNGReader`) and encodes them as `format` into the file `output`,
/// written atomically (temporary file, then rename). This is the logic behind `render encode`,
/// which chooses the format from the output's extension.
///
/// With `threads` ≥ 2, a `PNGFrameSource` thread decodes frame i + 1 (and one more) while
/// frame i is encoded, and the GIF encoder spreads a large rectangle's parts (LZW segments
/// and the passes before them) over `threads` threads; with 1, everything runs on the calling
/// thread. The bytes are the same for every count.
/// Memory holds a few frames whatever their number; their pixel memory is recycled.
///
/// `maxBytes`: the file must be at most this big; the quality is lowered as far as needed
/// (`SizeFit`: the frames are read again for each try, and each try is kept in memory).
/// Lossless output (APNG, `lossless`) cannot be fitted: `EncodingError.invalidOption`.
/// `progress` hears each try's quality and bytes.
@discardableResult
package func encodeFrameFiles(
  _ files: [String], to output: String, format: OutputFormat, options: EncodingOptions, reader: PNGReader = PNGReader(),
  threads: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))), maxBytes: Int? = nil,
  progress: (Int, Int) -> Void = { _, _ in }
) throws -> EncodeSummary {
  guard !files.isEmpty else { throw EncodingError.noFrames }
  // Fail on bad options before reading anything.
  try options.check(for: format, fitting: maxBytes != nil)
  guard let maxBytes else {
    var summary = try writeAtomically(to: output) { sink in
      try encodeFrames(files, format: format, options: options, reader: reader, threads: threads, into: sink)
    }
    var st = stat()
    if stat(output, &st) == 0 { summary.bytes = Int(st.st_size) }
    return summary
  }
  var summary: EncodeSummary? = nil
  let fitted = try SizeFit.search(quality: options.quality, maxBytes: maxBytes, progress: progress) { quality in
    var o = options
    o.quality = quality
    let memory = MemorySink()
    summary = try encodeFrames(files, format: format, options: o, reader: reader, threads: threads, into: memory)
    return memory.bytes
  }
  try writeAtomically(fitted.bytes, to: output)
  var result = summary!
  result.bytes = fitted.bytes.count
  result.fittedQuality = fitted.quality
  return result
}

/// One pass: every file, decoded and added in order, into `sink`.
private func encodeFrames(
  _ files: [String], format: OutputFormat, options: EncodingOptions, reader: PNGReader, threads: Int,
  into sink: ByteSink
) throws -> EncodeSummary {
  let source = PNGFrameSource(files: files, reader: reader, threaded: threads > 1)
  defer { source.close() }
  var encoder = try AnyAnimationEncoder(format: format, sink: sink, options: options, threads: threads)
  var width = 0, height = 0, frames = 0
  // The frame before the current one: encoders may hold a frame until the next `add` (the
  // GIF encoder does), so a frame goes back to the source one `add` later.
  var held: RGBAImage? = nil
  while let image = try source.next() {
    if frames == 0 { width = image.width; height = image.height }
    try encoder.add(image)
    frames += 1
    if let old = held.take() { source.recycle(old) }
    held = consume image
  }
  try encoder.finish()
  return EncodeSummary(frames: frames, width: width, height: height, bytes: 0, format: format)
}
