import Foundation

/// A progress bar on standard error, drawn only when it is a terminal (never in CI logs):
/// frames done, a bar, and the time left estimated from the rate so far.
final class ProgressBar {
  private let total: Int
  private let streams: CLIStreams
  private let enabled: Bool
  private let start = Date()

  init(total: Int, streams: CLIStreams, quiet: Bool) {
    self.total = total
    self.streams = streams
    enabled = !quiet && total > 0 && streams is StandardStreams && isatty(2) == 1
  }

  func update(_ done: Int) {
    guard enabled else { return }
    let width = 30
    let filled = width * done / total
    let elapsed = Date().timeIntervalSince(start)
    let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    streams.err(String(format: "\r%@ %d/%d frames  ETA %.1f s ", bar, done, total, eta))
    if done == total { streams.err("\r\u{1B}[K") }
  }
}
