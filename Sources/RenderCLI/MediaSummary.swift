import DocsImages
import Foundation
import Rendering

/// What the gallery and the media command say about a media set: a line per transition, the
/// total, the stale list, and the `--json` document (docs/json.md#media).
enum MediaSummary {
  /// Runs a media set through `run` (which hears each outcome) and reports it: a line per
  /// transition as it goes (but the unchanged ones of a check), then the `--json` document,
  /// and a stale check's error (`staleError` of the stale list; exit 1) or the total.
  @MainActor
  static func report(
    folder: String, check: Bool, json: Bool, quiet: Bool, streams: CLIStreams, staleError: (String) -> String,
    run: ((MediaSet.Outcome) -> Void) throws -> MediaSet.Report
  ) throws -> Int32 {
    let clock = DispatchTime.now().uptimeNanoseconds
    let report = try run { outcome in
      if !quiet && !(check && outcome.status == .unchanged) { streams.err(line(outcome)) }
    }
    if json {
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
      try JSONOutput.write(document(report, folder: folder, check: check, seconds: seconds), streams)
    }
    if check && !report.upToDate {
      streams.err("Error: \(staleError(stale(report)))\n")
      return 1
    }
    if check && !json {
      streams.out(total(report, folder: folder, check: true))
    } else if !quiet {
      streams.err(total(report, folder: folder, check: false))
    }
    return 0
  }

  /// "  cube: written, 1,234,567 bytes (cube.webp 123,456 at q75, …)" on standard error.
  static func line(_ outcome: MediaSet.Outcome) -> String {
    let status: String
    switch outcome.status {
    case .unchanged: status = "unchanged"
    case .written: status = "written"
    case .stale(let reasons): status = "stale (\(reasons.joined(separator: "; ")))"
    }
    let files = outcome.entry.files.map { file in
      "\(file.file) \(file.bytes)" + (file.quality.map { " q\($0)" } ?? "")
    }
    let total = outcome.entry.files.reduce(0) { $0 + $1.bytes }
    return "  \(outcome.name): \(status), \(total) bytes (\(files.joined(separator: ", ")))\n"
  }

  /// "a (its pixels changed), b (b.gif is missing)".
  static func stale(_ report: MediaSet.Report) -> String {
    let transitions = report.outcomes.compactMap { outcome -> String? in
      guard case .stale(let reasons) = outcome.status else { return nil }
      return "\(outcome.name) (\(reasons.joined(separator: "; ")))"
    }
    return (transitions + report.pages.map { "\($0) (out of date)" }).joined(separator: ", ")
  }

  /// The last line of a run.
  static func total(_ report: MediaSet.Report, folder: String, check: Bool) -> String {
    let written = report.outcomes.filter { $0.status == .written }.count
    let bytes = report.manifest.totalBytes
    let budget = report.manifest.style.maxTotalBytes.map { " of a \($0)-byte budget" } ?? ""
    return check
      ? "\(folder): all \(report.outcomes.count) transitions' media are up to date (\(bytes) bytes\(budget))\n"
      : "media: \(report.outcomes.count) transitions, \(written) written, \(bytes) bytes\(budget) -> \(folder)\n"
  }

  /// The `--json` document of a run.
  struct Document: Encodable {
    /// The media folder.
    var folder: String
    /// Whether this was a check (nothing written).
    var check: Bool
    /// A check: whether everything is current; a run: true.
    var upToDate: Bool
    /// Bytes of every file the manifest lists, and the limits asked for (null: none).
    var totalBytes: Int
    var maxTotalBytes: Int?
    var maxFileBytes: Int?
    var transitions: [Transition]
    /// Pages that differ: stale when checking, written otherwise.
    var pages: [String]
    /// Wall-clock seconds the run took.
    var seconds: Double
  }

  struct Transition: Encodable {
    var name: String
    /// "unchanged", "written" or "stale".
    var status: String
    /// Why it is stale (empty otherwise).
    var reasons: [String]
    var width: Int
    var height: Int
    /// Frames of each animation (the light and the dark one have the same count).
    var frames: Int
    var loopSeconds: Double
    var files: [File]
  }

  struct File: Encodable {
    var file: String
    /// "webp", "gif", "stills" or "curves".
    var kind: String
    /// "light", "dark", or null for the curves.
    var appearance: String?
    var bytes: Int
    var quality: Int?
    var sha256: String
  }

  static func document(_ report: MediaSet.Report, folder: String, check: Bool, seconds: Double) -> Document {
    let style = report.manifest.style
    return Document(
      folder: folder, check: check, upToDate: !check || report.upToDate, totalBytes: report.manifest.totalBytes,
      maxTotalBytes: style.maxTotalBytes, maxFileBytes: style.maxFileBytes,
      transitions: report.outcomes.map { transition($0, fps: style.fps) }, pages: report.pages, seconds: seconds)
  }

  private static func transition(_ outcome: MediaSet.Outcome, fps: Double) -> Transition {
    let entry = outcome.entry
    let (status, reasons): (String, [String])
    switch outcome.status {
    case .unchanged: (status, reasons) = ("unchanged", [])
    case .written: (status, reasons) = ("written", [])
    case .stale(let why): (status, reasons) = ("stale", why)
    }
    var files: [File] = []
    for variant in entry.variants {
      let appearance = variant.appearance.rawValue
      for (file, kind) in [(variant.webp, "webp"), (variant.gif, "gif"), (variant.stills, "stills")] {
        files.append(
          File(
            file: file.file, kind: kind, appearance: appearance, bytes: file.bytes, quality: file.quality,
            sha256: file.sha256))
      }
    }
    files.append(File(file: entry.curves.file, kind: "curves", bytes: entry.curves.bytes, sha256: entry.curves.sha256))
    return Transition(
      name: entry.name, status: status, reasons: reasons, width: entry.width, height: entry.height,
      frames: entry.variants.first?.frames.count ?? 0, loopSeconds: entry.loopSeconds(fps: fps), files: files)
  }
}
