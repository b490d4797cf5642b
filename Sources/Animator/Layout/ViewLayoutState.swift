import Foundation

/// What a view holds for layout, in one stored property of `View` so that the layout code
/// lives in its own files.
struct ViewLayoutState {
  var autoresizingMask: View.AutoresizingMask = []
  var autoresizesSubviews = true
  var translatesAutoresizingMaskIntoConstraints = true
}

extension View {
  /// UIView.translatesAutoresizingMaskIntoConstraints: true (the default) keeps the view where
  /// its frame and autoresizing mask put it; false hands its frame to Auto Layout.
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { layoutState.translatesAutoresizingMaskIntoConstraints }
    set {
      guard newValue != layoutState.translatesAutoresizingMaskIntoConstraints else { return }
      layoutState.translatesAutoresizingMaskIntoConstraints = newValue
      impliedConstraintsDidChange()
    }
  }

  /// The frame, the autoresizing mask or the way the frame is decided changed: what Auto
  /// Layout takes from them is stale.
  func impliedConstraintsDidChange() {}
}

extension View {
  /// UIView.invalidateIntrinsicContentSize: the view's `intrinsicContentSize` changed, so the
  /// constraints Auto Layout derives from it are stale. Labels, image views and buttons call it
  /// when their content changes.
  public func invalidateIntrinsicContentSize() { impliedConstraintsDidChange() }
}
