import Foundation

// The pieces of the simplex tableau (docs/layout.md#the-solver-is-cassowary): symbols and rows.

/// A variable of the tableau. External symbols are the layout's unknowns and may take any value;
/// the others are restricted to values ≥ 0: slacks turn inequalities into equations, errors
/// measure how far a non-required constraint is from holding, dummies mark required equations
/// (and never enter the basis).
struct Symbol: Hashable, Comparable, Sendable {
  enum Kind: UInt8, Sendable { case external, slack, error, dummy }
  /// Unique within its tableau, in creation order; every choice between symbols takes the
  /// lowest, so the solution never depends on hashing order.
  let id: Int
  let kind: Kind

  var isRestricted: Bool { kind != .external }
  /// Whether the symbol may enter the basis in a pivot (dummies never do).
  var isPivotable: Bool { kind == .slack || kind == .error }

  static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
  static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A linear expression `constant + Σ coefficient × symbol`. In the tableau, the row of a basic
/// symbol `b` reads `b = constant + Σ …` over parametric symbols.
struct Row: Sendable {
  /// Coefficients smaller than this are taken for zero and dropped.
  static let epsilon = 1e-8

  var constant: Double
  /// Looked up by symbol; never iterated for a decision without ordering by id first.
  private(set) var cells: [Symbol: Double] = [:]

  init(constant: Double = 0) { self.constant = constant }

  func coefficient(of symbol: Symbol) -> Double { cells[symbol] ?? 0 }

  /// The symbols of the row, lowest id first.
  var symbols: [Symbol] { cells.keys.sorted() }

  /// Adds `coefficient × symbol`, dropping the cell if it cancels out.
  mutating func add(_ symbol: Symbol, _ coefficient: Double) {
    let sum = (cells[symbol] ?? 0) + coefficient
    if abs(sum) < Self.epsilon { cells[symbol] = nil } else { cells[symbol] = sum }
  }

  /// Adds `factor × row`. Each cell is updated once, so the result does not depend on the
  /// order the cells are visited in.
  mutating func add(_ row: Row, times factor: Double) {
    constant += row.constant * factor
    for (symbol, coefficient) in row.cells { add(symbol, coefficient * factor) }
  }

  mutating func remove(_ symbol: Symbol) { cells[symbol] = nil }

  mutating func negate() {
    constant = -constant
    for symbol in Array(cells.keys) { cells[symbol] = -cells[symbol]! }
  }

  /// Reads the row as `0 = constant + Σ …` and rewrites it as the row of `symbol`
  /// (`symbol = …`), which must have a coefficient in it.
  mutating func solve(for symbol: Symbol) {
    let coefficient = cells.removeValue(forKey: symbol)!
    let factor = -1 / coefficient
    constant *= factor
    for key in Array(cells.keys) { cells[key]! *= factor }
  }

  /// Rewrites the row of basic `basic` (`basic = …`) as the row of `entering`, one of its
  /// symbols: the pivot's algebra.
  mutating func solve(for entering: Symbol, replacing basic: Symbol) {
    add(basic, -1)
    solve(for: entering)
  }

  /// Replaces `symbol` by the expression `row`.
  mutating func substitute(_ symbol: Symbol, with row: Row) {
    guard let coefficient = cells.removeValue(forKey: symbol) else { return }
    add(row, times: coefficient)
  }
}
