import FrameEncoding
import Foundation

/// Where a render's frames go, chosen from a path as `render -o` reads it.
package enum RenderOutput: Sendable, Equatable {
  /// A folder of `0000.png`, `0001.png`, …
  case pngSequence(String)
  /// One PNG: the frames tiled, each with its time.
  case contactSheet(String)
  /// A GIF, APNG or WebP file.
  case animation(String, OutputFormat)
  /// A GIF on standard output (`-`).
  case standardOutput

  /// The frames output `path` names (`OutputKind`, command `frames`): `-` is standard output;
  /// an existing folder, a path ending in `/` or one without an extension is a PNG sequence;
  /// `.png` is a contact sheet; `.gif`, `.apng` and `.webp` are animations. Everything that can
  /// be checked before rendering is checked now, so a bad path costs no rendering: a path
  /// that names no file, a missing or read-only folder, a sequence folder holding files render
  /// did not write. A form frames are not written to is a usage error naming the accepted ones.
  public init(path: String) throws {
    switch try OutputKind(path: path, command: .frames) {
    case .standardOutputGIF:
      self = .standardOutput
      return
    case .pngSequence:
      try checkWritableFolder(path)
      self = .pngSequence(path)
      return
    case .animation(let format): self = .animation(path, format)
    case .contactSheet: self = .contactSheet(path)
    case .stillsStrip, .stillsFolder, .curvesSVG, .curvesPNG:
      preconditionFailure("OutputKind.table gives frames no stills or curves")
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
package struct OutputEncoding: Sendable {
  /// Loop, holds, quality, dithering… The frame rate is the recording's (`fps` is ignored).
  public var options: EncodingOptions
  /// GIF or WebP: at most this many bytes, at the highest quality that fits (`SizeFit`); nil
  /// for no limit. Each lower quality tried composites the frames again (the same pixels).
  public var maxBytes: Int?

  public init(options: EncodingOptions = EncodingOptions(), maxBytes: Int? = nil) {
    self.options = options
    self.maxBytes = maxBytes
  }

  /// Refuses, as a usage error, what `output` cannot take at `fps`: what every encoding
  /// checks (`EncodingOptions.check(for:fitting:)`), and a size limit on output that is no
  /// animation. The command line asks before recording; `RenderJob.write` before compositing.
  /// A nil `output` (only hashes are collected) takes no size limit.
  public func check(for output: RenderOutput?, fps: Double) throws {
    var options = self.options
    options.fps = fps
    do {
      guard let format = output?.animationFormat else {
        try options.validate()
        if maxBytes != nil {
          throw RenderError(
            "--max-size applies to animations (.gif, .webp, or - for a GIF on standard output)", usage: true)
        }
        return
      }
      try options.check(for: format, fitting: maxBytes != nil)
    } catch let error as EncodingError {
      throw RenderError("\(error)", usage: true)
    }
  }
}

extension RenderJob {
  /// Renders the recording into `output`, feeding `alongside` (hashes, a reference sheet) the
  /// same frames on the same pass. Everything streams: memory does not grow with the number of
  /// frames. Files and folders are staged under temporary names in `staging` and moved into
  /// place by its `commit()`; without `staging` the output is committed before returning.
  /// Either way a failure replaces nothing. `standardOutput` receives a `.standardOutput`
  /// GIF's bytes as they are made; `tried` hears each size-limit try (quality, bytes);
  /// `progress` the number of frames done.
  @discardableResult
  public func write(
    to output: RenderOutput, encoding: OutputEncoding = OutputEncoding(), alongside extra: [any FrameSink] = [],
    staging: StagedOutputs? = nil, standardOutput: ByteSink? = nil, tried: (Int, Int) -> Void = { _, _ in },
    progress: ((Int) -> Void)? = nil
  ) throws -> PipelineTimings {
    var options = encoding.options
    options.fps = recording.fps
    let outputs = staging ?? StagedOutputs()
    do {
      try encoding.check(for: output, fps: recording.fps)
      let timings: PipelineTimings
      if let maxBytes = encoding.maxBytes, let format = output.animationFormat {
        timings = try writeFitted(
          to: output, format: format, options: options, maxBytes: maxBytes, alongside: extra, staging: outputs,
          standardOutput: standardOutput, tried: tried, progress: progress)
      } else {
        let sink = try frameSink(for: output, options: options, staging: outputs, standardOutput: standardOutput)
        timings = try run(into: extra + [sink], progress: progress)
      }
      if staging == nil { try outputs.commit() }
      return timings
    } catch let error as EncodingError {
      outputs.discard()
      throw RenderError("\(error)")
    } catch {
      outputs.discard()
      throw error
    }
  }

  /// The sink that writes `output`, its files staged in `staging`.
  private func frameSink(
    for output: RenderOutput, options: EncodingOptions, staging: StagedOutputs, standardOutput: ByteSink?
  ) throws -> any FrameSink {
    switch output {
    case .pngSequence(let folder):
      return PNGSequenceSink(try PNGSequence.stage(folder, in: staging))
    case .contactSheet(let path):
      return ContactSheetSink(count: recording.frames.count, sink: try staging.file(path).sink)
    case .animation(let path, let format):
      return EncoderSink(
        try AnyAnimationEncoder(format: format, sink: try staging.file(path).sink, options: options, threads: threads))
    case .standardOutput:
      guard let standardOutput else {
        throw RenderError("'-' (standard output) is for the command line; name a file or a folder", usage: true)
      }
      return EncoderSink(
        try AnyAnimationEncoder(format: .gif, sink: standardOutput, options: options, threads: threads))
    }
  }

  /// The whole animation encoded at the asked quality and, while too big, lower ones
  /// (`SizeFit`), each try into a temporary file (beside the output, or in the temporary
  /// folder for standard output) so that memory stays flat; only the first pass feeds `extra`.
  private func writeFitted(
    to output: RenderOutput, format: OutputFormat, options: EncodingOptions, maxBytes: Int,
    alongside extra: [any FrameSink], staging: StagedOutputs,
    standardOutput: ByteSink?, tried: (Int, Int) -> Void, progress: ((Int) -> Void)?
  ) throws -> PipelineTimings {
    let path: String
    switch output {
    case .animation(let file, _): path = file
    default: path = NSTemporaryDirectory() + "render-standard-output.gif"
    }
    var timings: PipelineTimings?
    let fitted = try SizeFit.search(quality: options.quality, maxBytes: maxBytes, progress: tried) {
      quality -> (encoded: StagedFile, bytes: Int) in
      var tryOptions = options
      tryOptions.quality = quality
      let file = try StagedFile(path: path)
      let encoder = EncoderSink(
        try AnyAnimationEncoder(format: format, sink: file.sink, options: tryOptions, threads: threads))
      if timings == nil {
        timings = try run(into: extra + [encoder], progress: progress)
      } else {
        try run(into: [encoder])
      }
      try file.sink.close()
      return (file, file.sink.bytesWritten)
    }
    if case .animation = output {
      staging.adopt(fitted.encoded)
    } else {
      guard let standardOutput else {
        throw RenderError("'-' (standard output) is for the command line; name a file or a folder", usage: true)
      }
      try copy(fitted.encoded.temporaryPath, to: standardOutput)
    }
    return timings ?? PipelineTimings()
  }
}

/// Copies a file's bytes to `sink` a megabyte at a time.
private func copy(_ path: String, to sink: ByteSink) throws {
  guard let file = FileHandle(forReadingAtPath: path) else { throw RenderError("cannot read back '\(path)'") }
  defer { try? file.close() }
  while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
    try sink.write([UInt8](chunk))
  }
}

/// Whether `path` is a folder (following links).
func isFolder(_ path: String) -> Bool {
  var folder: ObjCBool = false
  return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
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
