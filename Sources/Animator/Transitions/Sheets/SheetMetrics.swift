import Foundation

/// The numbers of iOS's own sheets, one place per value; each is sourced in
/// docs/uikit-transitions.md#page-sheet-geometry and #sheet-detents (iOS 18 where sources
/// differ by version).
public enum SheetMetrics {
  /// How far below the safe area's top a full-height sheet starts, in points.
  public static let topGap = 10.0
  /// The sheet's top corners and the scaled-back presenter's corners, in points.
  public static let cornerRadius = 12.0
  /// The presenter's side inset once scaled back, in points: scale = 1 − 2 × inset / width.
  public static let presenterInset = 16.0
  /// The black dimming over what lies behind a sheet, at rest (alpha).
  public static let dimming = 0.1
  /// The dimming behind a centred form sheet (alpha).
  public static let formSheetDimming = 0.35
  /// A medium detent's share of the largest detent value.
  public static let mediumShare = 0.5
  /// The system duration of a sheet's presentation, dismissal and detent change, in seconds.
  public static let duration = 0.5
  /// The grabber: a capsule of this size (points), `grabberTop` below the sheet's top edge.
  public static let grabberSize = Size(width: 36, height: 5)
  /// How far below the sheet's top edge the grabber sits, in points.
  public static let grabberTop = 5.0
  /// The swipe-down: a release faster than this many container heights per second decides by
  /// its direction; slower, the sheet is dismissed past this share of its height.
  public static let flingHeightsPerSecond = 2.0
  /// A slow release dismisses the sheet once it has been dragged past this share of its height;
  /// short of it, the sheet settles back.
  public static let dismissShare = 0.52
  /// The time the sheet takes to settle after the finger lifts, either way, in seconds.
  public static let releaseDuration = 0.3
  /// The iPad form sheet's size, centred in a regular-width container, in points.
  public static let formSheetSize = Size(width: 540, height: 620)
  /// The narrowest container treated as regular width (the narrowest iPad, portrait), points.
  public static let regularWidth = 768.0

  /// The presenter's scale once a full-height sheet covers it, for a container `width` points
  /// wide.
  public static func presenterScale(width: Double) -> Double {
    width > 0 ? 1 - 2 * presenterInset / width : 1
  }
}
