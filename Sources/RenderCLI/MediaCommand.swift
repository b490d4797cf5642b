import DocsImages
import Foundation
import Rendering

/// The docs media of a user's declared transitions (the `render-transitions` plugin runs the
/// user's executable, whose `DocsMedia.main` calls this): parse the options, make or check
/// the media, say what was written or what is stale.
public enum MediaCommand {
  /// The whole command on `arguments`; the exit status (0 done or up to date, 1 stale or a
  /// failure, 64 a usage error) instead of exiting.
  @MainActor
  public static func run(_ arguments: [String], transitions: [DocsTransition], streams: CLIStreams) -> Int32 {
    do {
      return try command(arguments, transitions: transitions, streams: streams)
    } catch let error as UsageError {
      streams.err("Error: \(error.message)\n  See '--help' for the options.\n")
      return 64
    } catch let error as RenderError where error.isUsageError {
      streams.err("Error: \(error.description)\n")
      return 64
    } catch {
      streams.err("Error: \(error)\n")
      return 1
    }
  }

  @MainActor
  private static func command(_ arguments: [String], transitions: [DocsTransition], streams: CLIStreams) throws
    -> Int32
  {
    var args = ArgumentList(arguments)
    if args.flag("-h", "--help") {
      streams.out(Help.media)
      return 0
    }
    let check = args.flag("--check")
    let json = args.flag("--json")
    let quiet = args.flag("-q", "--quiet") || json
    let output = try args.outputOption("-o", "--output") ?? "docs/media"
    let prefix = try args.option("--link-prefix") ?? output + "/"
    var style = MediaStyle()
    style.maxFileBytes = try args.option("--max-size").map(Parse.byteCount)
    style.maxTotalBytes = try args.option("--max-total").map(Parse.byteCount)
    let only = try args.option("--only").map { Set($0.split(separator: ",").map(String.init)) }
    let threads = try args.threads()
    if let extra = try args.positionals().first { throw UsageError("Unexpected argument '\(extra)'") }
    let chosen = try select(transitions, only: only)
    var set = MediaSet(folder: output, style: style, threads: threads)
    let declared = Set(transitions.map(\.name))
    set.keeps = { declared.contains($0.name) }
    let order = Dictionary(uniqueKeysWithValues: transitions.enumerated().map { ($1.name, $0) })
    set.order = { $0.sorted { order[$0.name]! < order[$1.name]! } }
    set.pages = { entries in entries.map { ("\($0.name).md", PictureSnippet($0, prefix: prefix).html() + "\n") } }
    return try MediaSummary.report(
      folder: output, check: check, json: json, quiet: quiet, streams: streams,
      staleError: { "the media in \(output) are stale: \($0); regenerate them (the same command without --check)" }
    ) { heard in
      try set.run(chosen.map { $0.source(style: style) }, check: check, progress: heard)
    }
  }

  /// The declarations to make: all, or those `only` names; each checked, names unique.
  private static func select(_ transitions: [DocsTransition], only: Set<String>?) throws -> [DocsTransition] {
    var seen = Set<String>()
    for t in transitions {
      try t.check()
      guard seen.insert(t.name).inserted else {
        throw UsageError("Two transitions are named '\(t.name)': a name is the files' stem, so each must differ")
      }
    }
    if let unknown = only?.subtracting(seen).sorted().first {
      throw UsageError(
        "Unknown transition '\(unknown)' in --only; the declared ones are \(transitions.map(\.name).joined(separator: ", "))"
      )
    }
    return transitions.filter { only?.contains($0.name) ?? true }
  }
}
