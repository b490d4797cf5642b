import Animator
import Compositor
import Effects
import Foundation
import Rendering

/// `render <effect> [operation] [options] -o PATH`.
enum RenderCommand {
  /// Where the frames go, chosen from the output path.
  enum Output {
    case pngSequence(String)
    case contactSheet(String)
    case gif(String)
    case standardOutputGIF
  }

  @MainActor
  static func run(_ args: inout ArgumentList, streams: CLIStreams) throws -> Int32 {
    let operationFlags = TransitionOperation.allCases.filter { args.flag("--\($0.rawValue)") }
    let outputPath = try args.option("-o", "--output")
    let sizeOption = try args.option("--size").map { try Parse.size($0, option: "--size") }
    let scenePath = try args.option("--scene")
    let fromImage = try args.option("--from")
    let toImage = try args.option("--to")
    let parameterTexts = try args.options("--param")
    let scale = try args.option("--scale").map { text -> Double in
      guard let s = Int(text), (1...3).contains(s) else { throw UsageError("Invalid value '\(text)' for '--scale': expected 1, 2 or 3") }
      return Double(s)
    } ?? 1
    let fps = try args.option("--fps").map { try Parse.positiveDouble($0, option: "--fps", max: 120) } ?? 30
    var backgroundOption = try args.option("--background").map { try Parse.color($0, option: "--background") }
    if args.flag("--transparent") { backgroundOption = .clear }
    let hash = args.flag("--hash")
    let quiet = args.flag("-q", "--quiet")
    let threads = try args.option("--threads").map { try Parse.positiveInt($0, option: "--threads") }
      ?? ProcessInfo.processInfo.activeProcessorCount
    let positionals = try args.positionals()
    guard let effectName = positionals.first else { throw UsageError("Missing expected argument '<effect>'") }
    if positionals.count > 1 { throw UsageError("Unexpected argument '\(positionals[1])'") }
    guard let effect = EffectCatalog.effect(named: effectName) else {
      let names = EffectCatalog.all.map(\.name).joined(separator: ", ")
      throw UsageError("Unknown effect '\(effectName)'; the effects are: \(names)")
    }
    if operationFlags.count > 1 {
      throw UsageError("Choose one operation; got \(operationFlags.map { "--" + $0.rawValue }.joined(separator: " and "))")
    }
    let operation = operationFlags.first ?? effect.defaultOperation
    guard effect.operations.contains(operation) else {
      let ops = effect.operations.map { "--" + $0.rawValue }.joined(separator: ", ")
      throw UsageError("The effect '\(effect.name)' does not support --\(operation.rawValue); it supports \(ops)")
    }
    guard outputPath != nil || hash else { throw UsageError("Missing expected option '-o <path>' (or --hash)") }
    let output = try outputPath.map(chooseOutput)

    var given: [String: String] = [:]
    for text in parameterTexts {
      guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
        throw UsageError("Invalid value '\(text)' for '--param': expected name=value")
      }
      given[String(text[..<eq])] = String(text[text.index(after: eq)...])
    }
    let parameters: EffectParameters
    do {
      parameters = try EffectParameters(given, declared: effect.parameters, effect: effect.name)
    } catch let error as EffectParameterError {
      throw UsageError(error.description)
    }

    if scenePath != nil && (fromImage != nil || toImage != nil) {
      throw UsageError("Use either --scene or --from/--to, not both")
    }
    if (fromImage == nil) != (toImage == nil) { throw UsageError("--from and --to go together: give both screenshots") }
    let screens: ScreenPair
    var background = Color.black
    if let scenePath {
      let scene = try SceneFile.load(path: scenePath)
      if sizeOption != nil { throw UsageError("--size cannot be combined with --scene; the scene file sets the size") }
      screens = scene.screens
      background = scene.background ?? .clear
    } else if let fromImage, let toImage {
      screens = try SceneFile.screenshots(from: fromImage, to: toImage, size: sizeOption ?? Size(width: 375, height: 667)).screens
    } else {
      screens = .demo(size: sizeOption ?? Size(width: 375, height: 667))
    }
    if let backgroundOption { background = backgroundOption }

    var settings = RenderSettings(effect: effect, operation: operation, screens: screens)
    settings.parameters = parameters
    settings.fps = fps
    settings.scale = scale
    settings.background = background.alpha == 0 ? nil : background
    let snapshots = try simulate(settings)
    let pipeline = FramePipeline(compositor: Compositor(scale: scale), threads: threads)

    if hash {
      var sink = HashSink()
      try pipeline.run(snapshots, frameDuration: 1 / fps, into: &sink)
      streams.out(sink.lines.joined(separator: "\n") + "\n")
    }
    switch output {
    case nil: break
    case .pngSequence(let folder):
      var sink = try PNGSequenceSink(folder: folder)
      do {
        try pipeline.run(snapshots, frameDuration: 1 / fps, into: &sink)
      } catch {
        sink.discard()
        throw error
      }
    case .contactSheet(let path):
      var sink = ContactSheetSink(path: path)
      try pipeline.run(snapshots, frameDuration: 1 / fps, into: &sink)
    case .gif, .standardOutputGIF:
      throw RenderError("GIF output is not built yet; write a PNG sequence with -o folder/")
    }
    if !quiet, let outputPath, outputPath != "-" {
      streams.err("rendered \(effect.name) --\(operation.rawValue): \(snapshots.count) frames -> \(outputPath)\n")
    }
    return 0
  }

  static func chooseOutput(_ path: String) throws -> Output {
    if path == "-" { return .standardOutputGIF }
    var isFolder: ObjCBool = false
    if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
      return .pngSequence(path)
    }
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "gif": return .gif(path)
    case "png": return .contactSheet(path)
    case "": return .pngSequence(path)
    case let ext: throw UsageError("Unsupported output '\(path)': .\(ext) is not a known format; use .gif or a folder for a PNG sequence")
    }
  }
}
