import Compositor
import FrameEncoding
import Foundation
import Pixels

/// What `render verify` found.
public enum VerificationOutcome: Equatable, Sendable {
  /// Every frame hash matches.
  case match(frames: Int)
  /// The hashes were made with other library versions or font files (Cairo, pixman, Pango,
  /// HarfBuzz, FreeType, fontconfig, the fonts): not comparable, not a regression.
  case libraryMismatch(expected: String, actual: String)
  /// A difference: the first differing frame (or a frame-count or size change), and where the
  /// artifacts were written.
  case mismatch(description: String, artifacts: String)
}

/// Re-renders a manifest's recipe and compares each frame's hash.
public struct Verifier {
  public let threads: Int
  public init(threads: Int) { self.threads = threads }

  /// `artifacts` is the folder for the actual frames, their contact sheet, and a difference
  /// image against the reference sheet (`<manifest>.png`, when it exists).
  @MainActor
  public func verify(manifestPath: String, artifacts: String) throws -> VerificationOutcome {
    let manifest = try HashManifest.load(path: manifestPath)
    let differences = manifest.libraryDifferences
    guard differences.isEmpty else {
      return .libraryMismatch(
        expected: differences.map(\.recorded).joined(separator: ", "), actual: differences.map(\.here).joined(separator: ", "))
    }
    let folder = URL(fileURLWithPath: manifestPath).deletingLastPathComponent()
    let settings = try manifest.recipe.settings(relativeTo: folder)
    let snapshots = try simulate(settings)
    let pipeline = FramePipeline(compositor: Compositor(scale: settings.scale), threads: threads)
    var sink = KeepFramesSink()
    try pipeline.run(snapshots, frameDuration: 1 / settings.fps, into: &sink)
    let actual = sink.frames
    var problem: String?
    if let first = actual.first, first.image.width != manifest.width || first.image.height != manifest.height {
      problem = "frame size is \(first.image.width)x\(first.image.height) px, the manifest has \(manifest.width)x\(manifest.height)"
    } else if let i = (0..<min(actual.count, manifest.frames.count)).first(where: { SHA256.hex(actual[$0].image.pixels) != manifest.frames[$0].sha256 }) {
      problem = String(format: "frame %d (t = %.3f s) differs", i, actual[i].time)
    } else if actual.count != manifest.frames.count {
      problem = "the render has \(actual.count) frames, the manifest \(manifest.frames.count)"
    }
    guard let problem else { return .match(frames: actual.count) }
    try writeArtifacts(actual, to: artifacts, referenceSheet: referenceSheetPath(for: manifestPath))
    return .mismatch(description: problem, artifacts: artifacts)
  }

  /// The reference contact sheet recorded beside a manifest: `name.json` → `name.png`.
  public func referenceSheetPath(for manifestPath: String) -> String {
    URL(fileURLWithPath: manifestPath).deletingPathExtension().appendingPathExtension("png").path
  }

  private func writeArtifacts(_ frames: [RenderedFrame], to folder: String, referenceSheet: String) throws {
    let fm = FileManager.default
    try? fm.removeItem(atPath: folder)
    do {
      try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw RenderError("cannot create the artifacts folder '\(folder)'")
    }
    for frame in frames {
      try writeAtomically(try PNGWriter().encode(frame.image), to: folder + "/" + String(format: "%04d.png", frame.index))
    }
    let sheet = ContactSheet().render(frames.map { ($0.image, $0.time) })
    try writeAtomically(try PNGWriter().encode(sheet), to: folder + "/actual-sheet.png")
    if let data = fm.contents(atPath: referenceSheet), let expected = try? PNGReader(maxPixels: 1 << 28).decode([UInt8](data)) {
      try writeAtomically(try PNGWriter().encode(Self.difference(expected, sheet)), to: folder + "/difference.png")
    }
  }

  /// Red where two images differ (brighter for larger differences), the expected image dimmed
  /// elsewhere; sized to the larger of the two.
  static func difference(_ a: RGBAImage, _ b: RGBAImage) -> RGBAImage {
    let w = max(a.width, b.width), h = max(a.height, b.height)
    var out = RGBAImage(width: w, height: h, fill: RGBA8(0, 0, 0))!
    for y in 0..<h {
      for x in 0..<w {
        let inA = x < a.width && y < a.height, inB = x < b.width && y < b.height
        guard inA && inB else {
          out[x, y] = RGBA8(255, 0, 255)
          continue
        }
        let p = a[x, y], q = b[x, y]
        let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
        if d == 0 {
          let gray = UInt8((Int(p.r) + Int(p.g) + Int(p.b)) / 12)
          out[x, y] = RGBA8(gray, gray, gray)
        } else {
          out[x, y] = RGBA8(UInt8(min(255, 128 + d)), 0, 0)
        }
      }
    }
    return out
  }
}

/// Keeps every frame (verification needs them all to write artifacts).
struct KeepFramesSink: FrameSink {
  var frames: [RenderedFrame] = []
  mutating func add(_ frame: RenderedFrame) throws { frames.append(frame) }
  mutating func finish(endTime: Double) throws {}
}
