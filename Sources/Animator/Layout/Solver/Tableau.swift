import Foundation

/// An incremental linear constraint solver: the Cassowary algorithm (Badros, Borning and
/// Stuckey, "The Cassowary Linear Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4),
/// 2001), written here from the paper (docs/layout.md#the-solver-is-cassowary). Constraints
/// are added and removed one at a time, each keeping the tableau optimal; required constraints
/// hold exactly, the others are satisfied as well as they can be, a higher priority strictly
/// before any number of lower ones. Every choice between symbols takes the lowest id, so the
/// same constraints added in the same order give the same values to the bit.
struct Tableau {
  /// One constraint as the solver takes it: `expression relation 0`.
  struct Constraint {
    enum Relation { case equal, lessOrEqual, greaterOrEqual }
    var terms: [(Symbol, Double)]
    var constant: Double
    var relation: Relation
    /// 1000 is required; below, optional (higher wins).
    var priority: Double
    var isRequired: Bool { priority >= Self.required }
    static let required = 1000.0
  }

  /// What ties a constraint to the tableau: its marker (the slack, dummy or first error symbol
  /// whose column stands for it) and, for an optional one, its other error symbol.
  struct Tag {
    let marker: Symbol
    let other: Symbol?
    /// The marker's coefficient in the constraint's own row (±1), to shift its constant.
    let markerCoefficient: Double
    let priority: Double
    let isRequired: Bool
  }

  /// An optional priority level and the sum of its error symbols, kept in terms of the
  /// parametric symbols. Levels are ordered from the highest priority down.
  struct Objective {
    let priority: Double
    var row: Row
  }

  /// Why a required constraint could not be added: the handles of the required constraints it
  /// conflicts with (their markers in the failing row), lowest first.
  struct Conflict: Error {
    let handles: [Int]
  }

  /// The row of each basic symbol, by symbol id (nil for parametric symbols).
  private var store: [Row?] = [nil]
  /// For each symbol id, the basic symbols whose rows hold it: pivots touch only those rows.
  private var columns: [Set<Int>] = [[]]
  /// The kind of each symbol, by id.
  private var kinds: [Symbol.Kind] = [.external]
  /// Restricted rows that may have become negative, for the dual simplex.
  private var infeasible: [Int] = []
  private(set) var objectives: [Objective] = []
  /// While a constraint is added through an artificial symbol: the row to minimize first.
  private var artificial: Row?
  private(set) var tags: [Int: Tag] = [:]
  /// Marker and error symbols to the handle of their constraint.
  private var owners: [Symbol: Int] = [:]
  private var nextID = 0
  private var nextHandle = 0

  // MARK: Variables and values

  /// A new unknown.
  mutating func makeVariable() -> Symbol { makeSymbol(.external) }

