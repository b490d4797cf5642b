import Foundation
import Testing

@testable import Animator

/// docs/layout.md#the-solver-is-cassowary: the incremental simplex solver on systems small
/// enough to solve by hand, and its determinism on a large one.
@MainActor
@Suite("Cassowary solver")
struct TableauTests {
  typealias C = Tableau.Constraint

  /// `a·x + b·y + k  relation  0` at `priority`.
  func c(
    _ terms: [(Symbol, Double)], _ k: Double, _ relation: C.Relation = .equal, _ priority: Double = 1000
  ) -> C {
    C(terms: terms, constant: k, relation: relation, priority: priority)
  }

  @Test(
    "the-solver-is-cassowary: required equations and inequalities hold exactly (x = 10, y = x + 5 gives y = 15; y ≤ 12 on top of x ≥ 10 and y ≥ x + 5 conflicts)"
  )
  func requiredConstraints() throws {
    var t = Tableau()
    let x = t.makeVariable(), y = t.makeVariable()
    _ = try t.add(c([(x, 1)], -10))
    _ = try t.add(c([(y, 1), (x, -1)], -5))
    #expect(t.value(of: x) == 10 && t.value(of: y) == 15)
    var u = Tableau()
    let a = u.makeVariable(), b = u.makeVariable()
    let first = try u.add(c([(a, 1)], -10, .greaterOrEqual))
    let second = try u.add(c([(b, 1), (a, -1)], -5, .greaterOrEqual))
    #expect(throws: Tableau.Conflict.self) { try u.add(c([(b, 1)], -12, .lessOrEqual)) }
    do {
      _ = try u.add(c([(b, 1)], -12, .lessOrEqual))
    } catch let conflict as Tableau.Conflict {
      #expect(conflict.handles == [first, second])
    }
    // What was there still holds: b ≥ 15 with a at its bound.
    #expect(u.value(of: a) >= 10 && u.value(of: b) >= u.value(of: a) + 5)
  }

  @Test(
    "the-solver-is-cassowary: a higher priority wins over any number of lower ones; within one priority the errors add up (the median of x = 10, 20, 20 is 20); a required bound beats both"
  )
  func priorities() throws {
    var t = Tableau()
    let x = t.makeVariable()
    _ = try t.add(c([(x, 1)], -10, .equal, 750))
    for _ in 0..<3 { _ = try t.add(c([(x, 1)], -20, .equal, 250)) }
    #expect(t.value(of: x) == 10)
    var u = Tableau()
    let y = u.makeVariable()
    _ = try u.add(c([(y, 1)], -10, .equal, 500))
    _ = try u.add(c([(y, 1)], -20, .equal, 500))
    _ = try u.add(c([(y, 1)], -20, .equal, 500))
    #expect(u.value(of: y) == 20)
    let bound = try u.add(c([(y, 1)], -100, .greaterOrEqual))
    #expect(u.value(of: y) == 100)
    u.remove(bound)
    #expect(u.value(of: y) == 20)
  }

  @Test(
    "the-solver-is-cassowary: the constant of an optional constraint moves by the dual simplex (x = 50 @750 under x ≤ 60: 50, then asked for 70, held at 60, then 55)"
  )
  func constantShift() throws {
    var t = Tableau()
    let x = t.makeVariable()
    _ = try t.add(c([(x, 1)], -60, .lessOrEqual))
    let soft = try t.add(c([(x, 1)], -50, .equal, 750))
    #expect(t.value(of: x) == 50)
    t.shiftConstant(of: soft, by: -20)  // x − 70 = 0
    #expect(t.value(of: x) == 60)
    t.shiftConstant(of: soft, by: 15)  // x − 55 = 0
    #expect(t.value(of: x) == 55)
  }

  /// A chain of 2,000 constraints from a fixed seed: spaced views with optional preferences.
  func bigSystem() throws -> [UInt64] {
    var t = Tableau()
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 40) / Double(1 << 24)
    }
    let xs = (0..<500).map { _ in t.makeVariable() }
    _ = try t.add(c([(xs[0], 1)], 0))
    for i in 1..<xs.count {
      _ = try t.add(c([(xs[i], 1), (xs[i - 1], -1)], -(4 + 8 * next()), .greaterOrEqual))
      _ = try t.add(c([(xs[i], 1), (xs[i - 1], -1)], -(10 + 20 * next()), .equal, 250 + Double(i % 3) * 250))
      _ = try t.add(c([(xs[i], 1)], -(20_000 * next()), .lessOrEqual, 100))
      if i % 2 == 0 { _ = try t.add(c([(xs[i], 1), (xs[i - 2], -2)], 0, .lessOrEqual, 50)) }
    }
    return xs.map { t.value(of: $0).bitPattern }
  }

  @Test("the-solver-is-cassowary: the same constraints added in the same order give the same values to the bit")
  func deterministic() throws {
    let first = try bigSystem()
    #expect(try bigSystem() == first)
    #expect(first.contains { $0 != 0 })
  }
}
