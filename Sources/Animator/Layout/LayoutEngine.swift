import Foundation

/// Auto Layout for one view hierarchy (docs/layout.md#auto-layout): the constraints active in
/// it and those its views imply (frames and autoresizing masks, content sizes, the guides of a
/// view), kept in one incremental `Tableau`. An update adds, removes and changes only what
/// changed since the last one; a hierarchy whose constraints did not change costs nothing. The
/// solved frames of views that Auto Layout places are applied by their superview's
/// `layoutSubviews`, rounded to the screen's pixels.
@MainActor
final class LayoutEngine {
  /// The top of the hierarchy: its size is fixed from outside.
  private(set) weak var root: View?
  private var tableau = Tableau()
  /// The unknowns of a view or guide: its frame's origin from its superview's (owning view's)
  /// bounds origin, and its size.
  struct Frame {
    let x: Symbol, y: Symbol, width: Symbol, height: Symbol
  }
  private var frames: [ObjectIdentifier: Frame] = [:]
  /// The item each entry of `frames` was made for (an identifier can be reused once its object
  /// is gone).
  private var owners: [ObjectIdentifier: WeakItem] = [:]
  /// What is in the tableau, by what it stands for.
  private var installed: [ConstraintKey: Installed] = [:]
  /// Required constraints left out because they conflicted, in the order they were broken.
  private(set) var broken: [ConstraintKey] = []
  /// Frames solved for the views Auto Layout places, in their superview's bounds coordinates.
  private var solved: [ObjectIdentifier: Rect] = [:]
  /// Those views, in the order they took part.
  private var placed: [WeakItem] = []
  /// Whether a constraint, a frame or a content size changed since the last update.
  private(set) var needsUpdate = true
  /// Messages logged as UIKit logs them (broken constraints), oldest first.
  private(set) var log: [String] = []

  /// Set for an engine that sizes its root (`systemLayoutSizeFitting`): the size the root is
  /// asked to have along each axis and at what priority, instead of its own.
  var rootFitting: (target: Size, horizontal: Double, vertical: Double)?

  init(root: View) { self.root = root }

  func setNeedsUpdate() { needsUpdate = true }

  /// The frame Auto Layout gives `view` (in its superview's bounds coordinates), if it places it.
  func solvedFrame(of view: View) -> Rect? { solved[ObjectIdentifier(view)] }

  // MARK: Updating

  /// Brings the tableau up to date with the hierarchy when something changed, solves it, and
  /// marks the superview of each view whose solved frame differs from its frame as needing
  /// layout.
  func updateIfNeeded() {
    guard needsUpdate, let root else { return }
    needsUpdate = false
    var collector = ConstraintCollector(engine: self, root: root)
    let wanted = collector.collect()
    apply(wanted)
    publish(views: collector.placedViews, guides: collector.freeGuides)
  }

  /// Makes the tableau hold exactly `wanted`: removals first, then changes, then additions, each
  /// in the order the constraints were made active, so that the result never depends on
  /// hashing.
  private func apply(_ wanted: [(ConstraintKey, Spec)]) {
    let keys = Set(wanted.map(\.0))
    var freed = false
    let gone = installed.filter { !keys.contains($0.key) }.sorted { $0.value.order < $1.value.order }
    for (key, entry) in gone {
      if let handle = entry.handle { tableau.remove(handle) }
      installed[key] = nil
      freed = true
    }
    broken.removeAll { !keys.contains($0) }
    var order = (installed.values.map(\.order).max() ?? 0)
    for (key, spec) in wanted {
      if let entry = installed[key] {
        guard entry.spec != spec else { continue }
        if let handle = entry.handle, entry.spec.sameExceptConstant(spec),
          tableau.shiftConstant(of: handle, by: spec.constant - entry.spec.constant)
        {
          installed[key] = Installed(handle: handle, spec: spec, order: entry.order)
          continue
        }
        if let handle = entry.handle { tableau.remove(handle) }
        freed = true
        installed[key] = Installed(handle: add(spec, key), spec: spec, order: entry.order)
      } else {
        order += 1
        installed[key] = Installed(handle: add(spec, key), spec: spec, order: order)
      }
    }
    if freed { retryBroken() }
  }