  private mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
    nextID += 1
    store.append(nil)
    columns.append([])
    kinds.append(kind)
    return Symbol(id: nextID, kind: kind)
  }

  /// The value of `symbol` in the current solution (0 while it is parametric).
  func value(of symbol: Symbol) -> Double { store[symbol.id]?.constant ?? 0 }

  /// Whether `symbol`'s value is one of many that satisfy the constraints equally well: it is
  /// free (parametric and unknown), or its row moves with a free unknown or with a slack or error
  /// whose every cost is zero (docs/layout.md#ambiguous-layouts).
  func isAmbiguous(_ symbol: Symbol) -> Bool { freeDirection(of: symbol) != nil }

  /// A parametric symbol that `symbol` moves with at no cost (lowest id), nil if there is none.
  func freeDirection(of symbol: Symbol) -> Symbol? {
    guard let row = store[symbol.id] else { return symbol.kind == .external ? symbol : nil }
    return row.symbols.first { candidate in
      candidate.kind == .external
        || (candidate.isPivotable && objectives.allSatisfy { abs($0.row.coefficient(of: candidate)) < Row.epsilon })
    }
  }

  // MARK: Rows and columns

  private func row(of basic: Symbol) -> Row? { store[basic.id] }

  /// Makes `row` the row of `basic`, noting its symbols' columns.
  private mutating func setRow(_ row: Row, for basic: Symbol) {
    store[basic.id] = row
    for symbol in row.cells.keys { columns[symbol.id].insert(basic.id) }
  }

  /// Takes the row of `basic` out of the tableau.
  @discardableResult
  private mutating func takeRow(of basic: Symbol) -> Row? {
    guard let row = store[basic.id] else { return nil }
    store[basic.id] = nil
    for symbol in row.cells.keys { columns[symbol.id].remove(basic.id) }
    return row
  }

  /// The basic symbols whose rows hold `symbol`, lowest id first.
  private func rowsHolding(_ symbol: Symbol) -> [Symbol] {
    columns[symbol.id].sorted().map { Symbol(id: $0, kind: kinds[$0]) }
  }

  // MARK: Adding and removing constraints

  /// Adds `constraint`; returns its handle, or throws `Conflict` when it is required and cannot
  /// hold with the required constraints already there (the tableau is then as it was).
  mutating func add(_ constraint: Constraint) throws -> Int {
    nextHandle += 1
    let handle = nextHandle
    var (row, tag) = makeRow(constraint, handle: handle)
    if let subject = chooseSubject(row, tag) {
      row.solve(for: subject)
      substitute(subject, with: row)
      setRow(row, for: subject)
    } else if row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
      // Only required equations' markers: it holds exactly when the constant is zero.
      guard abs(row.constant) < Row.epsilon else { throw failure(row, tag, handle) }
      if !row.cells.isEmpty {
        row.solve(for: tag.marker)
        substitute(tag.marker, with: row)
        setRow(row, for: tag.marker)
      }
    } else {
      try addWithArtificialSymbol(row, tag, handle)
    }
    optimize()
    return handle
  }

  /// Removes the constraint `handle` (unknown handles are ignored).
  mutating func remove(_ handle: Int) {
    guard let tag = tags.removeValue(forKey: handle) else { return }
    removeFromObjective(tag)
    for symbol in [tag.marker] + (tag.other.map { [$0] } ?? []) { owners[symbol] = nil }
    if takeRow(of: tag.marker) == nil, let leaving = leavingRow(forMarker: tag.marker) {
      var row = takeRow(of: leaving)!
      row.solve(for: tag.marker, replacing: leaving)
      substitute(tag.marker, with: row)
    }
    optimize()
  }

  /// Changes the constant of an optional constraint by `delta` without re-solving from its
  /// start: every appearance of its marker is shifted (the paper's re-solve for edited
  /// constants), then the dual simplex restores feasibility. Required constraints are removed
  /// and added instead, by the caller, so that a constant that makes them conflict is caught.
  mutating func shiftConstant(of handle: Int, by delta: Double) {
    guard let tag = tags[handle], !tag.isRequired, delta != 0 else { return }
    let shift = delta / tag.markerCoefficient
    if store[tag.marker.id] != nil {
      store[tag.marker.id]!.constant -= shift
      noteIfInfeasible(tag.marker)
    }
    for basic in rowsHolding(tag.marker) {
      store[basic.id]!.constant += store[basic.id]!.coefficient(of: tag.marker) * shift
      noteIfInfeasible(basic)
    }
    for i in objectives.indices {
      let c = objectives[i].row.coefficient(of: tag.marker)
      if c != 0 { objectives[i].row.constant += c * shift }
    }
    dualOptimize()
  }

  // MARK: Rows of new constraints

  /// The constraint as a row `0 = …` over parametric symbols (basic ones substituted), with its
  /// slack, error or dummy symbols, and its tag.
  private mutating func makeRow(_ constraint: Constraint, handle: Int) -> (Row, Tag) {
    var row = Row(constant: constraint.constant)
    for (symbol, coefficient) in constraint.terms {
      if let basic = self.row(of: symbol) { row.add(basic, times: coefficient) } else { row.add(symbol, coefficient) }
    }
    let tag: Tag
    switch constraint.relation {
    case .lessOrEqual, .greaterOrEqual:
      // expression ≤ 0 becomes expression + slack = 0; ≥ 0, expression − slack = 0.
      let sign = constraint.relation == .lessOrEqual ? 1.0 : -1.0
      let slack = makeSymbol(.slack)
      row.add(slack, sign)
      var error: Symbol?
      if !constraint.isRequired {
        let e = makeSymbol(.error)
        row.add(e, -sign)
        addToObjective(e, priority: constraint.priority)
        error = e
      }
      tag = Tag(
        marker: slack, other: error, markerCoefficient: sign, priority: constraint.priority,
        isRequired: constraint.isRequired)
    case .equal where constraint.isRequired:
      let dummy = makeSymbol(.dummy)
      row.add(dummy, 1)
      tag = Tag(marker: dummy, other: nil, markerCoefficient: 1, priority: constraint.priority, isRequired: true)
    case .equal:
      // expression = plus − minus, both errors ≥ 0 and minimized.
      let plus = makeSymbol(.error), minus = makeSymbol(.error)
      row.add(plus, -1)
      row.add(minus, 1)
      addToObjective(plus, priority: constraint.priority)
      addToObjective(minus, priority: constraint.priority)
      tag = Tag(marker: plus, other: minus, markerCoefficient: -1, priority: constraint.priority, isRequired: false)
    }
    if row.constant < 0 { row.negate() }
    tags[handle] = tag
    owners[tag.marker] = handle
    if let other = tag.other { owners[other] = handle }
    return (row, tag)
  }

  /// The symbol the new row is solved for: an unknown if it has one (lowest id), else its own
  /// slack or error symbol when that can enter with the row feasible; nil when neither.
  private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
    if let external = row.symbols.first(where: { $0.kind == .external }) { return external }
    for symbol in [tag.marker] + (tag.other.map { [$0] } ?? []) where symbol.isPivotable {
      if row.coefficient(of: symbol) < 0 { return symbol }
    }
    return nil
  }

  /// Adds a row that has no subject: an artificial symbol is made basic for it and minimized;
  /// the constraint can hold exactly when the minimum is zero. Otherwise the row is dropped
  /// again (the tableau holds what it held) and the conflict named.
  private mutating func addWithArtificialSymbol(_ row: Row, _ tag: Tag, _ handle: Int) throws {
    let art = makeSymbol(.slack)
    setRow(row, for: art)
    artificial = row
    optimize(artificialOnly: true)
    let reached = artificial!.constant
    artificial = nil
    if abs(reached) >= Row.epsilon {
      let failing = takeRow(of: art)!
      throw failure(failing, tag, handle)
    }
    if var artRow = takeRow(of: art), !artRow.cells.isEmpty {
      if let entering = artRow.symbols.first(where: { $0.isPivotable }) {
        artRow.solve(for: entering, replacing: art)
        substitute(entering, with: artRow)
        setRow(artRow, for: entering)
      }
    }
    for basic in rowsHolding(art) {
      store[basic.id]!.remove(art)
      columns[art.id].remove(basic.id)
    }
    for i in objectives.indices { objectives[i].row.remove(art) }
  }

  /// Forgets the constraint `handle` that could not be added and names the required
  /// constraints whose markers its row depends on.
  private mutating func failure(_ row: Row, _ tag: Tag, _ handle: Int) -> Conflict {
    removeFromObjective(tag)
    tags[handle] = nil
    owners[tag.marker] = nil
    if let other = tag.other { owners[other] = nil }
    var handles = Set<Int>()
    for symbol in row.cells.keys {
      if let owner = owners[symbol], tags[owner]?.isRequired == true { handles.insert(owner) }
    }
    return Conflict(handles: handles.sorted())
  }

  // MARK: The objective

  private mutating func addToObjective(_ error: Symbol, priority: Double) {
    let i: Int
    if let found = objectives.firstIndex(where: { $0.priority == priority }) {
      i = found
    } else {
      i = objectives.firstIndex(where: { $0.priority < priority }) ?? objectives.count
      objectives.insert(Objective(priority: priority, row: Row()), at: i)
    }
    if let basic = row(of: error) { objectives[i].row.add(basic, times: 1) } else { objectives[i].row.add(error, 1) }
  }

  /// Takes a constraint's error symbols out of its level of the objective.
  private mutating func removeFromObjective(_ tag: Tag) {
    guard !tag.isRequired, let i = objectives.firstIndex(where: { $0.priority == tag.priority }) else { return }
    for symbol in [tag.marker] + (tag.other.map { [$0] } ?? []) where symbol.kind == .error {
      if let basic = row(of: symbol) {
        objectives[i].row.add(basic, times: -1)
      } else {
        objectives[i].row.add(symbol, -1)
      }
    }
  }

  // MARK: Pivoting

  /// Replaces `symbol` by `row` in every row and objective.
  private mutating func substitute(_ symbol: Symbol, with row: Row) {
    for basic in rowsHolding(symbol) {
      var target = takeRow(of: basic)!
      target.substitute(symbol, with: row)
      setRow(target, for: basic)
      noteIfInfeasible(basic)
    }
    for i in objectives.indices { objectives[i].row.substitute(symbol, with: row) }
    artificial?.substitute(symbol, with: row)
  }

  /// Remembers a restricted row whose constant went below zero, for the dual simplex.
  private mutating func noteIfInfeasible(_ basic: Symbol) {
    if basic.isRestricted, let r = store[basic.id], r.constant < -Row.epsilon { infeasible.append(basic.id) }
  }

  /// Makes `entering` basic in place of `leaving`.
  private mutating func pivot(entering: Symbol, leaving: Symbol) {
    var row = takeRow(of: leaving)!
    row.solve(for: entering, replacing: leaving)
    substitute(entering, with: row)
    setRow(row, for: entering)
  }

  /// The primal simplex: pivots while some symbol would lower the objective (the artificial
  /// row alone, or the priority levels lexicographically), choosing by Bland's rule (lowest
  /// id), which cannot cycle.
  private mutating func optimize(artificialOnly: Bool = false) {
    while let entering = enteringSymbol(artificialOnly: artificialOnly) {
      guard let leaving = leavingRow(for: entering) else { return }  // unbounded: cannot happen (errors ≥ 0)
      pivot(entering: entering, leaving: leaving)
    }
  }

  /// The objective's coefficients of `symbol`, highest priority first.
  private func costs(of symbol: Symbol, artificialOnly: Bool) -> [Double] {
    if artificialOnly { return [artificial!.coefficient(of: symbol)] }
    return objectives.map { $0.row.coefficient(of: symbol) }
  }

  /// The sign of a lexicographic cost vector: that of its first entry that is not zero.
  private static func sign(of costs: [Double]) -> Double {
    for c in costs where abs(c) >= Row.epsilon { return c < 0 ? -1 : 1 }
    return 0
  }

  /// The lowest-id symbol whose cost is negative (lexicographically: at the highest level
  /// where it is not zero), nil at the optimum.
  private func enteringSymbol(artificialOnly: Bool) -> Symbol? {
    let levels = artificialOnly ? [artificial!] : objectives.map(\.row)
    var best: Symbol?
    for (level, row) in levels.enumerated() {
      for (symbol, c) in row.cells where c <= -Row.epsilon && symbol.kind != .dummy {
        if let b = best, b < symbol { continue }
        if (0..<level).allSatisfy({ abs(levels[$0].coefficient(of: symbol)) < Row.epsilon }) { best = symbol }
      }
    }
    return best
  }

  /// The ratio test: among restricted rows where `entering` has a negative coefficient, the one
  /// that reaches zero first as it grows (ties: lowest id).
  private func leavingRow(for entering: Symbol) -> Symbol? {
    var best: (ratio: Double, symbol: Symbol)?
    for basic in rowsHolding(entering) where basic.isRestricted {
      let row = store[basic.id]!
      let c = row.coefficient(of: entering)
      guard c < 0 else { continue }
      let ratio = -row.constant / c
      if best == nil || ratio < best!.ratio || (ratio == best!.ratio && basic < best!.symbol) {
        best = (ratio, basic)
      }
    }
    return best?.symbol
  }

  /// The row to pivot a removed constraint's marker out through (the paper's rule): the
  /// restricted row it would drive to zero first with a negative coefficient, else with a
  /// positive one, else any row holding it.
  private func leavingRow(forMarker marker: Symbol) -> Symbol? {
    var negative: (Double, Symbol)?
    var positive: (Double, Symbol)?
    var unrestricted: Symbol?
    for basic in rowsHolding(marker) {
      let row = store[basic.id]!
      let c = row.coefficient(of: marker)
      guard c != 0 else { continue }
      if !basic.isRestricted {
        if unrestricted == nil || basic < unrestricted! { unrestricted = basic }
      } else if c < 0 {
        let r = -row.constant / c
        if negative == nil || (r, basic.id) < (negative!.0, negative!.1.id) { negative = (r, basic) }
      } else {
        let r = row.constant / c
        if positive == nil || (r, basic.id) < (positive!.0, positive!.1.id) { positive = (r, basic) }
      }
    }
    return negative?.1 ?? positive?.1 ?? unrestricted
  }

  /// The dual simplex: while a restricted row is negative (lowest id first), pivots in the
  /// symbol that keeps the objective optimal (the smallest cost over coefficient ratio,
  /// lexicographically; ties lowest id).
  private mutating func dualOptimize() {
    while let leaving = nextInfeasible() {
      let row = store[leaving.id]!
      var best: (ratio: [Double], symbol: Symbol)?
      for symbol in row.symbols where symbol.kind != .dummy {
        let c = row.coefficient(of: symbol)
        guard c > 0 else { continue }
        let ratio = costs(of: symbol, artificialOnly: false).map { $0 / c }
        if best == nil || Self.lexicographicallyLess(ratio, best!.ratio) { best = (ratio, symbol) }
      }
      guard let entering = best?.symbol else { return }  // infeasible: cannot happen for optional constants
      pivot(entering: entering, leaving: leaving)
    }
  }

  /// The lowest-id restricted row that is still negative, forgetting those that are not.
  private mutating func nextInfeasible() -> Symbol? {
    infeasible = infeasible.filter { store[$0].map { $0.constant < -Row.epsilon } ?? false }
    guard let id = infeasible.min() else { return nil }
    return Symbol(id: id, kind: kinds[id])
  }

  private static func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
    for (x, y) in zip(a, b) where abs(x - y) >= Row.epsilon { return x < y }
    return false
  }
}
