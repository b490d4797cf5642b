import Foundation
import Animator

extension EffectCatalog {
  /// UIKit's own presentations and gestures (docs/effects.md#uikits-own): what an app gets from
  /// a style, a sheet, a preferred transition or the navigation controller itself. The sheets and
  /// the zoom vend the animator UIKit runs (so `duration` applies); the back swipe is UIKit's
  /// alone.
  static let uikitOwnEffects: [Effect] = [
    sheet(
      "page-sheet",
      "iOS 13+ default modal: a card slides up below the status bar while the screen behind shrinks back over black.",
      style: .pageSheet),
    sheet(
      "sheet-detent",
      "A sheet with medium and large detents and a grabber: it slides up to half height over a dimmed screen.",
      style: .pageSheet, detents: true),
    sheet(
      "form-sheet",
      "The form sheet: a centred card on a regular-width screen; on a phone-width one, UIKit shows the page sheet.",
      style: .formSheet),
    Effect(
      name: "zoom",
      summary: "iOS 18 zoom: the new screen grows out of a row of the list, the list dimming behind; back into it.",
      operations: [.push, .pop, .present, .dismiss], duration: 0.5,
      parameters: [
        durationParameter(0.5),
        EffectParameter(
          name: "row", summary: "the source: the demo inbox's row (for scenes, the first screen's n-th smaller view)",
          kind: .number(0...50), defaultValue: "1"),
      ],
      system: SystemBehaviour(
        configure: { shown, first, p in
          shown.modalPresentationStyle = .fullScreen
          let row = Int(p.number("row"))
          shown.preferredTransition = .zoom { [weak first] _ in first.flatMap { zoomSource(in: $0, row: row) } }
        },
        gesture: { size, finishing in verticalDrag(size, from: 0.4, by: finishing ? 0.25 : 0.08) }),
      makeAnimator: { operation, forward, p in
        // The animator UIKit runs for the zoom, with the catalog's duration; the source is the
        // row of the screen zoomed from.
        let row = Int(p.number("row"))
        return ZoomAnimator(zooming: forward, duration: p.number("duration")) { zoomSource(in: $0, row: row) }
      }),
    Effect(
      name: "back-swipe",
      summary:
        "The iOS back swipe: a drag from the left edge pops the screen, following the finger, under the system's parallax and dimming.",
      operations: [.pop], duration: 0.5,  // SystemNavigationAnimator's
      system: SystemBehaviour(
        gesture: { size, finishing in
          let y = 0.55 * size.height
          return TouchScript.drag(
            from: Point(x: 4, y: y), to: Point(x: (finishing ? 0.7 : 0.3) * size.width, y: y), duration: 0.6)
        }, isGesture: true),
      makeAnimator: { _, forward, _ in SystemNavigationAnimator(pushing: forward) }),
  ]

  /// A sheet effect: `style` on the presented view controller (medium and large detents with a
  /// grabber for `detents`), the cover-vertical animator UIKit runs, the swipe down to dismiss.
  static func sheet(_ name: String, _ summary: String, style: ModalPresentationStyle, detents: Bool = false)
    -> Effect
  {
    Effect(
      name: name, summary: summary, operations: [.present, .dismiss], duration: SheetMetrics.duration,
      parameters: [durationParameter(SheetMetrics.duration)],
      system: SystemBehaviour(
        configure: { shown, _, _ in
          shown.modalPresentationStyle = style
          guard detents, let sheet = shown.sheetPresentationController else { return }
          sheet.detents = [.medium(), .large()]
          sheet.prefersGrabberVisible = true
        },
        gesture: { size, finishing in
          detents
            ? verticalDrag(size, from: 0.62, by: finishing ? 0.33 : 0.13)
            : verticalDrag(size, from: 0.3, by: finishing ? 0.6 : 0.2)
        }),
      makeAnimator: { _, forward, p in CoverVerticalAnimator(presenting: forward, duration: p.number("duration")) })
  }

  /// A one-finger drag down the middle of a screen of `size`, from `from` of its height over
  /// `by` of it, coming to rest before it lifts.
  static func verticalDrag(_ size: Size, from: Double, by: Double) -> TouchScript {
    let x = size.width / 2
    return TouchScript.drag(
      from: Point(x: x, y: from * size.height), to: Point(x: x, y: (from + by) * size.height), duration: 0.6)
  }

  /// The zoom's source in `screen`'s view: the view named "row`row`" (the demo inbox's rows),
  /// else the `row`-th of its subviews smaller than it; nil when there is none.
  @MainActor
  static func zoomSource(in screen: ViewController, row: Int) -> View? {
    let root: View = screen.view
    if let named = descendant(of: root, named: "row\(row)") { return named }
    let smaller = root.subviews.filter { $0.bounds.size != root.bounds.size }
    return smaller.indices.contains(row) ? smaller[row] : nil
  }

  @MainActor
  private static func descendant(of view: View, named name: String) -> View? {
    for child in view.subviews {
      if child.name == name { return child }
      if let found = descendant(of: child, named: name) { return found }
    }
    return nil
  }
}
