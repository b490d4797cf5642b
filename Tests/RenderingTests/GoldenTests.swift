import Effects
import Foundation
import Rendering
import Testing

/// The project's own visual regression: every effect and operation, rendered small, against a
/// manifest of per-frame pixel hashes under Goldens/. Record with
/// `TRANSITIONRENDER_RECORD=missing swift test --filter GoldenTests` (a recording run fails).
@MainActor
@Suite("Golden frames of every effect and operation")
struct GoldenTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path

  /// Small renders keep the suite fast in debug builds: 100×178 pt at 20 fps.
  static func recipe(_ effect: Effect, _ operation: TransitionOperation) -> RenderRecipe {
    var r = RenderRecipe(effect: effect.name)
    r.operation = operation
    r.size = Size(width: 100, height: 178)
    r.fps = 20
    return r
  }

  nonisolated static var cases: [(String, String)] {
    EffectCatalog.all.flatMap { e in e.operations.map { (e.name, $0.rawValue) } }
  }

  @Test("Each effect and operation renders the frames its golden manifest records", arguments: cases)
  func golden(effect: String, operation: String) throws {
    let e = try #require(EffectCatalog.effect(named: effect))
    let recipe = Self.recipe(e, TransitionOperation(rawValue: operation)!)
    // Hashes only: reference sheets for every case would weigh megabytes in the repository;
    // a failure still writes the actual frames and their contact sheet.
    var reference = SnapshotReference(
      manifest: "\(Self.folder)/\(effect)-\(operation).json", sheet: nil, recipe: recipe)
    reference.renderer = "golden"
    do {
      _ = try verifySnapshot(of: try simulate(try recipe.settings()), against: reference, threads: 2)
    } catch let failure as SnapshotFailure {
      Issue.record("\(failure)")
    }
  }

  @Test("Every manifest under Goldens/ belongs to an effect and operation that exists (no orphans)")
  func noOrphans() throws {
    let names = Set(Self.cases.map { "\($0.0)-\($0.1)" })
    let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder)) ?? []
    for file in files where file.hasSuffix(".json") {
      #expect(names.contains(String(file.dropLast(5))), "orphaned golden \(file)")
    }
  }
}