  /// Adds `spec`; when it is required and conflicts, logs UIKit's message and leaves it out.
  private func add(_ spec: Spec, _ key: ConstraintKey) -> Int? {
    do {
      let handle = try tableau.add(spec.tableauConstraint)
      broken.removeAll { $0 == key }
      return handle
    } catch let conflict as Tableau.Conflict {
      if !broken.contains(key) {
        broken.append(key)
        report(conflict: conflict, breaking: spec)
      }
      return nil
    } catch {
      return nil
    }
  }

  /// After constraints went away, tries the broken ones again, quietly.
  private func retryBroken() {
    for key in broken {
      guard let entry = installed[key], entry.handle == nil,
        let handle = try? tableau.add(entry.spec.tableauConstraint)
      else { continue }
      installed[key] = Installed(handle: handle, spec: entry.spec, order: entry.order)
      broken.removeAll { $0 == key }
    }
  }

  /// The root's size once every active constraint below it is solved with `rootFitting`, the
  /// frames not applied to any view.
  func fittingSize() -> Size? {
    guard let root else { return nil }
    var collector = ConstraintCollector(engine: self, root: root)
    apply(collector.collect())
    guard let frame = frames[ObjectIdentifier(root)] else { return nil }
    return Size(width: tableau.value(of: frame.width), height: tableau.value(of: frame.height))
  }

  /// Reads the solution: the frames of the views Auto Layout places (rounded to pixels; a view
  /// whose frame differs gets its superview laid out) and of the guides the app added.
  private func publish(views: [View], guides: [LayoutGuide]) {
    var next: [ObjectIdentifier: Rect] = [:]
    for view in views {
      guard let frame = frames[ObjectIdentifier(view)], let parent = view.superview else { continue }
      let local = PixelGrid.round(value(frame))
      let rect = local.offsetBy(dx: parent.bounds.minX, dy: parent.bounds.minY)
      next[ObjectIdentifier(view)] = rect
      if rect != view.untransformedFrame { parent.setNeedsLayout() }
    }
    solved = next
    placed = views.map { WeakItem(object: $0) }
    for guide in guides {
      if let frame = frames[ObjectIdentifier(guide)] { guide.solvedFrame = value(frame) }
    }
  }

  private func value(_ frame: Frame) -> Rect {
    Rect(
      x: tableau.value(of: frame.x), y: tableau.value(of: frame.y), width: tableau.value(of: frame.width),
      height: tableau.value(of: frame.height))
  }

  // MARK: Unknowns

  /// Makes sure the unknowns kept for `item`'s identifier are its own, forgetting those of a
  /// former object with the same identifier (once per update, as the item takes part).
  func claim(_ item: AnyObject) {
    let id = ObjectIdentifier(item)
    guard owners[id]?.object !== item else { return }
    owners[id] = WeakItem(object: item)
    frames[id] = nil
  }

  /// The unknowns of `item` (a view or a guide), made the first time it takes part.
  func frame(of item: AnyObject) -> Frame {
    let id = ObjectIdentifier(item)
    if let known = frames[id] { return known }
    let frame = Frame(
      x: tableau.makeVariable(), y: tableau.makeVariable(), width: tableau.makeVariable(),
      height: tableau.makeVariable())
    frames[id] = frame
    owners[id] = WeakItem(object: item)
    return frame
  }

  /// The value Auto Layout found for one unknown.
  func value(of symbol: Symbol) -> Double { tableau.value(of: symbol) }

  // MARK: Ambiguity

  /// Whether Auto Layout leaves some of `view`'s frame undecided (UIView.hasAmbiguousLayout).
  func hasAmbiguousLayout(_ view: View) -> Bool {
    guard let f = frames[ObjectIdentifier(view)], !view.translatesAutoresizingMaskIntoConstraints else {
      return false
    }
    return [f.x, f.y, f.width, f.height].contains { tableau.isAmbiguous($0) }
  }

