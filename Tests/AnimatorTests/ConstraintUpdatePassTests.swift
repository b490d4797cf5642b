import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#the-update-constraints-pass: before a layout, `updateConstraints()` runs
/// bottom-up on the views whose constraints are due, in hierarchies that use Auto Layout.
@MainActor
@Suite("Update-constraints pass", .resetEngineAfterEachTest)
struct ConstraintUpdatePassTests {
  /// Records the order views are asked in, and pins itself with constraints made in the pass.
  class PinnedView: View {
    nonisolated(unsafe) static var log: [String] = []
    var width = 100.0
    private var widthConstraint: LayoutConstraint?

    override func updateConstraints() {
      Self.log.append(name)
      if let widthConstraint {
        widthConstraint.constant = width
      } else if let parent = superview {
        translatesAutoresizingMaskIntoConstraints = false
        let made = widthAnchor.constraint(equalToConstant: width)
        widthConstraint = made
        LayoutConstraint.activate([
          made, heightAnchor.constraint(equalToConstant: 10),
          leadingAnchor.constraint(equalTo: parent.leadingAnchor), topAnchor.constraint(equalTo: parent.topAnchor),
        ])
      }
      super.updateConstraints()
    }
  }

  final class ConstraintBasedView: PinnedView {
    override class var requiresConstraintBasedLayout: Bool { true }
  }

  final class Controller: ViewController {
    nonisolated(unsafe) static var calls: [String] = []
    override func updateViewConstraints() {
      Self.calls.append("updateViewConstraints")
      super.updateViewConstraints()
    }
  }

  func window() -> Window {
    AnimationEngine.reset()
    PinnedView.log = []
    Controller.calls = []
    Screen.main.scale = 1
    return Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
  }

  @Test(
    "the-update-constraints-pass: without Auto Layout in the hierarchy updateConstraints is never asked for; requiresConstraintBasedLayout or a call of setNeedsUpdateConstraints makes the pass run, and the constraints it makes lay the view out in the same frame"
  )
  func passRunsOnlyWithAutoLayout() {
    let plain = window()
    let view = PinnedView()
    view.name = "plain"
    plain.addSubview(view)
    _ = plain.snapshot(background: nil)
    #expect(PinnedView.log.isEmpty, "no constraint and no class asking for them")
    view.setNeedsUpdateConstraints()
    _ = plain.snapshot(background: nil)
    #expect(PinnedView.log == ["plain"], "asking is enough")
    #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 10))

    let asked = window()
    let holder = View(frame: asked.bounds)
    let based = ConstraintBasedView()
    based.name = "based"
    holder.addSubview(based)
    asked.addSubview(holder)
    _ = asked.snapshot(background: nil)
    #expect(PinnedView.log == ["based"])
    #expect(based.frame == Rect(x: 0, y: 0, width: 100, height: 10))
  }

  @Test(
    "the-update-constraints-pass: bottom-up (a subview before its superview), each view once; setNeedsUpdateConstraints asks one view again before the next layout, whose changed constant relayouts"
  )
  func bottomUpAndAgainWhenAsked() {
    let w = window()
    let outer = ConstraintBasedView()
    outer.name = "outer"
    let inner = PinnedView()
    inner.name = "inner"
    outer.addSubview(inner)
    w.addSubview(outer)
    _ = w.snapshot(background: nil)
    #expect(PinnedView.log == ["inner", "outer"])
    #expect(!inner.needsUpdateConstraints())

    PinnedView.log = []
    _ = w.snapshot(background: nil)
    #expect(PinnedView.log.isEmpty, "nothing due, nothing asked")

    inner.width = 40
    inner.setNeedsUpdateConstraints()
    #expect(inner.needsUpdateConstraints())
    _ = w.snapshot(background: nil)
    #expect(PinnedView.log == ["inner"])
    #expect(inner.frame.width == 40)
  }

  @Test(
    "the-update-constraints-pass: a view controller's updateViewConstraints runs after its root view's updateConstraints; updateConstraintsIfNeeded runs the pass at once"
  )
  func viewControllerAndIfNeeded() {
    let w = window()
    let controller = Controller()
    let root = ConstraintBasedView()
    root.name = "root"
    controller.view = root
    let holder = View(frame: w.bounds)
    holder.addSubview(root)
    w.addSubview(holder)
    root.updateConstraintsIfNeeded()
    #expect(PinnedView.log == ["root"])
    #expect(Controller.calls == ["updateViewConstraints"])
  }
}
