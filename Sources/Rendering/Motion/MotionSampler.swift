import Foundation
import Animator

/// Samples the recorder's live window: at every frame and `MotionCurves.samplesPerSecond` times a second
/// between frames, each layer's presentation values, keyed by the layer itself. A snapshot
/// holds plain values with no identity, so a view's series is built from the live tree (the
/// layer object, held until the sampling ends so that its identity is never reused), walked
/// beside the snapshot taken at the same moment.
@MainActor
final class MotionSampler: WindowObserver {

  private final class Track {
    let layer: Layer
    /// The layer's name, or its place in its parent ("list[3]").
    let name: String
    let parent: String
    var times: [Double] = []
    var samples: [LayerMotion] = []
    init(layer: Layer, name: String, parent: String) {
      self.layer = layer
      self.name = name
      self.parent = parent
    }
  }

  private var tracks: [ObjectIdentifier: Track] = [:]
  private var order: [ObjectIdentifier] = []

  func times(after from: Double, before to: Double) -> [Double] {
    let steps = Int(((to - from) * MotionCurves.samplesPerSecond).rounded(.up))
    guard steps > 1 else { return [] }
    return (1..<steps).map { from + (to - from) * Double($0) / Double(steps) }
  }

  func observe(_ window: Window, at time: Double, frame: Int?) {
    visit(window.layer, window.layer.presentationSnapshot(), time: time, parentName: "")
  }

  private func visit(_ layer: Layer, _ snapshot: LayerSnapshot, time: Double, parentName: String) {
    let track = self.track(for: layer, parentName: parentName)
    track.times.append(time)
    track.samples.append(LayerMotion(snapshot))
    for (child, childSnapshot) in zip(layer.sublayers, snapshot.sublayers) {
      visit(child, childSnapshot, time: time, parentName: track.name)
    }
  }

  /// The layer's track, made on first sight and named by the layer's name (or, unnamed, by its
  /// parent's and its place there).
  private func track(for layer: Layer, parentName: String) -> Track {
    let id = ObjectIdentifier(layer)
    if let track = tracks[id] { return track }
    let index = layer.superlayer?.sublayers.firstIndex { $0 === layer } ?? 0
    let name = layer.name.isEmpty ? "\(parentName.isEmpty ? "layer" : parentName)[\(index)]" : layer.name
    let track = Track(layer: layer, name: name, parent: parentName)
    tracks[id] = track
    order.append(id)
    return track
  }

  /// Labels for the tracks that moved: each name; where several share one, qualified by
  /// their parents' names when those differ ("list › row0", "detail › row0"), else numbered
  /// in order ("tile 1", "tile 2").
  private func labels(_ moved: [Track]) -> [String] {
    let groups = Dictionary(grouping: moved.indices, by: { moved[$0].name })
    var labels = moved.map(\.name)
    for (name, members) in groups where members.count > 1 {
      let parents = Set(members.map { moved[$0].parent })
      for (k, i) in members.enumerated() {
        labels[i] = parents.count == members.count ? "\(moved[i].parent) › \(name)" : "\(name) \(k + 1)"
      }
    }
    return labels
  }

  /// A scale that is the same along x and y is one series, `scale`.
  private static func mergingUniformScale(_ series: [MotionCurves.Series]) -> [MotionCurves.Series] {
    guard let x = series.first(where: { $0.property == .scaleX }),
      let y = series.first(where: { $0.property == .scaleY }),
      x.times == y.times, zip(x.values, y.values).allSatisfy({ abs($0 - $1) <= MotionCurves.Property.scale.tolerance })
    else { return series }
    return series.compactMap { s in
      if s.property == .scaleY { return nil }
      var s = s
      if s.property == .scaleX { s.property = .scale }
      return s
    }
  }

  /// The properties that moved, each up to the last completion (what follows it is the
  /// animator's clean-up: a reset transform, a removed snapshot, not motion).
  func curves(completions: [Double], frameTimes: [Double]) -> MotionCurves {
    let end = completions.last ?? .infinity
    var moved: [(track: Track, series: [MotionCurves.Series])] = []
    for id in order {
      let track = tracks[id]!
      let kept = track.times.indices.filter { track.times[$0] < end }
      var series: [MotionCurves.Series] = []
      for property in MotionCurves.Property.allCases {
        let points = kept.compactMap { i in track.samples[i].values[property].map { (track.times[i], $0) } }
        var values = points.map(\.1)
        if property == .rotation || property == .angle { values = unwrapDegrees(values) }
        guard let low = values.min(), let high = values.max(), high - low > property.tolerance else { continue }
        series.append(MotionCurves.Series(view: track.name, property: property, times: points.map(\.0), values: values))
      }
      if !series.isEmpty { moved.append((track, Self.mergingUniformScale(series))) }
    }
    let names = labels(moved.map(\.track))
    let series = zip(names, moved).flatMap { name, entry in
      entry.series.map { s in
        var s = s
        s.view = name
        return s
      }
    }
    return MotionCurves(series: series, frameTimes: frameTimes, completions: completions)
  }
}
