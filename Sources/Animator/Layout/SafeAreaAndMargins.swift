import Foundation

// Safe area and layout margins (docs/layout.md#safe-area and #layout-margins).

extension View {
  /// UIView.safeAreaInsets: how far the screen's safe area (status bar, sensor housing, home
  /// indicator: `Screen.safeAreaInsets`) reaches into this view, plus a view controller's
  /// `additionalSafeAreaInsets` for its root view and what is below it; 0 on each edge for a
  /// view that is not in a window.
  public var safeAreaInsets: EdgeInsets { safeAreaInsets(of: safeArea) }

  /// The insets of `area`, this view's safe area in its bounds coordinates (nil: none).
  func safeAreaInsets(of area: Rect?) -> EdgeInsets {
    guard let area else { return .zero }
    let b = bounds
    return EdgeInsets(
      top: max(0, area.minY - b.minY), left: max(0, area.minX - b.minX), bottom: max(0, b.maxY - area.maxY),
      right: max(0, b.maxX - area.maxX))
  }

  /// The safe area in this view's bounds coordinates, nil outside a window.
  var safeArea: Rect? { safeArea(within: self is Window ? nil : superview?.safeArea) }

  /// The safe area in this view's bounds coordinates when its superview's is `parentArea` (in
  /// the superview's bounds coordinates; nil: none), so that a walk down the hierarchy works
  /// each view's out in one step.
  func safeArea(within parentArea: Rect?) -> Rect? {
    var area: Rect
    if self is Window {
      area = Screen.main.safeAreaInsets.inset(bounds)
    } else if superview != nil, let parentArea {
      area = fromSuperview(parentArea)
    } else {
      return nil
    }
    if let vc = owningViewController {
      area = vc.additionalSafeAreaInsets.inset(area)
      area = vc.containerBarInsets.inset(area)
    }
    return area
  }

  /// UIView.directionalLayoutMargins: the space this view keeps inside its edges for content
  /// laid out against its margins. Default 8 points on each side; for a view controller's root
  /// view, 0 at the top and bottom and the system's minimum at the sides (16 points on screens
  /// narrower than 414 points, 20 on wider ones).
  public var directionalLayoutMargins: DirectionalEdgeInsets {
    get { layoutState.margins ?? defaultLayoutMargins }
    set {
      layoutState.margins = newValue
      layoutEngineInputsDidChange()
      setNeedsLayout()
    }
  }

  /// UIView.layoutMargins: `directionalLayoutMargins` with leading as left (the interface is
  /// left-to-right).
  public var layoutMargins: EdgeInsets {
    get { directionalLayoutMargins.edgeInsets }
    set { directionalLayoutMargins = newValue.directional }
  }

  /// UIView.insetsLayoutMarginsFromSafeArea: whether the margins are measured from the safe
  /// area rather than from the bounds (default true).
  public var insetsLayoutMarginsFromSafeArea: Bool {
    get { layoutState.insetsMarginsFromSafeArea }
    set {
      layoutState.insetsMarginsFromSafeArea = newValue
      layoutEngineInputsDidChange()
    }
  }

  /// UIView.preservesSuperviewLayoutMargins: whether the superview's margins, where they reach
  /// into this view, count as this view's margins when larger (default false).
  public var preservesSuperviewLayoutMargins: Bool {
    get { layoutState.preservesSuperviewMargins }
    set {
      layoutState.preservesSuperviewMargins = newValue
      layoutEngineInputsDidChange()
    }
  }

  /// A rectangle in the superview's bounds coordinates, in this view's, through its
  /// untransformed frame (as UIKit measures safe areas and margins).
  private func fromSuperview(_ rect: Rect) -> Rect {
    // The frame is in the superview's bounds coordinates, as `rect` is.
    let frame = untransformedFrame
    return rect.offsetBy(dx: bounds.minX - frame.minX, dy: bounds.minY - frame.minY)
  }

  private var defaultLayoutMargins: DirectionalEdgeInsets {
    guard owningViewController != nil else { return DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) }
    let side: Double = Screen.main.bounds.width >= 414 ? 20 : 16
    return DirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
  }

  /// The insets of the layout margins guide: the margins, added to the safe area insets when
  /// `insetsLayoutMarginsFromSafeArea`, raised to the superview's margins where it preserves
  /// them.
  var effectiveLayoutMargins: EdgeInsets {
    var m = layoutMargins
    if insetsLayoutMarginsFromSafeArea {
      let s = safeAreaInsets
      m = EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }
    if preservesSuperviewLayoutMargins, let parent = superview {
      let local = fromSuperview(parent.effectiveLayoutMargins.inset(parent.bounds))
      let b = bounds
      m = EdgeInsets(
        top: max(m.top, local.minY - b.minY), left: max(m.left, local.minX - b.minX),
        bottom: max(m.bottom, b.maxY - local.maxY), right: max(m.right, b.maxX - local.maxX))
    }
    return m
  }
}
