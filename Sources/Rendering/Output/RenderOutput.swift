import FrameEncoding
import Foundation

/// Where a render's frames go, chosen from a path as `render -o` reads it.
public enum RenderOutput: Sendable, Equatable {
  /// A folder of `0000.png`, `0001.png`, …
  case pngSequence(String)
  /// One PNG: the frames tiled, each with its time.
  case contactSheet(String)
  /// A GIF, APNG or WebP file.
  case animation(String, OutputFormat)
  /// A GIF on standard output (`-`).
  case standardOutput

  /// `-` is standard output; an existing folder, a path ending in `/` or one without an
  /// extension is a PNG sequence; `.png` is a contact sheet; `.gif`, `.apng` and `.webp` are
  /// animations. A file's folder is checked for writing now, so a bad path costs no rendering.
  /// Another extension is a usage error naming the accepted ones.
  public init(path: String) throws {
    if path == "-" {
      self = .standardOutput
      return
    }
    var isFolder: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    {
      self = .pngSequence(path)
      return
    }
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "gif": self = .animation(path, .gif)
    case "apng": self = .animation(path, .apng)
    case "webp": self = .animation(path, .webp)
    case "png": self = .contactSheet(path)
    case "":
      self = .pngSequence(path)
      return
    case let ext:
      throw RenderError(
        "Unsupported output '\(path)': .\(ext) is not a known format; use .gif, .apng, .webp, .png (contact sheet) or a folder (PNG sequence)",
        usage: true)
    }
    try checkWritableFile(path)
  }

  /// The animation format written (GIF for standard output); nil for PNG outputs.
  public var animationFormat: OutputFormat? {
    switch self {
    case .animation(_, let format): return format
    case .standardOutput: return .gif
    case .pngSequence, .contactSheet: return nil
    }
  }
}

/// How the frames of an animation output are encoded.
public struct OutputEncoding: Sendable {
  /// Loop, holds, quality, dithering… The frame rate is the recording's (`fps` is ignored).
  public var options: EncodingOptions
  /// GIF or WebP: at most this many bytes, at the highest quality that fits (`SizeFit`); nil
  /// for no limit. Each lower quality tried composites the frames again (the same pixels).
  public var maxBytes: Int?

  public init(options: EncodingOptions = EncodingOptions(), maxBytes: Int? = nil) {
    self.options = options
    self.maxBytes = maxBytes
  }
}

extension RenderJob {
  /// Renders the recording into `output`, feeding `alongside` (hashes, a reference sheet) the
  /// same frames on the same pass. Files are written under a temporary name and renamed when
  /// complete; a failure leaves no partial output. `standardOutput` receives the bytes of a
  /// `.standardOutput` GIF; `tried` hears each size-limit try (quality, bytes); `progress` the
  /// number of frames done.
  @discardableResult
  public func write(
    to output: RenderOutput, encoding: OutputEncoding = OutputEncoding(), alongside extra: [any FrameSink] = [],
    standardOutput: ([UInt8]) -> Void = { _ in }, tried: (Int, Int) -> Void = { _, _ in },
    progress: ((Int) -> Void)? = nil
  ) throws -> PipelineTimings {
    var options = encoding.options
    options.fps = recording.fps
    do {
      try check(output, options: options, maxBytes: encoding.maxBytes)
      if let maxBytes = encoding.maxBytes, let format = output.animationFormat {
        return try writeFitted(
          to: output, format: format, options: options, maxBytes: maxBytes, alongside: extra,
          standardOutput: standardOutput, tried: tried, progress: progress)
      }
      switch output {
      case .pngSequence(let folder):
        let sequence = try PNGSequenceSink(folder: folder)
        do {
          return try run(into: extra + [sequence], progress: progress)
        } catch {
          sequence.discard()
          throw error
        }
      case .contactSheet(let path):
        return try run(into: extra + [ContactSheetSink(path: path)], progress: progress)
      case .animation(let path, let format):
        return try FrameEncoding.writeAtomically(to: path) { file in
          try run(
            into: extra + [EncoderSink(try AnyAnimationEncoder(format: format, sink: file, options: options))],
            progress: progress)
        }
      case .standardOutput:
        let memory = MemorySink()
        let timings = try run(
          into: extra + [EncoderSink(try AnyAnimationEncoder(format: .gif, sink: memory, options: options))],
          progress: progress)
        standardOutput(memory.bytes)
        return timings
      }
    } catch let error as EncodingError {
      throw RenderError("\(error)")
    }
  }

