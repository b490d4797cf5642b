import Foundation
import FrameEncoding
import Pixels
import Rendering

/// One transition's media: recorded in both appearances, compared with what the manifest and
/// the folder hold, and (unless checking) the files that differ encoded and staged. An
/// animation whose frames, encoding and file are unchanged is never encoded again.
@MainActor
struct MediaMaker {
  let folder: String
  let style: MediaStyle
  /// The style the previous manifest was made with (nil: none).
  let previousStyle: MediaStyle?
  let threads: Int
  /// Where written files go until the set commits; nil when checking.
  let staging: MediaStaging?

  /// The entry `source` gives now and why its files are not that entry's (empty: up to date);
  /// when writing, those files are staged.
  func make(_ source: any MediaSource, previous: MediaEntry?) throws -> (entry: MediaEntry, stale: [String]) {
    let (curves, completion) = try source.motion()
    var stale: [String] = []
    var variants: [MediaVariant] = []
    var size = (width: 0, height: 0)
    for appearance in MediaAppearance.allCases {
      let (variant, problems, frameSize) = try make(
        source, appearance, completion: completion, previous: previous)
      variants.append(variant)
      stale += problems
      size = frameSize
    }
    let plot = try CurvePlot(title: source.title + ": motion curves").svg(curves)
    let (curvesFile, curvesProblem) = try file(plot, named: "\(source.name)-curves.svg")
    stale += curvesProblem.map { [$0] } ?? []
    if previous == nil { stale = ["not in the manifest"] }
    let entry = MediaEntry(
      name: source.name, alt: source.alt, recipe: source.recipe, width: size.width, height: size.height,
      holdFirst: source.holds.first, holdLast: source.holds.last, variants: variants, curves: curvesFile)
    return (entry, Self.distinct(stale))
  }

  /// One appearance: the frames rendered and hashed, the filmstrip made, and the WebP and GIF
  /// kept, or encoded when they differ from what they should be.
  private func make(
    _ source: any MediaSource, _ appearance: MediaAppearance, completion: Double, previous: MediaEntry?
  ) throws -> (MediaVariant, [String], (width: Int, height: Int)) {
    let webp = try frames(source, appearance, scale: 1)
    let gif = style.gifScale == 1 ? webp : try frames(source, appearance, scale: style.gifScale)
    let (stills, scale) = try source.stills(
      in: appearance.style, atProgress: style.stillPoints, completion: completion)
    let strip = try FilmStrip(framed: true).png(stills, scale: scale, threads: threads)
    let (stillsFile, stillsProblem) = try file(strip, named: appearance.stills(source.name))
    var problems: [String] = []
    let recorded = previous?.variant(appearance)
    let sameEncoding =
      previousStyle.map(style.encodesLike) == true
      && previous.map { ($0.holdFirst, $0.holdLast) == source.holds } == true
    var files: [MediaFile] = []
    for (format, rendered) in [(OutputFormat.webp, webp), (.gif, gif)] {
      let old = recorded.map { format == .webp ? $0.webp : $0.gif }
      let oldFrames = recorded.map { format == .webp ? $0.frames : $0.gifFrames ?? $0.frames }
      let problem = staleness(
        old, oldFrames, rendered, format: format, sameEncoding: sameEncoding, holds: source.holds)
      if let old, problem == nil {
        files.append(old)
        continue
      }
      problems.append(appearance == .dark ? "dark: \(problem!)" : problem!)
      let name = appearance.animation(source.name, format)
      files.append(
        staging == nil
          ? old ?? MediaFile(file: name, sha256: "", bytes: 0)
          : try encode(rendered.images, format, name: name, holds: source.holds))
    }
    problems += stillsProblem.map { [$0] } ?? []
    let variant = MediaVariant(
      appearance: appearance, frames: webp.hashes, gifFrames: style.gifScale == 1 ? nil : gif.hashes,
      webp: files[0], gif: files[1], stills: stillsFile)
    return (variant, problems, (webp.images.first?.width ?? 0, webp.images.first?.height ?? 0))
  }

  /// The animation of `source` in `appearance` at `scale` times its size, rendered: each
  /// frame's pixels and SHA-256.
  private func frames(_ source: any MediaSource, _ appearance: MediaAppearance, scale: Double) throws -> (
    images: [RGBAImage], hashes: [String]
  ) {
    let hashes = ManifestSink(), kept = KeepFramesSink()
    try RenderJob(try source.animation(in: appearance.style, scale: scale), threads: threads).run(into: [
      hashes, kept,
    ])
    return (kept.frames.map(\.image), hashes.frames.map(\.sha256))
  }

