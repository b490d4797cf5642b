// UIKit's gesture recognizers, and the target-action form Swift on Linux cannot compile.

/// UIGestureRecognizer (`UIGestureRecognizer.State` is its `State`).
public typealias UIGestureRecognizer = GestureRecognizer
/// UIPanGestureRecognizer.
public typealias UIPanGestureRecognizer = PanGestureRecognizer
/// UIScreenEdgePanGestureRecognizer.
public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
/// UIPinchGestureRecognizer.
public typealias UIPinchGestureRecognizer = PinchGestureRecognizer

/// Selector: Objective-C's, which Swift on Linux does not have.
@available(
  *, unavailable,
  message:
    "Swift on Linux has no Objective-C selectors: pass the method itself, e.g. UIPanGestureRecognizer(target: self, action: MyViewController.handlePan)"
)
public struct Selector {
  public init(_ name: String) {}
}

extension GestureRecognizer {
  @available(
    *, unavailable,
    message:
      "Swift on Linux has no Objective-C selectors: pass the method itself, e.g. UIPanGestureRecognizer(target: self, action: MyViewController.handlePan)"
  )
  public convenience init(target: Any?, action: Selector?) { self.init() }

  @available(
    *, unavailable,
    message:
      "Swift on Linux has no Objective-C selectors: pass the method itself, e.g. recognizer.addTarget(self, action: MyViewController.handlePan)"
  )
  public func addTarget(_ target: Any, action: Selector) {}

  @available(
    *, unavailable,
    message:
      "gesture recognizer delegates are not modelled: a scripted gesture begins when its first touch is in the recognizer's view (and, for an edge pan, within 20 pt of an edge in `edges`)"
  )
  public var delegate: UIGestureRecognizerDelegate? {
    get { nil }
    set {}
  }
}

/// UIGestureRecognizerDelegate: not modelled.
@available(
  *, unavailable,
  message:
    "gesture recognizer delegates are not modelled: a scripted gesture begins when its first touch is in the recognizer's view (and, for an edge pan, within 20 pt of an edge in `edges`)"
)
public protocol UIGestureRecognizerDelegate: AnyObject {}

/// UITapGestureRecognizer: not modelled.
@available(
  *, unavailable,
  message: "taps are not scripted: call what the tap's handler calls inside Recorder.record { }"
)
public final class UITapGestureRecognizer {
  public init(target: Any?, action: Selector?) {}
}
