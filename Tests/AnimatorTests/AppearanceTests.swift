import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// Which appearance a view shows, and what its snapshot holds (docs/colors.md). Expected
/// colours are the table's numbers (docs/colors.md#the-values), written here.
@MainActor
@Suite("Appearance", .resetEngineAfterEachTest)
struct AppearanceTests {
  /// systemBackground, light and dark.
  static let white = Color(red: 1, green: 1, blue: 1)
  static let black = Color(red: 0, green: 0, blue: 0)

  /// The background `view`'s layer has in a snapshot of the whole window.
  func background(of view: View, in window: Window) -> Color? {
    func find(_ s: LayerSnapshot) -> LayerSnapshot? {
      s.name == view.name ? s : s.sublayers.lazy.compactMap(find).first
    }
    return find(window.layer.presentationSnapshot())?.backgroundColor
  }

  /// A view named `name` with systemBackground, in `parent`.
  func swatch(_ name: String, in parent: View) -> View {
    let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    v.name = name
    v.backgroundColor = .systemBackground
    parent.addSubview(v)
    return v
  }

  /// Runs `body` with the ambient screen in `style`, then puts the light screen back.
  func onScreen(_ style: UserInterfaceStyle, _ body: () throws -> Void) rethrows {
    // The ambient world, not the world of a recorder another test has made and not yet recorded.
    AnimationEngine.reset()
    Screen.main.traitCollection = TraitCollection(userInterfaceStyle: style)
    defer { Screen.main.traitCollection = TraitCollection(userInterfaceStyle: .light) }
    try body()
  }

