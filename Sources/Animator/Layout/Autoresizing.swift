import Foundation

// Autoresizing (docs/layout.md#autoresizing-shares-the-change): when a view's bounds change size,
// each subview whose autoresizing mask has flexible parts takes a share of the change, at once
// and inside the running animation block, so an animated superview resizes its subviews with
// the same timing.

extension View {
  /// UIView.AutoresizingMask: which parts of a view's frame (its margins to the superview's
  /// edges and its size) absorb a change of the superview's bounds size.
  public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The distance to the superview's left edge takes a share of a width change.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width takes a share of a width change.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The distance to the superview's right edge takes a share of a width change.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The distance to the superview's top edge takes a share of a height change.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height takes a share of a height change.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The distance to the superview's bottom edge takes a share of a height change.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// UIView.autoresizingMask: how the view follows a change of its superview's bounds size
  /// (default none: it keeps its frame). Only used while
  /// `translatesAutoresizingMaskIntoConstraints` is true.
  public var autoresizingMask: AutoresizingMask {
    get { layoutState.autoresizingMask }
    set {
      layoutState.autoresizingMask = newValue
      impliedConstraintsDidChange()
    }
  }

  /// UIView.autoresizesSubviews: whether a change of this view's bounds size resizes its
  /// subviews by their masks (default true).
  public var autoresizesSubviews: Bool {
    get { layoutState.autoresizesSubviews }
    set { layoutState.autoresizesSubviews = newValue }
  }

  /// After the frame, bounds or center was set: the constraints implied by this view's frame
  /// follow it, and when the bounds size went from `old` to another, the subviews' autoresizing
  /// masks apply (inside an animation block, the subviews' new frames animate with it).
  func geometryDidChange(oldSize old: Size) {
    impliedConstraintsDidChange()
    (self as? Label)?.widthDidChange(from: old)
    let new = bounds.size
    guard new != old, autoresizesSubviews else { return }
    for subview in subviews
    where !subview.autoresizingMask.isEmpty && subview.translatesAutoresizingMaskIntoConstraints {
      subview.untransformedFrame = subview.autoresizingMask.resize(subview.untransformedFrame, from: old, to: new)
    }
  }

  /// The frame the view has without its transform: its bounds size placed by its center and
  /// anchor point. What autoresizing and Auto Layout move, as UIKit does through center and
  /// bounds, so a transformed view keeps its transform.
  var untransformedFrame: Rect {
    get {
      let size = bounds.size, anchor = layer.anchorPoint
      return Rect(
        x: center.x - anchor.x * size.width, y: center.y - anchor.y * size.height, width: size.width,
        height: size.height)
    }
    set {
      var b = bounds
      b.size = newValue.size
      bounds = b
      let anchor = layer.anchorPoint
      center = Point(
        x: newValue.minX + anchor.x * newValue.width, y: newValue.minY + anchor.y * newValue.height)
    }
  }
}

extension View.AutoresizingMask {
  /// The frame a subview at `frame` gets when its superview's size goes from `old` to `new`.
  /// Along each axis the change is shared by the flexible parts (leading margin, size,
  /// trailing margin) in proportion to their current lengths; with no flexible part the frame
  /// stays; flexible parts that are all of length zero share it equally (assumed).
  public func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
    let x = Self.share(
      start: frame.minX, length: frame.width, container: old.width, change: new.width - old.width,
      flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
    let y = Self.share(
      start: frame.minY, length: frame.height, container: old.height, change: new.height - old.height,
      flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
    return Rect(x: x.start, y: y.start, width: x.length, height: y.length)
  }

  /// One axis of `resize`: the new start and length of a span `start…start + length` in a
  /// container of `container` points that grows by `change`.
  static func share(
    start: Double, length: Double, container: Double, change: Double, flexible: (Bool, Bool, Bool)
  ) -> (start: Double, length: Double) {
    let weights = proportions(
      start: start, length: length, container: container, flexible: [flexible.0, flexible.1, flexible.2])
    return (start + weights[0] * change, length + weights[1] * change)
  }

  /// The fraction of a change of the container that goes to the leading margin, the size and
  /// the trailing margin: each flexible part's length over the flexible parts' total.
  static func proportions(start: Double, length: Double, container: Double, flexible: [Bool]) -> [Double] {
    let parts = [start, length, container - start - length]
    let count = flexible.filter { $0 }.count
    guard count > 0 else { return [0, 0, 0] }
    let total = zip(parts, flexible).reduce(0.0) { $0 + ($1.1 ? $1.0 : 0) }
    return zip(parts, flexible).map { part, isFlexible in
      guard isFlexible else { return 0 }
      return total != 0 ? part / total : 1 / Double(count)
    }
  }
}
