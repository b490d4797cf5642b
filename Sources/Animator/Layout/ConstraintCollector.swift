import Foundation

/// Gathers what the engine must hold for one update: the active constraints of the hierarchy
/// in the order they were activated, in terms of the items' unknowns, then what each item
/// taking part implies (docs/layout.md#what-views-imply). Items take part when a constraint
/// names them; a view's superview and a guide's owning view take part with them.
@MainActor
struct ConstraintCollector {
  let engine: LayoutEngine
  let root: View
  /// The views Auto Layout places (their `translatesAutoresizingMaskIntoConstraints` is false).
  private(set) var placedViews: [View] = []
  /// The guides the app added, whose frames Auto Layout solves.
  private(set) var freeGuides: [LayoutGuide] = []
  private var views: [View] = []
  private var guides: [LayoutGuide] = []
  private var joined = Set<ObjectIdentifier>()

  init(engine: LayoutEngine, root: View) {
    self.engine = engine
    self.root = root
  }

  mutating func collect() -> [(ConstraintKey, Spec)] {
    var wanted: [(ConstraintKey, Spec)] = []
    let made = root.activeConstraintsBelow().sorted { $0.activationOrder < $1.activationOrder }
    for constraint in made {
      if let spec = spec(of: constraint) { wanted.append((.made(ObjectIdentifier(constraint)), spec)) }
    }
    var i = 0
    while i < views.count {
      wanted += implied(by: views[i])
      i += 1
    }
    for guide in guides { wanted += implied(by: guide) }
    return wanted
  }

  // MARK: Taking part

  private mutating func join(_ item: AnyObject) {
    guard joined.insert(ObjectIdentifier(item)).inserted else { return }
    engine.claim(item)
    if let guide = item as? LayoutGuide {
      guides.append(guide)
      if let owner = guide.owningView { join(owner) }
    } else if let view = item as? View {
      views.append(view)
      if view !== root, let parent = view.superview { join(parent) }
    }
  }

  // MARK: Made constraints

  /// `first − multiplier × second − constant` related to 0, in the items' nearest common
  /// ancestor's coordinates; nil when the items no longer share one.
  private mutating func spec(of c: LayoutConstraint) -> Spec? {
    guard let first = c.firstItem, let container = c.commonAncestor else { return nil }
    var terms = Terms()
    terms.add(attribute(c.firstAttribute, of: first, in: container), times: 1)
    if let second = c.secondItem {
      terms.add(attribute(c.secondAttribute, of: second, in: container), times: -c.multiplier)
    }
    terms.constant -= c.constant
    return Spec(
      terms: terms.sorted, constant: terms.constant, relation: c.relation, priority: Double(c.priority.rawValue),
      describe: { UnsatisfiableLog.describe(c) })
  }

  /// An attribute of a view or guide as an expression of unknowns, in `container`'s bounds
  /// coordinates (from its bounds origin).
  private mutating func attribute(_ attribute: LayoutConstraint.Attribute, of item: AnyObject, in container: View)
    -> Terms
  {
    join(item)
    let frame = engine.frame(of: item)
    var e = Terms()
    let horizontal = attribute.axis == .horizontal
    let size = horizontal ? frame.width : frame.height
    if attribute == .width || attribute == .height {
      e.add(size, 1)
      return e
    }
    e.add(origin(of: item, in: container, horizontal: horizontal), times: 1)
    var margins: EdgeInsets { (item as? View)?.effectiveLayoutMargins ?? .zero }
    switch attribute {
    case .left, .leading, .top: break
    case .right, .trailing, .bottom: e.add(size, 1)
    case .centerX, .centerY: e.add(size, 0.5)
    case .leftMargin, .leadingMargin: e.constant += margins.left
    case .topMargin: e.constant += margins.top
    case .rightMargin, .trailingMargin:
      e.add(size, 1)
      e.constant -= margins.right
    case .bottomMargin:
      e.add(size, 1)
      e.constant -= margins.bottom
    case .centerXWithinMargins:
      e.add(size, 0.5)
      e.constant += (margins.left - margins.right) / 2
    case .centerYWithinMargins:
      e.add(size, 0.5)
      e.constant += (margins.top - margins.bottom) / 2
    case .firstBaseline:
      if let label = item as? Label { e.constant += label.baselineOffsets.fromTop } else { e.add(size, 1) }
    case .lastBaseline:
      e.add(size, 1)
      if let label = item as? Label { e.constant -= label.baselineOffsets.fromBottom }
    case .width, .height, .notAnAttribute: break
    }
    return e
  }

