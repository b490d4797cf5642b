// Key-value observing, which needs the Objective-C runtime: `observe(_:options:changeHandler:)`
// on a view, a view controller or any NSObject fails to compile with what to do instead
// (docs/uikit-names.md#lines-a-file-may-still-change).

/// NSKeyValueObservingOptions: not available on Linux.
@available(
  *, unavailable,
  message:
    "key-value observing needs the Objective-C runtime: call the observer's code where the value changes (a UITabBarController subclass overrides selectedViewController with a didSet; a navigation stack: its delegate's didShow)"
)
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let new = NSKeyValueObservingOptions(rawValue: 1)
  public static let old = NSKeyValueObservingOptions(rawValue: 2)
  public static let initial = NSKeyValueObservingOptions(rawValue: 4)
  public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// NSKeyValueObservedChange: not available on Linux.
@available(
  *, unavailable,
  message: "key-value observing needs the Objective-C runtime: call the observer's code where the value changes"
)
public struct NSKeyValueObservedChange<Value> {}

/// NSKeyValueObservation: not available on Linux.
@available(
  *, unavailable,
  message: "key-value observing needs the Objective-C runtime: call the observer's code where the value changes"
)
public final class NSKeyValueObservation {}

/// What can be observed on iOS: views, view controllers, layers and NSObjects.
public protocol KeyValueObservingUnavailable: AnyObject {}

extension KeyValueObservingUnavailable {
  @available(
    *, unavailable,
    message:
      "key-value observing needs the Objective-C runtime: call the observer's code where the value changes (a UITabBarController subclass overrides selectedViewController with a didSet; a navigation stack: its delegate's didShow)"
  )
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation { fatalError() }

  @available(
    *, unavailable,
    message:
      "key-value observing needs the Objective-C runtime: call the observer's code where the value changes (a UITabBarController subclass overrides selectedViewController with a didSet; a navigation stack: its delegate's didShow)"
  )
  public func addObserver(
    _ observer: AnyObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer?
  ) {}
}

extension View: KeyValueObservingUnavailable {}
extension ViewController: KeyValueObservingUnavailable {}
extension Layer: KeyValueObservingUnavailable {}
extension NSObject: KeyValueObservingUnavailable {}
