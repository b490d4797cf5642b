import Foundation

// Auto Layout's visual format language (docs/layout.md#visual-format): a line such as
// `H:|-20-[title]-(>=8)-[button(44@750)]-|` read into a small tree of views and connections,
// then turned into ordinary constraints.

extension LayoutConstraint {
  /// NSLayoutConstraint.FormatOptions, with UIKit's raw values: one `alignAll…` attribute the
  /// views of a line share (across the line's axis), the direction of a horizontal line and
  /// whether vertical spaces run from baseline to baseline.
  public struct FormatOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Every view's left edge equal to the previous one's (a vertical line only).
    public static let alignAllLeft = Self(rawValue: 1 << 1)
    /// Every view's right edge equal to the previous one's (a vertical line only).
    public static let alignAllRight = Self(rawValue: 1 << 2)
    /// Every view's top equal to the previous one's (a horizontal line only).
    public static let alignAllTop = Self(rawValue: 1 << 3)
    /// Every view's bottom equal to the previous one's (a horizontal line only).
    public static let alignAllBottom = Self(rawValue: 1 << 4)
    /// Every view's leading edge equal to the previous one's (a vertical line only).
    public static let alignAllLeading = Self(rawValue: 1 << 5)
    /// Every view's trailing edge equal to the previous one's (a vertical line only).
    public static let alignAllTrailing = Self(rawValue: 1 << 6)
    /// Every view's horizontal centre equal to the previous one's (a vertical line only).
    public static let alignAllCenterX = Self(rawValue: 1 << 9)
    /// Every view's vertical centre equal to the previous one's (a horizontal line only).
    public static let alignAllCenterY = Self(rawValue: 1 << 10)
    /// Every view's last baseline equal to the previous one's (a horizontal line only).
    public static let alignAllLastBaseline = Self(rawValue: 1 << 11)
    /// Every view's first baseline equal to the previous one's (a horizontal line only).
    public static let alignAllFirstBaseline = Self(rawValue: 1 << 12)
    /// The bits of the `alignAll…` options.
    public static let alignmentMask = Self(rawValue: 0xFFFF)
    /// The default (raw value 0): a horizontal line runs leading to trailing, left to right here.
    public static let directionLeadingToTrailing = Self([])
    /// A horizontal line uses left and right instead of leading and trailing.
    public static let directionLeftToRight = Self(rawValue: 1 << 16)
    /// A horizontal line runs leftwards, from right to left.
    public static let directionRightToLeft = Self(rawValue: 2 << 16)
    /// The bits of the direction options.
    public static let directionMask = Self(rawValue: 3 << 16)
    /// The default (raw value 0): vertical spaces run from one view's bottom to the next's top.
    public static let spacingEdgeToEdge = Self([])
    /// Vertical spaces run from one view's last baseline to the next one's first.
    public static let spacingBaselineToBaseline = Self(rawValue: 1 << 19)
    /// The bit of the spacing options.
    public static let spacingMask = Self(rawValue: 1 << 19)
  }

  /// NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:): the constraints a
  /// visual format line describes, made inactive (activate them as UIKit's callers do). Names
  /// in `views` are views; names in `metrics` are numbers (points, or priorities after `@`). A
  /// line UIKit cannot parse, or one naming a missing view or metric, is reported with UIKit's
  /// message and yields no constraints.
  public static func constraints(
    withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]?,
    views: [String: Any]
  ) -> [LayoutConstraint] {
    do {
      var parser = VisualFormatParser(format, metrics: metrics ?? [:])
      let line = try parser.parse()
      return try VisualFormatBuilder(line: line, options: options, views: views).build()
    } catch let error as VisualFormatError {
      AnimationEngine.current.report(error.message(for: format))
      return []
    } catch {
      return []
    }
  }
}

/// One parsed line: its axis and the chain of superview edges, views and the spaces between.
struct VisualFormatLine {
  var vertical: Bool
  /// The space from the superview's leading (top) edge to the first view, when `|` opens the line.
  var leadingEdge: VisualFormatSpace?
  var views: [VisualFormatView]
  /// `spaces[i]` separates `views[i]` and `views[i + 1]`.
  var spaces: [VisualFormatSpace]
  /// The space from the last view to the superview's trailing (bottom) edge, when `|` closes it.
  var trailingEdge: VisualFormatSpace?
  /// Where each `|` stands in the line, for messages.
  var leadingEdgePosition = 0
  var trailingEdgePosition = 0
}

/// `[name(predicates)]`: a view and what its length along the line must be.
struct VisualFormatView {
  var name: String
  var predicates: [VisualFormatPredicate]
  /// Where the name starts in the line, for messages.
  var position: Int
}

/// What separates two items: nothing (flush), the standard space (`-`) or predicates.
enum VisualFormatSpace: Equatable {
  case flush
  case standard
  case predicates([VisualFormatPredicate])
}

/// `>=20@750`: a relation to a number of points or to another view's length, at a priority.
struct VisualFormatPredicate: Equatable {
  enum Object: Equatable {
    case points(Double)
    case view(String, position: Int)
  }
  var relation: LayoutConstraint.Relation
  var object: Object
  var priority: Float?
}

/// Why a line was refused: UIKit's reason and the character it points at.
struct VisualFormatError: Error, Equatable {
  var reason: String
  var position: Int

  /// UIKit's exception text on one line: the reason, the line and a caret's place.
  func message(for format: String) -> String {
    "Unable to parse constraint format: \(reason) \(format) (at character \(position + 1))"
  }
}

/// Reads a line by UIKit's grammar (Apple's Auto Layout Guide, "Visual Format Language"):
/// `(H:|V:)? (| space)? view (space view)* (space |)?`, a space being nothing, `-`, or
/// `-predicates-`. Spaces between symbols are skipped.
struct VisualFormatParser {
  private let characters: [Character]
  private let metrics: [String: Any]
  private var index = 0

