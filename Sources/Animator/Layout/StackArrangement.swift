import Foundation

/// The constraints a stack view makes for its arrangement (docs/layout.md#stack-views), named
/// with UIKit's identifiers (`UISV-…`). Along the axis the arranged views follow each other from
/// the canvas's start (the stack, or its margins guide) to its end; the distribution decides
/// how they share it; across the axis the alignment places each against the canvas.
@MainActor
struct StackArrangement {
  typealias Attribute = LayoutConstraint.Attribute
  let stack: StackView
  /// The guides the distribution needed (equal spacing, equal centering).
  private(set) var spacers: [LayoutGuide] = []
  private var made: [LayoutConstraint] = []

  init(stack: StackView) { self.stack = stack }

  private var horizontal: Bool { stack.axis == .horizontal }
  private var start: Attribute { horizontal ? .leading : .top }
  private var end: Attribute { horizontal ? .trailing : .bottom }
  private var center: Attribute { horizontal ? .centerX : .centerY }
  private var length: Attribute { horizontal ? .width : .height }
  private var crossStart: Attribute { horizontal ? .top : .leading }
  private var crossEnd: Attribute { horizontal ? .bottom : .trailing }
  private var crossCenter: Attribute { horizontal ? .centerY : .centerX }
  private var crossLength: Attribute { horizontal ? .height : .width }
  /// The stack, or its margins guide with `isLayoutMarginsRelativeArrangement`.
  private var canvas: AnyObject { stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack }

  mutating func constraints() -> [LayoutConstraint] {
    let views = stack.arrangedSubviews
    guard !views.isEmpty else { return [] }
    alongTheAxis(views)
    distribute(views.filter { !$0.isHidden })
    for view in views { align(view, first: views[0]) }
    return made
  }

  // MARK: Along the axis

  /// Each view starts where the one before it ends, plus the space after the last visible one
  /// (hidden views collapse to nothing in place, 'UISV-hiding'); the first starts at the
  /// canvas's start and the last ends at its end. The equal-spacing distributions keep the
  /// space as a minimum.
  private mutating func alongTheAxis(_ views: [View]) {
    let flexible = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
    var previous: View?
    var lastVisible: View?
    for view in views {
      if view.isHidden { add(view, length, .equal, nil, .notAnAttribute, 0, "UISV-hiding") }
      let gap = view.isHidden ? 0 : lastVisible.map(stack.space(after:)) ?? 0
      if let previous {
        add(view, start, flexible && !view.isHidden ? .greaterThanOrEqual : .equal, previous, end, gap, "UISV-spacing")
      } else {
        add(view, start, .equal, canvas, start, 0, "UISV-canvas-connection")
      }
      previous = view
      if !view.isHidden { lastVisible = view }
    }
    add(canvas, end, .equal, views.last!, end, 0, "UISV-canvas-connection")
  }

  private mutating func distribute(_ views: [View]) {
    guard let first = views.first else { return }
    switch stack.distribution {
    case .fill: break
    case .fillEqually:
      for view in views.dropFirst() { add(view, length, .equal, first, length, 0, "UISV-fill-equally") }
    case .fillProportionally: fillProportionally(views)
    case .equalSpacing: equalGaps(views, from: end, to: start, "UISV-distributing")
    case .equalCentering: equalGaps(views, from: center, to: center, "UISV-distributing-edge")
    }
  }

  /// UIKit's fill-proportionally constraints: each view's length is its share of the total
  /// intrinsic length times the stack's length, optional at 999 for the first view, 998 for the
  /// second and so on, so the required spacing wins and the later views take up what spacing
  /// leaves (as UIKit does; its multiplier ignores the spacing).
  private mutating func fillProportionally(_ views: [View]) {
    let sizes = views.map { max(0, horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height) }
    let total = sizes.reduce(0, +)
    guard total > 0 else { return }
    for (i, (view, size)) in zip(views, sizes).enumerated() {
      let c = LayoutConstraint(
        item: view, attribute: length, relatedBy: .equal, toItem: stack, attribute: length, multiplier: size / total,
        constant: 0)
      c.priority = LayoutPriority(Float(999 - i))
      c.identifier = "UISV-fill-proportionally"
      made.append(c)
    }
  }

