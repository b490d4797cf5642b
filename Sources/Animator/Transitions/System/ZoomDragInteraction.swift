import Foundation

/// The zoom's interactive dismissal (docs/uikit-transitions.md#zoom): a pan that starts moving
/// down on a zoomed screen dismisses or pops it, the card shrinking back toward its source with
/// the finger (progress = downward travel / the screen's height). On release the finger is
/// projected `projection` seconds ahead at its velocity: past `commitShare` of the height the
/// card lands in the source, else it grows back; either way in 0.25 s, easing out.
@MainActor
final class ZoomDragInteraction: SystemDragInteraction {
  /// How far ahead the release projects the finger, in seconds.
  static let projection = 0.12
  /// The share of the height the projected finger must pass to dismiss.
  static let commitShare = 0.14
  private weak var zoomed: ViewController?

  /// The recognizer that carries the interaction (the view owns it, it owns the interaction).
  final class Pan: PanGestureRecognizer {
    var interaction: ZoomDragInteraction?
  }

  /// Puts the drag on the view of `vc`, once shown (presented or pushed, animated or not), when it
  /// prefers the zoom; once.
  static func install(on vc: ViewController) {
    guard vc.preferredTransition?.isZoom == true, let view = vc.viewIfLoaded,
      !view.gestureRecognizers.contains(where: { $0 is Pan })
    else { return }
    let interaction = ZoomDragInteraction(zoomed: vc)
    let pan = Pan()
    pan.interaction = interaction
    pan.addTarget(interaction, action: ZoomDragInteraction.handle)
    view.addGestureRecognizer(pan)
  }

  private init(zoomed: ViewController) {
    self.zoomed = zoomed
    super.init(releaseDuration: 0.25)
  }

  /// A first movement downward dismisses (or pops) the zoomed view controller, with this
  /// interaction driving it.
  override func start(_ pan: PanGestureRecognizer) -> Bool {
    guard pan.translation(in: nil).y > 0, let zoomed, zoomed.preferredTransition?.isZoom == true else { return false }
    zoomed.pendingSystemInteraction = self
    defer { zoomed.pendingSystemInteraction = nil }
    if zoomed.presentingViewController != nil {
      zoomed.dismiss(animated: true)
    } else if let navigation = zoomed.navigationController, navigation.topViewController === zoomed {
      navigation.popViewController(animated: true)
    }
    return zoomed.transitionCoordinator?.interaction === self
  }

  override func shouldFinish(_ pan: PanGestureRecognizer, progress: Double) -> Bool {
    Self.shouldDismiss(progress: progress, velocity: pan.velocity(in: nil).y, height: height)
  }

  /// The release rule: dismiss when the finger's travel plus `projection` seconds of its
  /// downward velocity passes `commitShare` of the height.
  static func shouldDismiss(progress p: Double, velocity v: Double, height: Double) -> Bool {
    p * height + projection * v > commitShare * height
  }

  private var height: Double { zoomed?.viewIfLoaded.map { $0.bounds.height } ?? Screen.main.bounds.height }

  override func progress(_ pan: PanGestureRecognizer) -> Double {
    guard height > 0 else { return 0 }
    return min(max(pan.translation(in: nil).y / height, 0), 1)
  }
}