  /// Why the animation `old` records (its frames `oldFrames`) is not what encoding `rendered`
  /// now would write, or nil: new, other pixels, another encoding or size limit, or the file
  /// on disk is not it.
  private func staleness(
    _ old: MediaFile?, _ oldFrames: [String]?, _ rendered: (images: [RGBAImage], hashes: [String]),
    format: OutputFormat, sameEncoding: Bool, holds: (first: Double, last: Double)
  ) -> String? {
    guard let old, let oldFrames else { return "not in the manifest" }
    if oldFrames != rendered.hashes { return "its pixels changed" }
    if !sameEncoding { return "its encoding changed" }
    if !fitsSizeLimit(old, format) { return "its size limit changed" }
    return onDiskProblem(old, format: format, rendered, holds: holds)
  }

  /// Whether encoding again under this style's size limit gives `old` again: it was encoded at
  /// the style's quality and fits the limit (so a check need not repeat a limit that did not
  /// bite), or it was fitted under this same limit.
  private func fitsSizeLimit(_ old: MediaFile, _ format: OutputFormat) -> Bool {
    if old.quality == style.options(format, holds: (0, 0)).quality {
      return style.maxFileBytes.map { old.bytes <= $0 } ?? true
    }
    return style.maxFileBytes == previousStyle?.maxFileBytes
  }

  /// Why the animation `recorded` lists is not on disk as written: missing, modified, or (a
  /// GIF, decoded by our decoder) not showing `images` within its encoding's budget.
  private func onDiskProblem(
    _ recorded: MediaFile, format: OutputFormat, _ rendered: (images: [RGBAImage], hashes: [String]),
    holds: (first: Double, last: Double)
  ) -> String? {
    let path = folder + "/" + recorded.file
    guard let hash = Self.hash(path) else { return "\(recorded.file) is missing" }
    if hash != recorded.sha256 { return "\(recorded.file) was modified" }
    guard format == .gif else { return nil }
    let options = style.options(.gif, holds: holds, quality: recorded.quality)
    return AnimationRecord.gifProblem(path, frames: rendered.images, options: options).map { "\(recorded.file): \($0)" }
  }

  /// `images` encoded as `format` at the style's quality or, over the size limit, the highest
  /// quality that fits; staged under `name`.
  private func encode(_ images: [RGBAImage], _ format: OutputFormat, name: String, holds: (first: Double, last: Double))
    throws -> MediaFile
  {
    let options = style.options(format, holds: holds)
    let once = { (quality: Int) throws -> [UInt8] in
      var tried = options
      tried.quality = quality
      let sink = MemorySink()
      var encoder = try AnyAnimationEncoder(format: format, sink: sink, options: tried, threads: threads)
      for image in images { try encoder.add(image) }
      try encoder.finish()
      return sink.bytes
    }
    var (bytes, quality) = (try once(options.quality), options.quality)
    if let limit = style.maxFileBytes, bytes.count > limit {
      do {
        let fitted = try SizeFit.search(quality: options.quality - 1, maxBytes: limit, encode: once)
        (bytes, quality) = (fitted.bytes, fitted.quality)
      } catch EncodingError.tooLarge(let smallest, _) {
        throw RenderError(
          "\(name) does not fit the size limit of \(limit) bytes (--max-size): even quality 0 takes \(smallest) bytes")
      }
    }
    try stage(bytes, as: name)
    return MediaFile(file: name, sha256: SHA256.hex(bytes), bytes: bytes.count, quality: quality)
  }

  /// A file made whole in memory (a filmstrip, the curves): staged when the folder's copy
  /// differs, with why it is stale.
  private func file(_ bytes: [UInt8], named name: String) throws -> (MediaFile, String?) {
    let record = MediaFile(file: name, sha256: SHA256.hex(bytes), bytes: bytes.count)
    let onDisk = Self.hash(folder + "/" + name)
    guard onDisk != record.sha256 else { return (record, nil) }
    try stage(bytes, as: name)
    return (record, onDisk == nil ? "\(name) is missing" : "\(name) differs")
  }

  private func stage(_ bytes: [UInt8], as name: String) throws {
    try staging?.stage(bytes, as: name)
  }

  /// SHA-256 of the file at `path`, nil when it cannot be read.
  static func hash(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) }
  }

  static func distinct(_ reasons: [String]) -> [String] {
    var seen = Set<String>()
    return reasons.filter { seen.insert($0).inserted }
  }
}
