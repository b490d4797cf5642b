import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#visual-format: lines of Auto Layout's visual format language solved into
/// frames worked out by hand on a 375-point-wide screen, and the lines UIKit refuses.
@MainActor
@Suite("Visual format language", .resetEngineAfterEachTest)
struct VisualFormatTests {
  func screen() -> (window: Window, root: View) { autoLayoutScreen() }
  func placed(in parent: View, _ count: Int) -> [View] { (0..<count).map { _ in constrainedView(in: parent) } }

  func activate(
    _ format: String, options: LayoutConstraint.FormatOptions = [], metrics: [String: Any]? = nil,
    _ views: [String: View]
  ) -> [LayoutConstraint] {
    let made = LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics, views: views)
    LayoutConstraint.activate(made)
    return made
  }

  @Test(
    "visual-format: H:|-[a]-[b(==a)]-| puts the standard 20 points at the superview's edges and 8 between siblings: (375 − 48) / 2 = 163.5 each, b at 191.5; V:|-100-[a(44)] and a metric place the heights"
  )
  func standardSpacesAndEqualWidths() {
    let (window, root) = screen()
    let v = placed(in: root, 2)
    let views = ["a": v[0], "b": v[1]]
    _ = activate("H:|-[a]-[b(==a)]-|", views)
    _ = activate("V:|-100-[a(44)]", views)
    _ = activate("V:|-top-[b(h)]", metrics: ["top": 100, "h": 44.0], views)
    _ = window.snapshot(background: nil)
    #expect(v[0].frame == Rect(x: 20, y: 100, width: 163.5, height: 44))
    #expect(v[1].frame == Rect(x: 191.5, y: 100, width: 163.5, height: 44))
    #expect(AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "visual-format: H:|[a(>=50,<=100@750)]-(>=10)-[b]| with a flush edge: a is held at 100 by the optional bound, b takes the rest (375 − 100 − 10 = 265 at x 110)"
  )
  func predicatesAndPriorities() {
    let (window, root) = screen()
    let v = placed(in: root, 2)
    let made = activate("H:|[a(>=50,<=100@750)]-(>=10)-[b]|", ["a": v[0], "b": v[1]])
    // b's width is free above its left edge: pin it to the gap's minimum with an optional equality.
    let tight = v[1].leadingAnchor.constraint(equalTo: v[0].trailingAnchor, constant: 10)
    tight.priority = LayoutPriority(500)
    let wide = v[0].widthAnchor.constraint(equalToConstant: 300)
    wide.priority = LayoutPriority(600)
    LayoutConstraint.activate([tight, wide])
    _ = activate("V:|[a(10)]", ["a": v[0]])
    _ = activate("V:|[b(10)]", ["b": v[1]])
    _ = window.snapshot(background: nil)
    #expect(made.count == 5, "two width predicates, the flush edges and one gap")
    #expect(made.first { $0.relation == .lessThanOrEqual }?.priority == LayoutPriority(750))
    #expect(v[0].frame.width == 100, "the 750 bound beats the 600 wish for 300")
    #expect(v[1].frame == Rect(x: 110, y: 0, width: 265, height: 10))
  }

  @Test(
    "visual-format: .alignAllCenterY on a horizontal line centres each view on the one before it; .directionLeftToRight uses left and right, .directionRightToLeft runs the line leftwards from the right edge"
  )
  func alignmentAndDirection() {
    let (window, root) = screen()
    let v = placed(in: root, 3)
    let views = ["a": v[0], "b": v[1], "c": v[2]]
    let made = activate("H:|-10-[a(40)]-5-[b(30)]", options: .alignAllCenterY, views)
    _ = activate("V:|-50-[a(40)]", views)
    _ = activate("V:[b(20)]", views)
    _ = activate("H:[c(30)]-10-|", options: .directionRightToLeft, views)
    _ = activate("V:|[c(10)]", views)
    _ = window.snapshot(background: nil)
    #expect(made.contains { $0.firstAttribute == .centerY && $0.secondAttribute == .centerY })
    #expect(made.contains { $0.firstAttribute == .leading })
    #expect(v[1].frame == Rect(x: 55, y: 60, width: 30, height: 20), "centred on a: 50 + 20 − 10")
    // Right to left, the trailing `|` is the superview's left edge: c starts 10 points from it.
    #expect(v[2].frame == Rect(x: 10, y: 0, width: 30, height: 10))
    let ltr = LayoutConstraint.constraints(
      withVisualFormat: "H:|-[a]", options: .directionLeftToRight, metrics: nil, views: views)
    #expect(ltr.map(\.firstAttribute) == [.left])
  }

  @Test(
    "visual-format: V: with .spacingBaselineToBaseline joins one label's last baseline to the next one's first; the superview's edges stay top and bottom"
  )
  func baselineSpacing() {
    let (_, root) = screen()
    let v = placed(in: root, 2)
    let made = LayoutConstraint.constraints(
      withVisualFormat: "V:|-[a]-[b]-|", options: .spacingBaselineToBaseline, metrics: nil,
      views: ["a": v[0], "b": v[1]])
    #expect(made.map(\.firstAttribute) == [.top, .firstBaseline, .bottom])
    #expect(made.map(\.secondAttribute) == [.top, .lastBaseline, .bottom])
  }

  @Test(
    "visual-format: lines UIKit refuses are reported with its reason and the character, and make no constraints",
    arguments: [
      (
        "H:|-[a]-|", [String: Int](),
        "Unable to interpret '|' character, because the related view doesn't have a superview", 3
      ),
      ("H:|-[missing]", [:], "missing is not a key in the views dictionary.", 6),
      ("H:|-[a", [:], "Expected ']'", 7),
      ("H:|-gap-[a]", [:], "gap is not a key in the metrics dictionary.", 5),
      ("H:|-(>=8-[a]", [:], "Expected ')'", 9),
      ("X:[a]", [:], "Expected 'H' or 'V' before ':'", 1),
      ("H:[a]]", [:], "Expected a view", 6),
      ("H:[a]|x", [:], "Expected the end of the format string", 7),
    ])
  func refusedLines(format: String, metrics: [String: Int], reason: String, character: Int) {
    AnimationEngine.reset()
    let orphan = View()
    let made = LayoutConstraint.constraints(
      withVisualFormat: format, options: [], metrics: metrics, views: ["a": orphan])
    #expect(made.isEmpty)
    #expect(
      AnimationEngine.current.diagnostics == [
        "Unable to parse constraint format: \(reason) \(format) (at character \(character))"
      ])
  }

  @Test("visual-format: an alignment along the line's own axis is refused, as UIKit refuses it")
  func alignmentAlongTheLine() {
    let (_, root) = screen()
    let v = placed(in: root, 2)
    let made = LayoutConstraint.constraints(
      withVisualFormat: "H:[a][b]", options: .alignAllLeading, metrics: nil, views: ["a": v[0], "b": v[1]])
    #expect(made.isEmpty)
    #expect(AnimationEngine.current.diagnostics.first?.contains("aligned on a horizontal edge") == true)
  }
}
