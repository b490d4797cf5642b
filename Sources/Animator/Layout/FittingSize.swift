import Foundation

// The size Auto Layout gives a view for its content (docs/layout.md#fitting-size): what a
// self-sizing table cell is measured with.

extension View {
  /// UIView.layoutFittingCompressedSize: ask for the smallest size the constraints allow.
  public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
  /// UIView.layoutFittingExpandedSize: ask for the largest size the constraints allow.
  public static let layoutFittingExpandedSize = Size(width: 1_000_000, height: 1_000_000)

  /// UIView.systemLayoutSizeFitting(_:): the size closest to `targetSize` that the active
  /// constraints installed on this view and below it allow, both axes asked for at the fitting
  /// priority (50).
  public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
  }

  /// UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:):
  /// this view's size as Auto Layout solves it when its width is asked to be
  /// `targetSize.width` at `horizontal` priority and its height `targetSize.height` at
  /// `vertical` (`.required` fixes it; `.fittingSizeLevel` lets the content decide), with the
  /// active constraints installed on this view and below it. Frames are not changed. A view
  /// with no such constraints answers its intrinsic content size where it has one and the
  /// target elsewhere.
  public func systemLayoutSizeFitting(
    _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority,
    verticalFittingPriority vertical: LayoutPriority
  ) -> Size {
    updateLayoutEngineIfNeeded()
    guard !activeConstraintsBelow().isEmpty else { return intrinsicSize(or: targetSize) }
    let engine = LayoutEngine(root: self)
    engine.rootFitting = (targetSize, Double(horizontal.rawValue), Double(vertical.rawValue))
    return engine.fittingSize() ?? intrinsicSize(or: targetSize)
  }

  /// The intrinsic content size, `target` on the axes where there is none.
  private func intrinsicSize(or target: Size) -> Size {
    let natural = intrinsicContentSize
    return Size(
      width: natural.width >= 0 ? natural.width : target.width,
      height: natural.height >= 0 ? natural.height : target.height)
  }
}
