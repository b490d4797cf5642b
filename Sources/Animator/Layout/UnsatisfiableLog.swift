import Foundation

/// What Auto Layout says when required constraints cannot all hold, in UIKit's words
/// (docs/layout.md#unsatisfiable-constraints-are-broken-and-logged), and how it names
/// constraints, views and guides. Addresses are stand-ins numbered in the order objects are
/// first named, so that the same program logs the same text.
@MainActor
enum UnsatisfiableLog {
  /// UIKit's message for a conflict among `involved` (descriptions, the broken one last).
  static func message(involved: [String], breaking: String) -> String {
    let note =
      involved.contains { $0.hasPrefix("<NSAutoresizingMaskLayoutConstraint") }
      ? "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) \n"
      : ""
    return "[LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
      + "\tProbably at least one of the constraints in the following list is one you don't want. \n"
      + "\tTry this: \n"
      + "\t\t(1) look at each constraint and try to figure out which you don't expect; \n"
      + "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. \n"
      + note
      + "(\n" + involved.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
      + "Will attempt to recover by breaking constraint \n\(breaking)\n\n"
      + "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n"
      + "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful."
  }

  /// `<Class:0xN body   (active)>`.
  static func wrap(_ className: String, _ body: String) -> String {
    "<\(className):\(address(of: nil)) \(body)   (active)>"
  }

  /// A constraint as UIKit describes it: `<NSLayoutConstraint:0x12 'id' UILabel:0x3.top ==
  /// UIView:0x4.top + 20   (active)>`.
  static func describe(_ c: LayoutConstraint) -> String {
    let relation = c.relation == .equal ? "==" : c.relation == .lessThanOrEqual ? "<=" : ">="
    var rhs = ""
    if let second = c.secondItem {
      let m = c.multiplier == 1 ? "" : "\(LayoutConstraint.number(c.multiplier))*"
      rhs = "\(m)\(name(second)).\(c.secondAttribute.logName)"
      if c.constant != 0 {
        rhs +=
          c.constant < 0 ? " - \(LayoutConstraint.number(-c.constant))" : " + \(LayoutConstraint.number(c.constant))"
      }
    } else {
      rhs = LayoutConstraint.number(c.constant)
    }
    let priority = c.priority == .required ? "" : " @\(LayoutConstraint.number(Double(c.priority.rawValue)))"
    let id = c.identifier.map { "'\($0)' " } ?? ""
    let first = c.firstItem.map(name) ?? "(null)"
    return
      "<NSLayoutConstraint:\(address(of: c)) \(id)\(first).\(c.firstAttribute.logName) \(relation) \(rhs)\(priority)   (active)>"
  }

  /// `UILabel:0x3`, `MyApp.Card:0x4'name'`, `UILayoutGuide:0x5'UIViewSafeAreaLayoutGuide'`.
  static func name(_ item: AnyObject) -> String {
    if let view = item as? View {
      let label = view.name.isEmpty ? "" : "'\(view.name)'"
      return "\(View.uikitName(of: view)):\(address(of: view))\(label)"
    }
    if let guide = item as? LayoutGuide {
      let label = guide.identifier.isEmpty ? "" : "'\(guide.identifier)'"
      return "UILayoutGuide:\(address(of: guide))\(label)"
    }
    return "\(type(of: item))"
  }

  /// The anchor of a constraint's first or second item as UIKit prints it.
  static func anchor(_ item: AnyObject?, _ attribute: LayoutConstraint.Attribute) -> String {
    guard let item else { return "(null)" }
    let type =
      attribute == .width || attribute == .height
      ? "NSLayoutDimension" : attribute.axis == .horizontal ? "NSLayoutXAxisAnchor" : "NSLayoutYAxisAnchor"
    return "<\(type):\(address(of: nil)) \"\(name(item)).\(attribute.logName)\">"
  }

  private static var addresses: [ObjectIdentifier: Int] = [:]
  private static var count = 0

  /// A stand-in address: the object's number in the order objects were first named (a fresh one
  /// for nil).
  static func address(of object: AnyObject?) -> String {
    if let object, let known = addresses[ObjectIdentifier(object)] { return "0x" + String(known, radix: 16) }
    count += 1
    if let object { addresses[ObjectIdentifier(object)] = count }
    return "0x" + String(count, radix: 16)
  }
}

extension LayoutConstraint {
  /// How logs name this constraint.
  var layoutDescription: String { UnsatisfiableLog.describe(self) }

  /// The first or second anchor as UIKit's exception messages print it.
  func anchorDescription(first: Bool) -> String {
    first ? UnsatisfiableLog.anchor(firstItem, firstAttribute) : UnsatisfiableLog.anchor(secondItem, secondAttribute)
  }
}

/// Where layout messages go: the process's standard error, as UIKit writes them to the
/// console, and a list a test or a recording can read.
@MainActor
public enum LayoutConsole {
  /// Every message written since the process started (or since `clear()`), oldest first.
  public private(set) static var messages: [String] = []

  /// Forgets the messages written so far.
  public static func clear() { messages = [] }

  static func write(_ message: String) {
    messages.append(message)
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
