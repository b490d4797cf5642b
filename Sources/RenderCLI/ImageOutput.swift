import Foundation
import DocsImages
import Rendering

/// `--stills` and `--curves`: one picture of a transition instead of its frames.
enum ImageOutput: Equatable {
  /// Stills at these progress points: a PNG strip, or one PNG per still in a folder.
  case stills([Double], framed: Bool, folder: Bool)
  /// The motion curves, as SVG or PNG.
  case curves(png: Bool)

  /// Reads `--stills`, `--frame` and `--curves`; nil when none is given.
  static func parse(_ args: inout ArgumentList) throws -> ImageOutput? {
    let points = try args.option("--stills").map(Parse.stills)
    let framed = args.flag("--frame")
    let curves = args.flag("--curves")
    if points != nil && curves { throw UsageError("--stills and --curves each write one picture; choose one") }
    if framed && points == nil {
      throw UsageError("--frame draws the phone outline around --stills; give --stills too")
    }
    if let points { return .stills(points, framed: framed, folder: false) }
    return curves ? .curves(png: false) : nil
  }

  /// The kind of file `path` asks for (`OutputKind`): a strip (`.png`) or a folder of stills;
  /// curves as `.svg` or `.png`. Anything else is a usage error naming what is accepted.
  func resolved(for path: String) throws -> ImageOutput {
    switch self {
    case .stills(let points, let framed, _):
      let kind = try RenderCommand.usageErrors { try OutputKind(path: path, command: .stills) }
      return .stills(points, framed: framed, folder: kind == .stillsFolder)
    case .curves:
      let kind = try RenderCommand.usageErrors { try OutputKind(path: path, command: .curves) }
      return .curves(png: kind == .curvesPNG)
    }
  }

  /// Renders the picture of `settings` to `path` and says what was written.
  @MainActor
  func write(_ settings: RenderSettings, to path: String, threads: Int, quiet: Bool, streams: CLIStreams) throws {
    let name = "\(settings.effect.name) --\(settings.operation.rawValue)"
    switch self {
    case .stills(let points, let framed, let folder):
      if !folder { try checkWritableFile(path) }
      let stills = try RenderCommand.usageErrors { try Rendering.stills(of: settings, atProgress: points) }
      try FilmStrip(framed: framed).write(stills, scale: settings.scale, threads: threads, to: path, folder: folder)
      if !quiet { streams.err("rendered \(name): \(stills.count) stills -> \(path)\n") }
    case .curves(let png):
      try checkWritableFile(path)
      guard let curves = try simulate(settings, motion: true).motion else { return }
      let plot = CurvePlot(title: "\(name): motion curves")
      let bytes = png ? try PNGWriter(compressionLevel: 9).encode(try plot.image(curves)) : try plot.svg(curves)
      try writeAtomically(bytes, to: path)
      let (series, views) = (curves.series.count, curves.views.count)
      if !quiet {
        streams.err(
          "rendered \(name): \(series) curve\(series == 1 ? "" : "s") of \(views) view\(views == 1 ? "" : "s") -> \(path)\n"
        )
      }
    }
  }
}
