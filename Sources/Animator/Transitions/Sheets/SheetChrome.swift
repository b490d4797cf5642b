import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

/// What a sheet adds around its presented view (docs/uikit-transitions.md#page-sheet): a dimming
/// view behind the sheet, a black backdrop under the presenter's view, the presenter scaled
/// back with rounded corners, the sheet's rounded corners and its grabber. Everything it
/// changes is put back by `remove()`.
@MainActor
final class SheetChrome {
  /// The look at one moment: whether the presenter is scaled back, and the dimming's alpha.
  struct State {
    var covered: Bool
    var dimming: Double
    static let uncovered = State(covered: false, dimming: 0)
  }

  let container: View
  let sheet: View
  let presenter: View
  let scalesPresenter: Bool
  private let dimmingView = View(frame: .zero)
  private let backdrop = View(frame: .zero)
  private var grabber: View?
  private let savedPresenter: SavedCorners
  private let savedSheet: SavedCorners
  private let presenterTransform: AffineTransform

  init(container: View, sheet: View, presenter: View, scalesPresenter: Bool) {
    self.container = container
    self.sheet = sheet
    self.presenter = presenter
    self.scalesPresenter = scalesPresenter
    savedPresenter = SavedCorners(presenter)
    savedSheet = SavedCorners(sheet)
    presenterTransform = Self.scaledBack(presenter, in: container)
  }

  /// The presenter's transform under a full-height sheet: scaled by
  /// `SheetMetrics.presenterScale` about its centre, its top edge moved to the safe area's top.
  static func scaledBack(_ presenter: View, in container: View) -> AffineTransform {
    let s = SheetMetrics.presenterScale(width: container.bounds.width)
    let frame = presenter.frame, safeTop = container.safeAreaInsets.top
    let top = container.convert(Point(x: frame.minX, y: frame.minY), from: presenter.superview).y
    let ty = safeTop - (top + frame.height * (1 - s) / 2)
    return AffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: ty)
  }

  /// Adds the dimming view (clear) and, when the presenter is scaled back, the backdrop under it
  /// and the presenter's clip at the display's corner radius.
  func prepare() {
    dimmingView.name = "sheet-dimming"
    dimmingView.backgroundColor = .black
    dimmingView.alpha = 0
    dimmingView.frame = container.bounds
    dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.insertSubview(dimmingView, at: 0)
    guard scalesPresenter, let home = presenter.superview else { return }
    backdrop.name = "sheet-backdrop"
    backdrop.backgroundColor = .black
    backdrop.isUserInteractionEnabled = false
    backdrop.frame = home.bounds
    home.insertSubview(backdrop, belowSubview: presenter)
    presenter.layer.cornerRadius = presenter.window?.displayCornerRadius ?? 0
    presenter.clipsToBounds = true
  }

  /// Sets the look for `state` (animated when called inside an animation block).
  func apply(_ state: State) {
    dimmingView.alpha = state.dimming
    // The dimming view takes the touches behind the sheet while it dims (UIKit's is
    // non-interactive: the presenter cannot be touched).
    dimmingView.isUserInteractionEnabled = state.dimming > 0
    guard scalesPresenter else { return }
    presenter.transform = state.covered ? presenterTransform : .identity
    presenter.layer.cornerRadius =
      state.covered ? SheetMetrics.cornerRadius : presenter.window?.displayCornerRadius ?? 0
  }

  /// The sheet's corners (the top two, or all four for a centred card) and its grabber.
  func style(cornerRadius: Double, allCorners: Bool, grabber shows: Bool) {
    sheet.layer.cornerRadius = cornerRadius
    sheet.layer.maskedCorners = allCorners ? .all : [.minXMinY, .maxXMinY]
    sheet.clipsToBounds = true
    if shows, grabber == nil {
      let size = SheetMetrics.grabberSize
      let capsule = View(
        frame: Rect(
          x: sheet.bounds.midX - size.width / 2, y: SheetMetrics.grabberTop, width: size.width, height: size.height))
      capsule.name = "grabber"
      capsule.backgroundColor = .tertiaryLabel
      capsule.layer.cornerRadius = size.height / 2
      capsule.isUserInteractionEnabled = false
      capsule.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
      sheet.addSubview(capsule)
      grabber = capsule
    } else if !shows {
      grabber?.removeFromSuperview()
      grabber = nil
    }
  }

  /// Takes every added view out and puts the presenter's and the sheet's look back.
  func remove() {
    dimmingView.removeFromSuperview()
    backdrop.removeFromSuperview()
    grabber?.removeFromSuperview()
    grabber = nil
    if scalesPresenter {
      presenter.transform = .identity
      savedPresenter.restore(presenter)
    }
    savedSheet.restore(sheet)
  }
}

/// A view's corners and clip, saved to be put back.
@MainActor
struct SavedCorners {
  let radius: Double
  let corners: CornerMask
  let clips: Bool

  init(_ view: View) {
    radius = view.layer.cornerRadius
    corners = view.layer.maskedCorners
    clips = view.clipsToBounds
  }

  func restore(_ view: View) {
    view.layer.cornerRadius = radius
    view.layer.maskedCorners = corners
    view.clipsToBounds = clips
  }
}