  @Test(
    "appearance-is-inherited: a dynamic colour resolves to its dark value under a dark override on an ancestor view, and the override of a nearer view wins"
  )
  func nearerOverrideWins() {
    onScreen(.light) {
      let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 40))
      let outer = View(frame: window.bounds), inner = View(frame: window.bounds)
      window.addSubview(outer)
      outer.addSubview(inner)
      let leaf = swatch("leaf", in: inner)
      #expect(background(of: leaf, in: window) == Self.white)
      outer.overrideUserInterfaceStyle = .dark
      #expect(background(of: leaf, in: window) == Self.black)
      #expect(leaf.traitCollection.userInterfaceStyle == .dark)
      inner.overrideUserInterfaceStyle = .light
      #expect(background(of: leaf, in: window) == Self.white)
      #expect(outer.traitCollection.userInterfaceStyle == .dark)
      leaf.overrideUserInterfaceStyle = .dark
      #expect(background(of: leaf, in: window) == Self.black)
      #expect(leaf.backgroundColor == .systemBackground, "the view keeps the dynamic colour")
    }
  }

  @Test(
    "appearance-is-inherited: a dark screen reaches every view; a window's override reaches its root view controller and a presented one; a presented view controller takes its presenter's"
  )
  func windowAndPresentation() {
    onScreen(.dark) {
      let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 40))
      let presenter = ViewController(), presented = ViewController()
      window.rootViewController = presenter
      #expect(presenter.traitCollection.userInterfaceStyle == .dark)
      presenter.present(presented, animated: false)
      AnimationEngine.current.settle()
      let leaf = swatch("presented-leaf", in: presented.view)
      #expect(background(of: leaf, in: window) == Self.black)
      window.overrideUserInterfaceStyle = .light
      #expect(presenter.traitCollection.userInterfaceStyle == .light, "the window's, though its view left it")
      #expect(background(of: leaf, in: window) == Self.white)
      window.overrideUserInterfaceStyle = .unspecified
      presenter.overrideUserInterfaceStyle = .light
      #expect(presented.traitCollection.userInterfaceStyle == .light, "the presenter's")
      #expect(background(of: leaf, in: window) == Self.white)
      presented.overrideUserInterfaceStyle = .dark
      #expect(background(of: leaf, in: window) == Self.black)
    }
  }

  @Test(
    "appearance-is-inherited: a view controller's override reaches its views and its children's; a view's override stops at the root view of a child view controller, which takes its view controller's"
  )
  func viewControllers() {
    onScreen(.light) {
      let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 40))
      let child = ViewController()
      let nav = NavigationController(rootViewController: child)
      window.rootViewController = nav
      let inChild = swatch("in-child", in: child.view)
      let inNav = swatch("in-nav", in: nav.view)
      nav.view.overrideUserInterfaceStyle = .dark
      #expect(background(of: inNav, in: window) == Self.black)
      #expect(background(of: inChild, in: window) == Self.white, "the child's root view takes the child's appearance")
      nav.view.overrideUserInterfaceStyle = .unspecified
      nav.overrideUserInterfaceStyle = .dark
      #expect(child.traitCollection.userInterfaceStyle == .dark)
      #expect(background(of: inChild, in: window) == Self.black)
      #expect(background(of: inNav, in: window) == Self.black)
    }
  }

  /// A view that records its trait changes and the current traits inside its update methods.
  final class Probe: View {
    var changes: [UserInterfaceStyle?] = []
    var currentInLayout: UserInterfaceStyle?
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
      changes.append(previousTraitCollection?.userInterfaceStyle)
      layer.borderColor = Color.separator.cgColor
    }
    override func layoutSubviews() { currentInLayout = TraitCollection.current.userInterfaceStyle }
  }

  @Test(
    "resolved-at-the-snapshot: a snapshot holds plain colours (background, border, shadow, gradient, a label's text) in its view's appearance, and a label lays its text out again when the appearance changes"
  )
  func snapshotHoldsPlainColours() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 40))
    window.overrideUserInterfaceStyle = .dark
    let box = View(frame: Rect(x: 0, y: 0, width: 50, height: 40))
    box.backgroundColor = .secondarySystemBackground
    box.layer.borderWidth = 1
    box.layer.borderColor = .separator
    box.layer.shadowOpacity = 1
    box.layer.shadowColor = .label
    let gradient = GradientLayer()
    gradient.colors = [.systemBlue, .white]
    box.layer.addSublayer(gradient)
    let label = Label(frame: Rect(x: 50, y: 0, width: 50, height: 40))
    label.text = "Hi"
    window.addSubview(box)
    window.addSubview(label)
    let root = window.layer.presentationSnapshot()
    let b = root.sublayers[0]
    #expect(b.backgroundColor == Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255))
    #expect(b.borderColor == Color(red: 84 / 255, green: 84 / 255, blue: 88 / 255, alpha: 0.6))
    #expect(b.shadow?.color == Self.white)
    guard case .gradient(let g) = b.sublayers[0].kind else { Issue.record("no gradient"); return }
    #expect(g.colors == [Color(red: 10 / 255, green: 132 / 255, blue: 1), .white])
    guard case .text(let text)? = root.sublayers[1].contents else { Issue.record("no text"); return }
    #expect(text.color == Self.white)
    window.overrideUserInterfaceStyle = .light
    guard case .text(let again)? = window.layer.presentationSnapshot().sublayers[1].contents else {
      Issue.record("no text")
      return
    }
    #expect(again.color == Self.black)
  }

  @Test(
    "appearance-is-inherited: traitCollectionDidChange runs at the first frame (previous nil) and at the frame after an override changes the appearance, with the view's traits current: a cgColor set there follows the view"
  )
  func traitChanges() {
    onScreen(.light) {
      let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 40))
      let probe = Probe(frame: window.bounds)
      probe.name = "probe"
      probe.layer.borderWidth = 1
      window.addSubview(probe)
      _ = window.layer.presentationSnapshot()
      _ = window.layer.presentationSnapshot()
      #expect(probe.changes == [nil])
      window.overrideUserInterfaceStyle = .dark
      probe.setNeedsLayout()
      let snapshot = window.layer.presentationSnapshot()
      #expect(probe.changes == [nil, .light])
      #expect(probe.currentInLayout == .dark)
      #expect(snapshot.sublayers[0].borderColor == Color(red: 84 / 255, green: 84 / 255, blue: 88 / 255, alpha: 0.6))
    }
  }

  @Test(
    "current-traits: outside a frame's update, cgColor resolves with the screen's appearance; performAsCurrent sets the current traits for its closure only"
  )
  func currentTraits() {
    onScreen(.dark) {
      #expect(TraitCollection.current.userInterfaceStyle == .dark)
      #expect(Color.label.cgColor == Self.white)
      TraitCollection(userInterfaceStyle: .light).performAsCurrent {
        #expect(Color.label.cgColor == Self.black)
      }
      #expect(Color.label.cgColor == Self.white)
    }
    #expect(Color.label.cgColor == Self.black)
  }
}
