import Foundation

/// What UIKit code reaches through class properties rather than through a view: the animation
/// engine (`AnimationEngine.current`: the virtual clock, animations, timers, transitions) and the
/// screen (`Screen.main`: bounds, scale, traits). Each recorder owns one, so recorders made one
/// after another, or in tests that run in parallel, never share a clock or a screen; outside
/// every recorder the ambient world answers (docs/uikit-transitions.md#recorder-owns-its-world).
@MainActor
package final class World {
  /// The engine scheduled on; `resetEngine()` puts a fresh one in its place.
  package private(set) var engine = AnimationEngine()
  /// UIScreen.main while this world is current.
  package let screen = Screen()

  package init() {}

  /// The world outside every recorder: tests of views and animations use it.
  package static let ambient = World()
  /// The world made current last and still owned by someone. Weak: a world goes away with its
  /// recorder, and the ambient world answers again.
  private static weak var chosen: World?

  /// The world `AnimationEngine.current` and `Screen.main` stand for now.
  package static var current: World { chosen ?? ambient }

  /// Makes this world current until another is (code that follows runs in it).
  package func makeCurrent() { World.chosen = self }

  /// Makes the ambient world current.
  package static func leave() { chosen = nil }

  /// Runs `body` with this world current, then makes current again the world that was before,
  /// also when `body` throws.
  package func run<T>(_ body: () throws -> T) rethrows -> T {
    let previous = World.chosen
    World.chosen = self
    defer { World.chosen = previous }
    return try body()
  }

  /// Drops everything pending on the engine (`AnimationEngine.abandon()`) and puts a fresh one
  /// at time 0 in its place.
  package func resetEngine() {
    engine.abandon()
    engine = AnimationEngine()
  }

  // Nothing can run on the engine of a world nobody holds: letting go of what it had pending
  // breaks the cycles that pending work closes (a layer's animation holds a completion that
  // holds the layer's view), which would otherwise outlive the world.
  isolated deinit { engine.abandon() }
}