  /// Guides from each visible view's `from` to the next one's `to`, all of one length: equal
  /// gaps (equal spacing) or equal distances between centres (equal centering, optional at 999
  /// so the minimum spacing wins).
  private mutating func equalGaps(_ views: [View], from: Attribute, to: Attribute, _ id: String) {
    var firstGap: LayoutGuide?
    for (a, b) in zip(views, views.dropFirst()) {
      let gap = LayoutGuide()
      gap.identifier = "UISV-distributing"
      stack.addLayoutGuide(gap)
      spacers.append(gap)
      add(gap, start, .equal, a, from, 0, id)
      add(gap, end, .equal, b, to, 0, id)
      if let firstGap {
        let equal = add(gap, length, .equal, firstGap, length, 0, "UISV-fill-equally")
        if stack.distribution == .equalCentering { equal.priority = LayoutPriority(999) }
      }
      firstGap = firstGap ?? gap
    }
  }

  // MARK: Across the axis

  /// Places `view` across the axis by the alignment: both edges on the canvas (fill), one edge
  /// on it and the other within it (leading, trailing), centred within it, or on the first
  /// view's baseline within it (horizontal stacks; a vertical stack fills); the canvas hugs
  /// its views at the fitting-size level so it is no larger than they need.
  private mutating func align(_ view: View, first: View) {
    var alignment = stack.alignment
    if !horizontal, alignment == .firstBaseline || alignment == .lastBaseline { alignment = .fill }
    switch alignment {
    case .fill:
      add(view, crossStart, .equal, canvas, crossStart, 0, "UISV-alignment")
      add(view, crossEnd, .equal, canvas, crossEnd, 0, "UISV-alignment")
      return
    case .leading:
      add(view, crossStart, .equal, canvas, crossStart, 0, "UISV-alignment")
      add(view, crossEnd, .lessThanOrEqual, canvas, crossEnd, 0, "UISV-spanning-boundary")
    case .trailing:
      add(view, crossEnd, .equal, canvas, crossEnd, 0, "UISV-alignment")
      add(view, crossStart, .greaterThanOrEqual, canvas, crossStart, 0, "UISV-spanning-boundary")
    case .center:
      add(view, crossCenter, .equal, canvas, crossCenter, 0, "UISV-alignment")
      add(view, crossStart, .greaterThanOrEqual, canvas, crossStart, 0, "UISV-spanning-boundary")
    case .firstBaseline, .lastBaseline:
      let baseline: Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
      if view !== first { add(view, baseline, .equal, first, baseline, 0, "UISV-alignment") }
      add(view, crossStart, .greaterThanOrEqual, canvas, crossStart, 0, "UISV-spanning-boundary")
      add(view, crossEnd, .lessThanOrEqual, canvas, crossEnd, 0, "UISV-spanning-boundary")
    }
    if view === first {
      let fit = add(canvas, crossLength, .equal, nil, .notAnAttribute, 0, "UISV-canvas-fit")
      fit.priority = .fittingSizeLevel
    }
  }

  /// Makes `a.attribute relation b.attribute + constant`, named `identifier`.
  @discardableResult
  private mutating func add(
    _ a: AnyObject, _ aAttribute: Attribute, _ relation: LayoutConstraint.Relation, _ b: AnyObject?,
    _ bAttribute: Attribute, _ constant: Double, _ identifier: String
  ) -> LayoutConstraint {
    let c = LayoutConstraint(
      item: a, attribute: aAttribute, relatedBy: relation, toItem: b, attribute: bAttribute, multiplier: 1,
      constant: constant)
    c.identifier = identifier
    made.append(c)
    return c
  }
}
