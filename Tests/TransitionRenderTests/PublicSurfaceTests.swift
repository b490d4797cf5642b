import Foundation
import Testing
import ToolTestSupport

/// The public surface of `import TransitionRender` and `import UIKit`, one line per declaration
/// (`scripts/public-api`, from the built modules), committed in PublicSurface/: a change to
/// what another package's code can see is a change of those files, made on purpose.
@Suite("Public surface")
struct PublicSurfaceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The public declarations of both products as the built modules give them, sorted.
  static func listing() throws -> [String] {
    let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    let run = try runTool("/bin/bash", [root + "/scripts/public-api", "--bin", bin])
    guard run.status == 0 else { throw ToolFailure(message: run.errors) }
    return run.output.split(separator: "\n").map(String.init)
  }

  /// The committed listing.
  static func committed() throws -> [String] {
    try ["TransitionRender", "UIKit"].flatMap { name in
      try String(contentsOfFile: root + "/Tests/TransitionRenderTests/PublicSurface/\(name).txt", encoding: .utf8)
        .split(separator: "\n").map(String.init)
    }
  }

  @Test(
    "The public surface of import TransitionRender and import UIKit is the committed listing, declaration by declaration, each marked documented or not (after a deliberate change: scripts/public-api --write)"
  )
  func surfaceIsTheListing() throws {
    let built = try Self.listing(), committed = try Self.committed()
    let added = built.filter { !Set(committed).contains($0) }, removed = committed.filter { !Set(built).contains($0) }
    #expect(
      added.isEmpty && removed.isEmpty,
      "the public surface changed: \(added.count) lines added, \(removed.count) removed; added: \(added.prefix(10).joined(separator: " | ")); removed: \(removed.prefix(10).joined(separator: " | "))"
    )
  }

  @Test(
    "A user's code sees what it records, writes and checks with, and not what only the command line, the gallery, the tools and the tests use"
  )
  func whatAUserSees() throws {
    let paths = Set(
      try Self.committed().filter { !$0.hasPrefix("#") }.map { line in
        // "  Module: path: declaration"; a path's own colons are never followed by a space.
        line.dropFirst(2).components(separatedBy: ": ")[1]
      })
    for used in [
      "Recorder", "Recorder.record(_:)", "Recording.write(to:options:threads:)", "Recording.frameHashes(threads:)",
      "Recording.renderedFrames(threads:)", "RenderError.kind", "EncodingOptions.loop", "SnapshotTolerance",
      "verifySnapshot(of:against:record:tolerance:artifacts:threads:)", "RecordingLimits.fps", "LibraryBuild",
      "TouchScript", "View", "CGAffineTransform", "UIView",
    ] {
      #expect(paths.contains(used), "\(used) is public")
    }
    for inner in [
      "RenderRecipe", "RenderSettings", "RenderJob", "FrameSink", "Gallery", "HashManifest", "Verifier", "JobLimits",
      "GIFCheck", "GIFDecoder", "TemporaryFiles", "StagedOutputs", "Locked", "EffectCatalog", "Effect",
      "SceneFile", "Device", "ContactSheet", "FilmStrip", "CurvePlot", "OutputKind", "simulate(_:motion:)",
      "encodeFrameFiles(_:to:format:options:reader:threads:maxBytes:progress:)",
    ] {
      #expect(!paths.contains(inner), "\(inner) is for the package's own modules (package access)")
    }
  }
}