  /// Moves `view`'s undecided value to another valid one (20 points further along its first
  /// free direction, asked for below every priority) and gives the views that moved their new
  /// frames, until the next layout that changes them (UIView.exerciseAmbiguityInLayout, which
  /// picks at random; here the choice is fixed).
  func exerciseAmbiguity(of view: View) {
    guard let f = frames[ObjectIdentifier(view)] else { return }
    guard let free = [f.x, f.y, f.width, f.height].lazy.compactMap({ self.tableau.freeDirection(of: $0) }).first
    else { return }
    let nudge = Tableau.Constraint(
      terms: [(free, 1)], constant: -(tableau.value(of: free) + 20), relation: .equal, priority: 0.5)
    guard let handle = try? tableau.add(nudge) else { return }
    for other in placed.compactMap({ $0.object as? View }) {
      guard let frame = frames[ObjectIdentifier(other)], let parent = other.superview else { continue }
      let rect = PixelGrid.round(value(frame)).offsetBy(dx: parent.bounds.minX, dy: parent.bounds.minY)
      if rect != other.untransformedFrame { other.untransformedFrame = rect }
    }
    tableau.remove(handle)
  }

  // MARK: Logging

  /// Logs UIKit's message for a required constraint that could not be satisfied with the
  /// others (docs/layout.md#unsatisfiable-constraints-are-broken-and-logged).
  private func report(conflict: Tableau.Conflict, breaking spec: Spec) {
    var involved = conflict.handles.compactMap { handle in installed.first { $0.value.handle == handle } }
      .sorted { $0.value.order < $1.value.order }.map { $0.value.spec.describe() }
    let breaking = spec.describe()
    involved.append(breaking)
    let message = UnsatisfiableLog.message(involved: involved, breaking: breaking)
    log.append(message)
    LayoutConsole.write(message)
  }
}

/// A weak reference to a view or guide, so that the engine never keeps one alive.
struct WeakItem {
  weak var object: AnyObject?
}

/// What an entry of the tableau stands for.
enum ConstraintKey: Hashable {
  /// A constraint the app (or a stack view) made.
  case made(ObjectIdentifier)
  /// One of the constraints a view or guide implies.
  case implied(ObjectIdentifier, ImpliedConstraint)
}

/// The constraints a view or a guide implies by itself.
enum ImpliedConstraint: Hashable {
  case x, y, width, height
  case hugging(LayoutConstraint.Axis), compression(LayoutConstraint.Axis)
}

/// A constraint in the engine's terms: `Σ coefficient × unknown + constant  relation  0`.
struct Spec: Equatable {
  struct Term: Equatable {
    let symbol: Symbol
    let coefficient: Double
  }
  var terms: [Term]
  var constant: Double
  var relation: LayoutConstraint.Relation
  var priority: Double
  /// How logs show it (made only when a log needs it).
  var describe: @MainActor () -> String

  var isRequired: Bool { priority >= Tableau.Constraint.required }

  /// Whether `other` differs from this only by its constant.
  func sameExceptConstant(_ other: Spec) -> Bool {
    terms == other.terms && relation == other.relation && priority == other.priority
  }

  var tableauConstraint: Tableau.Constraint {
    let relation: Tableau.Constraint.Relation =
      switch self.relation {
      case .equal: .equal
      case .lessThanOrEqual: .lessOrEqual
      case .greaterThanOrEqual: .greaterOrEqual
      }
    return Tableau.Constraint(
      terms: terms.map { ($0.symbol, $0.coefficient) }, constant: constant, relation: relation, priority: priority)
  }

  static func == (a: Spec, b: Spec) -> Bool {
    a.terms == b.terms && a.constant == b.constant && a.relation == b.relation && a.priority == b.priority
  }
}

/// One entry of the tableau: its handle (nil while broken), what it holds, and its place in
/// the order entries were added.
struct Installed {
  let handle: Int?
  let spec: Spec
  let order: Int
}
