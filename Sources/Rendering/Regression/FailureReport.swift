import FrameEncoding
import Foundation
import Pixels

/// Every snapshot that failed in this process, as one page: `index.html` in the report folder,
/// rewritten after each failure, that opens from disk in a browser (no server, no script)
/// and shows, per failure, the test's reference, what differed, the expected | actual |
/// difference comparison playing, and the per-frame difference figures.
final class FailureReport: Sendable {
  static let shared = FailureReport()

  /// One failed snapshot.
  struct Entry: Sendable {
    let reference: SnapshotReference
    let problem: String
    /// Its artifacts (expected.png, actual.png, difference.png, comparison.apng).
    let folder: String
    let frames: [FrameFigure]
  }

  private let entries = Locked<[String: [Entry]]>([:])

  /// Adds `entry` to the page of `reportFolder` and writes the page again.
  func add(_ entry: Entry, reportFolder: String) throws {
    let all = entries.withLock { pages -> [Entry] in
      pages[reportFolder, default: []].removeAll { $0.folder == entry.folder }
      pages[reportFolder, default: []].append(entry)
      return pages[reportFolder]!
    }
    try writeAtomically(Array(Self.page(all, in: reportFolder).utf8), to: reportFolder + "/index.html")
  }

  /// The HTML of the page for `entries`, whose artifacts' paths are made relative to `folder`.
  static func page(_ entries: [Entry], in folder: String) -> String {
    var html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Snapshot failures (\(entries.count))</title>
      <style>
      body { font: 14px system-ui, sans-serif; margin: 24px; background: #1c1c1e; color: #ebebf5; }
      h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }
      .problem { color: #ff9f0a; } a { color: #64d2ff; }
      img { image-rendering: pixelated; width: min(100%, 900px); }
      table { border-collapse: collapse; margin-top: 8px; } td, th { padding: 2px 10px; text-align: right; }
      th { color: #8e8e93; font-weight: normal; } tr.differs td { color: #ff453a; }
      </style></head><body>
      <h1>\(entries.count) snapshot\(entries.count == 1 ? "" : "s") failed</h1>

      """
    for entry in entries {
      let base = escape(relative(entry.folder, to: folder))
      let compared = FileManager.default.fileExists(atPath: entry.folder + "/comparison.apng")
      let evidence =
        compared
        ? """
        <p><img src="\(base)/comparison.apng" alt="expected | actual | difference, frame by frame"></p>
        <p><a href="\(base)/expected.png">expected</a> · <a href="\(base)/actual.png">actual</a> ·
        <a href="\(base)/difference.png">difference</a> sheets</p>
        """
        : """
        <p>The reference keeps hashes only: <a href="\(base)/actual.png">the actual frames</a>
        (and each as a PNG in <a href="\(base)/">its folder</a>).</p>
        """
      html += """
        <section>
        <h2>\(escape(entry.reference.manifestPath))</h2>
        <p class="problem">\(escape(entry.problem))</p>
        \(evidence)
        \(table(entry.frames))
        </section>

        """
    }
    return html + "</body></html>\n"
  }

  /// Frame, time, differing pixels and the largest difference; rows that differ are marked.
  private static func table(_ frames: [FrameFigure]) -> String {
    var rows =
      "<table><tr><th>frame</th><th>time (s)</th><th>differing pixels</th><th>share</th><th>largest</th></tr>\n"
    for f in frames {
      let time = String(format: "%.3f", f.time)
      guard let d = f.difference else {
        rows += "<tr class=\"differs\"><td>\(f.index)</td><td>\(time)</td><td colspan=\"3\">not in both</td></tr>\n"
        continue
      }
      let share = String(format: "%.2f %%", 100 * Double(d.differing) / Double(max(d.total, 1)))
      rows +=
        "<tr\(d.differing > 0 ? " class=\"differs\"" : "")><td>\(f.index)</td><td>\(time)</td><td>\(d.differing) of \(d.total)</td><td>\(share)</td><td>\(d.largest) levels</td></tr>\n"
    }
    return rows + "</table>"
  }

  private static func relative(_ path: String, to folder: String) -> String {
    path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path == folder ? "." : path
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
