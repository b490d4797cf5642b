import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#stack-views: a horizontal stack 300 points wide of three boxes whose
/// intrinsic sizes are 50 × 20, 80 × 30 and 40 × 10, spacing 10, at 2 px/pt; every frame worked
/// out by hand.
@MainActor
@Suite("Stack views", .resetEngineAfterEachTest)
struct StackViewTests {
  final class Box: View {
    let natural: Size
    init(_ width: Double, _ height: Double) {
      natural = Size(width: width, height: height)
      super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { natural }
  }

  /// The stack pinned at the top of a 300 × 300 root, leading and trailing; `height` fixes its
  /// height when given.
  func stack(height: Double? = nil, _ configure: (StackView) -> Void = { _ in }) -> (StackView, [Box], View) {
    AnimationEngine.reset()
    Screen.main.scale = 2
    let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let boxes = [Box(50, 20), Box(80, 30), Box(40, 10)]
    boxes[0].setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
    boxes[1].setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
    let s = StackView(arrangedSubviews: boxes)
    s.spacing = 10
    s.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(s)
    var pins: [LayoutConstraint] = [
      s.topAnchor.constraint(equalTo: root.topAnchor), s.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      s.trailingAnchor.constraint(equalTo: root.trailingAnchor),
    ]
    if let height { pins.append(s.heightAnchor.constraint(equalToConstant: height)) }
    LayoutConstraint.activate(pins)
    configure(s)
    root.layoutIfNeeded()
    return (s, boxes, root)
  }

  func xs(_ boxes: [Box]) -> [Double] { boxes.map { Double($0.frame.minX) } }
  func ys(_ boxes: [Box]) -> [Double] { boxes.map { Double($0.frame.minY) } }
  func widths(_ boxes: [Box]) -> [Double] { boxes.map { Double($0.frame.width) } }
  func heights(_ boxes: [Box]) -> [Double] { boxes.map { Double($0.frame.height) } }

  @Test(
    "stack-views: fill: the box that hugs least stretches (50, 80, 150 at 0, 60, 150), arranged views no longer keep their frames, alignment fill makes every height the tallest (30) and the stack 300 × 30"
  )
  func fill() {
    let (stack, boxes, _) = stack()
    #expect(xs(boxes) == [0, 60, 150] && widths(boxes) == [50, 80, 150])
    #expect(
      boxes.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 30 && !$0.translatesAutoresizingMaskIntoConstraints })
    #expect(stack.frame == Rect(x: 0, y: 0, width: 300, height: 30))
    #expect(AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "stack-views: fillEqually: (300 − 20) / 3 = 93.33 each, edges rounded to half points: 0…93.5, 103.5…196.5, 206.5…300"
  )
  func fillEqually() {
    let (_, boxes, _) = stack { $0.distribution = .fillEqually }
    #expect(xs(boxes) == [0, 103.5, 206.5] && widths(boxes) == [93.5, 93, 93.5])
  }

  @Test(
    "stack-views: fillProportionally as UIKit makes it: 50/170, 80/170 and 40/170 of the stack's 300 at priorities 999, 998, 997, the required spacing winning: 88.24 and 141.18, the last takes the rest (50.59); rounded 0…88, 98…239.5, 249.5…300"
  )
  func fillProportionally() {
    let (_, boxes, _) = stack { $0.distribution = .fillProportionally }
    #expect(xs(boxes) == [0, 98, 249.5] && widths(boxes) == [88, 141.5, 50.5])
  }

  @Test(
    "stack-views: equalSpacing keeps the boxes' own widths and spreads (300 − 170) / 2 = 65 between them; equalCentering puts the centres at 25, 152.5 and 280"
  )
  func equalDistributions() {
    let (_, spaced, _) = stack { $0.distribution = .equalSpacing }
    #expect(xs(spaced) == [0, 115, 260] && widths(spaced) == [50, 80, 40])
    let (_, centred, _) = stack { $0.distribution = .equalCentering }
    #expect(xs(centred) == [0, 112.5, 260] && widths(centred) == [50, 80, 40])
  }

  @Test(
    "stack-views: in a 60-point-high stack, alignment top puts each box at 0 with its own height, center at 20, 15, 25, bottom at 40, 30, 50; top without a height makes the stack as high as its tallest box"
  )
  func alignments() {
    let expected: [(StackView.Alignment, [Double])] = [
      (.top, [0, 0, 0]), (.center, [20, 15, 25]), (.bottom, [40, 30, 50]),
    ]
    for (alignment, expectedYs) in expected {
      let (_, boxes, _) = stack(height: 60) { $0.alignment = alignment }
      #expect(ys(boxes) == expectedYs, "\(alignment)")
      #expect(heights(boxes) == [20, 30, 10])
    }
    let (hugging, _, _) = stack { $0.alignment = .top }
    #expect(hugging.frame.height == 30)
  }

  @Test(
    "stack-views: custom spacing after the first box (30) moves the others by 20; arranging within the layout margins (8 points) insets the row; a vertical stack stacks the heights (20 + 10 + 30 + 10 + 10) and fills the width"
  )
  func spacingMarginsAndAxis() {
    let (_, custom, _) = stack { $0.setCustomSpacing(30, after: $0.arrangedSubviews[0]) }
    #expect(xs(custom) == [0, 80, 170] && widths(custom) == [50, 80, 130])
    let (inset, boxes, _) = stack { $0.isLayoutMarginsRelativeArrangement = true }
    #expect(xs(boxes) == [8, 68, 158] && widths(boxes) == [50, 80, 134])
    #expect(inset.frame.height == 46 && boxes[0].frame.minY == 8)
    let (column, stacked, _) = stack { $0.axis = .vertical }
    #expect(ys(stacked) == [0, 30, 70] && heights(stacked) == [20, 30, 10])
    #expect(stacked.allSatisfy { $0.frame.minX == 0 && $0.frame.width == 300 })
    #expect(column.frame.height == 80)
  }

  @Test(
    "stack-views: a hidden arranged view collapses in place (width 0 after the first box) and the next one follows the first with one spacing; hidden inside UIView.animate it shrinks with the block (40 wide at 0.5 s, the last box at 105) and disappears at its end"
  )
  func hidingCollapses() {
    let (stack, boxes, root) = stack()
    boxes[1].isHidden = true
    root.layoutIfNeeded()
    #expect(xs(boxes) == [0, 50, 60] && widths(boxes) == [50, 0, 240])
    boxes[1].isHidden = false
    root.layoutIfNeeded()
    #expect(xs(boxes) == [0, 60, 150])
    let engine = AnimationEngine.current
    View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      boxes[1].isHidden = true
      stack.layoutIfNeeded()
    }
    #expect(boxes[1].isHidden && !boxes[1].layer.isHidden)
    engine.advance(to: 0.5)
    let middle = stack.layer.presentationSnapshot().sublayers[1]
    #expect(middle.bounds.width == 40 && !middle.isHidden)
    let last = stack.layer.presentationSnapshot().sublayers[2]
    #expect(last.position.x - last.bounds.width / 2 == 105 && last.bounds.width == 195)
    engine.advance(to: 1)
    #expect(boxes[1].layer.isHidden && boxes[1].isHidden)
    // Taken out of the arrangement, a view stays a subview; removed from the stack, it leaves both.
    stack.removeArrangedSubview(boxes[0])
    #expect(boxes[0].superview === stack && stack.arrangedSubviews.count == 2)
    boxes[2].removeFromSuperview()
    #expect(stack.arrangedSubviews.count == 1)
  }
}