  /// The top-left corner of `item`'s frame (one axis) in `container`'s coordinates: the sum of
  /// its own offset and its ancestors' below the container.
  private mutating func origin(of item: AnyObject, in container: View, horizontal: Bool) -> Terms {
    var e = Terms()
    var view = item as? View
    if let guide = item as? LayoutGuide {
      let f = engine.frame(of: guide)
      e.add(horizontal ? f.x : f.y, 1)
      view = guide.owningView
      if view === container { return e }
    }
    while let v = view, v !== container {
      join(v)
      let f = engine.frame(of: v)
      e.add(horizontal ? f.x : f.y, 1)
      view = v.superview
    }
    return e
  }

  // MARK: What items imply

  private mutating func implied(by view: View) -> [(ConstraintKey, Spec)] {
    let id = ObjectIdentifier(view)
    let frame = engine.frame(of: view)
    if view === root {
      let fitting = engine.rootFitting
      let size = fitting?.target ?? view.bounds.size
      return [
        (
          .implied(id, .width),
          ImpliedSpecs.fixed(frame.width, size.width, view, "width", priority: fitting?.horizontal ?? 1000)
        ),
        (
          .implied(id, .height),
          ImpliedSpecs.fixed(frame.height, size.height, view, "height", priority: fitting?.vertical ?? 1000)
        ),
      ]
    }
    if view.translatesAutoresizingMaskIntoConstraints, let parent = view.superview {
      return ImpliedSpecs.autoresizing(view, frame, parent, engine.frame(of: parent)).map { (.implied(id, $0.0), $0.1) }
    }
    placedViews.append(view)
    return ImpliedSpecs.contentSize(view, frame).map { (.implied(id, $0.0), $0.1) }
  }

  private mutating func implied(by guide: LayoutGuide) -> [(ConstraintKey, Spec)] {
    guard let owner = guide.owningView else { return [] }
    let insets: EdgeInsets
    switch guide.kind {
    case .free:
      freeGuides.append(guide)
      return []
    case .safeArea: insets = owner.safeAreaInsets
    case .margins: insets = owner.effectiveLayoutMargins
    }
    return ImpliedSpecs.inset(guide, engine.frame(of: guide), in: engine.frame(of: owner), by: insets)
      .map { (.implied(ObjectIdentifier(guide), $0.0), $0.1) }
  }
}

/// A linear expression being built: coefficients of a few unknowns, and a constant.
struct Terms {
  private var symbols: [Symbol] = []
  private var coefficients: [Double] = []
  var constant = 0.0

  mutating func add(_ symbol: Symbol, _ coefficient: Double) {
    if let i = symbols.firstIndex(of: symbol) {
      coefficients[i] += coefficient
    } else {
      symbols.append(symbol)
      coefficients.append(coefficient)
    }
  }

  mutating func add(_ other: Terms, times factor: Double) {
    for (symbol, c) in zip(other.symbols, other.coefficients) { add(symbol, c * factor) }
    constant += other.constant * factor
  }

  /// The terms lowest unknown first, without those that cancelled out.
  var sorted: [Spec.Term] {
    zip(symbols, coefficients).filter { $0.1 != 0 }.sorted { $0.0 < $1.0 }.map {
      Spec.Term(symbol: $0.0, coefficient: $0.1)
    }
  }
}

extension View {
  /// The active constraints installed on this view and the views below it.
  func activeConstraintsBelow() -> [LayoutConstraint] {
    layoutState.constraints + subviews.flatMap { $0.activeConstraintsBelow() }
  }
}
