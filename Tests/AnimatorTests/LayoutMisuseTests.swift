import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#unsatisfiable-constraints-are-broken-and-logged, #ambiguous-layouts and
/// #misuse-is-refused: conflicts get UIKit's log text and a broken constraint, ambiguity is
/// reported and exercised, misuse is refused with UIKit's message as a one-line error.
@MainActor
@Suite("Unsatisfiable, ambiguous and misused layouts", .resetEngineAfterEachTest)
struct LayoutMisuseTests {
  func root() -> View {
    AnimationEngine.reset()
    Screen.main.scale = 1
    return View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
  }

  func box(_ name: String, in parent: View) -> View {
    let view = View()
    view.name = name
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
  }

  /// The message with every stand-in address replaced by `0x?`.
  func normalized(_ message: String?) -> String {
    (message ?? "").replacingOccurrences(of: "0x[0-9a-f]+", with: "0x?", options: .regularExpression)
  }

  /// UIKit's message, written out by hand, for a conflict among `involved` breaking `broken`.
  func uikitMessage(_ involved: [String], breaking broken: String, note: Bool = false) -> String {
    var lines = [
      "[LayoutConstraints] Unable to simultaneously satisfy constraints.",
      "\tProbably at least one of the constraints in the following list is one you don't want. ",
      "\tTry this: ",
      "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
      "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
    ]
    if note {
      lines.append(
        "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) "
      )
    }
    lines.append("(")
    lines.append(involved.map { "    \"\($0)\"" }.joined(separator: ",\n"))
    lines += [
      ")", "", "Will attempt to recover by breaking constraint ", broken, "",
      "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.",
      "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.",
    ]
    return lines.joined(separator: "\n")
  }

  @Test(
    "unsatisfiable-constraints-are-broken-and-logged: width == 100 then width == 200, both required: UIKit's message lists both and breaks the one whose activation found the conflict; the layout keeps 100, nothing is an error; deactivating the first lets the broken one hold"
  )
  func conflictingWidths() {
    let parent = root()
    let b = box("box", in: parent)
    let first = b.widthAnchor.constraint(equalToConstant: 100)
    let second = b.widthAnchor.constraint(equalToConstant: 200)
    LayoutConstraint.activate([
      first, second, b.heightAnchor.constraint(equalToConstant: 10),
      b.leadingAnchor.constraint(equalTo: parent.leadingAnchor), b.topAnchor.constraint(equalTo: parent.topAnchor),
    ])
    LayoutConsole.clear()
    parent.layoutIfNeeded()
    #expect(b.frame == Rect(x: 0, y: 0, width: 100, height: 10))
    let hundred = "<NSLayoutConstraint:0x? UIView:0x?'box'.width == 100   (active)>"
    let twoHundred = "<NSLayoutConstraint:0x? UIView:0x?'box'.width == 200   (active)>"
    #expect(LayoutConsole.messages.count == 1)
    #expect(normalized(LayoutConsole.messages.last) == uikitMessage([hundred, twoHundred], breaking: twoHundred))
    #expect(AnimationEngine.current.diagnostics.isEmpty)
    first.isActive = false
    parent.layoutIfNeeded()
    #expect(b.frame.width == 200)
    #expect(LayoutConsole.messages.count == 1)
  }

  @Test(
    "unsatisfiable-constraints-are-broken-and-logged: a required width on a view that keeps its frame conflicts with its autoresizing constraint: the message adds UIKit's note and shows h=--& v=--&; an optional constraint that cannot hold logs nothing"
  )
  func autoresizingConflict() {
    let parent = root()
    let kept = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    kept.name = "kept"
    parent.addSubview(kept)
    let optional = kept.heightAnchor.constraint(equalToConstant: 70)
    optional.priority = LayoutPriority(999)
    optional.isActive = true
    LayoutConsole.clear()
    parent.layoutIfNeeded()
    #expect(LayoutConsole.messages.isEmpty)
    kept.widthAnchor.constraint(equalToConstant: 80).isActive = true
    parent.layoutIfNeeded()
    let width = "<NSAutoresizingMaskLayoutConstraint:0x? h=--& v=--& UIView:0x?'kept'.width == 50   (active)>"
    let eighty = "<NSLayoutConstraint:0x? UIView:0x?'kept'.width == 80   (active)>"
    #expect(normalized(LayoutConsole.messages.last) == uikitMessage([width, eighty], breaking: eighty, note: true))
    #expect(kept.frame == Rect(x: 10, y: 10, width: 50, height: 50))
  }

