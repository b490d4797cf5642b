import Foundation

/// A table or collection view, as its tap recognizer sees it.
@MainActor
protocol TapSelectable: View {
  /// The row or item a touch at a window point highlights, if any.
  func highlightableIndexPath(atWindowPoint point: Point) -> IndexPath?
  func setHighlighted(_ highlighted: Bool, at indexPath: IndexPath)
  /// What a tap on the row or item does (the delegate's will/did select).
  func selectFromTap(at indexPath: IndexPath)
}

/// The tap of a table or collection view (docs/uikit-lists.md#selection): a touch highlights the
/// row or item under it; lifted on it without having moved more than 10 points, it selects it.
/// A touch that moves further takes the highlight away (a pan, which does not scroll here).
@MainActor
final class ListTapRecognizer: GestureRecognizer {
  /// How far a finger may move and still tap, in points.
  static let slop = 10.0
  private var start: (point: Point, path: IndexPath)?

  override func handle(_ sample: TouchSample) {
    super.handle(sample)
    guard let list = view as? TapSelectable, let location = sample.locations.first else { return }
    switch sample.phase {
    case .began:
      start = list.highlightableIndexPath(atWindowPoint: location).map { (location, $0) }
      if let start { list.setHighlighted(true, at: start.path) }
    case .moved:
      guard let start, Self.distance(start.point, location) > Self.slop else { return }
      list.setHighlighted(false, at: start.path)
      self.start = nil
    case .ended:
      guard let start else { return }
      self.start = nil
      list.setHighlighted(false, at: start.path)
      if Self.distance(start.point, location) <= Self.slop { list.selectFromTap(at: start.path) }
    case .cancelled:
      if let start { list.setHighlighted(false, at: start.path) }
      start = nil
    }
  }

  private static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }
}