  init(_ format: String, metrics: [String: Any]) {
    characters = Array(format)
    self.metrics = metrics
  }

  mutating func parse() throws -> VisualFormatLine {
    let vertical = try parseOrientation()
    var line = VisualFormatLine(vertical: vertical, leadingEdge: nil, views: [], spaces: [], trailingEdge: nil)
    if take("|") {
      line.leadingEdgePosition = index - 1
      line.leadingEdge = try parseSpace()
    }
    line.views.append(try parseView())
    while peek() != nil {
      let space = try parseSpace()
      if take("|") {
        line.trailingEdgePosition = index - 1
        line.trailingEdge = space
        break
      }
      line.spaces.append(space)
      line.views.append(try parseView())
    }
    skipBlanks()
    guard index == characters.count else { throw failure("Expected the end of the format string") }
    return line
  }

  // MARK: Symbols

  private mutating func parseOrientation() throws -> Bool {
    skipBlanks()
    guard index + 1 < characters.count, characters[index + 1] == ":" else { return false }
    switch characters[index] {
    case "H": index += 2; return false
    case "V": index += 2; return true
    default: throw failure("Expected 'H' or 'V' before ':'")
    }
  }

  private mutating func parseView() throws -> VisualFormatView {
    guard take("[") else { throw failure("Expected a view") }
    skipBlanks()
    let position = index
    guard let name = identifier() else { throw failure("Expected a view") }
    var predicates: [VisualFormatPredicate] = []
    if peek() == "(" { predicates = try parseParenthesizedPredicates(allowingViews: true) }
    guard take("]") else { throw failure("Expected ']'") }
    return VisualFormatView(name: name, predicates: predicates, position: position)
  }

  /// What follows a view or `|`: nothing, `-`, or `-number-`, `-metric-`, `-(predicates)-`.
  private mutating func parseSpace() throws -> VisualFormatSpace {
    guard take("-") else { return .flush }
    switch peek() {
    case "(":
      let predicates = try parseParenthesizedPredicates(allowingViews: false)
      guard take("-") else { throw failure("Expected '-'") }
      return .predicates(predicates)
    case let c? where c.isNumber || c == "." || isIdentifierStart(c):
      let points = try parseConstant()
      guard take("-") else { throw failure("Expected '-'") }
      return .predicates([VisualFormatPredicate(relation: .equal, object: .points(points), priority: nil)])
    default:
      return .standard
    }
  }

  private mutating func parseParenthesizedPredicates(allowingViews: Bool) throws -> [VisualFormatPredicate] {
    _ = take("(")
    var predicates = [try parsePredicate(allowingViews: allowingViews)]
    while take(",") { predicates.append(try parsePredicate(allowingViews: allowingViews)) }
    guard take(")") else { throw failure("Expected ')'") }
    return predicates
  }

  private mutating func parsePredicate(allowingViews: Bool) throws -> VisualFormatPredicate {
    let relation = parseRelation()
    skipBlanks()
    let position = index
    let object: VisualFormatPredicate.Object
    if let c = peek(), isIdentifierStart(c), let name = identifier() {
      if let value = metric(name) {
        object = .points(value)
      } else if allowingViews {
        object = .view(name, position: position)
      } else {
        index = position
        throw failure("\(name) is not a key in the metrics dictionary.")
      }
    } else {
      object = .points(try parseConstant())
    }
    var priority: Float?
    if take("@") { priority = Float(try parseConstant()) }
    return VisualFormatPredicate(relation: relation, object: object, priority: priority)
  }

  private mutating func parseRelation() -> LayoutConstraint.Relation {
    skipBlanks()
    for (text, relation) in [
      ("==", LayoutConstraint.Relation.equal), (">=", .greaterThanOrEqual), ("<=", .lessThanOrEqual),
    ]
    where characters[index...].starts(with: text) {
      index += 2
      return relation
    }
    return .equal
  }

  /// A number (as strtod reads one, a sign allowed) or a metric's name.
  private mutating func parseConstant() throws -> Double {
    skipBlanks()
    let start = index
    if let c = peek(), isIdentifierStart(c), let name = identifier() {
      guard let value = metric(name) else {
        index = start
        throw failure("\(name) is not a key in the metrics dictionary.")
      }
      return value
    }
    if peek() == "-" || peek() == "+" { index += 1 }
    while let c = peek(), c.isASCII, c.isNumber || c == "." || c == "e" || c == "E" { index += 1 }
    guard let value = Double(String(characters[start..<index])), value.isFinite else {
      index = start
      throw failure("Expected a number or a metric")
    }
    return value
  }

  private func metric(_ name: String) -> Double? {
    switch metrics[name] {
    case let v as Double: return v
    case let v as CGFloat: return Double(v)
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as NSNumber: return v.doubleValue
    default: return nil
    }
  }

  // MARK: Characters

  private mutating func identifier() -> String? {
    guard let c = peek(), isIdentifierStart(c) else { return nil }
    let start = index
    while let c = peek(), c == "_" || (c.isASCII && (c.isLetter || c.isNumber)) { index += 1 }
    return String(characters[start..<index])
  }

  private func isIdentifierStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }

  private mutating func peek() -> Character? {
    skipBlanks()
    return index < characters.count ? characters[index] : nil
  }

  private mutating func take(_ c: Character) -> Bool {
    guard peek() == c else { return false }
    index += 1
    return true
  }

  private mutating func skipBlanks() {
    while index < characters.count, characters[index] == " " { index += 1 }
  }

  private func failure(_ reason: String) -> VisualFormatError {
    VisualFormatError(reason: reason, position: min(index, characters.count))
  }
}
