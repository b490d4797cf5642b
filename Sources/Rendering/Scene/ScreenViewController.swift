import Animator
import Foundation

/// A view controller whose view is built by a closure (a scene file's screens).
@MainActor
final class ScreenViewController: ViewController {
  private let build: () -> View
  init(title: String, build: @escaping () -> View) {
    self.build = build
    super.init()
    self.title = title
  }
  override func loadView() { view = build() }
}