  @Test(
    "ambiguous-layouts: a view with a size but no position is ambiguous, exercising it moves it 20 points along its first undecided value; pinned, it is not"
  )
  func ambiguity() {
    let parent = root()
    let b = box("floating", in: parent)
    LayoutConstraint.activate([
      b.widthAnchor.constraint(equalToConstant: 40), b.heightAnchor.constraint(equalToConstant: 40),
    ])
    parent.layoutIfNeeded()
    #expect(b.hasAmbiguousLayout)
    #expect(b.frame == Rect(x: 0, y: 0, width: 40, height: 40))
    b.exerciseAmbiguityInLayout()
    #expect(b.frame == Rect(x: 20, y: 0, width: 40, height: 40))
    LayoutConstraint.activate([
      b.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 5),
      b.topAnchor.constraint(equalTo: parent.topAnchor),
    ])
    parent.layoutIfNeeded()
    #expect(!b.hasAmbiguousLayout)
    #expect(b.frame == Rect(x: 5, y: 0, width: 40, height: 40))
    #expect(!parent.hasAmbiguousLayout)
  }

  @Test(
    "auto-layout: a constraint is installed on its items' nearest common ancestor: cousins at different depths on their grandparent, a view and its own ancestor on the ancestor, a view with itself on itself, a guide's owning view standing for the guide"
  )
  func nearestCommonAncestor() {
    let parent = root()
    let a = box("a", in: parent), b = box("b", in: parent)
    let a1 = box("a1", in: a), a2 = box("a2", in: a1), b1 = box("b1", in: b)
    func installedOn(_ c: LayoutConstraint) -> String? {
      c.isActive = true
      defer { c.isActive = false }
      let views: [View] = [parent, a, b, a1, a2, b1]
      let holder = views.first { view in view.constraints.contains { $0 === c } }
      return holder.map { $0 === parent ? "parent" : $0.name }
    }
    #expect(installedOn(a2.leadingAnchor.constraint(equalTo: b1.leadingAnchor)) == "parent")
    #expect(installedOn(b1.topAnchor.constraint(equalTo: a2.topAnchor)) == "parent")
    #expect(installedOn(a2.leadingAnchor.constraint(equalTo: a1.leadingAnchor)) == "a1")
    #expect(installedOn(a.topAnchor.constraint(equalTo: a2.bottomAnchor)) == "a")
    #expect(installedOn(a2.widthAnchor.constraint(equalTo: a2.heightAnchor)) == "a2")
    let guide = LayoutGuide()
    b1.addLayoutGuide(guide)
    #expect(installedOn(guide.leadingAnchor.constraint(equalTo: a1.leadingAnchor)) == "parent")
    #expect(installedOn(guide.leadingAnchor.constraint(equalTo: b.leadingAnchor)) == "b")
  }

  @Test(
    "misuse-is-refused: a constraint between views with no common ancestor, a constant that is not finite (made or set), a priority outside 1…1000, required to optional on an active constraint, a location equal to a constant, mixed attributes, a multiplier that is not finite: each refused with UIKit's message as one line, nothing activated or changed"
  )
  func misuse() {
    let parent = root()
    let a = box("a", in: parent)
    let stranger = View()
    stranger.name = "stranger"
    let engine = AnimationEngine.current
    let orphan = a.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
    orphan.isActive = true
    #expect(!orphan.isActive)
    #expect(
      normalized(engine.diagnostics.last)
        == "Unable to activate constraint with anchors <NSLayoutXAxisAnchor:0x? \"UIView:0x?'a'.leading\"> and <NSLayoutXAxisAnchor:0x? \"UIView:0x?'stranger'.leading\"> because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal."
    )
    let nan = a.topAnchor.constraint(equalTo: parent.topAnchor, constant: .nan)
    #expect(
      normalized(engine.diagnostics.last)
        == "NSLayoutConstraint constant is not finite!  That's illegal.  constant:nan firstAnchor:<NSLayoutYAxisAnchor:0x? \"UIView:0x?'a'.top\"> secondAnchor:<NSLayoutYAxisAnchor:0x? \"UIView:0x?.top\">"
    )
    nan.isActive = true
    #expect(!nan.isActive)
    let width = a.widthAnchor.constraint(equalToConstant: 10)
    width.isActive = true
    width.constant = -.infinity
    #expect(width.constant == 10)
    #expect(
      normalized(engine.diagnostics.last).hasPrefix(
        "NSLayoutConstraint constant is not finite!  That's illegal.  constant:-inf"))
    width.priority = LayoutPriority(1001)
    width.priority = LayoutPriority(0)
    #expect(width.priority == .required)
    width.priority = .defaultHigh
    #expect(width.priority == .required)
    #expect(
      engine.diagnostics.last
        == "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority 750 and the existing priority was 1000.  \(width.layoutDescription)"
    )
    let located = LayoutConstraint(
      item: a, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 5)
    located.isActive = true
    #expect(!located.isActive)
    #expect(
      engine.diagnostics.last
        == "*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]: A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
    )
    let head = "*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]:"
    _ = LayoutConstraint(
      item: a, attribute: .top, relatedBy: .equal, toItem: parent, attribute: .left, multiplier: 1, constant: 0)
    #expect(engine.diagnostics.last == "\(head) Invalid pairing of layout attributes.")
    _ = LayoutConstraint(
      item: a, attribute: .leading, relatedBy: .equal, toItem: parent, attribute: .left, multiplier: 1, constant: 0)
    #expect(
      engine.diagnostics.last
        == "\(head) A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
    )
    _ = LayoutConstraint(
      item: a, attribute: .width, relatedBy: .equal, toItem: parent, attribute: .width, multiplier: .nan, constant: 0)
    #expect(engine.diagnostics.last == "Multiplier is not finite!  That's illegal.  multiplier:nan")
    #expect(engine.diagnostics.count == 10)
    #expect(engine.diagnostics.allSatisfy { !$0.contains("\n") })
  }

  /// Changes its own constraint every time it lays out: it never settles.
  final class Seesaw: View {
    var width: LayoutConstraint?
    override func layoutSubviews() {
      super.layoutSubviews()
      width?.constant = width!.constant == 10 ? 20 : 10
    }
  }

  @Test(
    "a-layout-that-never-settles-stops: a layoutSubviews that changes a constraint every time stops after 100 layouts with an error naming the view, not a hang"
  )
  func constraintFeedbackLoop() {
    AnimationEngine.reset()
    let seesaw = Seesaw(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    seesaw.name = "seesaw"
    let inner = box("inner", in: seesaw)
    let width = inner.widthAnchor.constraint(equalToConstant: 10)
    seesaw.width = width
    LayoutConstraint.activate([
      width, inner.heightAnchor.constraint(equalToConstant: 10),
      inner.leadingAnchor.constraint(equalTo: seesaw.leadingAnchor),
      inner.topAnchor.constraint(equalTo: seesaw.topAnchor),
    ])
    seesaw.layoutIfNeeded()
    let message = AnimationEngine.current.diagnostics.first ?? ""
    #expect(
      message.hasPrefix(
        "layout feedback loop: AnimatorTests.LayoutMisuseTests.Seesaw 'seesaw' laid out its subviews 100 times"))
  }
}
