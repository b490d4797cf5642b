import Foundation
import DocsImages
import Rendering

/// The `render` command. `run` is the whole program, in-process: it returns the exit status
/// (0 success, 1 failure, 64 usage error) instead of exiting.
public enum RenderCLI {
  public static let version = "0.1.0"

  /// The whole program: the exit status (0 success, 1 failure, 64 usage error) instead of
  /// exiting. A failed write to standard output or error ends it with status 1 and one line.
  ///
  /// `dryRun` parses and validates everything (options, effect, scene and screenshot files)
  /// and stops before rendering or writing anything; the fuzzer drives the CLI this way.
  @MainActor
  public static func run(_ arguments: [String], streams: CLIStreams = StandardStreams(), dryRun: Bool = false) -> Int32
  {
    do {
      let status = try command(arguments, streams: streams, dryRun: dryRun)
      guard let failure = streams.writeFailure else { return status }
      streams.err("Error: \(failure)\n")
      return 1
    } catch let error as UsageError {
      streams.err("Error: \(error.message)\n\(Help.usageLine)\n  See 'render --help' for more information.\n")
      return 64
    } catch {
      streams.err("Error: \(streams.writeFailure ?? "\(error)")\n")
      return 1
    }
  }

  /// The subcommand `arguments` name, run.
  @MainActor
  private static func command(_ arguments: [String], streams: CLIStreams, dryRun: Bool) throws -> Int32 {
    var args = ArgumentList(arguments)
    if dryRun, let first = arguments.first, ["verify", "encode", "gallery"].contains(first) { return 0 }
    if arguments.first == "list" { return try listCommand(Array(arguments.dropFirst()), streams) }
    if arguments.first == "verify" { return try verifyCommand(Array(arguments.dropFirst()), streams) }
    if arguments.first == "encode" { return try EncodeCommand.run(Array(arguments.dropFirst()), streams) }
    if arguments.first == "gallery" { return try galleryCommand(Array(arguments.dropFirst()), streams) }
    if args.flag("--version") {
      streams.out("render \(version)\n")
      return 0
    }
    if args.flag("-h", "--help") || arguments.isEmpty {
      streams.out(Help.render)
      return 0
    }
    return try RenderCommand.run(&args, streams: streams, dryRun: dryRun)
  }

  @MainActor
  static func verifyCommand(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.verify)
      return 0
    }
    let artifacts = try args.option("--artifacts")
    let threads = try args.threads()
    let rest = try args.positionals()
    guard let manifest = rest.first else { throw UsageError("Missing expected argument '<manifest>'") }
    if rest.count > 1 { throw UsageError("Unexpected argument '\(rest[1])'") }
    let name = URL(fileURLWithPath: manifest).deletingPathExtension().lastPathComponent
    let folder = artifacts ?? "output/failures/\(name)"
    switch try Verifier(threads: threads).verify(manifestPath: manifest, artifacts: folder) {
    case .match(let frames):
      streams.out("\(manifest): all \(frames) frames match\n")
      return 0
    case .mismatch(let problem, let artifacts):
      streams.err("Error: \(manifest): \(problem); expected | actual | difference written to \(artifacts)/\n")
      return 1
    case .undecodable(let problem):
      streams.err("Error: \(manifest): the frames match, but \(problem)\n")
      return 1
    }
  }

  @MainActor
  static func galleryCommand(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.gallery)
      return 0
    }
    let output = try args.option("-o", "--output")
    let checkFolder = try args.option("--check")
    let quiet = args.flag("-q", "--quiet")
    let threads = try args.threads()
    var effects = EffectCatalog.all
    if let names = try args.option("--effects") {
      effects = try names.split(separator: ",").map { name in
        guard let e = EffectCatalog.effect(named: String(name)) else {
          throw UsageError("Unknown effect '\(name)' in --effects")
        }
        return e
      }
    }
    let rest = try args.positionals()
    if let extra = rest.first { throw UsageError("Unexpected argument '\(extra)'") }
    guard (output == nil) != (checkFolder == nil) else {
      throw UsageError("Give either -o <folder> to render the gallery or --check <folder> to check it")
    }
    let folder = output ?? checkFolder!
    let gallery = Gallery(folder: folder, threads: threads, effects: effects)
    var stale: [String] = []
    let checking = checkFolder != nil
    let results = try gallery.run(check: checking) { name, status in
      switch status {
      case .unchanged: if !quiet && !checking { streams.err("  \(name): unchanged\n") }
      case .written: if !quiet { streams.err("  \(name): written\n") }
      case .stale(let why): stale.append("\(name) (\(why))")
      }
    }
    if checkFolder != nil {
      guard stale.isEmpty else {
        streams.err(
          "Error: the gallery in \(folder) is stale: \(stale.joined(separator: ", ")); regenerate it with 'render gallery -o \(folder)'\n"
        )
        return 1
      }
      streams.out("\(folder): all \(results.count) gallery images are up to date\n")
    } else if !quiet {
      let written = results.values.filter { $0 == .written }.count
      streams.err("gallery: \(results.count) effects, \(written) images written -> \(folder)\n")
    }
    return 0
  }

  @MainActor
  static func listCommand(_ arguments: [String], _ streams: CLIStreams) throws -> Int32 {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.list)
      return 0
    }
    let verbose = args.flag("-v", "--verbose")
    let devices = args.flag("--devices")
    let rest = try args.positionals()
    if let extra = rest.first { throw UsageError("Unexpected argument '\(extra)'") }
    if devices {
      streams.out(Device.listing)
      return 0
    }
    let width = EffectCatalog.all.map(\.name.count).max() ?? 0
    for effect in EffectCatalog.all {
      let name = effect.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let ops = effect.operations.map(\.rawValue).joined(separator: ",")
      streams.out("\(name)  \(ops)  \(effect.summary)\n")
      if verbose { streams.out(String(repeating: " ", count: width + 2) + details(of: effect) + "\n") }
    }
    return 0
  }

  /// `render list --verbose`'s second line: the default operation, the duration and what
  /// changes it, the speed, and the other parameters with their ranges and defaults.
  static func details(of effect: Effect) -> String {
    let takesDuration = effect.parameters.contains { $0.name == "duration" }
    var parts = [
      "default: --\(effect.defaultOperation.rawValue), \(effect.duration) s"
        + (takesDuration ? " (--duration \(RecordingLimits.transitionDuration.bounds))" : "")
    ]
    parts.append("--speed F (\(RecordingLimits.speed.bounds))")
    for p in effect.parameters where p.name != "duration" {
      switch p.kind {
      case .number(let range):
        parts.append(
          "--param \(p.name)=\(Parse.formatNumber(range.lowerBound))…\(Parse.formatNumber(range.upperBound)) (\(p.defaultValue))"
        )
      case .choice(let words): parts.append("--param \(p.name)=\(words.joined(separator: "|")) (\(p.defaultValue))")
      }
    }
    return parts.joined(separator: "; ")
  }
}
