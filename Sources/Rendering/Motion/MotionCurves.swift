import Animator
import Foundation

/// How each animated view's position, scale, rotation and alpha moved over a recording,
/// sampled densely (`samplesPerSecond`) and at every frame time: the picture of a
/// transition that "feels wrong". Times are seconds of the recording, as its frames'.
package struct MotionCurves: Sendable, Equatable {
  /// A property of a view, as a plot shows it.
  public enum Property: String, Sendable, CaseIterable, Codable {
    /// Where the view's anchor point is in its superview: the layer's position plus its
    /// transform's translation, points.
    case x = "position x", y = "position y"
    /// The transform's scale, when it is the same along x and y.
    case scale = "scale"
    /// The transform's scale along x and y, when they differ.
    case scaleX = "scale x", scaleY = "scale y"
    /// The transform's rotation in the screen's plane (about z), degrees.
    case rotation = "rotation"
    /// The transform's whole rotation angle about its axis, when that axis leaves the screen's
    /// plane (a turn about x or y, as a cube's faces make), degrees.
    case angle = "3D angle"
    /// The layer's opacity, 0...1.
    case alpha = "alpha"

    /// The unit a value axis is labelled with.
    public var unit: String {
      switch self {
      case .x, .y: return "pt"
      case .rotation, .angle: return "°"
      case .scale, .scaleX, .scaleY, .alpha: return ""
      }
    }

    /// Smallest change that counts as motion (a value that moves less is not plotted).
    package var tolerance: Double {
      switch self {
      case .x, .y: return 0.01
      case .rotation, .angle: return 0.01
      case .scale, .scaleX, .scaleY, .alpha: return 1e-4
      }
    }
  }

  /// One property of one view over time.
  public struct Series: Sendable, Equatable {
    /// The view: its name, or its place in the tree.
    public var view: String
    public var property: Property
    /// Seconds of the recording, ascending.
    public var times: [Double]
    public var values: [Double]
  }

  /// Every property that moved, grouped by view in the order the views were first seen.
  public var series: [Series]
  /// When each frame is shown (the samples the frames took).
  public var frameTimes: [Double]
  /// When each transition called `completeTransition`.
  public var completions: [Double]

  public init(series: [Series], frameTimes: [Double], completions: [Double]) {
    self.series = series
    self.frameTimes = frameTimes
    self.completions = completions
  }

  /// The views that moved, in order.
  public var views: [String] {
    var seen: [String] = []
    for s in series where !seen.contains(s.view) { seen.append(s.view) }
    return seen
  }

  /// How many times a second motion is sampled between frames: dense enough that a spring's
  /// overshoot peak lies within a millisecond or two of a sample.
  package static let samplesPerSecond = 600.0

  /// The properties that moved, in `Property` order.
  public var properties: [Property] { Property.allCases.filter { p in series.contains { $0.property == p } } }
}

/// What a sample reads off one layer.
struct LayerMotion {
  var values: [MotionCurves.Property: Double]

  /// The plotted properties of a presentation snapshot. The rotation about z is the angle of
  /// the transform's first row in the plane; the 3D angle is that of its decomposed rotation
  /// (docs/core-animation.md#transforms-interpolate-decomposed), signed by its axis, and only
  /// present when the axis has an x or y part.
  init(_ layer: LayerSnapshot) {
    let t = layer.transform
    let parts = DecomposedTransform(t)
    let w = t.m44 != 0 ? t.m44 : 1
    let move = parts?.translation ?? SIMD3(t.m41 / w, t.m42 / w, t.m43 / w)
    values = [
      .x: layer.position.x + move.x, .y: layer.position.y + move.y,
      .scaleX: parts?.scale.x ?? (t.m11 * t.m11 + t.m12 * t.m12 + t.m13 * t.m13).squareRoot(),
      .scaleY: parts?.scale.y ?? (t.m21 * t.m21 + t.m22 * t.m22 + t.m23 * t.m23).squareRoot(),
      .rotation: atan2(t.m12, t.m11) * 180 / .pi,
      .alpha: layer.opacity,
    ]
    if let q = parts?.rotation, abs(q.x) > 1e-9 || abs(q.y) > 1e-9 {
      let axis = SIMD3(q.x, q.y, q.z)
      let length = (axis * axis).sum().squareRoot()
      // The sign of the axis's largest part: a turn about −y reads as a negative turn about y.
      let dominant = [q.x, q.y, q.z].max { abs($0) < abs($1) }!
      values[.angle] = 2 * atan2(length, q.w) * 180 / .pi * (dominant < 0 ? -1 : 1)
    }
  }
}

/// Angles read through atan2 jump by 360° where they wrap; a series is made continuous by
/// adding whole turns.
func unwrapDegrees(_ values: [Double]) -> [Double] {
  guard var previous = values.first else { return [] }
  var turns = 0.0
  return values.map { v in
    let d = v - previous
    previous = v
    if d > 180 { turns -= 360 } else if d < -180 { turns += 360 }
    return v + turns
  }
}
