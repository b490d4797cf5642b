import Animator
import Foundation

/// A 375 × 667 window (2 px/pt, no safe area) holding a plain container filling it: the screen
/// the Auto Layout suites solve on.
@MainActor
func autoLayoutScreen() -> (window: Window, root: View) {
  AnimationEngine.reset()
  Screen.main.scale = 2
  Screen.main.safeAreaInsets = .zero
  let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
  let root = View(frame: window.bounds)
  window.addSubview(root)
  return (window, root)
}

/// A plain view added to `parent` whose frame Auto Layout places.
@MainActor
func constrainedView(in parent: View) -> View {
  let view = View()
  view.translatesAutoresizingMaskIntoConstraints = false
  parent.addSubview(view)
  return view
}
