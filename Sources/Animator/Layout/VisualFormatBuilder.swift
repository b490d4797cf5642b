import Foundation

/// Turns a parsed visual format line into constraints (docs/layout.md#visual-format): each
/// view's length predicates, each space as `later edge relation earlier edge + points`, the
/// superview's edges where `|` stands, and the alignment the options ask for.
@MainActor
struct VisualFormatBuilder {
  let line: VisualFormatLine
  let options: LayoutConstraint.FormatOptions
  let views: [String: Any]

  /// The standard space between sibling views and between a view and its superview's edge.
  static let standardSiblingSpace = systemSpacing
  static let standardEdgeSpace = 20.0

  func build() throws -> [LayoutConstraint] {
    let items = try line.views.map { try resolve($0.name, at: $0.position) }
    try checkAlignment()
    var made: [LayoutConstraint] = []
    for (view, item) in zip(line.views, items) { made += try lengthConstraints(view, item) }
    if let space = line.leadingEdge {
      made += spaceConstraints(
        space, before: try superview(of: items[0], at: line.leadingEdgePosition), after: items[0], edge: true)
    }
    for (i, space) in line.spaces.enumerated() {
      made += spaceConstraints(space, before: items[i], after: items[i + 1], edge: false)
    }
    if let space = line.trailingEdge, let last = items.last {
      made += spaceConstraints(
        space, before: last, after: try superview(of: last, at: line.trailingEdgePosition), edge: true)
    }
    made += alignmentConstraints(items)
    return made
  }

  // MARK: Items

  private func resolve(_ name: String, at position: Int) throws -> View {
    guard let view = views[name].map({ $0 as AnyObject }) as? View else {
      throw VisualFormatError(reason: "\(name) is not a key in the views dictionary.", position: position)
    }
    return view
  }

  private func superview(of view: View, at position: Int) throws -> View {
    guard let parent = view.superview else {
      throw VisualFormatError(
        reason: "Unable to interpret '|' character, because the related view doesn't have a superview",
        position: position)
    }
    return parent
  }

  // MARK: Constraints

  /// `[name(>=50, ==other@750)]`: the view's width (height on a vertical line).
  private func lengthConstraints(_ view: VisualFormatView, _ item: View) throws -> [LayoutConstraint] {
    let length: LayoutConstraint.Attribute = line.vertical ? .height : .width
    return try view.predicates.map { predicate in
      let constraint: LayoutConstraint
      switch predicate.object {
      case .points(let points):
        constraint = LayoutConstraint(
          item: item, attribute: length, relatedBy: predicate.relation, toItem: nil, attribute: .notAnAttribute,
          multiplier: 1, constant: points)
      case .view(let name, let position):
        constraint = LayoutConstraint(
          item: item, attribute: length, relatedBy: predicate.relation, toItem: try resolve(name, at: position),
          attribute: length, multiplier: 1, constant: 0)
      }
      return prioritized(constraint, predicate.priority)
    }
  }

  /// The space between `before` and `after` (in the line's order; `edge` when one is the
  /// superview): one constraint per predicate, `0` when flush, the standard space for `-`.
  private func spaceConstraints(_ space: VisualFormatSpace, before: View, after: View, edge: Bool) -> [LayoutConstraint]
  {
    let standard = edge ? Self.standardEdgeSpace : Self.standardSiblingSpace
    let predicates: [VisualFormatPredicate]
    switch space {
    case .flush: predicates = [VisualFormatPredicate(relation: .equal, object: .points(0), priority: nil)]
    case .standard: predicates = [VisualFormatPredicate(relation: .equal, object: .points(standard), priority: nil)]
    case .predicates(let list): predicates = list
    }
    let (start, end) = edges(before: before, after: after)
    return predicates.compactMap { predicate in
      guard case .points(let points) = predicate.object else { return nil }
      let constraint = LayoutConstraint(
        item: end.item, attribute: end.attribute, relatedBy: predicate.relation, toItem: start.item,
        attribute: start.attribute, multiplier: 1, constant: points)
      return prioritized(constraint, predicate.priority)
    }
  }

  /// Which edges a space runs between: from `start` to `end`, `end` being the edge further
  /// along the line (a right-to-left line runs leftwards). A superview contributes the edge on
  /// the inside; baseline spacing joins one view's last baseline to the next one's first.
  private func edges(before: View, after: View) -> (
    start: (item: View, attribute: LayoutConstraint.Attribute), end: (item: View, attribute: LayoutConstraint.Attribute)
  ) {
    let beforeIsSuperview = after.superview === before
    let afterIsSuperview = before.superview === after
    if line.vertical {
      let baselines = options.contains(.spacingBaselineToBaseline) && !beforeIsSuperview && !afterIsSuperview
      let top: LayoutConstraint.Attribute = baselines ? .firstBaseline : .top
      let bottom: LayoutConstraint.Attribute = baselines ? .lastBaseline : .bottom
      return ((before, beforeIsSuperview ? .top : bottom), (after, afterIsSuperview ? .bottom : top))
    }
    switch options.intersection(.directionMask) {
    case .directionLeftToRight:
      return ((before, beforeIsSuperview ? .left : .right), (after, afterIsSuperview ? .right : .left))
    case .directionRightToLeft:
      // The line runs leftwards: `end` is `before`'s left edge, `start` `after`'s right edge.
      return ((after, afterIsSuperview ? .left : .right), (before, beforeIsSuperview ? .right : .left))
    default:
      return ((before, beforeIsSuperview ? .leading : .trailing), (after, afterIsSuperview ? .trailing : .leading))
    }
  }

  private func prioritized(_ constraint: LayoutConstraint, _ priority: Float?) -> LayoutConstraint {
    if let priority { constraint.priority = LayoutPriority(priority) }
    return constraint
  }

  // MARK: Alignment

  /// The attributes the `alignAll…` options name (several may be set, as `[.alignAllTop,
  /// .alignAllBottom]`).
  private var alignments: [LayoutConstraint.Attribute] {
    let table: [(LayoutConstraint.FormatOptions, LayoutConstraint.Attribute)] = [
      (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
      (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
      (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
    ]
    return table.filter { options.contains($0.0) }.map(\.1)
  }

  /// An alignment along the line's own axis cannot hold with the line's spaces: UIKit refuses it.
  private func checkAlignment() throws {
    guard alignments.contains(where: { ($0.axis == .vertical) == line.vertical }) else { return }
    let edge = line.vertical ? "vertical" : "horizontal"
    throw VisualFormatError(
      reason:
        "Options mask required views to be aligned on a \(edge) edge, which is not allowed for layout that is also \(edge).",
      position: 0)
  }

  /// Each view after the first shares each aligned attribute with the view before it.
  private func alignmentConstraints(_ items: [View]) -> [LayoutConstraint] {
    alignments.flatMap { attribute in
      zip(items.dropFirst(), items).map { view, previous in
        LayoutConstraint(
          item: view, attribute: attribute, relatedBy: .equal, toItem: previous, attribute: attribute, multiplier: 1,
          constant: 0)
      }
    }
  }
}