  /// What the output cannot take: more fps than its format plays, a size limit on an output
  /// that cannot trade quality for bytes.
  private func check(_ output: RenderOutput, options: EncodingOptions, maxBytes: Int?) throws {
    try options.validate()
    guard let format = output.animationFormat else {
      if maxBytes != nil {
        throw RenderError("a size limit applies to animations (.gif, .webp, or a GIF on standard output)", usage: true)
      }
      return
    }
    try format.checkFPS(options)
    if maxBytes != nil && (format == .apng || options.lossless) {
      throw RenderError(
        "a size limit needs lossy output: .gif or .webp, not lossless (\(format == .apng ? "APNG" : "lossless output") cannot trade quality for bytes)",
        usage: true)
    }
  }

  /// The whole animation encoded in memory at the asked quality and, while too big, lower ones
  /// (`SizeFit`); only the first pass feeds `extra`.
  private func writeFitted(
    to output: RenderOutput, format: OutputFormat, options: EncodingOptions, maxBytes: Int,
    alongside extra: [any FrameSink],
    standardOutput: ([UInt8]) -> Void, tried: (Int, Int) -> Void, progress: ((Int) -> Void)?
  ) throws -> PipelineTimings {
    var timings: PipelineTimings?
    let fitted = try SizeFit.search(quality: options.quality, maxBytes: maxBytes, progress: tried) { quality in
      var tryOptions = options
      tryOptions.quality = quality
      let memory = MemorySink()
      let encoder = EncoderSink(try AnyAnimationEncoder(format: format, sink: memory, options: tryOptions))
      if timings == nil {
        timings = try run(into: extra + [encoder], progress: progress)
      } else {
        try run(into: [encoder])
      }
      return memory.bytes
    }
    if case .animation(let path, _) = output {
      try writeAtomically(fitted.bytes, to: path)
    } else {
      standardOutput(fitted.bytes)
    }
    return timings ?? PipelineTimings()
  }
}

extension Recording {
  /// Renders this recording to `path`, the output chosen by its form as `render -o` does:
  /// `.gif`, `.apng`, `.webp`, `.png` (a contact sheet), a folder or a path ending in `/` (a PNG
  /// sequence). `options` sets loop, holds and quality; the frame rate is the recording's.
  /// Frames are composited on `threads` threads and streamed to the file in order.
  public func write(
    to path: String, options: EncodingOptions = EncodingOptions(),
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws {
    let output = try RenderOutput(path: path)
    if output == .standardOutput {
      throw RenderError("'-' (standard output) is for the command line; name a file or a folder", usage: true)
    }
    try RenderJob(self, threads: threads).write(to: output, encoding: OutputEncoding(options: options))
  }

  /// Every frame's pixels, in order (the whole animation in memory: for small renders and
  /// inspection; `write(to:)` streams instead).
  public func renderedFrames(threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [RenderedFrame] {
    let keep = KeepFramesSink()
    try RenderJob(self, threads: threads).run(into: [keep])
    return keep.frames
  }

  /// Each frame's SHA-256 (hex) of its straight RGBA8 pixels, row-major (what `sha256sum` of
  /// the raw bytes prints), in order.
  public func frameHashes(threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [String] {
    let hashes = ManifestSink()
    try RenderJob(self, threads: threads).run(into: [hashes])
    return hashes.frames.map(\.sha256)
  }
}
