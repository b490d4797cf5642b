import Foundation
import Rendering

/// `render <effect> [operation] [options] -o PATH`.
enum RenderCommand {
  /// Everything the command line asks for, parsed and checked.
  struct Request {
    var recipe: RenderRecipe
    var outputPath: String?
    var output: RenderOutput?
    var encoding = OutputEncoding()
    var hash = false
    var hashesPath: String?
    var quiet = false
    var perf = false
    var threads = 1
    /// `--stills` or `--curves`: one picture instead of the frames.
    var image: ImageOutput?
    /// Which encoding flags were given (checked against the output).
    var flags = Parse.EncodingFlags()

    /// Whether frame hashes are collected (`--hash`, `--hashes`).
    var wantsHashes: Bool { hash || hashesPath != nil }

  }

  /// The options that describe the render, read into a recipe: syntax only, the recipe's
  /// rules are checked by `RenderRecipe.settings()`.
  static func recipe(from args: inout ArgumentList, effect: String) throws -> RenderRecipe {
    var recipe = RenderRecipe(effect: effect)
    let operations = TransitionOperation.allCases.filter { args.flag("--\($0.rawValue)") }
    if operations.count > 1 {
      throw UsageError("Choose one operation; got \(operations.map { "--" + $0.rawValue }.joined(separator: " and "))")
    }
    recipe.operation = operations.first
    recipe.size = try args.option("--size").map { try Parse.size($0, option: "--size") }
    recipe.scene = try args.option("--scene")
    recipe.from = try args.option("--from")
    recipe.to = try args.option("--to")
    for text in try args.options("--param") {
      guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
        throw UsageError("Invalid value '\(text)' for '--param': expected name=value")
      }
      recipe.parameters[String(text[..<eq])] = String(text[text.index(after: eq)...])
    }
    if let name = try args.option("--device") {
      let device = try Parse.named(name, Device.preset(named:))
      recipe.device = device
      // A device renders at its own scale unless --scale says otherwise.
      recipe.scale = device.scale
    }
    if let text = try args.option("--scale") { recipe.scale = try Parse.number(text, option: "--scale") }
    if let text = try args.option("--fps") { recipe.fps = try Parse.number(text, option: "--fps") }
    recipe.duration = try args.option("--duration").map { try Parse.number($0, option: "--duration") }
    recipe.speed = try args.option("--speed").map { try Parse.number($0, option: "--speed") }
    recipe.hold = try args.option("--hold").map { try Parse.number($0, option: "--hold") }
    recipe.background = try args.option("--background").map { try Parse.named($0, RecipeColor.init(parsing:)) }
    if let name = try args.option("--appearance") {
      // A recipe names only what differs from the default, light.
      let style = try Parse.named(name, UserInterfaceStyle.init(appearanceNamed:))
      recipe.appearance = style == .light ? nil : style
    }
    if args.flag("--transparent") { recipe.background = RecipeColor(.clear) }
    if args.flag("--bounce") { recipe.bounce = true }
    if args.flag("--interactive") { recipe.interactive = true }
    if args.flag("--cancel") { recipe.cancel = true }
    recipe.interaction = try args.option("--interaction").map { try Parse.named($0, InteractionKind.init(named:)) }
    recipe.gesture = try args.option("--gesture")
    return recipe
  }

  @MainActor
  static func run(_ args: inout ArgumentList, streams: CLIStreams, dryRun: Bool = false) throws -> Int32 {
    let request = try parse(&args)
    let clock = DispatchTime.now().uptimeNanoseconds
    let settings = try usageErrors { try request.recipe.settings() }
    if let image = request.image, let path = request.outputPath {
      if dryRun { return 0 }
      try image.write(settings, to: path, threads: request.threads, quiet: request.quiet, streams: streams)
      return 0
    }
    try checkOutput(of: request, fps: settings.fps)
    if dryRun { return 0 }
    let job = try RenderJob(try simulate(settings), threads: request.threads)
    let animateSeconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
    // Every output is staged and committed together at the end: a run that fails anywhere
    // replaces none of them.
    let staging = StagedOutputs()
    let hashes = request.hash ? ManifestSink() : nil
    let reference = try request.hashesPath.map { path in
      try ReferenceSink(
        count: job.recording.frames.count, sheet: try staging.file(SnapshotReference.sheet(forManifest: path)).sink)
    }
    let extra: [any FrameSink] = ([hashes, reference] as [(any FrameSink)?]).compactMap { $0 }
    let (timings, fittedQuality) = try render(
      job, request: request, alongside: extra, staging: staging, streams: streams)
    if let reference {
      try stage(reference, of: request, recording: job.recording, quality: fittedQuality, in: staging)
    }
    try staging.commit()
    if let hashes {
      streams.out(
        hashes.frames.enumerated().map { String(format: "%04d ", $0.offset) + $0.element.sha256 }.joined(
          separator: "\n") + "\n")
    }
    if request.perf {
      let total = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
      let frames = job.recording.frames.count
      streams.err(
        String(
          format:
            "perf: animate %.1f ms, composite %.1f ms (%d threads, %.2f ms/frame; %.1f ms not hidden behind encoding), encode+write %.1f ms, total %.1f ms for %d frames\n",
          animateSeconds * 1000, timings.composite * 1000, request.threads,
          timings.composite * 1000 / Double(max(1, frames)), timings.waited * 1000,
          timings.sink * 1000, total * 1000, frames))
    }
    if !request.quiet, let outputPath = request.outputPath, outputPath != "-" {
      streams.err(
        "rendered \(settings.effect.name) --\(settings.operation.rawValue): \(job.recording.frames.count) frames -> \(outputPath)\n"
      )
    }
    return 0
  }

  /// Reads the command line: encoding options, what to collect, the recipe and the output.
  static func parse(_ args: inout ArgumentList) throws -> Request {
    var request = Request(recipe: RenderRecipe(effect: ""))
    request.outputPath = try args.outputOption("-o", "--output")
    var encoding = EncodingOptions()
    if let text = try args.option("--loop") { encoding.loop = try Parse.loop(text) }
    if let text = try args.option("--quality") {
      encoding.quality = try Parse.wholeNumber(text, option: "--quality")
      request.flags.quality = true
    }
    if let text = try args.option("--dither") {
      encoding.dither = try Parse.named(text, GIFDither.init(named:))
      request.flags.dither = true
    }
    encoding.lossless = args.flag("--lossless")
    request.flags.lossless = encoding.lossless
    let maxBytes = try args.option("--max-size").map(Parse.byteCount)
    request.hashesPath = try args.outputOption("--hashes")
    request.hash = args.flag("--hash")
    request.quiet = args.flag("-q", "--quiet")
    request.perf = args.flag("--perf")
    request.threads = try args.threads()
    request.image = try ImageOutput.parse(&args)
    request.recipe = try recipe(from: &args, effect: "")
    (encoding.holdFirst, encoding.holdLast) = request.recipe.encodingHolds
    request.encoding = OutputEncoding(options: encoding, maxBytes: maxBytes)
    let positionals = try args.positionals()
    guard let effectName = positionals.first else { throw UsageError("Missing expected argument '<effect>'") }
    if positionals.count > 1 { throw UsageError("Unexpected argument '\(positionals[1])'") }
    request.recipe.effect = effectName
    if let image = request.image {
      guard let path = request.outputPath, path != "-" else {
        throw UsageError("--stills and --curves write a file: give -o <path>")
      }
      if request.wantsHashes { throw UsageError("--hash and --hashes are for frames, not --stills or --curves") }
      request.image = try image.resolved(for: path)
      return request
    }
    guard request.outputPath != nil || request.wantsHashes else {
      throw UsageError("Missing expected option '-o <path>' (or --hash, --hashes)")
    }
    request.output = try request.outputPath.map { path in try usageErrors { try RenderOutput(path: path) } }
    if let manifest = request.hashesPath { try checkManifestPaths(manifest, output: request.outputPath) }
    return request
  }

  /// `--hashes`: a new or replaceable `.json` file whose reference sheet (the same name in
  /// `.png`) can be written too, neither of them the output; checked before rendering, so a
  /// manifest that cannot be written costs no rendering and replaces nothing.
  static func checkManifestPaths(_ manifest: String, output: String?) throws {
    guard URL(fileURLWithPath: manifest).pathExtension.lowercased() == "json" else {
      throw UsageError(
        "Invalid value '\(manifest)' for '--hashes': a manifest is a .json file (its reference sheet goes beside it as .png)"
      )
    }
    let sheet = SnapshotReference.sheet(forManifest: manifest)
    func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
    if let output, output != "-", [resolved(manifest), resolved(sheet)].contains(resolved(output)) {
      throw UsageError(
        "-o '\(output)' is also where --hashes writes the manifest or its reference sheet; name another output")
    }
    try checkWritableFile(manifest)
    try checkWritableFile(sheet)
  }

  /// The flags given must apply to the output, and the output must take the encoding at the
  /// recipe's fps (`OutputEncoding.check`, which the job asks too).
  static func checkOutput(of request: Request, fps: Double) throws {
    try request.flags.check(for: request.output?.animationFormat)
    try usageErrors { try request.encoding.check(for: request.output, fps: fps) }
  }

  /// The one render job into the output (or only into `extra` without one).
  @MainActor
  /// Renders into the request's output and `extra`; with a size limit, also the quality that fitted.
  static func render(
    _ job: RenderJob, request: Request, alongside extra: [any FrameSink], staging: StagedOutputs,
    streams: CLIStreams
  ) throws -> (PipelineTimings, fittedQuality: Int?) {
    let bar = ProgressBar(total: job.recording.frames.count, streams: streams, quiet: request.quiet)
    guard let output = request.output else { return (try job.run(into: extra, progress: bar.update), nil) }
    let maxBytes = request.encoding.maxBytes
    var fitted: Int? = nil
    let timings = try job.write(
      to: output, encoding: request.encoding, alongside: extra, staging: staging,
      standardOutput: streams.standardOutput,
      tried: { quality, bytes in
        guard let maxBytes else { return }
        if bytes <= maxBytes { fitted = max(fitted ?? quality, quality) }
        if !request.quiet {
          streams.err("quality \(quality): \(bytes) bytes\(bytes <= maxBytes ? "" : " (over \(maxBytes))")\n")
        }
      },
      progress: bar.update)
    return (timings, fitted)
  }

  /// `--hashes`: the manifest, staged beside the reference sheet that keeps the pixels
  /// (`render verify` compares against both). Screen files are recorded relative to the
  /// manifest, so it verifies from anywhere; so is a GIF written with it, with its encoding
  /// (`quality`: the one a size limit fitted), so `render verify` decodes it too.
  static func stage(
    _ reference: ReferenceSink, of request: Request, recording: Recording, quality: Int?, in staging: StagedOutputs
  ) throws {
    guard let hashesPath = request.hashesPath else { return }
    let folder = URL(fileURLWithPath: hashesPath).deletingLastPathComponent().path
    var recipe = request.recipe
    recipe.scene = recipe.scene.map { path($0, relativeTo: folder) }
    recipe.from = recipe.from.map { path($0, relativeTo: folder) }
    recipe.to = recipe.to.map { path($0, relativeTo: folder) }
    recipe.gesture = recipe.gesture.map { path($0, relativeTo: folder) }
    var target = SnapshotReference(
      manifest: hashesPath, sheet: SnapshotReference.sheet(forManifest: hashesPath), recipe: recipe)
    target.renderer = RenderCLI.version
    if case .animation(let file, .gif)? = request.output {
      var options = request.encoding.options
      options.quality = quality ?? options.quality
      target.animation = AnimationRecord(file: path(file, relativeTo: folder), options: options)
    }
    try reference.stage(target, fps: recording.fps, scale: recording.scale, in: staging)
  }

  /// Validation problems of what the command line asked for are usage errors.
  static func usageErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as RenderError where error.isUsageError {
      throw UsageError(error.description)
    }
  }
}
