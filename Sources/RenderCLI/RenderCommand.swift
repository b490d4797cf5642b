import Animator
import Compositor
import Effects
import Foundation
import FrameEncoding
import Rendering

/// `render <effect> [operation] [options] -o PATH`.
enum RenderCommand {
  /// Where the frames go, chosen from the output path.
  enum Output {
    case pngSequence(String)
    case contactSheet(String)
    /// A GIF, APNG or WebP file.
    case animation(String, OutputFormat)
    /// A GIF on standard output.
    case standardOutput
  }

  /// The options every rendering command shares, read into a recipe.
  static func recipe(from args: inout ArgumentList, effect: String) throws -> RenderRecipe {
    var recipe = RenderRecipe(effect: effect)
    let operations = TransitionOperation.allCases.filter { args.flag("--\($0.rawValue)") }
    if operations.count > 1 {
      throw UsageError("Choose one operation; got \(operations.map { "--" + $0.rawValue }.joined(separator: " and "))")
    }
    recipe.operation = operations.first?.rawValue
    if let size = try args.option("--size").map({ try Parse.size($0, option: "--size") }) {
      recipe.size = [size.width, size.height]
    }
    recipe.scene = try args.option("--scene")
    recipe.from = try args.option("--from")
    recipe.to = try args.option("--to")
    if recipe.scene != nil && (recipe.from != nil || recipe.to != nil) { throw UsageError("Use either --scene or --from/--to, not both") }
    if (recipe.from == nil) != (recipe.to == nil) { throw UsageError("--from and --to go together: give both screenshots") }
    if recipe.scene != nil && recipe.size != nil { throw UsageError("--size cannot be combined with --scene; the scene file sets the size") }
    for text in try args.options("--param") {
      guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
        throw UsageError("Invalid value '\(text)' for '--param': expected name=value")
      }
      recipe.parameters[String(text[..<eq])] = String(text[text.index(after: eq)...])
    }
    recipe.device = try args.option("--device")
    if let device = recipe.device {
      guard let d = Device.named(device) else {
        throw UsageError("Unknown device '\(device)'; the devices are \(Device.names) (see 'render list --devices')")
      }
      if recipe.size != nil { throw UsageError("--size cannot be combined with --device; the device sets the size") }
      recipe.scale = d.scale
    }
    if let text = try args.option("--scale") {
      guard let s = Int(text), (1...3).contains(s) else { throw UsageError("Invalid value '\(text)' for '--scale': expected 1, 2 or 3") }
      recipe.scale = Double(s)
    }
    if let text = try args.option("--fps") { recipe.fps = try Parse.positiveDouble(text, option: "--fps", max: 120) }
    if let text = try args.option("--background") { recipe.background = try Parse.color(text, option: "--background").hexString }
    if args.flag("--transparent") { recipe.background = Color.clear.hexString }
    if args.flag("--bounce") { recipe.bounce = true }
    if args.flag("--interactive") { recipe.interactive = true }
    if args.flag("--cancel") { recipe.cancel = true }
    recipe.interaction = try args.option("--interaction")
    recipe.gesture = try args.option("--gesture")
    return recipe
  }

  @MainActor
  static func run(_ args: inout ArgumentList, streams: CLIStreams, dryRun: Bool = false) throws -> Int32 {
    let outputPath = try args.option("-o", "--output")
    var encoding = EncodingOptions()
    if let text = try args.option("--loop") { encoding.loop = try Parse.loop(text) }
    if let text = try args.option("--hold") {
      let hold = try Parse.nonNegativeDouble(text, option: "--hold")
      encoding.holdFirst = hold
      encoding.holdLast = hold
    }
    if let text = try args.option("--quality") { encoding.quality = try Parse.quality(text) }
    if let text = try args.option("--dither") { encoding.dither = try Parse.dither(text) }
    encoding.lossless = args.flag("--lossless")
    let maxBytes = try args.option("--max-size").map(Parse.size)
    let hashesPath = try args.option("--hashes")
    let hash = args.flag("--hash")
    let quiet = args.flag("-q", "--quiet")
    let perf = args.flag("--perf")
    let threads = try args.threads()
    var recipe = try recipe(from: &args, effect: "")
    let positionals = try args.positionals()
    guard let effectName = positionals.first else { throw UsageError("Missing expected argument '<effect>'") }
    if positionals.count > 1 { throw UsageError("Unexpected argument '\(positionals[1])'") }
    recipe.effect = effectName
    guard outputPath != nil || hash || hashesPath != nil else { throw UsageError("Missing expected option '-o <path>' (or --hash, --hashes)") }
    let output = try outputPath.map(chooseOutput)

    let clock = DispatchTime.now().uptimeNanoseconds
    let settings = try settingsOrUsageError(recipe)
    switch output {
    case .animation(_, let format): try Parse.checkFPS(settings.fps, for: format, canDrop: false)
    case .standardOutput: try Parse.checkFPS(settings.fps, for: .gif, canDrop: false)
    default: break
    }
    if maxBytes != nil {
      switch output {
      case .animation(_, let format): try Parse.checkSizeLimit(format: format, lossless: encoding.lossless)
      case .standardOutput: try Parse.checkSizeLimit(format: .gif, lossless: encoding.lossless)
      default: throw UsageError("--max-size applies to animations (.gif, .webp, or - for a GIF on standard output)")
      }
    }
    if dryRun { return 0 }
    let snapshots = try simulate(settings)
    try JobLimits.check(
      width: Int((settings.screens.size.width * settings.scale).rounded(.up)), height: Int((settings.screens.size.height * settings.scale).rounded(.up)),
      frames: snapshots.count, threads: threads)
    let animateSeconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
    let bar = ProgressBar(total: snapshots.count, streams: streams, quiet: quiet)
    var timings = PipelineTimings()
    let pipeline = FramePipeline(compositor: Compositor(scale: settings.scale), threads: threads)

    var sinks: [any FrameSink] = []
    if hash || hashesPath != nil { sinks.append(ManifestSink()) }
    if let hashesPath {
      // The reference sheet beside the manifest, at full size: `render verify` diffs against it.
      var sheet = ContactSheetSink(path: Verifier(threads: threads).referenceSheetPath(for: hashesPath))
      sheet.sheet.maximumTileWidth = Int.max
      sinks.append(sheet)
    }
    encoding.fps = settings.fps
    var sequence: PNGSequenceSink?
    var fanOut = FanOutSink(sinks)
    do {
      switch output {
      case nil:
        timings = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &fanOut, progress: bar.update)
      case .pngSequence(let folder):
        sequence = try PNGSequenceSink(folder: folder)
        fanOut.sinks.append(sequence!)
        timings = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &fanOut, progress: bar.update)
      case .contactSheet(let path):
        fanOut.sinks.append(ContactSheetSink(path: path))
        timings = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &fanOut, progress: bar.update)
      case .animation where maxBytes != nil, .standardOutput where maxBytes != nil:
        // --max-size: the whole animation encoded in memory at the asked quality and, while
        // too big, lower ones (`SizeFit`); frames are composited again for each try (the same
        // pixels), and only the first pass feeds the hash and sheet sinks.
        var format = OutputFormat.gif
        if case .animation(_, let f) = output { format = f }
        var pass = 0
        var firstPass = fanOut
        let result = try SizeFit.search(quality: encoding.quality, maxBytes: maxBytes!) { quality in
          var options = encoding
          options.quality = quality
          let memory = MemorySink()
          let encoder = EncoderSink(try AnyAnimationEncoder(format: format, sink: memory, options: options))
          if pass == 0 {
            firstPass.sinks.append(encoder)
            timings = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &firstPass, progress: bar.update)
          } else {
            var only = FanOutSink([encoder])
            _ = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &only, progress: { _ in })
          }
          pass += 1
          if !quiet {
            streams.err("quality \(quality): \(memory.bytes.count) bytes\(memory.bytes.count <= maxBytes! ? "" : " (over \(maxBytes!))")\n")
          }
          return memory.bytes
        }
        fanOut = firstPass
        if case .animation(let path, _) = output { try writeAtomically(result.bytes, to: path) } else { streams.outBytes(result.bytes) }
      case .animation(let path, let format):
        try FrameEncoding.writeAtomically(to: path) { file in
          fanOut.sinks.append(EncoderSink(try AnyAnimationEncoder(format: format, sink: file, options: encoding)))
          timings = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &fanOut, progress: bar.update)
        }
      case .standardOutput:
        let memory = MemorySink()
        fanOut.sinks.append(EncoderSink(try AnyAnimationEncoder(format: .gif, sink: memory, options: encoding)))
        timings = try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &fanOut, progress: bar.update)
        streams.outBytes(memory.bytes)
      }
    } catch let error as EncodingError {
      sequence?.discard()
      throw RenderError("\(error)")
    } catch {
      sequence?.discard()
      throw error
    }
    if let manifestSink = fanOut.sinks.first as? ManifestSink {
      if hash {
        streams.out(manifestSink.frames.enumerated().map { String(format: "%04d ", $0.offset) + $0.element.sha256 }.joined(separator: "\n") + "\n")
      }
      if let hashesPath {
        // Screen files are recorded relative to the manifest, so it verifies from anywhere.
        let folder = URL(fileURLWithPath: hashesPath).deletingLastPathComponent().path
        var recipe = recipe
        recipe.scene = recipe.scene.map { path($0, relativeTo: folder) }
        recipe.from = recipe.from.map { path($0, relativeTo: folder) }
        recipe.to = recipe.to.map { path($0, relativeTo: folder) }
        recipe.gesture = recipe.gesture.map { path($0, relativeTo: folder) }
        let manifest = HashManifest(renderer: RenderCLI.version, recipe: recipe, width: manifestSink.width, height: manifestSink.height, frames: manifestSink.frames)
        try writeAtomically(try manifest.encoded(), to: hashesPath)
      }
    }
    if perf {
      let total = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
      streams.err(String(
        format: "perf: animate %.1f ms, composite %.1f ms (%d threads, %.2f ms/frame), encode+write %.1f ms, total %.1f ms for %d frames\n",
        animateSeconds * 1000, timings.composite * 1000, threads, timings.composite * 1000 / Double(max(1, snapshots.count)),
        timings.sink * 1000, total * 1000, snapshots.count))
    }
    if !quiet, let outputPath, outputPath != "-" {
      streams.err("rendered \(settings.effect.name) --\(settings.operation.rawValue): \(snapshots.count) frames -> \(outputPath)\n")
    }
    return 0
  }

  /// Validation problems of a recipe made from flags are usage errors.
  @MainActor
  static func settingsOrUsageError(_ recipe: RenderRecipe, relativeTo folder: URL? = nil) throws -> RenderSettings {
    do {
      return try recipe.settings(relativeTo: folder)
    } catch let error as RenderError where error.isUsageError {
      throw UsageError(error.description)
    }
  }

  /// The output kind from the path: `-` (GIF on standard output), a folder or a path ending in
  /// `/` (PNG sequence), `.png` (contact sheet), `.gif`, `.apng`, `.webp`. File outputs are
  /// checked for a writable folder before anything is rendered.
  static func chooseOutput(_ path: String) throws -> Output {
    if path == "-" { return .standardOutput }
    var isFolder: ObjCBool = false
    if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
      return .pngSequence(path)
    }
    let output: Output
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "gif": output = .animation(path, .gif)
    case "apng": output = .animation(path, .apng)
    case "webp": output = .animation(path, .webp)
    case "png": output = .contactSheet(path)
    case "": return .pngSequence(path)
    case let ext: throw UsageError("Unsupported output '\(path)': .\(ext) is not a known format; use .gif, .apng, .webp, .png (contact sheet) or a folder (PNG sequence)")
    }
    try checkWritableFile(path)
    return output
  }
}
