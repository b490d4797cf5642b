#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Pixels

/// The PNG files an encode command reads: a folder's `*.png` (sorted by name, bytewise) or
/// the files as given, in order. Throws `EncodingError.io` naming a missing path or an empty folder.
public func listFrameFiles(_ inputs: [String]) throws -> [String] {
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
public struct EncodeSummary: Sendable {
  public var frames: Int
  public var width: Int
  public var height: Int
  public var bytes: Int
  public var format: OutputFormat
}

private final class DecodedBatch: @unchecked Sendable {
  var images: [RGBAImage?]
  var errors: [Error?]
  init(_ n: Int) {
    images = Array(repeating: nil, count: n)
    errors = Array(repeating: nil, count: n)
  }
}

/// Reads PNG frames (with `PNGReader`) and encodes them into `output`, the format chosen by
/// its extension (`OutputFormat(path:)`). The file is written atomically (temporary file,
/// then rename). PNG decoding runs on all cores a batch ahead of the (ordered, single-threaded)
/// encoder, so memory holds at most two batches of frames. This is the logic behind both
/// `encode-frames` and the CLI's `render encode`.
@discardableResult
public func encodeFrameFiles(
  _ files: [String], to output: String, options: AnimationOptions, reader: PNGReader = PNGReader()
) throws -> EncodeSummary {
  guard !files.isEmpty else { throw EncodingError.noFrames }
  let format = try OutputFormat(path: output)
  // Fail on bad options before reading anything.
  try options.validate()
  if format == .gif && options.fps > 50 && !options.dropFramesToFit {
    throw EncodingError.fpsTooHighForGIF(options.fps)
  }
  let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  let batchSize = max(2, cores * 2)
  @Sendable func decode(_ range: Range<Int>) -> DecodedBatch {
    let batch = DecodedBatch(range.count)
    DispatchQueue.concurrentPerform(iterations: range.count) { k in
      do { batch.images[k] = try reader.read(file: files[range.lowerBound + k]) } catch {
        batch.errors[k] = error
      }
    }
    return batch
  }
  var summary = try writeAtomically(to: output) { sink in
    var encoder = try AnyAnimationEncoder(format: format, sink: sink, options: options)
    var width = 0, height = 0, frames = 0
    var start = 0
    var current = decode(0..<min(batchSize, files.count))
    while start < files.count {
      let nextStart = start + batchSize
      let nextRange = min(nextStart, files.count)..<min(nextStart + batchSize, files.count)
      let group = DispatchGroup()
      nonisolated(unsafe) var upcoming: DecodedBatch? = nil
      if !nextRange.isEmpty {
        DispatchQueue.global().async(group: group) { upcoming = decode(nextRange) }
      }
      for k in 0..<current.images.count {
        if let e = current.errors[k] { group.wait(); throw e }
        let image = current.images[k]!
        current.images[k] = nil
        if frames == 0 { width = image.width; height = image.height }
        try encoder.add(image)
        frames += 1
      }
      group.wait()
      if let u = upcoming { current = u }
      start = nextStart
    }
    try encoder.finish()
    return EncodeSummary(frames: frames, width: width, height: height, bytes: 0, format: format)
  }
  var st = stat()
  if stat(output, &st) == 0 { summary.bytes = Int(st.st_size) }
  return summary
}
